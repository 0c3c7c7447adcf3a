import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancellationSource } from '../core/cancel';
import type { Logger } from '../core/log';
import type { ChangeType } from './changes';
import { IGNORE_FILE_NAMES, type IgnoreRules } from './ignore';
import { dropAll, scanAndWatch, type ScanAndWatch } from './nativeTree';
import { nativeFolderBudget, nativeWatcher, subscribeNative, type NativeEvent, type NativeModule, type NativeSubscription } from './nativeWatcher';
import { NativeGaps } from './nativeGaps';
import { changeLeftOut } from './keptRuleFolders';
import { listNewFolder } from './newFolder';
import { joinRelative, relativeInside } from './paths';
import { FolderReconciler } from './reconcile';
import { FolderWatcher } from './watcher';

/** New folders given a native watch of their own at most before the whole tree is watched anew. */
const MAX_NEW_TREE_WATCHES = 200;

export interface TreeWatcherOptions {
  root: string;
  /** The root's ignore rules (asked for each time: a settings change replaces them). */
  ignore: () => IgnoreRules;
  /** Every change found, ignored paths already dropped where the watcher could tell. */
  onChange: (path: string, type: ChangeType, isDir: boolean) => void;
  /** Told once why this tree is watched the cheap way (no native watcher, too many folders). */
  onFallback: (reason: string) => void;
  log: Logger;
  /** Folders given an `fs.watch` each in the fallback (default 20,000). */
  maxFsWatches?: number;
  /** Use the native watcher when it loads (default true). */
  native?: boolean;
  /** The native watcher to use instead of `@parcel/watcher` as loaded (tests wrap it to drop events). */
  nativeModule?: NativeModule;
}

export type TreeWatchState = 'starting' | 'watching' | 'stopped';

export interface TreeWatchStatus {
  root: string;
  state: TreeWatchState;
  /** `native`: one recursive native watch; `fs.watch`: one per folder up to a cap, the rest checked by folder times. */
  backend?: 'native' | 'fs.watch';
  /** Folders the ignore rules keep (found so far). */
  folders: number;
  /** Folders with a watch (all of them with `native`). */
  watched: number;
  /** From the start until every folder was covered (ms). */
  coveredMs?: number;
}

/** Slowest and fastest pace of the fallback's checks of folders that have no watch. */
const POLL_MIN_MS = 2000;
const POLL_MAX_MS = 30_000;
/** A check's share of the time at most (a pass of 100 ms waits at least 2 s). */
const POLL_DUTY = 20;
/** Every folder, watched or not, is checked this often in the fallback (`fs.watch` can miss events). */
const FULL_CHECK_MS = 60_000;
const RESTART_DELAY_MS = 1000;

/**
 * Watches one workspace folder, every folder of it at any size, in the background:
 * lists its kept folders (a slice at a time, so requests go first), then watches them
 * with `@parcel/watcher`'s one recursive native watch, ignored folders left out. Where
 * the native watcher does not load (or the tree needs more inotify watches than is
 * fair), it falls back to one `fs.watch` per folder up to a cap plus checks of folder
 * times for the rest. Either way one check after installing finds what changed while
 * the folders were being listed, so nothing made during start-up goes unseen.
 */
export class TreeWatcher {
  private current: TreeWatchStatus;
  private readonly cancel = new CancellationSource();
  private reconciler: FolderReconciler | undefined;
  private subscriptions: NativeSubscription[] = [];
  /** Top-level folders with a native watch of their own: one that vanishes needs watching again when it is back. */
  private watchedTops = new Set<string>();
  private folderWatcher: FolderWatcher | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private lastFullCheck = 0;
  private nativeQueue = Promise.resolve();
  /** Finds what the native watcher dropped (see `NativeGaps`). */
  private gaps: NativeGaps | undefined;
  /** New folders that held sub-folders when they appeared, each with a native watch of its own. */
  private newTrees = new Map<string, Promise<NativeSubscription | undefined>>();
  /** Ends of new trees' watches: a folder made again is watched only once its old watch is gone. */
  private newTreesDropped = Promise.resolve();
  /** A renewal is running; another was asked for meanwhile. */
  /** The root folder was found missing (deleted, moved away): when it is there again, it is watched anew. */
  private rootGone = false;
  /** While the root is missing: looks for it every few seconds, whatever else checks. */
  private rootLookout: NodeJS.Timeout | undefined;
  private restarting = false;
  private restartAgain = false;
  /** A watch of `.git/info`, whose `exclude` is an ignore file the tree's watch leaves out with `.git`. */
  private gitInfoWatch: fs.FSWatcher | undefined;
  private readonly covered: Promise<void>;
  private markCovered!: () => void;

