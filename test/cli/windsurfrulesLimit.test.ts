import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** `agentls check --format json` of a workspace holding only `.windsurfrules` with this text: its rule/too-long findings. */
function tooLong(text: string): CheckJson['diagnostics'] {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.windsurfrules': text });
  const run = builtCli(['check', '--format', 'json'], { cwd: ws });
  return (JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.code === 'rule/too-long');
}

/** `n` characters in lines of 100 (99 and a line break), the last one shorter. */
const text = (n: number) => Array.from({ length: Math.ceil(n / 100) }, (_, i) => 'x'.repeat(Math.min(100, n - i * 100) - 1) + '\n').join('');

/**
 * The one revision of Windsurf's docs naming `.windsurfrules` gave it 6,000 characters, the
 * rest cut; its current docs give 12,000 to a `.windsurf/rules` file and do not name the
 * legacy file (agents/windsurf.ts). Between the two, which holds is unclear: an information
 * naming both; past 12,000, past both: an error.
 */
describe('the character limit of the legacy .windsurfrules', () => {
  it('says nothing up to 6,000 characters', () => {
    expect(tooLong(text(6_000))).toEqual([]);
  });

  it('between 6,000 and 12,000: an information naming both figures, from the 6,000th character', () => {
    const found = tooLong(text(8_000));
    expect(found.map((d) => d.severity)).toEqual(['information']);
    expect(found[0].message).toContain('6,000');
    expect(found[0].message).toContain('12,000');
    expect(found[0].message).toMatch(/this one has 8,000/i);
    expect(found[0].message).toMatch(/docs\.windsurf\.com\/windsurf\/memories/);
    // The 6,001st character opens line 61.
    expect(found[0].range.start).toEqual({ line: 60, character: 0 });
  });

  it('past 12,000: an error, from the 12,000th character', () => {
    const found = tooLong(text(13_000));
    expect(found.map((d) => d.severity)).toEqual(['error']);
    expect(found[0].message).toContain('this one has 13,000');
    expect(found[0].message).toContain('6,000');
    expect(found[0].range.start).toEqual({ line: 120, character: 0 });
  });
});
