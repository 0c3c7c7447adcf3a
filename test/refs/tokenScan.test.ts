import { describe, expect, it } from 'vitest';
import { findTokens, tokenRegExp } from '../../server/refs/token';
import { Random } from './random';

/** The matches of the §2.1 regular expression itself, the reference `findTokens` must equal. */
function byRegex(text: string) {
  return [...text.matchAll(tokenRegExp())].map((m) => ({ refId: m[1], displayPath: m[2], start: m.index, end: m.index + m[0].length, displayStart: m.index + 7 + m[1].length + 1 }));
}

describe('findTokens', () => {
  it('finds exactly what the §2.1 regex finds, on 5,000 seeded texts of token pieces', () => {
    const rng = new Random(0x70ce);
    const pieces = ['<@file:', '<@file:a|', 'ref_0', 'a', '-', '_', '|', '>', '\\', '<@', ' ', '\n', 'x/y.ts', '<', '@'];
    for (let i = 0; i < 5000; i++) {
      const text = rng.text(pieces, 24);
      expect(findTokens(text), `seed 0x70ce, case ${i}: ${JSON.stringify(text)}`).toEqual(byRegex(text));
    }
  });

  it('is linear on unterminated tokens (the regex retries [^>]+ from each one)', () => {
    const text = '<@file:a|x '.repeat(200_000);
    expect(findTokens(text)).toEqual([]);
    expect(findTokens(text + '>')).toHaveLength(1);
  });
});
