import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Claude Code's user-level files named to the built `agentls check --home`: `~/.claude/CLAUDE.md`
 * (its imports judged as far as agentls may read) and the rules of `~/.claude/rules`, subfolders
 * too, are checked as the Claude Code files they are; the rest of `~/.claude` (settings,
 * credentials) is refused as outside the project, never read. Before, all were refused.
 */
const WORKSPACE = { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': '# Project\n', 'src/a.ts': 'x\n' };

const HOME = {
  '.claude/CLAUDE.md': '# Mine\nSee @rules/gone.md, @rules/style.md and @settings.json.\n',
  '.claude/rules/style.md': '---\npathz: "src/**"\n---\n# Style\n',
  '.claude/rules/web/react.md': '---\npaths: 42\n---\n# React\n',
  '.claude/settings.json': '{}\n',
  '.claude/.credentials.json': '{}\n',
};

describe("agentls check of Claude Code's user-level files", () => {
  it('checks ~/.claude/CLAUDE.md and the rules of ~/.claude/rules as Claude Code reads them', () => {
    const ws = writeTree(tempDir(), WORKSPACE);
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const files = ['.claude/CLAUDE.md', '.claude/rules/style.md', '.claude/rules/web/react.md'].map((rel) => path.join(home, rel));
    const run = builtCli(['check', ...files], { cwd: ws, home });
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')).toEqual([
      // The rule file it imports is looked up; ~/.claude/settings.json is not (nor reported).
      '~/.claude/CLAUDE.md:2:5: warning [claude/import-missing] Claude Code imports ~/.claude/rules/gone.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.',
      '~/.claude/rules/style.md:2:1: warning [frontmatter/unknown-key] Claude Code reads `paths`, not `pathz`: it ignores this key, and applies the rule as if it were absent: always. Rename it to `paths`.',
      '~/.claude/rules/web/react.md:2:8: warning [frontmatter/wrong-type] Claude Code reads `paths` as globs (a list, or one string), not number: it ignores this value.',
      'Checked 3 rule files (all user-level): 3 problems (0 errors, 3 warnings, 0 info).',
      '',
    ]);
  });

  it('points ~/.claude/CLAUDE.md at no workspace file for a missing import, though the workspace has one at that path', () => {
    // The hint for an import written from the workspace folder is for memory files inside it: the user's file serves every project.
    const ws = writeTree(tempDir(), { ...WORKSPACE, 'rules/gone.md': '# In the project\n' });
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const run = builtCli(['check', path.join(home, '.claude/CLAUDE.md')], { cwd: ws, home });
    expect(run.stdout.split('\n')[0]).toBe(
      '~/.claude/CLAUDE.md:2:5: warning [claude/import-missing] Claude Code imports ~/.claude/rules/gone.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.',
    );
  });

  it('refuses the rest of ~/.claude as outside the project', () => {
    const ws = writeTree(tempDir(), WORKSPACE);
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const run = builtCli(['check', path.join(home, '.claude/settings.json'), path.join(home, '.claude/.credentials.json')], { cwd: ws, home });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('.claude/settings.json lies outside the workspace root');
    expect(run.stderr).toContain('.claude/.credentials.json lies outside the workspace root');
  });
});
