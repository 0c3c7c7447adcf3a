import { yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { IgnoreRules } from './ignore';
import { ruleFolderHolderOf } from './keptRuleFolders';
import { CLAUDE_LOCAL_MEMORY } from './ruleLocations';
import type { WalkEntry } from './walk';

/** What a listing is for: where its batches go and when it stops (`listFiles.ts`'s options). */
export interface ListingSink {
  ignore: IgnoreRules;
  maxFiles: number;
  cancel?: Cancellation;
  onBatch: (batch: WalkEntry[]) => void;
  between?: (filesSoFar: number) => Promise<void> | undefined;
  /**
   * Told, as the walk tells them (`walk.ts`), of each folder the rules drop whose parent is
   * kept, and of the files they drop that may be agent files: the listing keeps the rule
   * folders and files among them (`IgnoredRuleFolders`) whatever the `.ignore` files say.
   */
  onIgnoredFolder?: (rel: string) => void;
  onIgnoredFile?: (rel: string) => void;
}

/** The counts a listing keeps as it goes (`listFiles.ts`'s result). */
export interface ListingCounts {
  fileCount: number;
  truncated: boolean;
}

/** Paths handed on at a time: the first batches small, so the first answers come early; then up to `BATCH`. */
const FIRST_BATCH = 256;
const BATCH = 4096;
const IGNORE_FILE = '.ignore';

const ADDED = 0;
const BATCH_FULL = 1;
const STOP = 2;
type AddResult = typeof ADDED | typeof BATCH_FULL | typeof STOP;

/**
 * What git's listing of a work tree still needs before it is ours: the decisions git does
 * not make (`.ignore` files, the always-skipped folders, `search.exclude`), taken once per
 * folder and only where a rule can reach files one by one, and the files handed on in
 * batches. The tracked files are taken as git writes them (`streamTracked`), so the first
 * batches reach the index long before git has listed the last file; the untracked ones
 * as a whole (`addWhole`). One set of rules serves both lists: an `.ignore` file that git
 * tracks governs the untracked files beside it too.
 */
export class GitListing {
  private readonly rules: IgnoreRules;
  /**
   * The verdicts of the folders above the path added last, the root first: git's lists come
   * depth first (the tracked one sorted by bytes, the untracked one as git reads each folder),
   * so a folder is judged when the listing enters it and wanted again only while the
   * listing is below it. A map of every folder judged cost more than half the listing's
   * own time on the 92k-file tree (24k folders, each key a new string hashed three times).
   */
  private readonly chain: FolderVerdict[] = [];
  /** How many folders of `chain` hold: those past it are left from before, and overwritten (a shorter array was a costly call per path). */
  private depth = 0;
  private batch: WalkEntry[] = [];
  private batchSize = FIRST_BATCH;
  /** Submodules and nested repositories (git lists the folder): walked at the end. */
  readonly nested: string[] = [];
  /** Tracked paths that may sort before an `.ignore` file that governs them: judged once git has listed every path. */
  private held: string[] = [];
  /** The tracked paths taken so far, in order: each piece waits for the one before. */
  private streaming: Promise<void> = Promise.resolve();
  private previous = '';
  private sorted = true;
  private stopped = false;

  constructor(
    private readonly options: ListingSink,
    private readonly skip: readonly string[],
    private readonly result: ListingCounts,
  ) {
    this.rules = options.ignore.afterGit();
  }

  /**
   * Takes a piece of git's tracked list, in the order git wrote it. The list is sorted by
   * bytes (git's index keeps its entries in memcmp() order of their names: gitformat-index(5),
   * "Index entry"), so the `.ignore` file of a folder comes before every path of that
   * folder whose remainder sorts after `.ignore`: such a path is judged at once, with every
   * `.ignore` that governs it loaded. The rest (a remainder such as `-x`, `#x` or `.github`)
   * waits for the end of the list. Should the list not be sorted after all, every path from
   * there on waits.
   */
  streamTracked(paths: readonly string[]): void {
    this.streaming = this.streaming.then(() => this.takeTracked(paths));
  }

  /** Takes no tracked path before `ready` settles (fulfilled or not). */
  takeAfter(ready: Promise<unknown>): void {
    const before = this.streaming;
    this.streaming = ready.then(
      () => before,
      () => before,
    );
  }

  /** Once git's tracked list is complete: the paths that waited, judged with every tracked `.ignore` loaded. */
  async endTracked(): Promise<void> {
    await this.streaming;
    const held = this.held;
    this.held = [];
    await this.addAll(held);
  }

  /** A list taken as a whole (the untracked files, in no known order): its `.ignore` files first, then every path. */
  async addWhole(paths: readonly string[]): Promise<void> {
    let loaded = false;
    for (const rel of paths) {
      if (isIgnoreFile(rel)) {
        await this.loadIgnoreFile(rel);
        loaded = true;
      }
    }
    if (loaded) {
      // Decisions taken before these rules were read no longer hold.
      this.depth = 0;
    }
    await this.addAll(paths);
  }

  /** Takes no more paths: those waiting and those still to come are dropped. */
  stop(): void {
    this.stopped = true;
    this.held = [];
  }

  /** Hands on the last batch. */
  flush(): void {
    if (this.batch.length === 0) return;
    this.result.fileCount += this.batch.length;
    this.options.onBatch(this.batch);
    this.batch = [];
  }

  private async takeTracked(paths: readonly string[]): Promise<void> {
    for (const rel of paths) {
      if (this.stopped) return;
      // A submodule is sorted by its name alone: the slash git's listing ends it with is not in the index.
      const key = rel.endsWith('/') ? rel.slice(0, -1) : rel;
      if (key < this.previous) this.sorted = false;
      this.previous = key;
      if (isIgnoreFile(rel)) await this.loadIgnoreFile(rel);
      if (!this.sorted || mayPrecedeItsIgnoreFiles(rel)) {
        this.held.push(rel);
        continue;
      }
      const added = this.add(rel);
      if (added === STOP) return;
      if (added === BATCH_FULL && !(await this.afterBatch())) return;
    }
  }

  private loadIgnoreFile(rel: string): Promise<void> {
    return this.rules.load(rel === IGNORE_FILE ? '' : rel.slice(0, -(IGNORE_FILE.length + 1)), [IGNORE_FILE]);
  }

  /**
   * Judges one path and adds it to the batch: `BATCH_FULL` when the batch was handed on
   * (the caller then awaits `afterBatch`), `STOP` once the listing is full. Synchronous:
   * an await per path would cost a turn of the microtask queue for each of 100k files.
   */
  private add(entry: string): AddResult {
    if (this.stopped) return STOP;
    // A submodule or a nested repository: git lists the folder, with a slash (`gitFiles.ts`).
    const rel = entry.endsWith('/') ? entry.slice(0, -1) : entry;
    if (skipped(rel, this.skip)) return ADDED;
    const folder = this.folderOf(rel);
    if (!folder.kept) return ADDED;
    if (entry.endsWith('/')) {
      if (!this.rules.isIgnored(rel, true, true)) this.nested.push(rel);
      return ADDED;
    }
    if (folder.judgeFiles && this.rules.isIgnored(rel, false, true)) {
      // Only where an agent file may be: a test per dropped path that allocates nothing.
      if (folder.ruleFolder || rel.endsWith(CLAUDE_LOCAL_MEMORY)) this.options.onIgnoredFile?.(rel);
      return ADDED;
    }
    if (this.result.fileCount + this.batch.length >= this.options.maxFiles) {
      this.result.truncated = true;
      this.stopped = true;
      return STOP;
    }
    this.batch.push({ rel, kind: 'file' });
    if (this.batch.length < this.batchSize) return ADDED;
    this.batchSize = Math.min(BATCH, this.batchSize * 2);
    this.flush();
    return BATCH_FULL;
  }

  /** Adds each path, letting requests through after each batch; false once the listing must stop. */
  private async addAll(paths: readonly string[]): Promise<boolean> {
    for (const rel of paths) {
      const added = this.add(rel);
      if (added === STOP) return false;
      if (added === BATCH_FULL && !(await this.afterBatch())) return false;
    }
    return true;
  }

  /** Between batches: the test hook, then a turn for requests queued behind the listing; false when cancelled. */
  private async afterBatch(): Promise<boolean> {
    await this.options.between?.(this.result.fileCount);
    await yieldToEventLoop();
    if (this.options.cancel?.isCancellationRequested) this.stopped = true;
    return !this.stopped;
  }

  /**
   * The verdicts of the folder `rel` lies in: the chain is cut back to the deepest folder that
   * holds `rel` (the folder of the path before, most often), then each folder below it is
   * judged, as the walk judges a folder it enters: kept when its parent is and no rule drops it.
   */
  private folderOf(rel: string): FolderVerdict {
    const slash = rel.lastIndexOf('/');
    const chain = this.chain;
    if (this.depth === 0) chain[this.depth++] = this.judge('', true);
    let top = this.depth - 1;
    while (top > 0 && !holds(chain[top].dir, rel, slash)) top--;
    for (let from = top === 0 ? 0 : chain[top].dir.length + 1; from <= slash; ) {
      const end = rel.indexOf('/', from);
      chain[top + 1] = this.judge(rel.slice(0, end), chain[top].kept);
      top++;
      from = end + 1;
    }
    this.depth = top + 1;
    return chain[top];
  }

  private judge(dir: string, parentKept: boolean): FolderVerdict {
    const kept = dir === '' || (parentKept && !this.rules.isIgnored(dir, true, true));
    // Where the walk would have met it, left out: told, as the walk tells it (the same folder may be told again should the listing come back to it).
    if (parentKept && !kept) this.options.onIgnoredFolder?.(dir);
    // Whether its files need a test of their own (a rule could name them).
    const judgeFiles = kept && (this.rules.hasExtraExcludes || this.rules.hasRulesFor(dir));
    return { dir, kept, judgeFiles, ruleFolder: judgeFiles && ruleFolderHolderOf(dir) !== undefined };
  }
}

/** What a listing decided of one folder (`GitListing`). */
interface FolderVerdict {
  dir: string;
  kept: boolean;
  /** Whether its files need a test of their own: a rule could name them. */
  judgeFiles: boolean;
  /** Whether it is, or lies in or leads to, an agent rule folder: its dropped files are told. */
  ruleFolder: boolean;
}

/** Whether folder `dir` holds the path `rel` whose last slash is at `slash`. */
function holds(dir: string, rel: string, slash: number): boolean {
  return dir.length <= slash && (dir.length === slash || rel.charCodeAt(dir.length) === 47) && rel.startsWith(dir);
}

/** Whether `rel` lies in one of the skipped folders. */
export function skipped(rel: string, skip: readonly string[]): boolean {
  for (const s of skip) if (rel === s || rel.startsWith(s + '/')) return true;
  return false;
}

/**
 * Paths of git's list the listing itself needs, whatever its caller keeps: the `.ignore`
 * files (their rules judge the other paths) and the submodules and nested repositories
 * (git lists the folder, with a slash; they are walked).
 */
export function listingNeeds(rel: string): boolean {
  return rel.endsWith('/') || isIgnoreFile(rel);
}

function isIgnoreFile(rel: string): boolean {
  return rel === IGNORE_FILE || rel.endsWith('/' + IGNORE_FILE);
}

/**
 * Whether, in a list sorted by bytes, `rel` can come before the `.ignore` file of one of
 * its folders: the part of `rel` below that folder sorts before `.ignore`.
 */
export function mayPrecedeItsIgnoreFiles(rel: string): boolean {
  for (let start = 0; start < rel.length; ) {
    if (sortsBeforeIgnoreFile(rel, start)) return true;
    const slash = rel.indexOf('/', start);
    if (slash < 0) break;
    start = slash + 1;
  }
  return false;
}

/** Whether `rel` from `start` on sorts before `.ignore` (ASCII, so code units order as bytes do). */
function sortsBeforeIgnoreFile(rel: string, start: number): boolean {
  for (let i = 0; i < IGNORE_FILE.length; i++) {
    if (start + i >= rel.length) return true;
    const c = rel.charCodeAt(start + i);
    const t = IGNORE_FILE.charCodeAt(i);
    if (c !== t) return c < t;
  }
  return false;
}
