import { popcount } from './chars';
import { termBits } from './facts';
import { CHECK_EVERY, lift, LIFT, liftCeiling, type YieldClock } from './lift';
import type { PathTable } from './pathTable';
import type { QueryTerm } from './query';
import type { RankOptions } from './rankTypes';
import { TopK } from './topK';

/**
 * Length of the longest common subsequence of a term (up to 64 characters) and a text,
 * computed 32 text-independent columns at a time with the bit-parallel recurrence
 * V' = (V + (V & M[c])) | (V & ~M[c]) on a two-word vector: a typo costs one character
 * of common subsequence, so "LCS ≥ length − errors" finds names one or two slips away.
 */
export class LcsCounter {
  private readonly codes: number[] = [];
  /** Slot of each code unit in `lo`/`hi`, -1 for characters not in the term. */
  private readonly slot = new Int8Array(65536).fill(-1);
  private readonly lo: number[] = [];
  private readonly hi: number[] = [];
  /** `lo` of each ASCII code unit (0: not in the term), read without the slot look-up: nearly every name is ASCII. */
  private readonly asciiLo = new Int32Array(128);
  private readonly lowMask0: number;
  private readonly lowMask1: number;
  readonly length: number;

  constructor(term: QueryTerm) {
    this.length = Math.min(term.length, 64);
    for (let i = 0; i < this.length; i++) {
      const c = term.lower[i];
      let k = this.slot[c];
      if (k < 0) {
        k = this.codes.length;
        this.slot[c] = k;
        this.codes.push(c);
        this.lo.push(0);
        this.hi.push(0);
      }
      if (i < 32) this.lo[k] |= 1 << i;
      else this.hi[k] |= 1 << (i - 32);
    }
    for (let k = 0; k < this.codes.length; k++) if (this.codes[k] < 128) this.asciiLo[this.codes[k]] = this.lo[k];
    this.lowMask0 = this.length >= 32 ? -1 : (1 << this.length) - 1;
    this.lowMask1 = this.length <= 32 ? 0 : this.length >= 64 ? -1 : (1 << (this.length - 32)) - 1;
  }

  /** LCS of the term and `codes[start .. start + length)` (folded code units). */
  count(codes: Uint16Array, start: number, length: number): number {
    if (this.length <= 32) return this.countShort(codes, start, length);
    let v0 = -1;
    let v1 = -1;
    const slot = this.slot;
    for (let i = start, end = start + length; i < end; i++) {
      const k = slot[codes[i]];
      if (k < 0) continue; // M[c] = 0 leaves V unchanged
      const m0 = this.lo[k];
      const m1 = this.hi[k];
      const u0 = v0 & m0;
      const u1 = v1 & m1;
      const sum0 = (v0 >>> 0) + (u0 >>> 0);
      const carry = sum0 > 0xffffffff ? 1 : 0;
      const sum1 = (v1 >>> 0) + (u1 >>> 0) + carry;
      v0 = (sum0 | 0) | (v0 & ~m0);
      v1 = (sum1 | 0) | (v1 & ~m1);
    }
    return popcount(~v0 & this.lowMask0) + popcount(~v1 & this.lowMask1);
  }

  /** `count` for terms of up to 32 characters (nearly all): one word, no carry to propagate. */
  private countShort(codes: Uint16Array, start: number, length: number): number {
    let v = -1;
    const slot = this.slot;
    const lo = this.lo;
    const asciiLo = this.asciiLo;
    for (let i = start, end = start + length; i < end; i++) {
      const c = codes[i];
      let m: number;
      // A character not in the term (m = 0) leaves V as it is: no branch for it, a guess that fails half the time.
      if (c < 128) m = asciiLo[c];
      else {
        const k = slot[c];
        if (k < 0) continue;
        m = lo[k];
      }
      v = ((v + (v & m)) | 0) | (v & ~m);
    }
    return popcount(~v & this.lowMask0);
  }
}

/** Typos tolerated in a term of this length (0 below four characters: too little to go on). */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  if (length < 16) return 2;
  return 3;
}

/**
 * Files whose name shares all but a few characters with the term, in order; `extra` counts
 * those the strict pass did not match (`strictMatches`: 1 per file it matched, `StrictScan`'s marks).
 */
export async function typoCandidates(table: PathTable, term: QueryTerm, options: RankOptions, clock: YieldClock, strictMatches: Uint8Array): Promise<{ top: TopK; extra: number }> {
  const errors = allowedTypos(term.length);
  const lcs = new LcsCounter(term);
  const need = lcs.length - errors;
  const top = new TopK(LIFT.typoDepth);
  const termMask = term.suffixMask[0];
  const bits = termBits(term);
  const { flags, nameMask, nameStart, nameLen, lower, nameId } = table;
  const allowed = options.allowed;
  // Per distinct name: 0 not read yet, 1 too far off, 2 + the characters in common.
  const commonByName = new Uint8Array(table.uniqueCount);
  // Built before the loop: an object literal first reached after a long loop has no type
  // feedback, and the optimised loop (entered on the stack) would be thrown away there on every call.
  const found = { top, extra: 0 };
  for (let id = 0; id < table.slotCount; id++) {
    if (id % CHECK_EVERY === 0 && clock.due()) await clock.check();
    if ((flags[id] & 1) === 0 || (allowed !== undefined && allowed[id] === 0)) continue;
    // Each term character the name lacks costs one character of common subsequence.
    let absent = termMask & ~nameMask[id];
    let missing = 0;
    if (absent !== 0) {
      if (popcount(absent) > errors) continue;
      for (; absent !== 0; absent &= absent - 1) missing += bits[31 - Math.clz32(absent & -absent)];
      if (missing > errors) continue;
    }
    const len = nameLen[id];
    if (len < need) continue;
    const uid = nameId[id];
    if (commonByName[uid] === 0) {
      // A file the strict pass counted matters here only if it can enter the top: with as
      // many characters in common as its name and the characters it has allow (`shape` grows with them).
      if (strictMatches[id] === 1) {
        const most = Math.min(lcs.length, term.length - missing, len);
        if (!top.admits(most * 4 - (len - most) * 0.5 + liftCeiling(table, id) * 0.1, id)) continue;
      }
      const c = lcs.count(lower, nameStart[id], len);
      commonByName[uid] = c < need ? 1 : c + 2;
    }
    if (commonByName[uid] === 1) continue;
    const common = commonByName[uid] - 2;
    if (strictMatches[id] === 0) found.extra++;
    // More characters in common first, then the fewest extra characters in the name.
    const shape = common * 4 - (len - common) * 0.5;
    // The exact lift (a power, for recency) only for a file whose ceiling gets in.
    if (!top.admits(shape + liftCeiling(table, id) * 0.1, id)) continue;
    top.push(id, shape + lift(table, id, options.now) * 0.1);
  }
  return found;
}
