import type { FileSystem } from '../../workspace/fs';
import type { IgnoreRules } from '../../workspace/ignore';
import { splitGlob } from '../../workspace/glob';
import { joinRelative } from '../../workspace/paths';
import { walkFiles } from '../../workspace/walk';
import type { GlobReach, OffIndexList } from './globReach';

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
 * holds no file there, so "matches nothing" cannot be judged. A glob that matches no
 * indexed file is also looked for on disk among the files the index leaves out: `.env*`
 * over an ignored `.env` attaches its rule whenever that file is in the agent's context
 * (the agents' documents say nothing of `.gitignore`), so it is not dead. Each glob is
 * judged once until `reach.forgetIgnored()`; a dead glob is reported only once judged.
 * Returns how many globs were judged.
 */
export async function judgeIgnoredGlobs(reach: GlobReach, ignore: IgnoreRules, fs: FileSystem, onWalk?: (base: string) => void, budgetFiles = DISK_LOOK_FILES): Promise<number> {
  let judged = 0;
  // One budget for every walk until the ignore rules or the index change (`forgetIgnored`), kept
  // on the reach: 20 dead globs under 20 folders, or 20 typed one keystroke after another, or
  // judged by a background judgement and an open document's at once, list no more than the one
  // capped walk of the tree did before walks were per folder.
  reach.diskLookLeft ??= { files: budgetFiles };
  const budget: LookBudget = { left: reach.diskLookLeft, onWalk };
  // Shallowest folder first, so a folder inside one walked is taken from its listing: a tree
  // under the cap is then listed once, whatever order the globs come in, and no deeper walk
  // spends the budget a walk above it needs.
  const keys = reach.unjudgedIgnoreKeys().sort((a, b) => reach.baseOf(a).length - reach.baseOf(b).length);
  for (const key of keys) {
    const glob = reach.globOf(key) ?? '';
    const sample = globSamplePath(glob);
    const part = (sample && sample.rel.split('/').length <= MAX_SAMPLE_DEPTH ? await ignoredPartOf(sample, ignore) : undefined) ?? (await ignoredByName(glob, ignore));
    const matcher = reach.deadMatcher(key);
    const listed = matcher ? await offIndexFiles(reach, reach.baseOf(key), ignore, fs, budget) : undefined;
    const onDisk = listed && matcher ? listed.files.find((rel) => matcher(rel)) : undefined;
    // No file found in a folder the budget did not let it look through: not known to be dead, and said so.
    const unlooked = listed && !listed.whole && onDisk === undefined ? reach.baseOf(key) : undefined;
    if (reach.judgedIgnore(key, part, onDisk, unlooked)) judged++;
  }
  return judged;
}

/** Entries listed on disk in search of the files the index leaves out, by all the walks until the ignore rules or the index change. */
export const DISK_LOOK_FILES = 50_000;

/** What is left of the budget (the reach's, shared by every judgement), and who hears of each walk (the server's debug log: a walk is the costly part). */
interface LookBudget {
  left: { files: number };
  onWalk?: (base: string) => void;
}

/**
 * The files on disk under `base` that the index leaves out (ignored ones: `.env`, a build's
 * output), listed as the index lists but with the ignore files not applied (`.git`,
 * `node_modules` and `search.exclude` still are). Only the glob's literal folder is listed
 * (every match lies there, as the index's own search assumes: `globShape`), so `nope/**`
 * costs a look at one folder, not a walk of a large tree. Listed once per folder, the first
 * time a dead glob there is judged, and kept until the ignore rules change
 * (`forgetIgnored`); a folder inside one listed whole is taken from that listing. A glob
 * typed in a buffer is then tested in memory: typing `big/` after `**\/*.nope` lists nothing.
 * Every walk spends from `budget`, the reach's until the ignore rules or the index change, so many folders cost no more than one walk.
 */
function offIndexFiles(reach: GlobReach, base: string, ignore: IgnoreRules, fs: FileSystem, budget: LookBudget): Promise<OffIndexList> {
  const lists = (reach.offIndex ??= new Map());
  let listed: Promise<OffIndexList> | undefined = lists.get(base);
  if (!listed) {
    listed = fromListedAbove(lists, base).then((above) => above ?? walkedOffIndex(reach, base, ignore, fs, budget));
    lists.set(base, listed);
  }
  return listed;
}

/**
 * `base`'s files from the nearest folder above it listed whole (a walk of it entered `base`
 * as a walk of `base` would: the same rules, judged from the root); undefined when none was.
 * Goes through the folders listed (a few), never the segments of `base` (user text).
 */
async function fromListedAbove(lists: ReadonlyMap<string, Promise<OffIndexList>>, base: string): Promise<OffIndexList | undefined> {
  const above = [...lists.keys()].filter((k) => k !== base && (k === '' || base.startsWith(`${k}/`))).sort((a, b) => b.length - a.length);
  for (const folder of above) {
    const list = await lists.get(folder)!;
    if (!list.whole) continue;
    const prefix = `${base}/`;
    return { files: list.files.filter((rel) => rel.startsWith(prefix)), whole: true };
  }
  return undefined;
}

/**
 * A walk of `base` for the files the index leaves out; none when a walk from the root would
 * not enter it (a link, an excluded folder). It lists what is left of the budget, the folders
 * on the way to `base` counted too; with none left it lists nothing and is not whole: the
 * files not reached are not seen, and a glob that matched none of the others is not called dead.
 */
async function walkedOffIndex(reach: GlobReach, base: string, ignore: IgnoreRules, fs: FileSystem, budget: LookBudget): Promise<OffIndexList> {
  const plain = ignore.withoutIgnoreFiles();
  const way = await walkedTo(base, plain, fs, budget.left);
  if (way === 'outside') return { files: [], whole: true };
  if (way === 'out of budget' || budget.left.files <= 0) return { files: [], whole: false };
  budget.onWalk?.(base);
  const walked = await walkFiles({ fs, root: ignore.root, start: base === '' ? undefined : base, ignore: plain, maxFiles: budget.left.files });
  budget.left.files -= walked.fileCount;
  return { files: walked.files.map((f) => f.rel).filter((rel) => !reach.paths.has(rel)), whole: !walked.truncated };
}

/**
 * Whether a walk from the root enters `base`: each folder on the way is a folder (the walk
 * follows no link) that the rules keep, judged as the walk judges it. Each folder listed on
 * the way spends its entries from `left`; none left, the way is not looked at further.
 */
async function walkedTo(base: string, plain: IgnoreRules, fs: FileSystem, left: { files: number }): Promise<'inside' | 'outside' | 'out of budget'> {
  let rel = '';
  for (const name of base === '' ? [] : base.split('/')) {
    if (left.files <= 0) return 'out of budget';
    const next = rel === '' ? name : `${rel}/${name}`;
    const entries = await fs.readDir(joinRelative(plain.root, rel));
    left.files -= entries?.length ?? 0;
    if (entries?.find((e) => e.name === name)?.kind !== 'directory' || plain.isIgnored(next, true, true)) return 'outside';
    rel = next;
  }
  return 'inside';
}

/**
 * `''` when the files a glob names are left out by their name below its literal folder
 * (`src/**\/*.generated.ts` under a `*.generated.ts` ignore rule), which the sample of its
 * start (`src`) does not tell; undefined otherwise.
 */
async function ignoredByName(glob: string, ignore: IgnoreRules): Promise<string | undefined> {
  const parts = glob.replace(/^(\.\/|\/)+/, '').split('/');
  const last = parts[parts.length - 1];
  if (last === '' || last === '**' || UNSAMPLED.test(last) || parts.length > MAX_SAMPLE_DEPTH) return undefined;
  const base = splitGlob(parts.join('/')).base.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  const rel = [...(base.length === parts.length ? base.slice(0, -1) : base), last.replace(/[*?]/g, 'x')].join('/');
  return (await ignore.ignoredPart(rel, false)) === rel ? '' : undefined;
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
