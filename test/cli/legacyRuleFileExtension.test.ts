import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Cursor's and Windsurf's legacy single rule files are named `.cursorrules` and `.windsurfrules`,
 * with no extension (their docs: rules/agents/cursor.ts, windsurf.ts): one saved as
 * `.cursorrules.md` or `.windsurfrules.md` is never read, and `check` says so with the name to use.
 * Before, it said nothing.
 */
describe('a legacy rule file saved with an extension', () => {
  it('is said never read by its tool, with the name it reads', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursorrules.md': '# Rules\nUse tabs.\n',
      '.windsurfrules.md': '# Rules\nUse tabs.\n',
    });
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.severity, d.code, d.message])).toEqual([
      ['.cursorrules.md', 'warning', 'rule/not-read', 'Cursor reads its legacy rule file only under the exact name `.cursorrules`, with no extension, and this one is `.cursorrules.md`: Cursor never reads this file. Move it to `.cursorrules`.'],
      ['.windsurfrules.md', 'warning', 'rule/not-read', 'Windsurf reads its legacy rule file only under the exact name `.windsurfrules`, with no extension, and this one is `.windsurfrules.md`: Windsurf never reads this file. Move it to `.windsurfrules`.'],
    ]);
  });
});