  constructor(private readonly options: TreeWatcherOptions) {
    this.current = { root: options.root, state: 'starting', folders: 0, watched: 0 };
    this.covered = new Promise((resolve) => (this.markCovered = resolve));
  }

  get root(): string {
    return this.options.root;
  }

  status(): TreeWatchStatus {
    const watched = this.current.backend === 'fs.watch' ? (this.folderWatcher?.watchedFolderCount ?? 0) : this.current.watched;
    return { ...this.current, folders: this.reconciler?.folders.size ?? this.current.folders, watched };
  }

  /** Resolves once every folder is watched and the start-up check is done (or the watcher is disposed). */
  whenCovered(): Promise<void> {
    return this.covered;
  }

  /** Lists, installs and checks; resolves when every folder is covered. Never throws. */
  async start(): Promise<void> {
    try {
      await this.install();
    } catch (err) {
      this.options.log.error(`file watcher: ${this.root}: ${(err as Error).stack ?? err}`);
    }
    this.markCovered();
  }

  private async install(): Promise<void> {
    const started = Date.now();
    const ignore = this.options.ignore();
    const native = this.options.native === false ? { error: 'not asked for' } : this.options.nativeModule ? { module: this.options.nativeModule } : nativeWatcher();
    const budget = nativeFolderBudget();
    const listed = await this.scanAndWatch(ignore, native.module, budget);
    if (this.cancel.isCancellationRequested) return;
    const { scan } = listed;
    this.reconciler = new FolderReconciler(this.root, ignore, scan.folders, (p, t, isDir) => this.fromCheck(p, t, isDir));
    let fallback: string | undefined;
    if (!native.module) fallback = `the native watcher did not load (${native.error})`;
    else if (listed.overBudget) fallback = `more than ${budget} folders would take over half of the system's inotify watches (${budget * 2})`;
    else if (listed.error) fallback = `the native watcher failed (${listed.error.message})`;
    else this.useNative(listed);
    if (fallback) await this.installFallback(fallback);
    if (this.cancel.isCancellationRequested) return;
    // Every folder is watched (or, past the fs.watch cap, checked from now on).
    this.current.state = 'watching';
    this.current.watched = scan.folders.size;
    this.current.coveredMs = Date.now() - started;
    this.watchGitExclude();
    // A workspace folder named before it is made (a clone still to come): watched and read once it is there.
    if (!(await fs.promises.stat(this.root).then((st) => st.isDirectory(), () => false))) this.lookForRoot(`${this.root} does not exist yet: watching for it to be made`);
    // What changed between listing a folder and watching it.
    const check = await this.reconciler.check(undefined, { changedSince: started, cancel: this.cancel });
    if (this.cancel.isCancellationRequested) return;
    this.options.log.debug(
      `file watcher: ${this.root}: ${scan.folders.size} folders listed in ${Math.round(scan.ms)} ms (${scan.ignored.length} ignored), ` +
        `all watched (${this.current.backend}) after ${this.current.coveredMs} ms, then checked in ${Math.round(check.ms)} ms (${check.relisted} listed again)`,
    );
    if (this.current.backend === 'fs.watch') this.schedulePoll();
  }

  /** Lists the folders, watching each top-level one natively as soon as it is listed. */
  private scanAndWatch(ignore: IgnoreRules, module: NativeModule | undefined, budget: number): Promise<ScanAndWatch> {
    return scanAndWatch({
      root: this.root,
      ignore,
      module,
      budget,
      cancel: this.cancel,
      onEvents: (events) => this.queueNative(() => this.onNative(events)),
      onError: (err) => this.onNativeError(err),
    });
  }

  /** One batch after the other: a batch waits on lstat, and the next must not overtake it. */
  private queueNative(work: () => Promise<void>): void {
    this.nativeQueue = this.nativeQueue.then(work).catch((err) => this.options.log.error(`file watcher: ${this.root}: ${(err as Error).stack ?? err}`));
  }

  private useNative(listed: ScanAndWatch): void {
    this.subscriptions = listed.subscriptions;
    this.watchedTops = new Set(listed.watchedTops);
    this.current.backend = 'native';
    if (!this.gaps) {
      this.gaps = new NativeGaps(() => this.checkGaps());
      this.gaps.start();
    }
  }

