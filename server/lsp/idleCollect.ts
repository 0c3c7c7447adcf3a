import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type { Logger } from '../core/log';

/** Requests that make a burst worth collecting after (a few minutes of ordinary editing). */
const BURST_REQUESTS = 500;
/** Quiet after a burst before collecting. */
const QUIET_MS = 2_000;
const MiB = 1024 * 1024;

/**
 * Gives memory back once a burst of requests is over. Hundreds of searches a second leave
 * tens of megabytes of garbage and a grown young generation (the load benchmark: RSS 25
 * MiB above its resting size ten seconds later) that V8 would reclaim at its next full
 * collection, which an idle server may not reach for a long time. One full collection
 * when the burst has been quiet for two seconds takes it back (measured: within 5 MiB).
 * It runs when nothing is asked of the server, and at most once a burst.
 */
export class BurstCollector {
  private requests = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly log: Logger) {}

  /** A request arrived. */
  requestArrived(): void {
    this.requests++;
    if (this.requests < BURST_REQUESTS) return;
    if (this.timer) this.timer.refresh();
    else {
      this.timer = setTimeout(() => this.collect(), QUIET_MS);
      this.timer.unref?.();
    }
  }

  private collect(): void {
    const burst = this.requests;
    this.requests = 0;
    this.timer = undefined;
    const gc = fullCollection();
    if (!gc) return;
    const before = process.memoryUsage();
    const started = performance.now();
    gc();
    const after = process.memoryUsage();
    this.log.debug(
      `memory: collected after a burst of ${burst} requests in ${Math.round(performance.now() - started)} ms: heap ${Math.round(before.heapUsed / MiB)} -> ${Math.round(after.heapUsed / MiB)} MiB, RSS ${Math.round(before.rss / MiB)} -> ${Math.round(after.rss / MiB)} MiB`,
    );
  }
}

let gcFunction: (() => void) | null | undefined;

/**
 * V8's full collection, made reachable once: `--expose-gc` set at run time applies to
 * contexts created after it, so a fresh context hands out `gc`. Null where that fails.
 */
function fullCollection(): (() => void) | undefined {
  if (gcFunction === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      gcFunction = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      gcFunction = null;
    }
  }
  return gcFunction ?? undefined;
}
