import { describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { YieldClock } from '../../server/search/lift';
import { parseQuery } from '../../server/search/query';
import { LcsCounter, typoCandidates } from '../../server/search/typo';
import { tableOf } from './helpers';

/** Textbook quadratic LCS, the reference for the bit-parallel counter. */
function lcs(a: string, b: string): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    prev = cur;
  }
  return prev[b.length];
}

describe('longest common subsequence counter', () => {
  it('agrees with the quadratic reference on both sides of 32 term characters (one word, two words)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const text = (n: number) => Array.from({ length: n }, () => 'abcde'[Math.floor(next() * 5)]).join('');
    for (let n = 0; n < 3000; n++) {
      const q = text(1 + Math.floor(next() * 64));
      const t = text(Math.floor(next() * 80));
      const codes = Uint16Array.from(t, (c) => c.charCodeAt(0));
      expect(new LcsCounter(parseQuery(q).terms[0]).count(codes, 0, codes.length), `${q} / ${t}`).toBe(lcs(q, t));
    }
  });
});

describe('typo candidates', () => {
  // Files the strict pass matched are read only when they can still enter the top: which
  // files are marked so must change the count of files added, never the top.
  it('keep the same top whichever files the strict pass matched', async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const pick = () => letters[Math.floor(next() * 26)];
    // `.properties` with up to three characters dropped, one inserted, and a word before it.
    const name = () => {
      const chars = [...'.properties'];
      for (let k = Math.floor(next() * 4); k > 0; k--) chars.splice(Math.floor(next() * chars.length), 1);
      if (next() < 0.5) chars.splice(Math.floor(next() * chars.length), 0, pick());
      return Array.from({ length: Math.floor(next() * 12) }, pick).join('') + chars.join('');
    };
    const table = tableOf(Array.from({ length: 4000 }, (_, i) => `d${i % 37}/${name()}`));
    const term = parseQuery('.properties').terms[0];
    const options = { limit: 50, cancel: NEVER_CANCELLED, now: Date.now() };
    const run = (marks: Uint8Array) => typoCandidates(table, term, options, new YieldClock(NEVER_CANCELLED), marks);
    const none = await run(new Uint8Array(table.slotCount));
    const all = await run(new Uint8Array(table.slotCount).fill(1));
    // Enough candidates to fill the top, or nothing is pruned.
    expect(none.extra).toBeGreaterThan(1000);
    expect(all.extra).toBe(0);
    expect(all.top.sorted()).toEqual(none.top.sorted());
  });
});