  /** A change told by the native path: remembered, so the gap check does not tell it again. */
  private report(p: string, type: ChangeType, isDir: boolean): void {
    this.gaps?.note(p, type);
    this.options.onChange(p, type, isDir);
  }

  /** A change found by comparing folder times: with the native watcher, only what its events did not say. */
  private fromCheck(p: string, type: ChangeType, isDir: boolean): void {
    if (this.current.backend !== 'native' || !this.gaps) return this.options.onChange(p, type, isDir);
    if (this.gaps.alreadyReported(p, type)) return;
    this.options.log.debug(`file watcher: ${this.root}: found by folder times, no native event: ${type} ${p}`);
    this.report(p, type, isDir);
    if (type === 'created' && isDir) this.queueNative(() => this.announceContents(p));
  }

  /** The gap check: every known folder's time against its listing. Returns its duration (ms). */
  private async checkGaps(): Promise<number> {
    const reconciler = this.reconciler;
    if (!reconciler || this.cancel.isCancellationRequested || this.current.backend !== 'native') return 0;
    if (await this.rootAbsentOrBack()) return 0;
    try {
      return (await reconciler.check(undefined, { cancel: this.cancel })).ms;
    } catch (err) {
      this.options.log.error(`file watcher: ${this.root}: ${(err as Error).stack ?? err}`);
      return 0;
    }
  }

  private async installFallback(reason: string): Promise<void> {
    this.current.backend = 'fs.watch';
    this.options.onFallback(reason);
    const reconciler = this.reconciler!;
    this.folderWatcher = new FolderWatcher({
      onChange: (p, t) => {
        if (IGNORE_FILE_NAMES.includes(path.basename(p))) this.restartSoon();
        this.options.onChange(p, t, false);
      },
      log: this.options.log,
      maxFolders: this.options.maxFsWatches,
      onCap: () => undefined,
      // A folder made after the cap was reached: checked by folder times like the rest.
      onUnwatched: (abs) => {
        const rel = relativeInside(this.root, abs);
        if (rel !== undefined && !reconciler.folders.has(rel)) reconciler.folders.set(rel, { entries: '', listedAt: 0 });
      },
    });
    await this.folderWatcher.watchFolders(this.root, this.options.ignore(), reconciler.folders.keys(), this.cancel);
  }

  private async onNative(events: NativeEvent[]): Promise<void> {
    for (const event of events) {
      if (this.cancel.isCancellationRequested) return;
      const rel = relativeInside(this.root, event.path);
      if (rel === undefined || rel === '') continue;
      if (IGNORE_FILE_NAMES.includes(path.basename(rel))) this.restartSoon();
      if (event.type === 'delete') {
        const wasFolder = this.reconciler?.folders.has(rel) ?? false;
        this.report(event.path, 'deleted', wasFolder);
        // Should it be back already (moved away and back), the next check must see it as new.
        if (wasFolder) this.reconciler?.forgetFolder(rel);
        this.dropNewTrees(event.path);
        const top = joinRelative(this.root, rel.split('/')[0]);
        // A top-level folder with its own watch is gone: when it comes back, the root's watch leaves it out.
        if (this.watchedTops.has(top) && !fs.existsSync(top)) this.restartSoon();
        continue;
      }
      if (event.type === 'update') {
        this.report(event.path, 'changed', false);
        continue;
      }
      let isDir: boolean;
      try {
        isDir = (await fs.promises.lstat(event.path)).isDirectory();
      } catch {
        continue; // gone already: its delete event follows
      }
      if (isDir && (await changeLeftOut(this.options.ignore(), rel, true))) {
        // New build output or the like: left out of the native watch once it is renewed.
        this.restartSoon();
        continue;
      }
      this.report(event.path, 'created', isDir);
      if (isDir) await this.announceContents(event.path);
    }
    this.gaps?.afterEvents();
  }

  /**
   * What a new folder already holds, reported as created: it was written before the
   * folder's watch was live (`mkdir x && echo > x/f`, a checkout, an unpacked archive, a
   * folder moved in). The native watcher watches a new folder but never the folders it
   * already holds, so a new folder with sub-folders gets a native watch of its own.
   */
  private async announceContents(dir: string): Promise<void> {
    const listing = await listNewFolder(this.root, dir, this.options.ignore, this.cancel, (p, isDir) => this.report(p, 'created', isDir));
    if (listing.folders.length > 0) this.watchNewTree(dir, listing.ignored);
  }

