import type { Cancellation } from '../core/cancel';
import type { ParsedQuery } from './query';

/*
 * The types the ranking passes share (rank, the strict scan, the typo pass). They live
 * apart so that the passes import them without importing each other back.
 */

export interface RankOptions {
  /** Results wanted. */
  limit: number;
  /** Per file id: 1 when it passes the request's filters; undefined = every file passes. */
  allowed?: Uint8Array;
  cancel: Cancellation;
  /** The clock, for recency (ms since the epoch). */
  now: number;
  /**
   * The matches of an earlier query this one extends (same filters, unchanged table): only
   * they can match now, so only they are scanned. See `Narrowing`.
   */
  narrow?: Narrowing;
  /** Return this query's matches for the next keystroke (`TableMatches.narrowing`). */
  remember?: boolean;
}

/**
 * The matches of a query, to narrow the next keystroke's search to. `caseless` says
 * whether they were found ignoring case (the fallback), which makes them a superset of
 * both a smart-case and a caseless search for any query that extends this one.
 */
export interface Narrowing {
  matched: Int32Array;
  caseless: boolean;
}

/** One ranked file. */
export interface RankedFile {
  id: number;
  /** Rank key: alignment points plus the lifts (history, recency, shortness); higher is better. */
  score: number;
  /** 0..1: the score against a file named exactly like the query. Undefined for the empty query. */
  quality?: number;
  /** Matched only with typo tolerance. */
  typo: boolean;
}

export interface TableMatches {
  ranked: RankedFile[];
  /** Every file that matched (after filters), before the `limit` cut. */
  total: number;
  /** The query as finally matched (capitals dropped when smart case found nothing). */
  query: ParsedQuery;
  /** This query's matches, when `remember` was asked and they were not too many. */
  narrowing?: Narrowing;
}
