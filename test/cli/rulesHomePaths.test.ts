import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree, projectWithCursorRule } from '../helpers/repo';

/*
 * User-level rule files as `agentls rules` and `rules --for` print them: `~/…`, as `agentls
 * check` names them, never the absolute home path. `--json` keeps the absolute path that
 * scripts already read.
 */

function setUp(): { ws: string; home: string } {
  const ws = projectWithCursorRule();
  const home = writeTree(tempDir('agentls-home-'), {
    '.cursor/rules/u.mdc': '---\nalwaysApply: true\n---\nAnswer in English.\n',
    // Same name as the project's: the user-level one wins the name, and the shadowed one names it.
    '.cursor/rules/project.mdc': '---\nalwaysApply: true\n---\nThe user copy.\n',
    '.codeium/windsurf/memories/global_rules.md': '---\ntrigger: always_on\n---\nBe brief.\n',
    '.cline/rules/g.md': 'Cline global rule.\n',
  });
  return { ws, home };
}

function run(ws: string, home: string, ...args: string[]): string {
  const r = agentlsWithHome(ws, home, ...args);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('agentls rules: user-level rule paths as ~/…', () => {
  it('the buckets text names user-level rules, and the one that shadows a project rule, from ~, never by the absolute home path', () => {
    const { ws, home } = setUp();
    const text = run(ws, home, 'rules');
    expect(text).toMatch(/^ {2}u +cursor\/user +~\/\.cursor\/rules\/u\.mdc$/m);
    expect(text).toMatch(/^ {2}global_rules +windsurf\/user +~\/\.codeium\/windsurf\/memories\/global_rules\.md$/m);
    expect(text).toMatch(/^ {2}project +\.cursor\/rules\/project\.mdc {2}hidden by ~\/\.cursor\/rules\/project\.mdc$/m);
    expect(text).not.toContain(home);
  });

  it('the text for one file names user-level rules from ~ for every agent', () => {
    const { ws, home } = setUp();
    const text = run(ws, home, 'rules', '--for', 'src/a.ts');
    expect(text).toContain('(~/.cursor/rules/u.mdc)');
    expect(text).toContain('(~/.codeium/windsurf/memories/global_rules.md)');
    expect(text).toContain('(~/.cline/rules/g.md)');
    expect(text).not.toContain(home);
  });

  it('a user-level rule folder it could not read is named from ~ too, in both reports', () => {
    const { ws } = setUp();
    const home = writeTree(tempDir('agentls-home-'), { '.cline/rules': 'a file where the folder goes\n' });
    for (const args of [['rules'], ['rules', '--for', 'src/a.ts']]) {
      const text = run(ws, home, ...args);
      expect(text).toMatch(/^ {2}~\/\.cline\/rules: This rule location is a file, not a folder/m);
      expect(text).not.toContain(home);
    }
  });

  it('--json keeps the absolute paths scripts read', () => {
    const { ws, home } = setUp();
    const buckets = JSON.parse(run(ws, home, 'rules', '--json')) as RuleBucketsResult;
    expect(buckets.rules.map((r) => r.path)).toContain(`${home}/.cursor/rules/u.mdc`);
    expect(buckets.shadowed.map((s) => s.shadowedBy)).toEqual([`${home}/.cursor/rules/project.mdc`]);
    const forFile = JSON.parse(run(ws, home, 'rules', '--for', 'src/a.ts', '--json')) as RulesForFileResult;
    expect(forFile.agents.flatMap((a) => a.rules.map((r) => r.path))).toContain(`${home}/.cline/rules/g.md`);
  });
});
