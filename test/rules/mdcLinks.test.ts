import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/core/limits';
import { findMdcLinks } from '../../server/rules/mdcLinks';

describe('findMdcLinks', () => {
  it('finds inline, angle-bracketed, autolinked and reference-defined links, and none in code', () => {
    const text = [
      '[a](mdc:a.ts) [b](<mdc:b c.ts>) <mdc:d.ts> [e](mdc:app/(g)/e.tsx "title") [f](mdc:f\\(1\\).ts)',
      '[ref]: mdc:g.ts',
      'plain mdc:h.ts and `[i](mdc:i.ts)`',
      '~~~',
      '[j](mdc:j.ts)',
      '~~~',
    ].join('\n');
    expect(findMdcLinks(text).map((l) => [l.target, text.slice(l.start, l.end)])).toEqual([
      ['a.ts', 'mdc:a.ts'],
      ['b c.ts', 'mdc:b c.ts'],
      ['d.ts', 'mdc:d.ts'],
      ['app/(g)/e.tsx', 'mdc:app/(g)/e.tsx'],
      ['f(1).ts', 'mdc:f\\(1\\).ts'],
      ['g.ts', 'mdc:g.ts'],
    ]);
  });

  it('stops at LIMITS.mdcLinks links, and reads a path no further than its cap', () => {
    expect(findMdcLinks('[x](mdc:x.ts) '.repeat(LIMITS.mdcLinks + 5))).toHaveLength(LIMITS.mdcLinks);
    const [long] = findMdcLinks(`[x](mdc:${'a'.repeat(100_000)})`);
    expect(long.target.length).toBe(4096);
  });

  it('takes a reference definition only at its line start, and looks at no more than LIMITS.mdcLinkOccurrences occurrences', () => {
    const text = ['[r1]:mdc:a.ts', '   [r2]: \t mdc:b.ts', 'x [r3]: mdc:c.ts', '[r4]x]: mdc:d.ts', '    [r5]: mdc:e.ts', '[r6]: <mdc:f.ts>'].join('\n');
    expect(findMdcLinks(text).map((l) => l.target)).toEqual(['a.ts', 'b.ts', 'f.ts']);
    expect(findMdcLinks(`${'mdc:x '.repeat(LIMITS.mdcLinkOccurrences)}[y](mdc:y.ts)`)).toEqual([]);
  });
});
