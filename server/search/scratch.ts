import { releaseWhenQuiet } from '../core/gc';
import { Scorer } from './score';

/**
 * Working memory of searches, kept between them. At hundreds of searches a second each
 * allocated about half a megabyte of typed arrays (a 128 KB character table per query
 * term, per-name caches the size of the table's name list, a 90 KB scorer) that lived
 * until the next garbage collection. Their backing stores come from the C heap, which
 * grew to hold tens of megabytes of them and stayed that size long after the load (the
 * load benchmark's "RSS 10 s after"); reused, the heap stays near its resting size.
 */

let shared: Scorer | undefined;

/**
 * The scorer every search shares. Sharing is safe because no caller keeps a loaded path
 * across an `await`: each loads and scores in one synchronous step.
 */
export function sharedScorer(): Scorer {
  return (shared ??= new Scorer());
}

/** Free buffers kept for the next search at most, in bytes. */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;
const free: ArrayBuffer[] = [];
let keptBytes = 0;
// Kept for the next search of a burst; once searches stop, up to `MAX_KEPT_BYTES` held at rest for nothing.
releaseWhenQuiet(() => {
  free.length = 0;
  keptBytes = 0;
});

/** A buffer of at least `bytes`: a kept one when one fits without wasting more than half of it, else a new one. */
function take(bytes: number): ArrayBuffer {
  let best = -1;
  for (let i = 0; i < free.length; i++) {
    const size = free[i].byteLength;
    if (size >= bytes && size <= bytes * 2 && (best < 0 || size < free[best].byteLength)) best = i;
  }
  if (best < 0) return new ArrayBuffer(Math.max(8, bytes));
  const [buffer] = free.splice(best, 1);
  keptBytes -= buffer.byteLength;
  return buffer;
}

/** `length` zeroed (or `fill`ed) 32-bit integers, from a kept buffer when there is one; hand back with `giveBack`. */
export function borrowInt32(length: number, fill = 0): Int32Array {
  return new Int32Array(take(length * 4), 0, length).fill(fill);
}

export function borrowInt16(length: number, fill = 0): Int16Array {
  return new Int16Array(take(length * 2), 0, length).fill(fill);
}

export function borrowUint8(length: number, fill = 0): Uint8Array {
  return new Uint8Array(take(length), 0, length).fill(fill);
}

/**
 * Keeps arrays from `borrow…` for the next search. The caller must not touch them after:
 * a scan gives back its working memory once it has stopped, with its result or cancelled
 * (`rank.ts` releases it in a `finally`), never while it still runs.
 */
export function giveBack(arrays: readonly ArrayBufferView[]): void {
  for (const a of arrays) {
    const buffer = a.buffer as ArrayBuffer;
    if (keptBytes + buffer.byteLength > MAX_KEPT_BYTES || free.includes(buffer)) continue;
    free.push(buffer);
    keptBytes += buffer.byteLength;
  }
}