  private watchNewTree(dir: string, ignored: string[]): void {
    const module = this.options.nativeModule ?? nativeWatcher().module;
    if (!module || this.current.backend !== 'native' || this.newTrees.has(dir) || this.cancel.isCancellationRequested) return;
    if (this.newTrees.size >= MAX_NEW_TREE_WATCHES) return this.restartSoon();
    const subscription = this.newTreesDropped.then(() => {
      if (this.cancel.isCancellationRequested) return undefined;
      const onError = (err: Error) => {
        this.options.log.debug(`file watcher: ${dir}: ${err.message}`);
        this.dropNewTrees(dir);
      };
      return subscribeNative(module, dir, ignored, (events) => this.queueNative(() => this.onNative(events)), onError).catch(() => undefined);
    });
    this.newTrees.set(dir, subscription);
  }

  /** Ends the own watches of new folders at or under `dir` (all of them when undefined). */
  private dropNewTrees(dir?: string): void {
    const ending: Promise<void>[] = [];
    for (const [d, subscription] of this.newTrees) {
      if (dir !== undefined && d !== dir && relativeInside(dir, d) === undefined) continue;
      this.newTrees.delete(d);
      ending.push(subscription.then((s) => s?.unsubscribe()).catch(() => undefined));
    }
    if (ending.length) this.newTreesDropped = this.newTreesDropped.then(() => Promise.all(ending)).then(() => undefined);
  }

  private onNativeError(err: Error): void {
    if (this.cancel.isCancellationRequested || this.current.backend !== 'native') return;
    void dropAll(this.subscriptions);
    this.subscriptions = [];
    this.dropNewTrees();
    void this.installFallback(`the native watcher stopped (${err.message})`).then(() => this.poll(true));
  }

