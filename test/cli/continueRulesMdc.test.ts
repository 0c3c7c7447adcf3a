import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Continue loads the files of `.continue/rules/` whose path ends in `.md` (its source,
 * core/config/loadLocalAssistants.ts: rules/agents/continue.ts has it): a Cursor rule (`.mdc`)
 * left there is never loaded, and `check` says so with the name to use. Before, it said nothing.
 */
describe('a .mdc file in .continue/rules', () => {
  it('is said never read by Continue, with the .md name to rename it to', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.continue/rules/style.mdc': '---\nalwaysApply: true\n---\nText.\n',
      '.continue/rules/nested/api.mdc': 'Text.\n',
      '.continue/rules/ok.md': '---\nalwaysApply: true\n---\nText.\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('.continue/rules/style.mdc:1:1: warning [rule/not-read] Continue reads only `.md` files in `.continue/rules/`: Continue never reads this file. Move it to `.continue/rules/style.md`.');
    expect(out).toContain('.continue/rules/nested/api.mdc:1:1: warning [rule/not-read] Continue reads only `.md` files in `.continue/rules/`: Continue never reads this file. Move it to `.continue/rules/nested/api.md`.');
    expect(out).not.toContain('ok.md');
  });
});
