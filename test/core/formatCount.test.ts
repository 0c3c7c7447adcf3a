import { describe, expect, it } from 'vitest';
import { formatCount } from '../../server/core/limits';

// formatCount groups digits itself (toLocaleString's first call loads ICU while the server
// starts); what it prints must stay what en-US formatting prints.
describe('formatCount', () => {
  const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12345, 99999, 100000, 123456, 999999, 1000000, 32768, 65536, 1048576, 2 ** 31, Number.MAX_SAFE_INTEGER];
  for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n);

  it('prints each count as en-US grouping does, negatives and fractions rounded as before', () => {
    for (const n of [...samples, ...samples.filter((s) => s > 0).map((s) => -s), 0.4, 0.5, 1.5, 999.5, -999.5, 1234.49]) {
      expect(formatCount(n), String(n)).toBe(Math.round(n).toLocaleString('en-US'));
    }
  });

  it('prints a negative zero as 0', () => {
    expect(formatCount(-0.4)).toBe('0');
  });
});
