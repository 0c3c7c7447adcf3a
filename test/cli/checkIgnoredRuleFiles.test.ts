import { describe, expect, it } from 'vitest';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

const BAD_CURSOR_RULE = '---\nglobs: src/**\nalwaysApply: yes\n---\nUse the design tokens.\n';
const BAD_WINDSURF_RULE = '---\ntrigger: sometimes\n---\nUse the design tokens.\n';

/**
 * Personal rule files kept out of git by name, in agent folders that are not ignored: no
 * pattern of the .gitignore names an agent folder (`.cursor/`, `rules/`), only files. A
 * vendored package in node_modules brings a broken rule of the same name, which no agent reads.
 */
function personalRules(): string {
  return writeTree(tempDir(), {
    '.gitignore': '*.local.mdc\nprivate-*.md\nCLAUDE.local.md\nnode_modules/\n',
    'CLAUDE.local.md': 'My notes: @docs/missing-notes.md\n',
    'packages/web/.cursor/rules/me.local.mdc': BAD_CURSOR_RULE,
    'packages/web/.cursor/rules/team.mdc': '---\nalwaysApply: false\n---\nUse the design tokens.\n',
    'packages/web/.windsurf/rules/private-notes.md': BAD_WINDSURF_RULE,
    'packages/web/src/app.ts': 'export const x = 1;\n',
    'node_modules/vendored/.cursor/rules/v.local.mdc': BAD_CURSOR_RULE,
  });
}

const EXPECTED = [
  'CLAUDE.local.md:1:11: warning [claude/import-missing] Claude Code imports docs/missing-notes.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.',
  'packages/web/.cursor/rules/me.local.mdc:3:14: warning [frontmatter/wrong-type] Cursor expects `alwaysApply` to be true or false, not "yes"; how it reads other values is not documented. Write true. (fixable)',
  'packages/web/.windsurf/rules/private-notes.md:2:10: error [frontmatter/invalid-value] Windsurf knows no trigger "sometimes" (it knows always_on, manual, model_decision, glob): the rule is not activated the way the file says.',
];

describe.each(PLAIN_AND_GIT_TREES)('rule files the ignore files leave out by name, in folders that are not ignored (%s)', (_, prepare) => {
  it('agentls check judges each once, and leaves node_modules unread', async () => {
    const ws = prepare(personalRules());
    const run = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    const lines = run.stdout.split('\n');
    for (const line of EXPECTED) expect(lines.filter((l) => l === line), line).toHaveLength(1);
    expect(run.stdout).not.toContain('node_modules');
    expect(run.code).toBe(1);
  });

});
