import { describe, expect, it } from 'vitest';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

const BAD_CURSOR_RULE = '---\nglobs: src/**\nalwaysApply: maybe\n---\nUse the design tokens.\n';
const BAD_WINDSURF_RULE = '---\ntrigger: sometimes\n---\nUse the design tokens.\n';

/**
 * A monorepo whose ignore files leave out the agents' folders, as many do: `.cursor/` and
 * `.windsurf/` at every depth, and in one package its `.cursor/rules` alone. A vendored
 * package in node_modules brings its own broken rule, which no agent reads.
 */
function monorepo(): string {
  return writeTree(tempDir(), {
    '.gitignore': '.cursor/\n.windsurf/\nnode_modules/\n',
    'packages/web/.cursor/rules/tokens.mdc': BAD_CURSOR_RULE,
    'packages/web/.windsurf/rules/tokens.md': BAD_WINDSURF_RULE,
    'packages/web/src/app.ts': 'export const x = 1;\n',
    'packages/api/.gitignore': 'rules/\n',
    'packages/api/.cursor/rules/tokens.mdc': BAD_CURSOR_RULE,
    'packages/api/src/main.ts': 'export const y = 2;\n',
    'node_modules/vendored/.cursor/rules/vendored.mdc': BAD_CURSOR_RULE,
  });
}

const EXPECTED = [
  'packages/api/.cursor/rules/tokens.mdc:3:14: warning [frontmatter/wrong-type] Cursor expects `alwaysApply` to be true or false, not "maybe"; how it reads other values is not documented.',
  'packages/web/.cursor/rules/tokens.mdc:3:14: warning [frontmatter/wrong-type] Cursor expects `alwaysApply` to be true or false, not "maybe"; how it reads other values is not documented.',
  'packages/web/.windsurf/rules/tokens.md:2:10: error [frontmatter/invalid-value] Windsurf knows no trigger "sometimes" (it knows always_on, manual, model_decision, glob): the rule is not activated the way the file says.',
];

describe('agentls check: nested agent rule folders that the ignore files leave out', () => {
  it('judges them in a plain tree, and leaves node_modules unread', async () => {
    const ws = monorepo();
    const run = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    const lines = run.stdout.split('\n');
    for (const line of EXPECTED) expect(lines).toContain(line);
    expect(run.stdout).not.toContain('node_modules');
    expect(run.code).toBe(1);
  });

  it('judges them in a git work tree, listed by git, and leaves node_modules unread', async () => {
    const ws = monorepo();
    git(ws, 'init', '-q');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '-m', 'first');
    const run = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    const lines = run.stdout.split('\n');
    for (const line of EXPECTED) expect(lines).toContain(line);
    expect(run.stdout).not.toContain('node_modules');
    expect(run.code).toBe(1);
  });

  it("judges them where only git's excludes file (core.excludesFile) or an untracked .gitignore leaves them out", async () => {
    const ws = writeTree(tempDir(), {
      'excludes': '.windsurf/\n',
      'packages/web/.windsurf/rules/tokens.md': BAD_WINDSURF_RULE,
      'packages/web/src/app.ts': 'export const x = 1;\n',
      'packages/api/.gitignore': 'rules/\n',
      'packages/api/.cursor/rules/tokens.mdc': BAD_CURSOR_RULE,
    });
    git(ws, 'init', '-q');
    git(ws, 'config', 'core.excludesFile', `${ws}/excludes`);
    git(ws, 'add', 'packages/web/src/app.ts');
    git(ws, 'commit', '-q', '-m', 'first');
    const run = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(EXPECTED[0]);
    expect(lines).toContain(EXPECTED[2]);
  });

  it("judges the ignored rules beside one added with git add -f, once each, and the root's force-added rule once", async () => {
    const ws = monorepo();
    writeTree(ws, { '.cursor/rules/tokens.mdc': BAD_CURSOR_RULE, 'packages/web/.cursor/rules/kept.mdc': BAD_CURSOR_RULE });
    git(ws, 'init', '-q');
    git(ws, 'add', '-A');
    git(ws, 'add', '-f', '.cursor/rules/tokens.mdc', 'packages/web/.cursor/rules/kept.mdc');
    git(ws, 'commit', '-q', '-m', 'first');
    const run = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    const lines = run.stdout.split('\n');
    // tokens.mdc beside the force-added kept.mdc is ignored on its own: git names it as a file, not its folder.
    for (const line of EXPECTED) expect(lines.filter((l) => l === line)).toHaveLength(1);
    const wrongType = (rel: string) => lines.filter((l) => l.startsWith(`${rel}:3:14: warning [frontmatter/wrong-type]`));
    expect(wrongType('packages/web/.cursor/rules/kept.mdc')).toHaveLength(1);
    expect(wrongType('.cursor/rules/tokens.mdc')).toHaveLength(1);
    // The root's rule is ignored by `.cursor/` for the xcsh agent's walker, and Cursor reads it: its glob is judged for Cursor.
    expect(lines.filter((l) => l.startsWith('.cursor/rules/tokens.mdc:2:8: warning [context/dead-glob] Cursor never attaches this rule'))).toHaveLength(1);
    expect(run.stdout).not.toContain('node_modules');
    expect(run.stdout).toContain('Checked 5 rule files among 9 files: 6 problems');
  });
});
