import type { Cancellation } from '../core/cancel';
import { listFolder, scanFolders, type FolderScan } from './folderScan';
import type { IgnoreRules } from './ignore';
import { subscribeNative, type NativeEvent, type NativeModule, type NativeSubscription } from './nativeWatcher';
import { joinRelative } from './paths';

export interface ScanAndWatch {
  scan: FolderScan;
  /** The live native watches (none when `overBudget` or `error`). */
  subscriptions: NativeSubscription[];
  /** Top-level folders with a native watch of their own (absolute). */
  watchedTops: string[];
  overBudget: boolean;
  error?: Error;
}

/**
 * Lists the kept folders of a root and, when `module` is given, watches it natively as
 * the listing goes: each top-level folder gets its own recursive watch as soon as it is
 * listed (its ignored folders left out), so the native crawl of one runs on its thread
 * while the next is listed; one more watch covers the root's own files and any new
 * top-level folder. Watching stops, and every watch is dropped, once the folders listed
 * exceed `budget` (the inotify watches it is fair to take) or a watch fails.
 */
export async function scanAndWatch(options: {
  root: string;
  ignore: IgnoreRules;
  module?: NativeModule;
  budget: number;
  cancel: Cancellation;
  onEvents: (events: NativeEvent[]) => void;
  onError: (err: Error) => void;
}): Promise<ScanAndWatch> {
  const { root, ignore, module, cancel } = options;
  const t0 = performance.now();
  const abs = (rel: string) => joinRelative(root, rel);
  const scan: FolderScan = { folders: new Map(), ignored: [], unreadable: 0, ms: 0 };
  const result: ScanAndWatch = { scan, subscriptions: [], watchedTops: [], overBudget: false };
  const top = await listFolder(root, '', ignore);
  if (!top) {
    scan.unreadable++;
    return result;
  }
  scan.folders.set('', top.state);
  scan.ignored.push(...top.ignored);
  const pending: Promise<NativeSubscription>[] = [];
  const watch = (dir: string, ignored: string[]) => {
    if (module && !result.overBudget) pending.push(subscribeNative(module, dir, ignored, options.onEvents, options.onError));
  };
  watch(root, [...top.folders, ...top.ignored].map(abs));
  for (const child of top.folders) {
    const part = await scanFolders(root, ignore, child, cancel);
    for (const [rel, state] of part.folders) scan.folders.set(rel, state);
    scan.ignored.push(...part.ignored);
    scan.unreadable += part.unreadable;
    if (cancel.isCancellationRequested) break;
    if (scan.folders.size > options.budget) result.overBudget = true;
    watch(abs(child), part.ignored.map(abs));
    if (module && !result.overBudget) result.watchedTops.push(abs(child));
  }
  scan.ms = performance.now() - t0;
  const settled = await Promise.allSettled(pending);
  for (const s of settled) {
    if (s.status === 'fulfilled') result.subscriptions.push(s.value);
    else result.error ??= s.reason instanceof Error ? s.reason : new Error(String(s.reason));
  }
  if (result.overBudget || result.error || cancel.isCancellationRequested) {
    void dropAll(result.subscriptions);
    result.subscriptions = [];
  }
  return result;
}

/** Ends native watches (resolves when they are gone; never rejects). */
export async function dropAll(subscriptions: readonly NativeSubscription[]): Promise<void> {
  await Promise.all(subscriptions.map((s) => s.unsubscribe().catch(() => undefined)));
}
