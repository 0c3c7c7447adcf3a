import { throwIfCancelled, type Cancellation } from '../core/cancel';
import { TimeSlicer } from '../core/slices';
import type { PathTable } from './pathTable';

/** Lifts, in alignment points: how much shortness, picks and recency weigh beside the match. */
export const LIFT = {
  perNameChar: 0.4,
  perFolderChar: 0.04,
  /** A file modified just now gains this much, halving every `recencyHalfLifeMs`. */
  recent: 6,
  recencyHalfLifeMs: 24 * 3600 * 1000,
  /** Points the typo pass concedes, so a typo match never outranks a clean one of equal shape. */
  typoPenalty: 6,
  /**
   * Points a match through two swapped neighbours (`openatg` → OpenTag) concedes beside
   * `typoPenalty`: about one matched character, far less than skipping two.
   */
  swapPenalty: 16,
  /** Typo candidates scored in full. */
  typoDepth: 200,
  /** Least quality (score against the perfect score) of a typo match. */
  typoMinQuality: 0.5,
  /**
   * The typo pass runs when the best clean match scores below this quality (or none has
   * the query in its name). Letters scattered over a long name still score near 0.85
   * (`openatg` in OpenTestActionIcon.gif), so only a near-contiguous match skips it.
   */
  typoBelowQuality: 0.9,
  /**
   * Points a file gains in a typo pass when the term is its whole stem or one slip from it
   * (`spellsStem`), and when a query longer than a term holds is its whole name (`isNamed`).
   */
  wholeStem: 30,
};

/** What a file gains beside its alignment: picks, recency, and a little for being short. */
export function lift(table: PathTable, id: number, now: number): number {
  let points = table.boost[id] - LIFT.perNameChar * table.nameLen[id] - LIFT.perFolderChar * table.dirLen[table.fileDir[id]];
  const mtime = table.mtime[id];
  if (mtime > 0) points += LIFT.recent * Math.pow(0.5, Math.max(0, now - mtime) / LIFT.recencyHalfLifeMs);
  return points;
}

/** `lift` with the largest recency lift: cheap, and never below the real one. */
export function liftCeiling(table: PathTable, id: number): number {
  return liftCeilingIn(table, id, folderLift(table, table.fileDir[id]));
}

/** What a file's folder path takes off its lift (`lift`'s folder term), for a scan that reads it once per folder. */
export function folderLift(table: PathTable, dir: number): number {
  return LIFT.perFolderChar * table.dirLen[dir];
}

/** `liftCeiling` of a file in a folder whose `folderLift` is known. */
export function liftCeilingIn(table: PathTable, id: number, folderPart: number): number {
  return table.boost[id] - LIFT.perNameChar * table.nameLen[id] - folderPart + (table.mtime[id] > 0 ? LIFT.recent : 0);
}

export function clamp01(x: number): number {
  return x <= 0 ? 0 : x >= 1 ? 1 : x;
}

/** Files scanned between two looks at the clock. */
export const CHECK_EVERY = 1024;
/**
 * Longest run of search work between two turns of the event loop. A cancel, a newer
 * keystroke or a status request waits at most this long (plus one `CHECK_EVERY` slice)
 * to be read; the load benchmark asks cancels be answered within 5 ms at p99, and a
 * yield costs a few microseconds, so slices are kept well under that.
 */
const YIELD_AFTER_MS = 2;

/** Polls cancellation and lets the event loop breathe during long scans. */
export class YieldClock {
  private readonly slicer = new TimeSlicer(YIELD_AFTER_MS);
  constructor(private readonly cancel: Cancellation) {}

  /**
   * Throws when cancelled; true when a turn is due (`check` would yield). A scan's loop asks
   * this and awaits `check` only then: an `await` on every slice allocated a promise and a
   * resumption each time (about 90 a query on the 92k list) to yield once in many.
   */
  due(): boolean {
    throwIfCancelled(this.cancel);
    return this.slicer.due();
  }

  async check(): Promise<void> {
    throwIfCancelled(this.cancel);
    await this.slicer.breathe();
    // A cancel read during the turn stops the scan before its next slice.
    throwIfCancelled(this.cancel);
  }
}
