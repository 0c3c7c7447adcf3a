import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../../protocol/rules';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { useLspClients, type LspTestClient } from '../../../helpers/lspClient';
import { copyFixture } from '../../../helpers/repo';
import { expectedAlwaysSent, sentFiles, sentText } from '../../../rules/context/alwaysSentFixture';

const start = useLspClients(afterEach);

/** Asks until the server's answer shows the state (it reads files again after a change it is told of), or gives up after `ms`. */
async function answerWhen<T>(ask: () => Promise<T>, ok: (answer: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await ask();
    if (ok(answer) || Date.now() > deadline) return answer;
  }
}

function tokensOf(result: RulesForFileResult, agent: string): number | undefined {
  return result.agents.find((a) => a.agent === agent)?.alwaysSentTokens;
}

describe('always-sent totals of Claude Code, Copilot and AGENTS.md readers over LSP', () => {
  async function setUp(): Promise<{ c: LspTestClient; ws: string; home: string }> {
    const ws = copyFixture('always-sent');
    const home = copyFixture('always-sent-home');
    const c = await start({ folders: [ws], home });
    return { c, ws, home };
  }

  it('agentls/rulesForFile and agentls/ruleBuckets give each agent the total of its files\' bytes', async () => {
    const { c, ws, home } = await setUp();
    const expected = expectedAlwaysSent(ws, home);
    const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src', 'a.ts')) });
    for (const want of expected) expect(tokensOf(forFile, want.agent), want.agent).toBe(want.totalTokens);

    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    for (const want of expected) {
      const got = buckets.alwaysSent!.find((a) => a.agent === want.agent)!;
      expect(sentFiles(got, ws), want.agent).toEqual(want.files);
      expect(got.totalTokens).toBe(want.totalTokens);
    }

    await c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report).toContain(`**Claude Code**: ≈${expected.find((e) => e.agent === 'claude')!.totalTokens} tokens in every request`);
  });

  it('counts a rule file created on disk and an import typed into an open CLAUDE.md', async () => {
    const { c, ws, home } = await setUp();
    const file = c.uri(path.join(ws, 'src', 'a.ts'));
    const before = expectedAlwaysSent(ws, home, ['claude'])[0].totalTokens;
    expect(tokensOf(await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: file }), 'claude')).toBe(before);

    const added = path.join(ws, '.claude', 'rules', 'added.md');
    fs.writeFileSync(added, 'A rule added while the server runs.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(added), type: 1 }] });
    const withRule = before + Math.ceil(Buffer.byteLength(sentText(added)) / 4);
    const afterCreate = await answerWhen(() => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: file }), (r) => tokensOf(r, 'claude') === withRule);
    expect(tokensOf(afterCreate, 'claude')).toBe(withRule);

    // The buffer, not the disk: docs/hop6.md is imported at hop 1 now, and hop7.md at hop 2.
    const memory = path.join(ws, 'CLAUDE.md');
    const uri = await c.open(memory);
    const typed = `${c.text(uri)}Deep notes: @docs/hop6.md\n`;
    await c.setText(uri, typed);
    const grown = withRule + Math.ceil(Buffer.byteLength(typed) / 4) - Math.ceil(Buffer.byteLength(sentText(memory)) / 4) + ['hop6.md', 'hop7.md'].reduce((n, f) => n + Math.ceil(Buffer.byteLength(sentText(path.join(ws, 'docs', f))) / 4), 0);
    const afterEdit = await answerWhen(() => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: file }), (r) => tokensOf(r, 'claude') === grown);
    expect(tokensOf(afterEdit, 'claude')).toBe(grown);
  });

  it('leaves out the agents agentls.rules.agents does not name', async () => {
    const ws = copyFixture('always-sent');
    const c = await start({ folders: [ws], home: copyFixture('always-sent-home'), settings: { rules: { agents: ['copilot'] } } });
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    // The xcsh agent and Cursor, whose rules are here too, are not named: their totals are left out as well.
    expect(buckets.alwaysSent!.map((a) => a.agent)).toEqual(['copilot']);
    expect(buckets.selectedAgents).toEqual(['copilot']);
  });
});
