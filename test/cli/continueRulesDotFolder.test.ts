import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Continue reads `.continuerules` as one file at the workspace folder's root and its rule files from
 * `.continue/rules/` (its source: rules/agents/continue.ts has it): a rule put in a `.continuerules`
 * folder, as some rule converters write them, is never loaded, and `check` says where it goes.
 * Before, it said nothing.
 */
describe('a rule file in a .continuerules folder', () => {
  it('is said never read by Continue, with the .continue/rules path to move it to', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.continuerules/style.md': '---\nname: Style\nalwaysApply: true\n---\nUse tabs.\n',
      '.continue/rules/ok.md': '---\nalwaysApply: true\n---\nUse tabs.\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('.continuerules/style.md:1:1: warning [rule/not-read] Continue reads `.continuerules` only as a single file, and its rule files from `.continue/rules/`: Continue never reads this file. Move it to `.continue/rules/style.md`.');
    expect(out).not.toContain('ok.md');
  });
});
