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
    const part = sample ? await ignore.ignoredPart(sample.rel, sample.isDir) : undefined;
    if (reach.judgedIgnore(key, part)) judged++;
  }
  return judged;
}
