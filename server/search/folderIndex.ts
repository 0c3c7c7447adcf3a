import { CancellationSource, type Cancellation } from '../core/cancel';
import { yieldToRequests } from '../core/foreground';
import { collectWhenQuiet } from '../core/gc';
import type { Logger } from '../core/log';
import { within } from '../core/within';
import type { ChangeType } from '../workspace/changes';
import type { FileSystem } from '../workspace/fs';
import type { IgnoreRules } from '../workspace/ignore';
import { joinRelative } from '../workspace/paths';
import { relistLinkedRuleFolder, ruleFolderEntry, type RuleFolderLinks } from '../workspace/linkedRuleFolders';
import { listFolderFiles } from '../workspace/listFiles';
import { walkFiles } from '../workspace/walk';
import { changesThroughLinks, linksToRelist } from './linkedFolderChanges';
import { KeystrokeMemory } from './narrow';
import { compactTable } from './packing';
import { saveInSlices } from './snapshotSave';
import { PathTable } from './pathTable';
import { tableFromRows } from './pathTableRows';
import { PickHistory } from './picks';
import { decodeSnapshot, encodeSnapshot } from './snapshot';
import type { IndexStore } from './store';

export interface FolderIndexOptions {
  /** Absolute folder. */
  root: string;
  fs: FileSystem;
  /** The folder's ignore rules (asked for at each walk: settings may have replaced them). */
  ignore: () => IgnoreRules;
  /** Cap on indexed files (setting `search.maxFiles`). */
  maxFiles: () => number;
  store?: IndexStore;
  log: Logger;
  now?: () => number;
  /** Index only the files directly in the folder (the user-level rule folders). */
  shallow?: boolean;
  /** Index only this one file of the folder (a user-level rule file, such as Windsurf's global rules). */
  only?: string;
  /** Read every file's size and time after the walk (default true). */
  statFiles?: boolean;
  /** Delay between loading the stored list and the walk that reconciles it (default 1 s). */
  reconcileDelayMs?: number;
  /** Workspace folders nested in this one (relative paths): indexed on their own, left out here. */
  nested?: () => string[];
  /** List with git in a work tree (default true). */
  useGit?: boolean;
  /** Awaited before a listing's first batch (with 0) and between its batches (a test holds a first index before its files or half-way with it). */
  between?: (filesSoFar: number) => Promise<void> | undefined;
  /**
   * Told each time a listing has settled the folder's names (`namesTruncated` with them): what
   * was made from the list before it (a stored list, an older listing) may be due again.
   */
  onListed?: () => void;
}

/** What the index of a folder is doing. */
export type IndexPhase = 'new' | 'walking' | 'stating' | 'ready' | 'disposed';

/** A folder (or file) the listing could not read. */
type ListError = { rel: string; message: string };
/** How many of a build's unreadable paths its report names (the count says the rest). */
const UNREADABLE_SAMPLES = 5;

/**
 * What the builds of workspace folders could not read, in words (`cannot read folder src/locked
 * (and 2 more)`), or undefined when they read everything: search then answers from the rest,
 * and whoever reports the index says so.
 */
