import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import type { CheckJson } from '../../server/cli/output';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree, projectWithCursorRule } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * Rules in `~/.cursor/rules`: the xcsh agent reads them (rules.md §2.4), Cursor does not (its
 * User Rules are set in Cursor Settings: `rules/agents/cursor.ts`). They are the xcsh agent's
 * alone: not counted in Cursor's totals nor listed among Cursor's rules for a file, and what
 * is said of them names no Cursor. Windsurf's global_rules.md, which Windsurf does read, stays
 * in Windsurf's view.
 */

function setUp(): { ws: string; home: string } {
  const ws = projectWithCursorRule();
  const home = writeTree(tempDir('agentls-home-'), {
    '.cursor/rules/mine.mdc': '---\nalwaysApply: true\n---\nAnswer in English.\n',
    '.cursor/rules/typed.mdc': '---\nglobs: "*.py"\n---\nPython style.\n',
    '.codeium/windsurf/memories/global_rules.md': '---\ntrigger: always_on\n---\nBe brief.\n',
  });
  return { ws, home };
}

type Sent = { agent: string; items: { label: string; path?: string }[] };

function sentPaths(alwaysSent: readonly Sent[] | undefined, agent: string): (string | undefined)[] {
  return (alwaysSent ?? []).find((a) => a.agent === agent)?.items.map((i) => i.path) ?? [];
}

function rulesOf(result: RulesForFileResult, agent: string): string[] {
  return result.agents.find((a) => a.agent === agent)?.rules.map((r) => r.name) ?? [];
}

describe("rules in ~/.cursor/rules, which Cursor does not read", () => {
  it('are the xcsh agent\'s alone in agentls rules, rules --for and a named check', () => {
    const { ws, home } = setUp();
    const mine = path.join(home, '.cursor', 'rules', 'mine.mdc');
    const globalRules = path.join(home, '.codeium', 'windsurf', 'memories', 'global_rules.md');

    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] };
    expect(sentPaths(rules.alwaysSent, 'seed')).toEqual([mine, '.cursor/rules/project.mdc']);
    expect(sentPaths(rules.alwaysSent, 'cursor')).toEqual(['.cursor/rules/project.mdc']);
    expect(sentPaths(rules.alwaysSent, 'windsurf')).toEqual([globalRules]);

    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toMatch(/\n {2}Cursor: ≈6 tokens in every request\n {4}project: ≈6\n/);

    const forFile = JSON.parse(agentlsWithHome(ws, home, 'rules', '--for', 'src/a.ts', '--json').stdout) as RulesForFileResult;
    expect(rulesOf(forFile, 'seed')).toEqual(expect.arrayContaining(['mine', 'typed']));
    expect(rulesOf(forFile, 'cursor')).toEqual(['project']);
    expect(rulesOf(forFile, 'windsurf')).toEqual(['global_rules']);

    // What the named check says of a user-level rule is the xcsh agent's: no "Cursor attaches it".
    const named = agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.cursor', 'rules', 'typed.mdc'));
    const messages = (JSON.parse(named.stdout) as CheckJson).diagnostics.map((d) => [d.code, d.message]);
    expect(messages).toEqual([['rule/no-bucket', expect.stringMatching(/^The xcsh agent loads rule `typed` but never shows it to the model: .*\. Give it a description or `alwaysApply: true`\.$/)]]);
    expect(messages.join('\n')).not.toContain('Cursor');
  });

  it('are left out of Cursor\'s rules for a file and of its totals by the server', async () => {
    const { ws, home } = setUp();
    const mine = path.join(home, '.cursor', 'rules', 'mine.mdc');
    const c = await start({ folders: [ws], home });
    const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src', 'a.ts')) });
    expect(rulesOf(forFile, 'seed')).toEqual(expect.arrayContaining(['mine', 'typed']));
    expect(rulesOf(forFile, 'cursor')).toEqual(['project']);
    expect(rulesOf(forFile, 'windsurf')).toEqual(['global_rules']);

    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(sentPaths(buckets.alwaysSent, 'seed')).toEqual([mine, '.cursor/rules/project.mdc']);
    expect(sentPaths(buckets.alwaysSent, 'cursor')).toEqual(['.cursor/rules/project.mdc']);
  });

  it('hide a project rule of the same name, and the message names the home file, not the project one\'s path', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n',
      '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nThe project style.\n',
    });
    const home = writeTree(tempDir('agentls-home-'), { '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nMy style.\n' });
    const check = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json').stdout) as CheckJson;
    const shadowed = check.diagnostics.filter((d) => d.code === 'rule/shadowed');
    expect(shadowed.map((d) => [d.path, d.message])).toEqual([
      [
        '.cursor/rules/style.mdc',
        // Named as users know the folder: only the xcsh agent reads it, so it is no "Cursor's folder".
        'The xcsh agent never reads this rule: ~/.cursor/rules/style.mdc (~/.cursor/rules, user) has the same name `style` and wins (user rules in ~/.cursor/rules are read before project rules).',
      ],
    ]);
  });

  it('hidden by a rule of the xcsh agent\'s own folder, are told so by a named check without "Cursor\'s folder"', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.cursor/rules/keep.mdc': '---\nalwaysApply: true\n---\nMy keep.\n' });
    const named = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.cursor', 'rules', 'keep.mdc')).stdout) as CheckJson;
    expect(named.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['rule/shadowed', "The xcsh agent never reads this rule: .xcsh/rules/keep.md (xcsh's own folder, project) has the same name `keep` and wins (xcsh's own folder has a higher priority than ~/.cursor/rules)."],
    ]);
  });
});
