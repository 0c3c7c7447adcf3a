import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { PLAIN_AND_GIT_TREES } from '../../helpers/git';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { API_MEMORY, LOADED_THERE, nestedClaudeTree } from '../../helpers/nestedClaudeMemory';
import { until } from '../../helpers/polling';
import { serverRulesFor } from '../../helpers/rulesFor';
import { hoverText } from '../../helpers/hover';

const start = useLspClients(afterEach);

/** The server over the shared tree in a git work tree, and that tree. */
async function serve(): Promise<{ c: LspTestClient; ws: string }> {
  const ws = PLAIN_AND_GIT_TREES[1][1](nestedClaudeTree());
  return { c: await start({ folders: [ws] }), ws };
}

/** Rules for a file once the file index is complete (nested folders come from it). */
const rulesFor = serverRulesFor;

describe("the server lists a package's own CLAUDE.md, from its file index", () => {
  it('in agentls/ruleBuckets, agentls/rulesForFile and the first-line hover of the package CLAUDE.md', async () => {
    const { c, ws } = await serve();
    // Nested folders come from the file index: asked until the server says its first listing is complete.
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(buckets.nestedFolders?.map((f) => ({ agent: f.agent, folder: f.folder, onDemand: f.onDemand, rules: f.rules.map((r) => r.path) }))).toEqual([
      { agent: 'claude', folder: 'packages/api', onDemand: true, rules: API_MEMORY },
    ]);
    expect(buckets.alwaysSent?.find((a) => a.agent === 'claude')?.items.map((i) => i.path)).toEqual(['CLAUDE.md']);

    const uri = c.uri(path.join(ws, 'packages/api/src/x.ts'));
    const forFile = await rulesFor(c, uri);
    const claude = forFile.agents.find((a) => a.agent === 'claude')?.rules ?? [];
    expect(claude.map((r) => [r.path, r.applies, r.onDemandIn])).toEqual([['CLAUDE.md', true, undefined], ...API_MEMORY.map((p) => [p, true, 'packages/api'])]);
    expect(claude[1].reason).toContain(LOADED_THERE);

    const text = await hoverText(c, await c.open(path.join(ws, 'packages/api/CLAUDE.md')), 0, 1);
    expect(text).toContain('Claude Code: 4 rules apply');
    expect(text).toContain('packages/api/CLAUDE.md');
  });

  it('lists a CLAUDE.md created in another package once the server hears of it', async () => {
    const { c, ws } = await serve();
    const uri = c.uri(path.join(ws, 'packages/web/x.ts'));
    const claudeOf = (r: RulesForFileResult) => (r.agents.find((a) => a.agent === 'claude')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);
    const before = await rulesFor(c, uri);
    expect(claudeOf(before)).toEqual(['CLAUDE.md']);
    const created = path.join(ws, 'packages/web/CLAUDE.md');
    fs.writeFileSync(created, 'The web package.\n');
    // As an editor's file watcher tells it.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(created), type: 1 }] });
    const after = await rulesFor(c, uri, (r) => claudeOf(r).length === 2);
    expect(claudeOf(after)).toEqual(['CLAUDE.md', 'packages/web/CLAUDE.md']);
  });

  it('puts an unreadable package CLAUDE.md with that package in agentls/ruleBuckets, not in what Claude Code sends in every request', async () => {
    const ws = PLAIN_AND_GIT_TREES[1][1](nestedClaudeTree());
    fs.writeFileSync(path.join(ws, 'packages/web/CLAUDE.md'), 'web\0memory\n');
    const c = await start({ folders: [ws] });
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(buckets.alwaysSent?.find((a) => a.agent === 'claude')?.uncounted).toEqual([]);
    expect(buckets.nestedFolders?.map((f) => [f.folder, f.onDemand, f.rules.map((r) => r.path), f.unread?.map((u) => u.path)])).toEqual([
      ['packages/api', true, API_MEMORY, undefined],
      ['packages/web', true, [], ['packages/web/CLAUDE.md']],
    ]);
  });
});
