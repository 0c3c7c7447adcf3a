import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** Requests that make a burst worth collecting after (a few minutes of ordinary editing). */
export const BURST_REQUESTS = 500;
/** Quiet after a burst before collecting. */
export const QUIET_MS = 2_000;

/** V8's `gc` (`--expose-gc`): a full collection, or with `{ type: 'minor' }` a scavenge. */
export type GcFunction = (options?: { type: 'minor' | 'major' }) => void;

let gcFunction: GcFunction | null | undefined;

/**
 * V8's full collection of the calling thread's heap, made reachable once: `--expose-gc`
 * set at run time applies to contexts created after it, so a fresh context hands out
 * `gc`. Undefined where that fails.
 */
export function fullCollection(): GcFunction | undefined {
  if (gcFunction === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      gcFunction = typeof gc === 'function' ? (gc as GcFunction) : null;
    } catch {
      gcFunction = null;
    }
  }
  return gcFunction ?? undefined;
}

const quietReleases: (() => void)[] = [];

/**
 * Registers what a module keeps only for busy times (a pool of working memory reused from
 * one search to the next) to let go of once a burst of requests is over: kept at rest,
 * it is memory the server holds for nothing (issue 13: RSS back near its start after a load).
 */
export function releaseWhenQuiet(release: () => void): void {
  quietReleases.push(release);
}

/** Lets go of what `releaseWhenQuiet` registered: a burst is over (`lsp/idleCollect.ts`), before its full collection. */
export function releaseQuietMemory(): void {
  for (const release of quietReleases) release();
}

let garbageListener: ((what: string) => void) | undefined;

/**
 * Work that runs while no request asks for it (a save of the file index, ten seconds after
 * the last file change) left garbage off V8's heap: the server's quiet collector
 * (`lsp/idleCollect.ts`) collects once requests have been quiet. Without it, that garbage
 * waited for a collection an idle server may not reach for a long time: the load
 * benchmark's save after the burst's collection kept 2.9 MiB of array buffers (issue 13).
 * `what` names the work in the collector's log. Nothing happens where no collector listens (the CLI).
 */
export function collectWhenQuiet(what: string): void {
  garbageListener?.(what);
}

/** The server's quiet collector, told of `collectWhenQuiet` (one a process: the server's). */
export function onGarbageLeft(listener: (what: string) => void): void {
  garbageListener = listener;
}
