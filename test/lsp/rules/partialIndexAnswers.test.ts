import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { completeIndex } from '../search/searchSupport';

const start = useLspClients(afterEach);

/** 40 folders of 50 files for the first index to list (held half-way). */
function manyFiles(): string {
  const ws = tempDir('agentls-partial-answers-');
  for (let d = 0; d < 40; d++) {
    fs.mkdirSync(path.join(ws, `module${d}`));
    for (let f = 0; f < 50; f++) fs.writeFileSync(path.join(ws, `module${d}`, `Widget${d}x${f}.java`), '');
  }
  return ws;
}

/** `manyFiles`, and a package with its own `.cursor/rules`. */
function workspace(): string {
  return writeTree(manyFiles(), {
    '.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\nKeep answers short.\n',
    'packages/web/.cursor/rules/react.mdc': '---\nglobs: src/**/*.tsx\n---\nReact.\n',
    'packages/web/src/b.tsx': 'x\n',
  });
}

const REQUESTS = [
  { method: 'agentls/ruleBuckets', params: (uri: (p: string) => string, ws: string) => ({ uri: uri(ws) }) },
  { method: 'agentls/rulesForFile', params: (uri: (p: string) => string, ws: string) => ({ uri: uri(path.join(ws, 'packages/web/src/b.tsx')) }) },
];

describe('a rules answer made from part of the first index', () => {
  it.each(REQUESTS)('$method says indexing: true even when the index completes before it is sent', async ({ method, params }) => {
    const ws = workspace();
    const gates = tempDir('agentls-gate-');
    const indexGate = path.join(gates, 'index');
    const answerGate = path.join(gates, 'answer');
    // The first listing holds half-way until `indexGate` exists; an answer made from part of it, until `answerGate` does.
    const c = await start({ folders: [ws], env: { AGENTLS_TEST_HOLD_INDEX: indexGate, AGENTLS_TEST_HOLD_ANSWER: answerGate } });
    const answer = c.request<RuleBucketsResult | RulesForFileResult>(method, params((p) => c.uri(p), ws));
    await c.waitForLog(new RegExp(`holding ${method} made from part of the file index`), 20_000);
    // The index completes between the answer being made and being sent (a race a real first index runs often).
    fs.writeFileSync(indexGate, '');
    await completeIndex(c, 'Widget');
    fs.writeFileSync(answerGate, '');
    expect((await answer).indexing).toBe(true);
  });
});

/** `manyFiles`, and a package whose `.cursor/rules` is a link out of the workspace (unread: the listing does not follow it). */
function linkedOutWorkspace(): string {
  const outside = fs.realpathSync(writeTree(tempDir('agentls-elsewhere-'), { 'shared.mdc': '---\nalwaysApply: true\n---\nShared.\n' }));
  const ws = writeTree(manyFiles(), { 'packages/web/src/b.tsx': 'x\n', 'CLAUDE.md': 'Keep answers short.\n' });
  fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
  fs.symlinkSync(outside, path.join(ws, 'packages/web/.cursor/rules'));
  return ws;
}

