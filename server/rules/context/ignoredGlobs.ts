import type { IgnoreRules } from '../../workspace/ignore';
import type { GlobReach } from './globReach';

/** Characters that make a glob segment more than a name with `*` and `?` in it. */
const UNSAMPLED = /[[\]{}()!+@\\]/;

/**
 * A path the glob names, from its literal start: `**\/.worktrees/**` → the folder
 * `.worktrees`, `target/**\/*.md` → the folder `target`, `dist/*.js` → the file `dist/x.js`.
 * Enough to ask the ignore files whether what the glob aims at is left out of the index;
 * undefined when the glob has no literal start (`**\/*.ts`, `{a,b}/x`).
 */
export function globSamplePath(glob: string): { rel: string; isDir: boolean } | undefined {
  const parts = glob.replace(/^(\.\/|\/)+/, '').split('/');
  const out: string[] = [];
  let whole = true;
  for (const part of parts) {
    if (part === '**' && out.length === 0) continue;
    if (part === '**' || part === '' || part === '.' || part === '..' || UNSAMPLED.test(part)) {
      whole = false;
      break;
    }
    out.push(part.replace(/[*?]/g, 'x'));
  }
  return out.length ? { rel: out.join('/'), isDir: !whole } : undefined;
}

/**
 * Marks in `reach` each followed glob that aims into a part of the folder its ignore files
 * leave out (`.gitignore`: a build output, git work trees kept in the project): the index
 * holds no file there, so "matches nothing" cannot be judged. Each glob is judged once
 * until `reach.forgetIgnored()`; a dead glob is reported only once judged. Returns how many
 * globs were judged.
 */
export async function judgeIgnoredGlobs(reach: GlobReach, ignore: IgnoreRules): Promise<number> {
  let judged = 0;
  for (const key of reach.unjudgedIgnoreKeys()) {
    const sample = globSamplePath(reach.globOf(key) ?? '');
    const part = sample && sample.rel.split('/').length <= MAX_SAMPLE_DEPTH ? await ignoredPartOf(sample, ignore) : undefined;
    if (reach.judgedIgnore(key, part)) judged++;
  }
  return judged;
}

/** Folders deep a sample is asked about: each level asks the ignore files above it again. */
const MAX_SAMPLE_DEPTH = 32;

/**
 * The ignored folder a sample lies in (`dist/`), or `''` when the file it names is left out
 * by its name (`*.log`, `src/*.gen.ts`); undefined when kept. A folder is also asked about its
 * content: `gen/*` and `gen/**` ignore what is in `gen` and not the folder itself.
 */
async function ignoredPartOf(sample: { rel: string; isDir: boolean }, ignore: IgnoreRules): Promise<string | undefined> {
  const probe = sample.isDir ? `${sample.rel}/x` : sample.rel;
  const part = (sample.isDir ? await ignore.ignoredPart(sample.rel, true) : undefined) ?? (await ignore.ignoredPart(probe, false));
  if (part === undefined) return undefined;
  // The placeholder name is never shown: the folder it lies in, or the glob itself.
  if (part === probe) return sample.isDir ? `${sample.rel}/` : '';
  return part;
}