export function unreadableSummary(reports: readonly BuildReport[]): string | undefined {
  const unread = reports.filter((r) => r.unreadable > 0 && !r.userLevel);
  if (unread.length === 0) return undefined;
  const named = unread.flatMap((r) => r.unreadableSamples);
  const more = unread.reduce((n, r) => n + r.unreadable, 0) - named.length;
  return `${named.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** Progress of a build, for `$/progress` and logs. */
export interface BuildReport {
  root: string;
  /** A user-level rule folder (scope `global`), not a workspace folder. */
  userLevel: boolean;
  files: number;
  ms: number;
  fromSnapshot: boolean;
  truncated: boolean;
  unreadable: number;
  /** What could not be read (`cannot read folder src/locked`), the first few: their files are not searched. */
  unreadableSamples: string[];
  /** Who listed the folder: git (a work tree) or the walker. */
  listedBy?: 'git' | 'walk';
}

const STAT_BATCH = 128;
/** The stat pass yields to queued requests after this long. */
const STAT_TURN_MS = 4;
/** How long after answering from a stored list the walk that checks it starts. */
const RECONCILE_DELAY_MS = 1000;
const SAVE_DELAY_MS = 10_000;
/**
 * Writing the list holds the thread (about 80 ms for 20,000 files on a busy machine), so
 * a save waits for a second without searches, up to this much longer: a cancel or a
 * keystroke must not wait behind the cache. Under constant searching it is written anyway.
 */
const SAVE_WAITS_FOR_QUIET_MS = 60_000;
const QUIET_MS = 1_000;
/** Sliced saves overtaken by changes in a row, after which the next one copies the list first. */
const OVERTAKEN_SAVES_BEFORE_COPYING = 2;
/** Listings after the first when files changed during it (see `build`). */
const RELISTS = 2;
/**
 * Longest a listing waits between two batches for the searches ranking the table: a
 * search that arrives during the first index answers from the files listed so far, and
 * sharing the thread turn by turn with the listing, its ranking took about 190 ms instead of
 * 30-60 ms (92k bench tree, listed by git). The cap keeps searches typed without a pause
 * from holding the index back for good.
 */
const LISTING_WAITS_FOR_SEARCHES_MS = 200;
/**
 * After waiting for a search, a listing runs this long before it waits again: searches sent
 * back to back held a plain walk of the bench tree at nearly every batch (every name 3.1-4.4 s
 * instead of 2.5-3.0 s).
 */
const LISTING_RUNS_BETWEEN_WAITS_MS = 100;
/**
 * The other way round: a search of a table still being listed for the first time leaves the
 * listing this many times the time its ranking took before the next search ranks it, and
 * waits for a batch to have grown the table. An editor asking again the moment each answer came
 * (the bench's first index does) kept a plain walk of the bench tree from its end for 21-23 s
 * instead of 2-5 s: 2,500-3,300 searches of the partial table, each as dear as one of the whole.
 */
const LISTING_SHARE_PER_SEARCH = 4;
/** The longest a search waits to leave the listing its share; a typist's keystrokes, spaced wider than that, never wait. */
const LISTING_SHARE_WAIT_CAP_MS = 250;

/**
 * The file index of one folder: the packed table, built from the workspace walk (names
 * first, sizes and times after), restored from the store at once when a snapshot
 * exists and reconciled with the disk in the background, kept current from the change
 * stream, and saved back (debounced). Never walks on a search.
 */
export class FolderIndex {
  table = new PathTable();
  phase: IndexPhase = 'new';
  /** Set when names are known (snapshot loaded or first walk done). */
  private namesKnown!: Promise<void>;
  private markNamesKnown!: () => void;
  /** Set when names are known or a listing threw (`listingFailed`): what waits for the names ends either way. */
  private namesSettled!: Promise<void>;
  private markListingFailed!: () => void;
  /** The failure of a listing was logged: said once per folder, however often a listing fails again. */
  private failureSaid = false;
  private run = new CancellationSource();
  /**
   * The nested rule folders behind links that the last listing met (`RuleFolderLinks`): the
   * rules feature pushes findings by them. Not in a snapshot: known once the folder was listed.
   */
  ruleFolderLinks: RuleFolderLinks = { followed: [], unfollowed: [], unlistedLinks: [] };
  private readonly listedOnce: Promise<void>;
  private markListed!: () => void;
  /** A listing threw, the first time: the links it would have told are never known then. */
  private readonly failedOnce: Promise<void>;
  private markFailedOnce!: () => void;
  private picks = new PickHistory();
  /** Paths changed while a walk runs: its reconciliation must not undo them. */
  private touchedDuringWalk: Set<string> | undefined;
  /**
   * A file was left out past `search.maxFiles` while the listing under way ran: that listing
   * may not have met it (it read the folder before), so its end says the table is cut short
   * rather than clearing what `leftOutPastCap` said. It cannot tell cheaply whether it met it;
   * a listing again on churn (`listSettled`) starts with this cleared.
   */
  private leftOutDuringWalk = false;
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;
  /** The save running a slice at a time, if any. */
  private saving: { stop: CancellationSource; done: Promise<void> } | undefined;
  /** Sliced saves in a row that the table's changes overtook (under constant churn the next one copies the list first). */
  private overtakenSaves = 0;
  private searches = 0;
  private lastSearchAt = -Infinity;
  /** Searches in flight (compaction waits for none; a save waits for a pause in them). */
  get busy(): number {
    return this.searches;
  }
  set busy(n: number) {
    this.searches = n;
    this.lastSearchAt = performance.now();
  }
  /** Searches ranking the table now (`startSearch`), and the listing's batch waiting for them. */
  private ranking = 0;
  private listingWaitEnded = -Infinity;
  private rankingDone: (() => void)[] = [];
  /** Batches a listing has added to the table, and the searches waiting for the next one (`leaveListingItsShare`). */
  private batchesLanded = 0;
  private batchWaiters: (() => void)[] = [];
  /** The last search that ranked the table while its names were not all known. */
  private lastPartialSearch: { batch: number; tookMs: number; endedAt: number } | undefined;

  /**
   * Marks a search ranking this folder's table until the returned function is called: the
   * index counts as busy (no compaction), and a listing steps aside between its batches.
   */
  startSearch(): () => void {
    this.busy++;
    this.ranking++;
    let ended = false;
    const partial = this.namesComplete ? undefined : { batch: this.batchesLanded, began: performance.now() };
    return () => {
      if (ended) return;
      ended = true;
      this.busy--;
      if (partial) {
        const endedAt = performance.now();
        this.lastPartialSearch = { batch: partial.batch, tookMs: endedAt - partial.began, endedAt };
      }
      if (--this.ranking > 0) return;
      const wake = this.rankingDone;
      this.rankingDone = [];
      for (const w of wake) w();
    };
  }

  /** A listing's pause between batches: until no search is ranking the table, at most `LISTING_WAITS_FOR_SEARCHES_MS`. */
  private searchesRanked(): Promise<void> | undefined {
    // Searches sent back to back would hold the listing at every batch: after a wait it runs a while first.
    if (this.ranking === 0 || performance.now() - this.listingWaitEnded < LISTING_RUNS_BETWEEN_WAITS_MS) return undefined;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, LISTING_WAITS_FOR_SEARCHES_MS);
      const waiters = this.rankingDone;
      const ended = () => (this.listingWaitEnded = performance.now());
      function done(): void {
        clearTimeout(timer);
        const at = waiters.indexOf(done);
        if (at >= 0) waiters.splice(at, 1);
        ended();
        resolve();
      }
      waiters.push(done);
    });
  }

  /**
   * Before a search ranks a table whose first listing is still running: when the last search
   * of it ranked a table no batch has grown since, or ended sooner than the listing's share of
   * thread time after it (`LISTING_SHARE_PER_SEARCH`), waits for both, or for the names to be
   * known, at most `ms` (and `LISTING_SHARE_WAIT_CAP_MS`), or until `cancel` fires. Searches sent back to back then
   * each rank more of the tree, and the listing ends about as soon as it would alone.
   */
  async leaveListingItsShare(ms: number, cancel?: Cancellation): Promise<void> {
    const last = this.lastPartialSearch;
    const cap = Math.min(ms, LISTING_SHARE_WAIT_CAP_MS);
    if (!last || this.namesComplete || this.listingFailed || cap <= 0) return;
    const owedMs = last.tookMs * LISTING_SHARE_PER_SEARCH - (performance.now() - last.endedAt);
    const grown = this.batchesLanded > last.batch;
    if (grown && owedMs <= 0) return;
    let landed: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const batch = grown ? undefined : new Promise<void>((resolve) => this.batchWaiters.push((landed = resolve)));
    const owed = owedMs > 0 ? new Promise<void>((resolve) => (timer = setTimeout(resolve, owedMs))) : undefined;
    try {
      await within(Promise.race([this.namesSettled, Promise.all([batch, owed])]), cap, cancel);
    } finally {
      clearTimeout(timer);
      const at = landed ? this.batchWaiters.indexOf(landed) : -1;
      if (at >= 0) this.batchWaiters.splice(at, 1);
    }
  }

  /** A listing's batch is in the table: wakes the searches waiting for one (`leaveListingItsShare`). */
  private batchLanded(): void {
    this.batchesLanded++;
    if (this.batchWaiters.length === 0) return;
    const waiting = this.batchWaiters;
    this.batchWaiters = [];
    for (const landed of waiting) landed();
  }

  /** Searches waiting for a first listing's first files (`whenAnswerable`). */
  private firstFilesWaiters: (() => void)[] = [];

  /** The last search, to narrow the next keystroke's. */
  readonly keystrokes = new KeystrokeMemory();
  lastBuild: BuildReport | undefined;
  /** Who listed the folder last: git or the walker. */
  listedBy: 'git' | 'walk' | undefined;
  /** Every name of the folder is in the table (a snapshot loaded, or a listing finished). */
  namesComplete = false;
  /**
   * The last listing stopped at `maxFiles` (`search.maxFiles`), or a file that came later was
   * left out past it: files past it are not in the table. A stored list says it of itself (a
   * table of exactly `maxFiles` files may be whole), until its reconciling listing says.
   */
  namesTruncated = false;
  /** The last listing threw: the table holds what it had before (nothing on a first index), and no listing runs until another build. */
  listingFailed = false;
  /** Sizes and times are known too. */
  timesComplete = false;
  /** The table came from the store, with the sizes and times it was saved with. */
  private timesStored = false;

  constructor(readonly options: FolderIndexOptions) {
    this.resetNamesKnown();
    this.listedOnce = new Promise((resolve) => (this.markListed = resolve));
    this.failedOnce = new Promise((resolve) => (this.markFailedOnce = resolve));
  }

  /**
   * Waits until the folder was listed once (not only restored from a snapshot), or a listing
   * threw, at most `ms`; true when either happened. After a failure no listing tells the links
   * (`ruleFolderLinks`) until another build: those known (none before a first listing) are all
   * there are, as the names are (`listingFailed`), and a wait for more must end.
   */
  whenListed(ms: number): Promise<boolean> {
    return within(Promise.race([this.listedOnce, this.failedOnce]), ms);
  }

  get root(): string {
    return this.options.root;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private resetNamesKnown(): void {
    this.namesComplete = false;
    this.timesStored = false;
    this.timesComplete = false;
    let names!: () => void;
    let failed!: () => void;
    this.namesKnown = new Promise((resolve) => (names = resolve));
    this.namesSettled = Promise.race([this.namesKnown, new Promise<void>((resolve) => (failed = resolve))]);
    this.markNamesKnown = () => {
      this.namesComplete = true;
      this.listingFailed = false;
      names();
    };
    this.markListingFailed = () => {
      this.listingFailed = true;
      this.markFailedOnce();
      failed();
    };
  }

  /** Waits until the file names are known, at most `ms`; true when they are. */
  whenNamesKnown(ms: number): Promise<boolean> {
    return within(this.namesKnown, ms);
  }

  /**
   * Waits until the file names are known or a listing failed, at most `ms`; true when either
   * happened (`listingFailed` says which): a wait for names that will never come must end.
   */
  whenNamesSettled(ms: number): Promise<boolean> {
    return within(this.namesSettled, ms);
  }

  /**
   * Waits until a search can answer from the table, at most `ms`: the table has files (a first
   * listing's first batch is in), or its names are all known (an empty folder), or a listing
   * failed. An answer from part of the tree says so (`indexing`): it comes as soon as there is
   * something to rank, not at the end of `ms`; and at once when `cancel` fires.
   */
  async whenAnswerable(ms: number, cancel?: Cancellation): Promise<void> {
    if (this.table.liveCount > 0) return;
    let landed!: () => void;
    const files = new Promise<void>((resolve) => (landed = resolve));
    this.firstFilesWaiters.push(landed);
    try {
      await within(Promise.race([this.namesSettled, files]), ms, cancel);
    } finally {
      const at = this.firstFilesWaiters.indexOf(landed);
      if (at >= 0) this.firstFilesWaiters.splice(at, 1);
    }
  }

  /** Whether the names (the times too, `byTime`) the table ranks by are all known now. */
  rankedWhole(byTime: boolean): boolean {
    // A stored list holds the times it was saved with: good enough to rank by while they are checked.
    return byTime ? this.timesStored || this.timesComplete : this.namesComplete;
  }

  /** Wakes the searches waiting for a first listing's files (`whenAnswerable`) once the table has some. */
  private wakeFirstFilesWaiters(): void {
    if (this.firstFilesWaiters.length === 0 || this.table.liveCount === 0) return;
    const waiting = this.firstFilesWaiters;
    this.firstFilesWaiters = [];
    for (const landed of waiting) landed();
  }

  /**
   * Builds the index: the stored snapshot first (answers at once), then a walk that
   * reconciles it with the disk, then sizes and times. `onProgress` hears file counts.
   */
  async build(options: { useSnapshot: boolean; onProgress?: (files: number) => void }): Promise<BuildReport | undefined> {
    const started = performance.now();
    // A newer build (settings or ignore rules changed meanwhile) replaces one still running.
    this.run.cancel();
    const run = (this.run = new CancellationSource());
    let fromSnapshot = false;
    this.loadPicks();
    if (options.useSnapshot) fromSnapshot = this.loadSnapshot();
    if (fromSnapshot) {
      this.timesStored = true;
      // Stored under a larger `search.maxFiles`: a listing now would stop before its end.
      if (this.table.liveCount > this.options.maxFiles()) this.namesTruncated = true;
      this.markNamesKnown();
      // The first keystrokes after a restart are answered from the snapshot before the
      // reconciling walk competes with them for the one thread.
      await new Promise((resolve) => setTimeout(resolve, this.options.reconcileDelayMs ?? RECONCILE_DELAY_MS));
      if (run.isCancellationRequested) return undefined;
    }
    this.phase = 'walking';
    const walk = await this.listSettled(run, options.onProgress);
    if (!walk || run.isCancellationRequested) return undefined;
    this.namesTruncated = walk.truncated;
    this.markNamesKnown();
    this.options.onListed?.();
    if (walk.truncated) this.options.log.warn(`file index: ${this.root} has more than ${this.options.maxFiles()} files; the rest are not searched (setting agentls.search.maxFiles)`);
    this.phase = 'stating';
    if (this.options.statFiles !== false) await this.statAll(run);
    if (run.isCancellationRequested) return undefined;
    this.timesComplete = true;
    this.phase = 'ready';
    this.maybeCompact();
    this.dirty = true;
    const report: BuildReport = {
      root: this.root,
      userLevel: this.options.shallow === true,
      files: this.table.liveCount,
      ms: Math.round(performance.now() - started),
      fromSnapshot,
      truncated: walk.truncated,
      unreadable: walk.errors.length,
      unreadableSamples: walk.errors.slice(0, UNREADABLE_SAMPLES).map((e) => e.message),
      listedBy: this.listedBy,
    };
    await this.saveSliced();
    this.lastBuild = report;
    return report;
  }

  /**
   * The folder listed until a listing meets a quiet tree; undefined when cancelled, or when a
   * listing threw: that is logged once, and those waiting for the names hear it (`listingFailed`)
   * instead of waiting for good, as do the folder's other features (they answer from the table).
   */
  private async listSettled(run: CancellationSource, onProgress?: (files: number) => void): Promise<{ truncated: boolean; errors: ListError[]; churned: boolean } | undefined> {
    try {
      let walk = await this.listAndReconcile(run, onProgress);
      // Files came and went while the folder was listed (a checkout, an unpacked archive): a
      // folder read before they arrived may miss some that no watcher saw appear (its watch
      // came after them). List again, at most twice, until a listing meets a quiet tree.
      for (let again = 0; walk && walk.churned && again < RELISTS; again++) walk = await this.listAndReconcile(run, onProgress);
      return walk;
    } catch (err) {
      if (run.isCancellationRequested) return undefined;
      if (!this.failureSaid) this.options.log.warn(`file index: listing ${this.root} failed; its files are not searched until it is listed again: ${err instanceof Error ? err.message : String(err)}`);
      this.failureSaid = true;
      this.markListingFailed();
      return undefined;
    }
  }

  /**
   * One listing of the folder into the table; files the table had that the listing did
   * not meet are dropped (unless a change event touched them meanwhile). Says whether
   * change events arrived during it. Undefined when cancelled.
   */
  private async listAndReconcile(run: CancellationSource, onProgress?: (files: number) => void): Promise<{ truncated: boolean; errors: ListError[]; churned: boolean } | undefined> {
    const held = this.options.between?.(0);
    if (held) await held;
    const hadFiles = this.table.liveCount > 0;
    // Which file ids the listing met (grown as it adds files).
    let seen = new Uint8Array(this.table.slotCount + 1024);
    const touched = new Set<string>();
    this.touchedDuringWalk = touched;
    this.leftOutDuringWalk = false;
    let reported = 0;
    const walk = await this.list(run, (batch) => {
      // A listing stops at its next batch once cancelled; what it hands on meanwhile may belong to a table a rebuild replaced.
      if (run.isCancellationRequested) return;
      const now = this.now(); // once a batch: a clock read per file cost more than the lookups
      const picked = !this.picks.empty;
      for (const entry of batch) {
        const id = this.table.add(entry.rel);
        if (id < 0) continue;
        if (id >= seen.length) {
          const grown = new Uint8Array(Math.max(id + 1, seen.length * 2));
          grown.set(seen);
          seen = grown;
        }
        seen[id] = 1;
        const lift = picked ? this.picks.lift(entry.rel, now) : 0;
        if (lift > 0) this.table.boost[id] = lift;
      }
      this.wakeFirstFilesWaiters();
      this.batchLanded();
      if (onProgress && this.table.liveCount - reported >= 2000) {
        reported = this.table.liveCount;
        onProgress(reported);
      }
    });
    // A newer build may have begun its own listing meanwhile: its set stays.
    if (this.touchedDuringWalk === touched) this.touchedDuringWalk = undefined;
    if (run.isCancellationRequested) return undefined;
    if (hadFiles) {
      // Files known before (the snapshot, an earlier listing) that this one did not meet are gone or now ignored.
      for (let id = 0; id < this.table.slotCount; id++) {
        if (this.table.isAlive(id) && seen[id] !== 1 && !touched.has(this.table.path(id))) this.table.removeId(id);
      }
    }
    return { truncated: walk.truncated || this.leftOutDuringWalk, errors: walk.errors, churned: touched.size > 0 };
  }

  /** The folder's files through the workspace walker, or the one file of `only`. */
  private async list(run: CancellationSource, onBatch: (batch: { rel: string }[]) => void): Promise<{ truncated: boolean; errors: ListError[] }> {
    const only = this.options.only;
    if (only !== undefined) {
      const st = await this.options.fs.stat(joinRelative(this.root, only));
      if (st?.kind === 'file') onBatch([{ rel: only }]);
      this.markListed();
      return { truncated: false, errors: [] };
    }
    if (this.options.shallow) {
      // No nested rule folder is looked for in a folder indexed one level deep.
      this.markListed();
      return walkFiles({ fs: this.options.fs, root: this.root, ignore: this.options.ignore(), maxFiles: this.options.maxFiles(), maxDepth: 0, cancel: run, onBatch });
    }
    const listed = await listFolderFiles({
      fs: this.options.fs,
      root: this.root,
      ignore: this.options.ignore(),
      maxFiles: this.options.maxFiles(),
      cancel: run,
      skip: this.options.nested?.(),
      useGit: this.options.useGit,
      onExpected: (files) => {
        if (this.table.liveCount === 0) this.table.reserve(expectedRoom(files));
      },
      between: async (files) => {
        await this.options.between?.(files);
        await this.searchesRanked();
      },
      onBatch,
    });
    if (listed.gitProblem) this.options.log.info(`file index: ${this.root}: ${listed.gitProblem}; walking the folder instead`);
    this.listedBy = listed.source;
    if (!listed.cancelled) {
      this.ruleFolderLinks = listed.ruleFolderLinks;
      this.markListed();
    }
    return listed;
  }

  /**
   * Lists the folder again, its names not known until then: a workspace folder nested in it
   * was added or removed, so what it holds changes as a whole (a removed one's files come back
   * only with this listing), and a search meanwhile must say it answers from part of the tree.
   */
  async relist(onProgress?: (files: number) => void): Promise<BuildReport | undefined> {
    this.run.cancel();
    this.resetNamesKnown();
    return this.build({ useSnapshot: false, onProgress });
  }

  /** Forgets everything and builds again from the disk (`agentls.index.rebuild`). */
  async rebuild(onProgress?: (files: number) => void): Promise<BuildReport | undefined> {
    this.run.cancel();
    this.table = new PathTable();
    this.resetNamesKnown();
    return this.build({ useSnapshot: false, onProgress });
  }

  private loadPicks(): void {
    const records = this.options.store?.loadPicks(this.root) ?? [];
    this.picks = new PickHistory(records);
  }

  private loadSnapshot(): boolean {
    const stored = this.options.store?.loadSnapshot(this.root);
    if (!stored) return false;
    try {
      const rows = decodeSnapshot(stored);
      this.table = tableFromRows(rows);
      this.namesTruncated = rows.truncated;
    } catch (err) {
      this.options.log.warn(`file index: the stored list of ${this.root} is unusable (${(err as Error).message}); walking the folder`);
      this.table = new PathTable();
      return false;
    } finally {
      stored.close();
    }
    this.applyPickLifts();
    return true;
  }

  private applyPickLifts(): void {
    const now = this.now();
    for (const pick of this.picks.entries()) {
      const id = this.table.find(pick.path);
      if (id >= 0) this.table.boost[id] = this.picks.lift(pick.path, now);
    }
  }

  /**
   * Fills in sizes and times of files that lack them (all of them after a snapshot: the disk
   * may have moved), a folder at a time: one confinement check per folder and one call for
   * its files, a few milliseconds between turns of the event loop.
   */
  private async statAll(run: CancellationSource): Promise<void> {
    const table = this.table;
    // A submodule git listed as one entry: its files, through the walker.
    const folders: string[] = [];
    let turn = performance.now();
    for (const ids of idsByFolder(table)) {
      for (let i = 0; i < ids.length; i += STAT_BATCH) {
        if (run.isCancellationRequested || table !== this.table) return;
        const batch = ids.slice(i, i + STAT_BATCH);
        const folderRel = table.dirPath(table.fileDir[batch[0]]);
        const stats = await this.options.fs.statEntries(joinRelative(this.root, folderRel), batch.map((id) => table.name(id)));
        if (run.isCancellationRequested || table !== this.table) return;
        batch.forEach((id, k) => {
          if (!table.isAlive(id)) return;
          const st = stats?.[k];
          if (st?.kind === 'file') table.setMeta(id, st.size, st.mtimeMs);
          else if (st?.kind === 'directory') folders.push(table.path(id));
          // Gone, refused, or listed by git but not a file the walker would index (a symlink).
          else table.removeId(id);
        });
        if (performance.now() - turn >= STAT_TURN_MS) {
          // No answer waits for sizes and times: the pass steps aside while requests are answered.
          await yieldToRequests();
          turn = performance.now();
        }
      }
    }
    for (const rel of folders) {
      if (run.isCancellationRequested) return;
      const id = this.table.find(rel);
      if (id >= 0) this.table.removeId(id);
      await this.addFolder(rel);
    }
  }

  /** Applies changes from the change stream (paths relative to this folder). */
  async applyChanges(changes: { rel: string; type: ChangeType }[]): Promise<void> {
    const deep = !this.options.shallow && this.options.only === undefined;
    // Where a linked rule folder's files really are: the files named through the link change too.
    const seen = deep ? [...changes, ...changesThroughLinks(this.ruleFolderLinks, changes)] : changes;
    for (const { rel, type } of seen) {
      if (this.phase === 'disposed') return;
      // Only a file or folder that came or went can be missed by a walk under way; an edit cannot hide one.
      if (type !== 'changed') this.touchedDuringWalk?.add(rel);
      if (this.options.shallow && rel.includes('/')) continue;
      if (this.options.only !== undefined && rel !== this.options.only) continue;
      if (type === 'deleted') {
        if (!this.table.remove(rel)) this.table.removeUnder(rel);
        continue;
      }
      const st = await this.options.fs.stat(joinRelative(this.root, rel));
      if (!st) {
        this.table.remove(rel);
      } else if (st.kind === 'file') {
        const id = this.table.add(rel, st.size, st.mtimeMs);
        if (id >= 0 && this.table.liveCount > this.options.maxFiles()) {
          this.table.removeId(id);
          this.leftOutPastCap();
        }
        else if (id >= 0) this.table.boost[id] = this.picks.lift(rel, this.now());
      } else if (st.kind === 'directory' && type === 'created' && !this.options.shallow) {
        await this.addFolder(rel);
      } else if (st.kind === 'directory' && type === 'changed' && rel !== '' && !this.options.shallow) {
        // A folder said to have changed, with nothing said of what it holds (a client that reports
        // folders alone, or a delete and create of one folder folded into one change): listed afresh.
        this.table.removeUnder(rel);
        await this.addFolder(rel);
      } else if (st.kind === 'symlink' || st.kind === 'other') {
        // A file replaced by a link or a pipe (reported as one change by VS Code) leaves the index, as the listing leaves them out.
        this.table.remove(rel);
      }
    }
    if (deep) await this.relinkRuleFolders(changes);
    this.maybeCompact();
    this.dirty = true;
    this.saveSoon();
  }

  /**
   * A linked rule folder's target may have come or gone (`linksToRelist`): its files are
   * listed again through the link (that one folder, capped as the listing caps it; never the
   * tree), or dropped, and the links the index hands on say which it follows now.
   */
  private async relinkRuleFolders(changes: readonly { rel: string; type: ChangeType }[]): Promise<void> {
    const stale = linksToRelist(this.ruleFolderLinks, changes);
    if (stale.unfollowed.length === 0 && stale.followed.length === 0) return;
    const links = this.ruleFolderLinks;
    const next: RuleFolderLinks = { followed: links.followed.filter((f) => !stale.followed.includes(f)), unfollowed: links.unfollowed.filter((l) => !stale.unfollowed.includes(l)), unlistedLinks: [...links.unlistedLinks] };
    const entries = [...stale.unfollowed];
    for (const { link } of stale.followed) {
      // What is behind it now is listed afresh: a folder gone whole may get no event of its files.
      this.table.removeUnder(link);
      entries.push(await ruleFolderEntry(this.options.fs, this.root, link));
    }
    const onBatch = (batch: { rel: string }[]) => {
      for (const entry of batch) this.table.add(entry.rel);
    };
    for (const entry of entries) {
      const options = { fs: this.options.fs, root: this.root, ignore: this.options.ignore(), maxFiles: this.options.maxFiles(), cancel: this.run, skip: this.options.nested?.() ?? [], onBatch };
      const now = await relistLinkedRuleFolder(options, entry, this.table.liveCount);
      next.followed.push(...now.ruleFolderLinks.followed);
      next.unfollowed.push(...now.ruleFolderLinks.unfollowed);
      next.unlistedLinks.push(...now.ruleFolderLinks.unlistedLinks.filter((l) => !next.unlistedLinks.includes(l)));
      // Files behind the link left out past `search.maxFiles`: the table is not the whole folder any more.
      if (now.truncated) this.leftOutPastCap();
    }
    // A listing that ended meanwhile told the links as it found them: its word stands.
    if (this.ruleFolderLinks === links) this.ruleFolderLinks = next;
  }

  /** A folder appeared (moved in, unpacked): its files, through the same walker. */
  private async addFolder(rel: string): Promise<void> {
    const room = Math.max(0, this.options.maxFiles() - this.table.liveCount);
    const walk = await walkFiles({
      fs: this.options.fs,
      root: this.root,
      start: rel,
      ignore: this.options.ignore(),
      maxFiles: room,
      skip: this.options.nested?.(),
      cancel: this.run,
      onBatch: (batch) => {
        for (const entry of batch) this.table.add(entry.rel);
      },
    });
    // Files of it left out past `search.maxFiles`: the table is not the whole folder any more.
    if (walk.truncated) this.leftOutPastCap();
  }

  /**
   * A file that came after the listing was left out past `search.maxFiles`. The first time the
   * table stops being whole, those told of listings hear it as of one (`onListed`): views made
   * from the whole table say now that it is cut short, not at the next listing. Once only: a
   * tree growing past the cap drops files in every batch, and views need not be made again each time.
   */
  private leftOutPastCap(): void {
    if (this.touchedDuringWalk !== undefined) this.leftOutDuringWalk = true;
    if (this.namesTruncated) return;
    this.namesTruncated = true;
    this.options.onListed?.();
  }

  /**
   * Keeps the index in another store from now on (the cache folder moved): the file
   * list and the picks are written there at once, the old store is no longer touched.
   */
  moveTo(store: IndexStore): void {
    if (!this.options.store) return;
    this.options.store = store;
    this.saving?.stop.cancel();
    for (const pick of this.picks.entries()) store.savePick(this.root, pick);
    this.dirty = true;
    this.save();
  }

  /** The user picked a file (relative path): it ranks higher from now on. */
  recordPick(rel: string): void {
    const record = this.picks.record(rel, this.now());
    this.options.store?.savePick(this.root, record);
    const id = this.table.find(rel);
    if (id >= 0) this.table.boost[id] = this.picks.lift(rel, this.now());
  }

  private maybeCompact(): void {
    // Compaction renumbers files: never while a listing marks ids it met or the stat pass holds ids.
    if (this.phase !== 'ready') return;
    if (this.busy === 0 && this.table.needsCompaction) compactTable(this.table);
  }

  private saveSoon(): void {
    if (this.saveTimer || !this.options.store) return;
    const latest = performance.now() + SAVE_DELAY_MS + SAVE_WAITS_FOR_QUIET_MS;
    const attempt = (delay: number) => {
      this.saveTimer = setTimeout(() => {
        this.saveTimer = undefined;
        const searching = this.searches > 0 || performance.now() - this.lastSearchAt < QUIET_MS;
        if (searching && performance.now() < latest) attempt(QUIET_MS);
        else this.saveSliced().catch((err: unknown) => this.options.log.warn(`file index: saving the list of ${this.root} failed: ${(err as Error).message}`));
      }, delay);
      this.saveTimer.unref?.();
    };
    attempt(SAVE_DELAY_MS);
  }

  private get maySave(): boolean {
    return this.dirty && this.options.store !== undefined && this.phase !== 'walking' && this.phase !== 'new' && this.phase !== 'disposed';
  }

  /** Writes the file list to the store now in one write, if it changed since the last save. */
  save(): void {
    if (!this.maySave) return;
    this.dirty = false;
    this.options.store!.saveSnapshot(this.root, encodeSnapshot(this.table, { truncated: this.namesTruncated }));
  }

  /**
   * Writes the file list a slice at a time (`saveInSlices`), if it changed since the last
   * save; a save still running is stopped first. When changes keep overtaking sliced saves,
   * the next one makes its chunks all at once and writes those in slices.
   */
  private async saveSliced(): Promise<void> {
    if (this.saving) {
      this.saving.stop.cancel();
      await this.saving.done;
    }
    if (!this.maySave) return;
    this.dirty = false;
    const stop = new CancellationSource();
    let finished!: () => void;
    this.saving = { stop, done: new Promise((resolve) => (finished = resolve)) };
    try {
      const copyFirst = this.overtakenSaves >= OVERTAKEN_SAVES_BEFORE_COPYING;
      const outcome = await saveInSlices(this.table, this.options.store!, this.root, stop, { copyFirst, listing: { truncated: this.namesTruncated } });
      // Not written: the next save writes it (the changes that overtook this one asked for it; a store that failed for good ignores it).
      if (outcome !== 'saved') this.dirty = true;
      this.overtakenSaves = outcome === 'changed' ? this.overtakenSaves + 1 : 0;
    } finally {
      this.saving = undefined;
      finished();
      // Its chunks (the size of the list: megabytes for tens of thousands of files) are garbage now, off V8's heap.
      collectWhenQuiet('saving the file index');
    }
  }

  dispose(): void {
    this.run.cancel();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (this.saving) {
      this.saving.stop.cancel();
      this.dirty = true;
    }
    this.save();
    this.phase = 'disposed';
    this.markListed();
    this.markNamesKnown();
    this.timesComplete = true;
  }
}

/**
 * Room for a first listing of `files` files (git's count): each distinct folder and name is
 * stored once, 24 characters and a quarter of a folder per file in the 92k-file tree; a
 * little more of each, and some untracked files. Guessing low costs a growth later, guessing
 * high memory never touched.
 */
function expectedRoom(files: number): { chars: number; folders: number; files: number } {
  return { chars: files * 28, folders: Math.ceil(files / 3), files: Math.ceil(files * 1.05) };
}

/** The live files' ids grouped by folder (each group in id order). */
function idsByFolder(table: PathTable): number[][] {
  const groups = new Map<number, number[]>();
  for (const id of table.liveIds()) {
    const dir = table.fileDir[id];
    const group = groups.get(dir);
    if (group) group.push(id);
    else groups.set(dir, [id]);
  }
  return [...groups.values()];
}