describe('a rules answer whose unread rule folders come from part of the first index', () => {
  it.each(REQUESTS)('$method says indexing: true though the agents it covers leave Cursor out', async ({ method, params }) => {
    const ws = linkedOutWorkspace();
    const gate = path.join(tempDir('agentls-gate-'), 'index');
    // The first listing holds half-way until `gate` exists: the package's link is not met yet.
    const c = await start({ folders: [ws], settings: { rules: { agents: ['claude'] } }, env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    const ask = () => c.request<RuleBucketsResult | RulesForFileResult>(method, params((p) => c.uri(p), ws));
    const held = await ask();
    // The agents covered leave Cursor out: nothing of this answer asked for the nested .cursor/rules folders.
    expect('agents' in held ? held.agents.map((a) => a.agent) : held.selectedAgents).toEqual(['claude']);
    expect(held.unread).toBeUndefined();
    expect(held.indexing).toBe(true);
    fs.writeFileSync(gate, '');
    const listed = await until('the answer from the complete index', ask, (r) => r.indexing === undefined, 20_000);
    expect(listed.unread?.map((u) => u.path)).toEqual(['packages/web/.cursor/rules']);
  });
});

describe('the rule buckets report made from part of the first index', () => {
  it('describes one state: its costs are those of the views its buckets came from, though CLAUDE.md changed before it was written', async () => {
    const ws = writeTree(workspace(), { 'CLAUDE.md': 'Short.\n' });
    const gates = tempDir('agentls-gate-');
    const indexGate = path.join(gates, 'index');
    const answerGate = path.join(gates, 'answer');
    const c = await start({ folders: [ws], env: { AGENTLS_TEST_HOLD_INDEX: indexGate, AGENTLS_TEST_HOLD_ANSWER: answerGate } });
    const shown = c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
    await c.waitForLog(/holding agentls\/ruleBuckets made from part of the file index/, 20_000);
    // While the report's buckets are held: the index completes and CLAUDE.md grows, and the server's answers say so.
    fs.writeFileSync(indexGate, '');
    await completeIndex(c, 'Widget');
    const memory = path.join(ws, 'CLAUDE.md');
    fs.writeFileSync(memory, `${'Write long answers with every detail. '.repeat(20)}\n`);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(memory), type: 2 }] });
    const claudeTokens = (r: RuleBucketsResult) => r.alwaysSent?.find((a) => a.agent === 'claude')?.totalTokens;
    const grown = await until('buckets with the new CLAUDE.md', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => (claudeTokens(r) ?? 0) > 100, 20_000);
    fs.writeFileSync(answerGate, '');
    await shown;
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    // Its buckets were made from part of the index and the first CLAUDE.md: so are its costs, never a later state's.
    expect(report).toContain('- **Claude Code**: ≈2 tokens in every request');
    expect(report).not.toContain(`≈${claudeTokens(grown)} tokens`);
  });
});

describe('the rules for a file made from part of the first index', () => {
  it('describe one state: the root rule folder replaced by a link to nothing while the answer is held changes neither its rules nor its unread folders', async () => {
    const ws = workspace();
    const gates = tempDir('agentls-gate-');
    const indexGate = path.join(gates, 'index');
    const answerGate = path.join(gates, 'answer');
    const c = await start({ folders: [ws], env: { AGENTLS_TEST_HOLD_INDEX: indexGate, AGENTLS_TEST_HOLD_ANSWER: answerGate } });
    const answer = c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'packages/web/src/b.tsx')) });
    await c.waitForLog(/holding agentls\/rulesForFile made from part of the file index/, 20_000);
    // While the answer is held: the index completes, and the root's .cursor/rules becomes a link to nothing, which the server's answers say.
    fs.writeFileSync(indexGate, '');
    await completeIndex(c, 'Widget');
    const rules = path.join(ws, '.cursor/rules');
    fs.rmSync(rules, { recursive: true });
    fs.symlinkSync('../gone', rules);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(rules, 'always.mdc')), type: 3 }, { uri: c.uri(rules), type: 1 }] });
    const unreadNow = (r: RulesForFileResult) => r.unread?.map((u) => u.path) ?? [];
    const later = () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'packages/web/src/b.tsx')) });
    await until('the rules for the file to say the root folder is unread', later, (r) => unreadNow(r).includes('.cursor/rules'), 20_000);
    fs.writeFileSync(answerGate, '');
    const held = await answer;
    const paths = held.agents.flatMap((a) => a.rules.map((r) => r.path));
    // Made before the change: the root's rule is there, and its folder is not said to be unread.
    expect(paths).toContain('.cursor/rules/always.mdc');
    expect(unreadNow(held)).toEqual([]);
  });
});
