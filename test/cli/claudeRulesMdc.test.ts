import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Claude Code reads the `.md` files of `.claude/rules/` (its memory docs, rules/agents/claude.ts):
 * a Cursor rule (`.mdc`) left there is never loaded, and `check` says so with the name to use.
 */
describe('a .mdc file in .claude/rules', () => {
  it('is said never read by Claude Code, with the .md name to rename it to', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/rules/style.mdc': '---\npaths:\n  - "src/**/*.ts"\n---\nText.\n',
      '.claude/rules/nested/api.mdc': 'Text.\n',
      '.claude/rules/ok.md': '---\npaths:\n  - "src/**/*.ts"\n---\nText.\n',
      'src/a.ts': 'x\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain(".claude/rules/style.mdc:1:1: warning [rule/not-read] Claude Code reads only `.md` files in `.claude/rules/`: Claude Code never reads this file. Move it to `.claude/rules/style.md`.");
    expect(out).toContain('.claude/rules/nested/api.mdc:1:1: warning [rule/not-read] Claude Code reads only `.md` files in `.claude/rules/`: Claude Code never reads this file. Move it to `.claude/rules/nested/api.md`.');
    expect(out).not.toContain('ok.md');
  });
});
