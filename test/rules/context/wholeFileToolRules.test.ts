import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import type { CheckJson } from '../../../server/cli/output';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { agentlsWithHome } from '../../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * The files a tool reads whole and sends in every request (a placement of its model with
 * `read: true` and no frontmatter): Cursor's legacy `.cursorrules`, Windsurf's legacy
 * `.windsurfrules` and its `global_rules.md`. They are in the tool's totals and its rules for
 * a file, always applied; never in the xcsh agent's, which reads none of the legacy files.
 */

const CURSORRULES = 'Always write tests first.\n';
const WINDSURFRULES = 'Use tabs.\n';
// Frontmatter-like text in global_rules.md is not read as a trigger: Windsurf sends the file as it is.
const GLOBAL_RULES = 'Be terse in every reply.\n';

function setUp(config?: unknown): { ws: string; home: string; globalRules: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.cursorrules': CURSORRULES,
    '.windsurfrules': WINDSURFRULES,
    'a.ts': 'x\n',
    ...(config === undefined ? {} : { 'agentls.json': JSON.stringify(config) }),
  });
  const home = writeTree(tempDir('agentls-home-'), { '.codeium/windsurf/memories/global_rules.md': GLOBAL_RULES });
  return { ws, home, globalRules: path.join(home, '.codeium', 'windsurf', 'memories', 'global_rules.md') };
}

const tokens = (text: string) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4);

type Sent = NonNullable<RuleBucketsResult['alwaysSent']>[number];

function sent(alwaysSent: readonly Sent[] | undefined, agent: string): { paths: (string | undefined)[]; total: number | undefined } {
  const a = (alwaysSent ?? []).find((s) => s.agent === agent);
  return { paths: a?.items.map((i) => i.path) ?? [], total: a?.totalTokens };
}

function applying(result: RulesForFileResult, agent: string): { name: string; mode: string; applies: boolean }[] {
  return (result.agents.find((a) => a.agent === agent)?.rules ?? []).map((r) => ({ name: r.name, mode: r.mode, applies: r.applies }));
}

function expectToolCounts(alwaysSent: readonly Sent[] | undefined, globalRules: string): void {
  expect(sent(alwaysSent, 'cursor')).toEqual({ paths: ['.cursorrules'], total: tokens(CURSORRULES) });
  expect(sent(alwaysSent, 'windsurf')).toEqual({ paths: expect.arrayContaining(['.windsurfrules', globalRules]), total: tokens(WINDSURFRULES) + tokens(GLOBAL_RULES) });
  // The xcsh agent reads neither legacy file (rules.md §2), and shows global_rules in no bucket.
  expect(sent(alwaysSent, 'seed')).toEqual({ paths: [], total: 0 });
}

function expectForFile(result: RulesForFileResult): void {
  expect(applying(result, 'cursor')).toEqual([{ name: '.cursorrules', mode: 'always', applies: true }]);
  expect(applying(result, 'windsurf')).toEqual(
    expect.arrayContaining([
      { name: '.windsurfrules', mode: 'always', applies: true },
      { name: 'global_rules', mode: 'always', applies: true },
    ]),
  );
  expect(applying(result, 'windsurf')).toHaveLength(2);
  expect(result.agents.find((a) => a.agent === 'cursor')?.alwaysSentTokens).toBe(tokens(CURSORRULES));
  expect(applying(result, 'seed').map((r) => r.name)).not.toContain('.cursorrules');
}

describe('files a tool reads whole and sends in every request', () => {
  it('are counted by agentls rules (text and --json) and listed as always applied by rules --for', () => {
    const { ws, home, globalRules } = setUp();
    const json = agentlsWithHome(ws, home, 'rules', '--json');
    expect(json.status).toBe(0);
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expectToolCounts(buckets.alwaysSent, globalRules);
    expect(buckets.rules.map((r) => r.path)).not.toContain('.cursorrules');

    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toContain(`\n  Cursor: ≈${tokens(CURSORRULES)} tokens in every request\n    .cursorrules: ≈${tokens(CURSORRULES)}\n`);
    expect(text).toContain(`Windsurf: ≈${tokens(WINDSURFRULES) + tokens(GLOBAL_RULES)} tokens in every request`);

    const forFile = agentlsWithHome(ws, home, 'rules', '--for', 'a.ts', '--json');
    expectForFile(JSON.parse(forFile.stdout) as RulesForFileResult);
    expect(agentlsWithHome(ws, home, 'rules', '--for', 'a.ts').stdout).not.toContain('manual only');
  });

  it('count towards the budget: check warns on a legacy file over it', () => {
    const { ws, home } = setUp({ rules: { budgetTokens: 3 } });
    const check = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json').stdout) as CheckJson;
    const overBudget = check.diagnostics.filter((d) => d.code === 'context/over-budget').map((d) => [d.path, d.message]);
    expect(overBudget).toContainEqual([expect.stringMatching(/(^|\/)\.cursorrules$/), expect.stringMatching(/^Cursor sends ≈\d+ tokens of rules in every request, over agentls\.rules\.budgetTokens \(3\)/)]);
  });

  it('are counted by the server in agentls/ruleBuckets and agentls/rulesForFile', async () => {
    const { ws, home, globalRules } = setUp();
    const c = await start({ folders: [ws], home });
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expectToolCounts(buckets.alwaysSent, globalRules);
    expectForFile(await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'a.ts')) }));

    // A new text on disk is counted anew.
    const longer = CURSORRULES.repeat(10);
    fs.writeFileSync(path.join(ws, '.cursorrules'), longer);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.cursorrules')), type: 2 }] });
    const total = () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }).then((b) => sent(b.alwaysSent, 'cursor').total);
    await until('Cursor\'s new total', total, (t) => t === tokens(longer));
  });

  it('warn on a legacy file that takes its tool over the budget, in the editor', async () => {
    const { ws, home } = setUp();
    const c = await start({ folders: [ws], home, settings: { rules: { budgetTokens: 3 } } });
    const uri = await c.open(path.join(ws, '.cursorrules'), CURSORRULES, 'plaintext');
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'context/over-budget'));
    expect(ds.filter((d) => d.code === 'context/over-budget').map((d) => d.message)).toEqual([`Cursor sends ≈${tokens(CURSORRULES)} tokens of rules in every request, over agentls.rules.budgetTokens (3); this always-on rule is ≈${tokens(CURSORRULES)} of them.`]);
  });

  it('are counted as their buffer reads while open: the budget warning follows typing, as a .mdc rule\'s does', async () => {
    const { ws, home } = setUp();
    const c = await start({ folders: [ws], home, settings: { rules: { budgetTokens: 5 } } });
    const uri = await c.open(path.join(ws, '.cursorrules'), CURSORRULES, 'plaintext');
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'context/over-budget'));
    // Cut down to one word in the editor, not saved: Cursor's total is the buffer's, under the budget.
    await c.edit(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: CURSORRULES.length - 1 } }, text: 'Test.' }]);
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'context/over-budget'));
    const total = () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }).then((b) => sent(b.alwaysSent, 'cursor').total);
    expect(await total()).toBe(tokens('Test.\n'));
    // Closed unsaved: the file on disk is what Cursor reads again.
    await c.close(uri);
    await until("Cursor's total from disk", total, (t) => t === tokens(CURSORRULES));
  });
});
