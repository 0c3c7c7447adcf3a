import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancellationSource } from '../core/cancel';
import type { Logger } from '../core/log';
import type { ChangeType } from './changes';
import { scanFolders } from './folderScan';
import { IGNORE_FILE_NAMES, type IgnoreRules } from './ignore';
import { nativeFolderBudget, nativeWatcher, subscribeNative, type NativeEvent } from './nativeWatcher';
import { joinRelative, relativeInside } from './paths';
import { FolderReconciler } from './reconcile';
import { FolderWatcher } from './watcher';

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
  private subscription: { unsubscribe(): Promise<void> } | undefined;
  private folderWatcher: FolderWatcher | undefined;
  private ignored = new Set<string>();
  private pollTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private lastFullCheck = 0;
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

  /** Resolves once every folder is watched or checked (or the watcher is disposed). */
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
    const scan = await scanFolders(this.root, ignore, '', this.cancel);
    if (this.cancel.isCancellationRequested) return;
    this.reconciler = new FolderReconciler(this.root, ignore, scan.folders, (p, t, isDir) => this.options.onChange(p, t, isDir));
    this.ignored = new Set(scan.ignored.map((rel) => joinRelative(this.root, rel)));
    const native = this.options.native === false ? { error: 'not asked for' } : nativeWatcher();
    let fallback: string | undefined;
    const budget = nativeFolderBudget();
    if (!native.module) fallback = `the native watcher did not load (${native.error})`;
    else if (scan.folders.size > budget) fallback = `${scan.folders.size} folders need more than half of the system's inotify watches (${budget * 2})`;
    else {
      try {
        this.subscription = await this.subscribe();
        this.current.backend = 'native';
      } catch (err) {
        fallback = `the native watcher failed (${(err as Error).message})`;
      }
    }
    if (this.cancel.isCancellationRequested) return void this.unsubscribe(this.subscription);
    if (fallback) await this.installFallback(fallback);
    const installed = Date.now();
    // What changed between listing a folder and watching it.
    const check = await this.reconciler.check(undefined, { changedSince: started, cancel: this.cancel });
    if (this.cancel.isCancellationRequested) return;
    this.options.log.debug(
      `file watcher: ${this.root}: ${scan.folders.size} folders listed in ${Math.round(scan.ms)} ms (${scan.ignored.length} ignored), ` +
        `watched (${this.current.backend}) ${installed - started - Math.round(scan.ms)} ms later, checked in ${Math.round(check.ms)} ms (${check.relisted} listed again)`,
    );
    this.current.state = 'watching';
    this.current.watched = scan.folders.size;
    this.current.coveredMs = Date.now() - started;
    if (this.current.backend === 'fs.watch') this.schedulePoll();
  }

  private subscribe(): Promise<{ unsubscribe(): Promise<void> }> {
    return subscribeNative(nativeWatcher().module!, this.root, [...this.ignored], (events) => void this.onNative(events), (err) => this.onNativeError(err));
  }

  private unsubscribe(subscription: { unsubscribe(): Promise<void> } | undefined): void {
    subscription?.unsubscribe().catch(() => undefined);
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
    if (this.cancel.isCancellationRequested) return;
    for (const event of events) {
      const rel = relativeInside(this.root, event.path);
      if (rel === undefined || rel === '') continue;
      if (IGNORE_FILE_NAMES.includes(path.basename(rel))) this.restartSoon();
      if (event.type === 'delete') {
        this.options.onChange(event.path, 'deleted', this.reconciler?.folders.has(rel) ?? false);
        continue;
      }
      if (event.type === 'update') {
        this.options.onChange(event.path, 'changed', false);
        continue;
      }
      let isDir: boolean;
      try {
        isDir = (await fs.promises.lstat(event.path)).isDirectory();
      } catch {
        continue; // gone already: its delete event follows
      }
      if (isDir && (await this.options.ignore().check(rel, true))) {
        // New build output or the like: left out of the native watch from now on.
        this.ignored.add(event.path);
        this.restartSoon();
        continue;
      }
      this.options.onChange(event.path, 'created', isDir);
    }
  }

  private onNativeError(err: Error): void {
    if (this.cancel.isCancellationRequested || this.current.backend !== 'native') return;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.unsubscribe(subscription);
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
    const ignore = this.options.ignore();
    const scan = await scanFolders(this.root, ignore, '', this.cancel);
    if (this.cancel.isCancellationRequested) return;
    for (const rel of scan.ignored) this.ignored.add(joinRelative(this.root, rel));
    this.reconciler = new FolderReconciler(this.root, ignore, scan.folders, (p, t, isDir) => this.options.onChange(p, t, isDir));
    if (this.current.backend === 'native') {
      const old = this.subscription;
      try {
        this.subscription = await this.subscribe();
        this.unsubscribe(old);
      } catch (err) {
        this.options.log.warn(`file watcher: ${this.root}: could not watch again (${(err as Error).message}); keeping the current watch`);
      }
    } else {
      await this.folderWatcher?.watchFolders(this.root, ignore, scan.folders.keys(), this.cancel);
    }
    this.current.watched = scan.folders.size;
  }

  private schedulePoll(delay = POLL_MIN_MS): void {
    if (this.cancel.isCancellationRequested) return;
    this.pollTimer = setTimeout(() => void this.poll(false), delay);
    this.pollTimer.unref?.();
  }

  /** The fallback's check: folders without a watch every few seconds, all of them now and then. */
  private async poll(forceFull: boolean): Promise<void> {
    const reconciler = this.reconciler;
    if (!reconciler || this.cancel.isCancellationRequested) return;
    const full = forceFull || Date.now() - this.lastFullCheck >= FULL_CHECK_MS;
    if (full) this.lastFullCheck = Date.now();
    const watcher = this.folderWatcher;
    const rels = full ? [...reconciler.folders.keys()] : [...reconciler.folders.keys()].filter((rel) => !watcher?.isWatched(joinRelative(this.root, rel)));
    const report = await reconciler.check(rels, { cancel: this.cancel });
    this.schedulePoll(Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, report.ms * POLL_DUTY)));
  }

  dispose(): void {
    this.cancel.cancel();
    this.current.state = 'stopped';
    clearTimeout(this.pollTimer);
    clearTimeout(this.restartTimer);
    this.unsubscribe(this.subscription);
    this.subscription = undefined;
    this.folderWatcher?.dispose();
    this.markCovered();
  }
}