  /**
   * Ignore rules changed, or an ignored folder appeared: lists the folders again and
   * watches what is kept now (a new native watch replaces the old one once it is live).
   */
  private restartSoon(): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.restart(), RESTART_DELAY_MS);
    this.restartTimer.unref?.();
  }

  private async restart(): Promise<void> {
    if (this.cancel.isCancellationRequested || this.current.state !== 'watching') return;
    if (this.restarting) {
      this.restartAgain = true;
      return;
    }
    this.restarting = true;
    try {
      await this.renew();
    } catch (err) {
      this.options.log.error(`file watcher: ${this.root}: ${(err as Error).stack ?? err}`);
    } finally {
      this.restarting = false;
    }
    if (this.restartAgain) {
      this.restartAgain = false;
      this.restartSoon();
    }
  }

  private async renew(): Promise<void> {
    const started = Date.now();
    // What changed since the last look, against what was known, before the knowledge is renewed.
    await this.reconciler?.check(undefined, { cancel: this.cancel });
    const ignore = this.options.ignore();
    const native = this.current.backend === 'native' ? (this.options.nativeModule ?? nativeWatcher().module) : undefined;
    // The old watches go first: the native watcher shares one watch among subscriptions of
    // the same folder and options, and a folder that was removed and made again would get
    // the dead one back. The check below covers the moment without a watch.
    await dropAll(this.subscriptions);
    this.subscriptions = [];
    this.dropNewTrees();
    await this.newTreesDropped;
    const listed = await this.scanAndWatch(ignore, native, nativeFolderBudget());
    if (this.cancel.isCancellationRequested) return void dropAll(listed.subscriptions);
    this.reconciler = new FolderReconciler(this.root, ignore, listed.scan.folders, (p, t, isDir) => this.fromCheck(p, t, isDir));
    if (native && listed.subscriptions.length) this.useNative(listed);
    else if (native) {
      await this.installFallback(`the native watcher failed (${listed.error?.message ?? 'too many folders'})`);
      void this.poll(true);
    }
    else await this.folderWatcher?.watchFolders(this.root, ignore, listed.scan.folders.keys(), this.cancel);
    await this.reconciler.check(undefined, { changedSince: started, cancel: this.cancel });
    this.current.watched = listed.scan.folders.size;
  }

  private schedulePoll(delay = POLL_MIN_MS): void {
    if (this.cancel.isCancellationRequested) return;
    // One chain of checks: a poll started elsewhere (a fallback, a return) replaces the one waiting.
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => void this.poll(false), delay);
    this.pollTimer.unref?.();
  }

  /** The fallback's check: folders without a watch every few seconds, all of them now and then. */
  private async poll(forceFull: boolean): Promise<void> {
    const reconciler = this.reconciler;
    // The native watch took over again (a root that came back): its gap checks replace these.
    if (!reconciler || this.cancel.isCancellationRequested || this.current.backend === 'native') return;
    if (await this.rootAbsentOrBack()) {
      if (this.current.backend === 'fs.watch') this.schedulePoll();
      return;
    }
    const full = forceFull || Date.now() - this.lastFullCheck >= FULL_CHECK_MS;
    if (full) this.lastFullCheck = Date.now();
    const watcher = this.folderWatcher;
    const rels = full ? [...reconciler.folders.keys()] : [...reconciler.folders.keys()].filter((rel) => !watcher?.isWatched(joinRelative(this.root, rel)));
    const report = await reconciler.check(rels, { cancel: this.cancel });
    this.schedulePoll(Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, report.ms * POLL_DUTY)));
  }

  /**
   * Whether the check must leave the tree alone: the root is missing (nothing under it to
   * check), or it has just come back and was watched anew. The watches of a deleted or
   * moved root end with it, and no folder check can see a tree made again in its place.
   */
  private async rootAbsentOrBack(): Promise<boolean> {
    const there = await fs.promises.stat(this.root).then((st) => st.isDirectory(), () => false);
    if (!there) {
      if (!this.rootGone) this.lookForRoot(`${this.root} is gone: watching for it to come back`);
      return true;
    }
    if (!this.rootGone) return false;
    this.rootGone = false;
    clearInterval(this.rootLookout);
    await this.rootIsBack();
    return true;
  }

  /**
   * `.git/info/exclude` ignores files as `.gitignore` does, but lies in `.git`, which no watch
   * covers: one `fs.watch` of its folder (a single inotify watch) tells its edits. A
   * repository without that folder yet (it is made with the repository) goes without.
   */
  private watchGitExclude(): void {
    if (this.gitInfoWatch || this.cancel.isCancellationRequested) return;
    const folder = path.join(this.root, '.git', 'info');
    try {
      this.gitInfoWatch = fs.watch(folder, { persistent: false }, (_event, name) => {
        if (name !== null && String(name) !== 'exclude') return;
        this.options.onChange(path.join(folder, 'exclude'), 'changed', false);
        // As for a .gitignore: folders it no longer ignores are to be watched, new ignored ones left out.
        this.restartSoon();
      });
      this.gitInfoWatch.on('error', () => {
        this.gitInfoWatch?.close();
        this.gitInfoWatch = undefined;
      });
    } catch {
      this.gitInfoWatch = undefined; // no such folder (a plain tree, a worktree's `.git` file)
    }
  }

  /** Looks for the missing root every few seconds, whatever else checks (`rootAbsentOrBack`). */
  private lookForRoot(why: string): void {
    this.options.log.info(`file watcher: ${why}`);
    this.rootGone = true;
    clearInterval(this.rootLookout);
    this.rootLookout = setInterval(() => void this.rootAbsentOrBack(), POLL_MIN_MS);
    this.rootLookout.unref?.();
  }

  /** The root is there again: what the last listing knew and is gone is said, the tree watched anew, and all it holds reported. */
  private async rootIsBack(): Promise<void> {
    this.options.log.info(`file watcher: ${this.root} is there again: watching it anew`);
    await this.reconciler?.check(undefined, { cancel: this.cancel });
    const native = this.options.native === false ? undefined : (this.options.nativeModule ?? nativeWatcher().module);
    if (native) {
      this.folderWatcher?.dispose();
      this.folderWatcher = undefined;
      this.current.backend = 'native';
    }
    await this.renew();
    if (this.cancel.isCancellationRequested) return;
    // Everything is new to the index and the rules; the renewed watch already covers every folder.
    await listNewFolder(this.root, this.root, this.options.ignore, this.cancel, (p, isDir) => this.report(p, 'created', isDir));
  }

  dispose(): void {
    this.cancel.cancel();
    this.current.state = 'stopped';
    clearTimeout(this.pollTimer);
    clearTimeout(this.restartTimer);
    clearInterval(this.rootLookout);
    this.gitInfoWatch?.close();
    void dropAll(this.subscriptions);
    this.subscriptions = [];
    this.dropNewTrees();
    this.gaps?.dispose();
    this.folderWatcher?.dispose();
    this.markCovered();
  }
}
