import { yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { FileSystem } from './fs';
import type { IgnoreRules } from './ignore';
import { joinRelative } from './paths';

export interface WalkOptions {
  fs: FileSystem;
  /** Absolute root; results are relative to it. */
  root: string;
  /** Ignore decisions; folders it ignores are never entered. */
  ignore: IgnoreRules;
  /** Folder (relative to root, `/`-separated) to start in; default the root. */
  start?: string;
  /** Include names starting with `.` (default true; `.git` is skipped regardless). */
  includeHidden?: boolean;
  /** Report symlinks (never followed) as entries of kind `symlink` (default false: skipped). */
  includeSymlinks?: boolean;
  /** Stop after this many files; the result says `truncated`. */
  maxFiles?: number;
  /** Do not descend deeper than this many folders below `start` (0 = only `start`). */
  maxDepth?: number;
  cancel?: Cancellation;
  /** Receives files in batches as folders are read, so callers can answer before the walk ends. */
  onBatch?: (batch: WalkEntry[]) => void;
  /** Folders read in parallel. */
  concurrency?: number;
  /** Folders (relative to the root) not entered: workspace folders nested in this one, listed on their own. */
  skip?: readonly string[];
  /** Told of each folder not entered because the ignore rules leave it out (not those of `skip`, nor those below `maxDepth`). */
  onIgnoredFolder?: (rel: string) => void;
  /** Told of each file the ignore rules leave out, in a folder that is entered. */
  onIgnoredFile?: (rel: string) => void;
  /** Told of each symlink left out because `includeSymlinks` is off (those the ignore rules leave out go to `onIgnoredFile`). */
  onLink?: (rel: string) => void;
  /** Told of each entry that is no file, folder nor link (a named pipe, socket or device): never listed, never opened. */
  onSpecial?: (rel: string) => void;
  /** Awaited before the next folder is read when given (a test holds a walk half-way with it). */
  between?: (filesSoFar: number) => Promise<void> | undefined;
}

export interface WalkEntry {
  /** Relative to the root, `/`-separated. */
  rel: string;
  kind: 'file' | 'symlink';
}

export interface WalkResult {
  /** Every file found, unless `onBatch` was given (then empty): each folder's files in name order, folders in no set order. */
  files: WalkEntry[];
  fileCount: number;
  directoryCount: number;
  truncated: boolean;
  cancelled: boolean;
  /** Folders that could not be read (permissions, vanished mid-walk). */
  errors: { rel: string; message: string }[];
}

/**
 * Lists the files under a root, honouring the ignore rules, never following a symlink
 * (so a symlink loop or a link out of the workspace is never entered), reading several
 * folders at a time and yielding to the event loop between folders so that a cancel or a
 * keystroke is served during a long walk.
 */
export async function walkFiles(options: WalkOptions): Promise<WalkResult> {
  const { fs, root, ignore } = options;
  const includeHidden = options.includeHidden ?? true;
  const maxFiles = options.maxFiles ?? Number.POSITIVE_INFINITY;
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const result: WalkResult = { files: [], fileCount: 0, directoryCount: 0, truncated: false, cancelled: false, errors: [] };
  const start = options.start ?? '';
  const queue: { rel: string; depth: number }[] = [{ rel: start, depth: 0 }];
  let active = 0;
  let stop = false;
  const skip = new Set(options.skip ?? []);

  const visit = async (dir: { rel: string; depth: number }) => {
    // Below the start folder the walker only enters real folders (never a symlink), so the
    // confinement check of each one would only repeat its parent's.
    const entries = await fs.readDir(joinRelative(root, dir.rel), { parentChecked: dir.rel !== start });
    if (!entries) {
      result.errors.push({ rel: dir.rel, message: `cannot read folder ${dir.rel === '' ? '.' : dir.rel}` });
      return;
    }
    // In name order, as git lists: the search settles equal scores by the order files were
    // listed, and a folder's own order differs between machines (ext4 lists by a hash
    // seeded per file system), so without this two runs could rank report.js and report.ts
    // differently.
    entries.sort(byName);
    // Listed first, so only the ignore files the folder has are opened.
    const names = entries.map((e) => e.name);
    await (dir.rel === start ? ignore.load(dir.rel, names) : ignore.loadFolder(dir.rel, names));
    result.directoryCount++;
    const batch: WalkEntry[] = [];
    for (const entry of entries) {
      if (!includeHidden && entry.name.startsWith('.')) continue;
      const rel = dir.rel === '' ? entry.name : `${dir.rel}/${entry.name}`;
      if (entry.kind === 'directory') {
        if (skip.size > 0 && skip.has(rel)) continue;
        if (dir.depth >= maxDepth) continue;
        if (!ignore.isIgnored(rel, true, true)) queue.push({ rel, depth: dir.depth + 1 });
        else options.onIgnoredFolder?.(rel);
      } else if (entry.kind === 'symlink' && !options.includeSymlinks) {
        if (!ignore.isIgnored(rel, false, true)) options.onLink?.(rel);
        // Told as an ignored file is: a link that is an agent's rule folder is kept whatever the ignore files say.
        else options.onIgnoredFile?.(rel);
      } else if (entry.kind === 'file' || entry.kind === 'symlink') {
        if (ignore.isIgnored(rel, false, true)) {
          options.onIgnoredFile?.(rel);
          continue;
        }
        if (result.fileCount >= maxFiles) {
          result.truncated = true;
          stop = true;
          break;
        }
        result.fileCount++;
        batch.push({ rel, kind: entry.kind });
      } else options.onSpecial?.(rel);
    }
    if (batch.length) {
      if (options.onBatch) options.onBatch(batch);
      else for (const e of batch) result.files.push(e);
    }
  };

  const concurrency = Math.max(1, options.concurrency ?? 8);
  await new Promise<void>((resolve) => {
    const pump = () => {
      if (options.cancel?.isCancellationRequested) {
        result.cancelled = true;
        stop = true;
      }
      while (!stop && active < concurrency && queue.length > 0) {
        const dir = queue.pop()!;
        active++;
        visit(dir)
          .catch((err) => result.errors.push({ rel: dir.rel, message: String(err) }))
          .then(async () => {
            // Yield now and then so requests queued behind the walk are served.
            if (result.directoryCount % 64 === 0) await yieldToEventLoop();
            const held = options.between?.(result.fileCount);
            if (held) await held;
            active--;
            pump();
          });
      }
      if (active === 0 && (stop || queue.length === 0)) resolve();
    };
    pump();
  });
  return result;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
