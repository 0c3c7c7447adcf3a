import * as v8 from 'node:v8';
import { BURST_REQUESTS, fullCollection, onGarbageLeft, QUIET_MS, releaseQuietMemory, type GcFunction } from '../core/gc';
import type { Logger } from '../core/log';
import { releaseFreedMalloc } from '../core/mallocTrim';
import { loadTrace } from './loadTrace';

const MiB = 1024 * 1024;
/**
 * The young generation after a burst: V8 shrinks it at a collection only when allocation
 * was slow over its last five seconds of samples (`Heap::ReduceNewSpaceSize`), which a
 * collection two seconds after a burst never sees; grown to 16-32 MiB by the burst it
 * then stays resident. A scavenge of the near-empty young generation each second (under
 * a millisecond each) gives V8 quiet samples until it shrinks it: measured, about three
 * seconds after the collection, and RSS 16-30 MiB lower at rest.
 */
const SHRINK_EVERY_MS = 1_000;
const SHRINK_TRIES = 30;
/** What V8 keeps of the young generation at rest (it shrinks to 1-2 MiB). */
const YOUNG_AT_REST = 2 * MiB;

/**
 * Gives memory back once a burst of requests is over. Hundreds of searches a second leave
 * tens of megabytes of garbage and a grown young generation (the load benchmark: RSS 25
 * MiB above its resting size ten seconds later) that V8 would reclaim at its next full
 * collection, which an idle server may not reach for a long time. One full collection
 * when the burst has been quiet for two seconds takes it back (measured: within 5 MiB).
 * It runs when nothing is asked of the server, and at most once a burst (and once after start-up).
 */
export class BurstCollector {
  private requests = 0;
  private timer: NodeJS.Timeout | undefined;
  private shrinkTimer: NodeJS.Timeout | undefined;
  /** What asked for the next collection other than a burst (start-up, a save), named in the log. */
  private reason: string | undefined;
  /** The timer is armed without waiting for quiet (`garbageLeft` on an idle server): a request arriving re-arms it to wait. */
  private soon = false;

  constructor(private readonly log: Logger) {
    onGarbageLeft((what) => this.garbageLeft(what));
  }

  /** A request arrived, or an edit of a document (didOpen, didChange, didSave: the user is typing). */
  requestArrived(): void {
    this.arrived(1);
  }

  /**
   * File changes arrived (a batch of `count`): the index, its stored copy and the rules are
   * updated for each, which leaves garbage as requests do. A checkout's thousands of
   * changes are a burst of their own. (The 3 MiB of array buffers the load benchmark
   * still found after its churn were the index's save that followed: `garbageLeft`.)
   */
  changesArrived(count: number): void {
    this.arrived(count);
  }

  private arrived(count: number): void {
    this.requests += count;
    if (this.soon) {
      // Not idle after all: wait for the quiet, as after a burst.
      clearTimeout(this.timer);
      this.arm(QUIET_MS);
    } else if (this.timer) this.timer.refresh();
    else if (this.requests >= BURST_REQUESTS) this.arm(QUIET_MS);
  }

  /**
   * Start-up work is done (the first index of every folder): that left as much garbage as
   * a burst (the load benchmark: 25 MiB of the old generation, RSS about 20 MiB above the
   * resting size), so it is collected the same way, once requests have been quiet.
   */
  startupDone(): void {
    // The first index's save, done before this, is part of start-up's garbage.
    this.reason = 'start-up';
    if (!this.timer) this.arm(QUIET_MS);
  }

  /**
   * Work no request asked for left garbage (`collectWhenQuiet`: the file index saved ten
   * seconds after its first change, which comes after a burst's collection): collected the
   * same way, once requests have been quiet; at once when nothing at all arrived since the
   * last collection (the server is idle: no burst to wait out; an edit counts as arriving). Measured in the load
   * benchmark: the save came 6-9 s after the files stopped changing, so a collection two
   * seconds later often fell after the benchmark's "10 s after" and its 2.9 MiB of array
   * buffers were still counted. At most once a save, and saves are ten seconds apart.
   */
  private garbageLeft(what: string): void {
    this.reason ??= what;
    // Said so that a test (and a user reading the debug log) can tell the work ended from the collection that follows it.
    this.log.debug(`memory: ${what} left garbage; collecting once requests are quiet`);
    if (this.timer) return;
    if (this.requests > 0) return this.arm(QUIET_MS);
    this.soon = true;
    this.arm(0);
  }

  private arm(delayMs: number): void {
    this.soon = delayMs < QUIET_MS;
    this.timer = setTimeout(() => this.collect(), delayMs);
    this.timer.unref?.();
  }

  private collect(): void {
    const burst = this.requests;
    const why = burst >= BURST_REQUESTS ? `a burst of ${burst} requests and file changes` : (this.reason ?? 'start-up');
    this.requests = 0;
    this.reason = undefined;
    this.timer = undefined;
    this.soon = false;
    releaseQuietMemory();
    const gc = fullCollection();
    if (!gc) return;
    const before = process.memoryUsage();
    const started = performance.now();
    gc();
    const after = process.memoryUsage();
    loadTrace?.memoryEvent(`full collection after ${why}`);
    this.log.debug(
      `memory: collected after ${why} in ${Math.round(performance.now() - started)} ms: heap ${Math.round(before.heapUsed / MiB)} -> ${Math.round(after.heapUsed / MiB)} MiB, RSS ${Math.round(before.rss / MiB)} -> ${Math.round(after.rss / MiB)} MiB`,
    );
    clearTimeout(this.shrinkTimer);
    this.shrinkYoung(gc, SHRINK_TRIES, after.rss);
  }

  /** Gives the young generation back (see `SHRINK_EVERY_MS`); stops when requests come (it is in use again). */
  private shrinkYoung(gc: GcFunction, tries: number, rssBefore: number): void {
    this.shrinkTimer = setTimeout(() => {
      this.shrinkTimer = undefined;
      if (this.requests > 0) {
        loadTrace?.memoryEvent(`requests came: young generation left at ${(youngGenerationBytes() / MiB).toFixed(1)} MiB`);
        return loadTrace?.collected();
      }
      gc({ type: 'minor' });
      loadTrace?.memoryEvent(`scavenge: young generation ${(youngGenerationBytes() / MiB).toFixed(1)} MiB`);
      if (youngGenerationBytes() > YOUNG_AT_REST && tries > 1) return this.shrinkYoung(gc, tries - 1, rssBefore);
      const rssYoung = process.memoryUsage().rss;
      this.log.debug(`memory: young generation ${youngGenerationBytes() > YOUNG_AT_REST ? 'not ' : ''}given back: RSS ${Math.round(rssBefore / MiB)} -> ${Math.round(rssYoung / MiB)} MiB`);
      // Last, when both threads' collections have freed what they hold outside V8's heap: what malloc keeps of it (mallocTrim.ts).
      const started = performance.now();
      const trim = releaseFreedMalloc();
      if (trim.trimmed) {
        loadTrace?.memoryEvent('malloc_trim');
        this.log.debug(`memory: freed malloc memory given back in ${Math.round(performance.now() - started)} ms: RSS ${Math.round(rssYoung / MiB)} -> ${Math.round(process.memoryUsage().rss / MiB)} MiB`);
      } else if (trim.turnedOff !== undefined) {
        this.log.debug(`memory: could not give freed malloc memory back (${trim.turnedOff}); not tried again`);
      }
      loadTrace?.collected();
    }, SHRINK_EVERY_MS);
    this.shrinkTimer.unref?.();
  }
}

function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.physical_space_size ?? 0;
}
