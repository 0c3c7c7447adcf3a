import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A file its agent never reads is told where to go (`Move it to …`). Where a file is there
 * already (a `.cursorrules.md` of notes beside the `.cursorrules` Cursor reads, review
 * instructions in `.github/instructions/copilot-instructions.md` beside the real
 * `.github/copilot-instructions.md`), that advice would replace the file the agent reads: check
 * says the place is taken and to merge. Before, it said `Move it to .cursorrules` all the same.
 */
describe('a file never read whose place is taken', () => {
  it('is told to merge into the file at that place, not to move over it', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursorrules': '# Rules\nUse tabs.\n',
      '.cursorrules.md': '# About our rules\nThey say: use tabs.\n',
      '.github/copilot-instructions.md': 'Use tabs.\n',
      '.github/instructions/copilot-instructions.md': 'In reviews, ask for tests.\n',
      '.windsurfrules.md': '# Rules\nUse tabs.\n',
    });
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const notRead = json.diagnostics.filter((d) => d.code === 'rule/not-read').map((d) => [d.path, d.severity, d.message.slice(d.message.indexOf('never reads this file.'))]);
    expect(notRead).toEqual([
      ['.cursorrules.md', 'warning', 'never reads this file. `.cursorrules` exists already, and a move would replace it: merge what this file adds into that one.'],
      ['.github/instructions/copilot-instructions.md', 'warning', 'never reads this file. `.github/copilot-instructions.md` exists already, and a move would replace it: merge what this file adds into that one.'],
      // Nothing at `.windsurfrules`: the move stays.
      ['.windsurfrules.md', 'warning', 'never reads this file. Move it to `.windsurfrules`.'],
    ]);
  });
});
