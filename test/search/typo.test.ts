import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/search/query';
import { LcsCounter } from '../../server/search/typo';

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
