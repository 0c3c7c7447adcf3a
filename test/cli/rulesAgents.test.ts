import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { NESTED_FOLDER, nestedCursorTree, nestedFoldersOf } from '../helpers/nestedCursorRules';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** The built CLI, as a user runs it. */
function agentls(ws: string, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

const EMPTY_BUCKETS = { rules: [], buckets: { ttsr: [], alwaysApply: [], rulebook: [], none: [] }, shadowed: [], warnings: [] };

describe('agentls rules --agents shows the selected agents only', () => {
  it('--agents xcsh: the xcsh buckets and total, no Cursor total, no nested Cursor folder', () => {
    const ws = nestedCursorTree();
    const json = JSON.parse(agentls(ws, 'rules', '--json', '--agents', 'xcsh')) as RuleBucketsResult;
    expect(json.rules.map((r) => r.path)).toEqual(['.cursor/rules/root.mdc']);
    expect(json.alwaysSent?.map((a) => a.agent)).toEqual(['seed']);
    expect(json.nestedFolders).toEqual([]);
    expect(json.selectedAgents).toEqual(['xcsh']);

    const text = agentls(ws, 'rules', '--agents', 'xcsh');
    expect(text).toContain('Agents shown: xcsh (as agentls.rules.agents / --agents selects them; agents not named are left out).');
    expect(text).toContain('Always-apply (1)');
    expect(text).toContain('the xcsh agent: ≈');
    expect(text).not.toContain('Cursor');
    expect(text).not.toContain('packages/web');
  });

  it('--agents cursor: no xcsh buckets (empty in --json, the shape kept), the Cursor total and its nested folder', () => {
    const ws = nestedCursorTree();
    const json = JSON.parse(agentls(ws, 'rules', '--json', '--agents', 'cursor')) as RuleBucketsResult;
    expect(json).toMatchObject({ ...EMPTY_BUCKETS, selectedAgents: ['cursor'] });
    expect(json.alwaysSent?.map((a) => ({ agent: a.agent, items: a.items.map((i) => i.path) }))).toEqual([{ agent: 'cursor', items: ['.cursor/rules/root.mdc'] }]);
    expect(nestedFoldersOf(json)).toEqual([NESTED_FOLDER]);

    const text = agentls(ws, 'rules', '--agents', 'cursor');
    expect(text.split('\n').slice(0, 2)).toEqual([`rules in ${ws}`, 'Agents shown: cursor (as agentls.rules.agents / --agents selects them; agents not named are left out). The xcsh agent is not among them: its buckets are not shown.']);
    expect(text).not.toContain('Always-apply');
    expect(text).not.toContain('the xcsh agent: ≈');
    expect(text).toContain('Cursor: ≈');
    expect(text).toContain('Cursor, rules in packages/web/.cursor/rules (4)');
  });

  it('--for with --agents xcsh: the xcsh agent alone; with --agents cursor: Cursor alone', () => {
    const ws = nestedCursorTree();
    const file = path.join('packages', 'web', 'x.tsx');
    const xcsh = JSON.parse(agentls(ws, 'rules', '--for', file, '--json', '--agents', 'xcsh')) as RulesForFileResult;
    expect(xcsh.agents.map((a) => a.agent)).toEqual(['seed']);
    expect(xcsh.selectedAgents).toEqual(['xcsh']);
    const cursor = JSON.parse(agentls(ws, 'rules', '--for', file, '--json', '--agents', 'cursor')) as RulesForFileResult;
    expect(cursor.agents.map((a) => a.agent)).toEqual(['cursor']);

    const text = agentls(ws, 'rules', '--for', file, '--agents', 'xcsh');
    expect(text).toContain('Agents shown: xcsh');
    expect(text).toContain('The xcsh agent: ');
    expect(text).not.toContain('Cursor:');
    expect(text).not.toContain('packages/web/.cursor/rules');
  });

  it('--agents auto (the default) leaves nothing out and says no selection', () => {
    const ws = nestedCursorTree();
    const auto = JSON.parse(agentls(ws, 'rules', '--json', '--agents', 'auto')) as RuleBucketsResult;
    expect(auto.selectedAgents).toBeUndefined();
    expect(auto.alwaysSent?.map((a) => a.agent)).toEqual(['seed', 'cursor']);
    expect(nestedFoldersOf(auto)).toEqual([NESTED_FOLDER]);
    expect(agentls(ws, 'rules', '--agents', 'auto')).toBe(agentls(ws, 'rules'));
    expect(agentls(ws, 'rules')).not.toContain('Agents shown');
  });

  it("says whose reading a shadowed or bucketless rule misses: the xcsh agent's, not Windsurf's, which reads both files", () => {
    const ws = writeTree(tempDir(), {
      '.cursor/rules/always.mdc': '---\ndescription: tests\nalwaysApply: true\n---\nAlways write tests.\n',
      '.windsurf/rules/always.md': '---\ntrigger: always_on\n---\nBe concise.\n',
      '.windsurf/rules/style.md': '---\ntrigger: glob\nglobs: src/**/*.ts\n---\nStyle.\n',
    });
    const text = agentls(ws, 'rules');
    expect(text).toContain('Shadowed (1): the xcsh agent never reads these files: a same-named rule wins');
    expect(text).toContain('No bucket (1): the xcsh agent loads these but never shows them to its model');
    expect(text).not.toMatch(/: never read$|loaded, but never shown/m);
  });
});
