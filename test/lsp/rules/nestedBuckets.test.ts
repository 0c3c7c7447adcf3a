import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { PLAIN_AND_GIT_TREES } from '../../helpers/git';
import { useLspClients } from '../../helpers/lspClient';
import { EVERY_REQUEST, everyRequestOf, NESTED_FOLDER, nestedCursorTree, nestedFoldersOf } from '../../helpers/nestedCursorRules';
import { until } from '../../helpers/polling';

const start = useLspClients(afterEach);

describe("agentls/ruleBuckets and a package's nested .cursor/rules", () => {
  it('carries the nested folder as agentls rules --json does, out of the xcsh buckets and the totals, and its report shows it', async () => {
    const [, gitTree] = PLAIN_AND_GIT_TREES[1];
    const ws = gitTree(nestedCursorTree());
    const c = await start({ folders: [ws] });
    // Nested folders come from the file index: asked until the server says its first listing is complete.
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(nestedFoldersOf(buckets)).toEqual([NESTED_FOLDER]);
    expect(everyRequestOf(buckets)).toEqual(EVERY_REQUEST);

    await c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report).toContain('## Cursor, rules in packages/web/.cursor/rules (4)');
    expect(report).toContain('- **web** · `packages/web/.cursor/rules/web.mdc` · glob **/*.tsx');
  });

  it('shows only the agents agentls.rules.agents names, as agentls rules --agents does', async () => {
    const [, gitTree] = PLAIN_AND_GIT_TREES[1];
    const ws = gitTree(nestedCursorTree());
    const xcsh = await start({ folders: [ws], settings: { rules: { agents: ['xcsh'] } } });
    const xcshBuckets = await until('the buckets from the complete index', () => xcsh.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: xcsh.uri(ws) }), (r) => r.indexing === undefined);
    expect(xcshBuckets.rules.map((r) => r.path)).toEqual(['.cursor/rules/root.mdc']);
    expect(xcshBuckets.alwaysSent?.map((a) => a.agent)).toEqual(['seed']);
    expect(xcshBuckets).toMatchObject({ nestedFolders: [], selectedAgents: ['xcsh'] });

    const cursor = await start({ folders: [ws], settings: { rules: { agents: ['cursor'] } } });
    const cursorBuckets = await until('the buckets from the complete index', () => cursor.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: cursor.uri(ws) }), (r) => r.indexing === undefined);
    expect(cursorBuckets).toMatchObject({ rules: [], shadowed: [], selectedAgents: ['cursor'] });
    expect(cursorBuckets.alwaysSent?.map((a) => a.agent)).toEqual(['cursor']);
    expect(nestedFoldersOf(cursorBuckets)).toEqual([NESTED_FOLDER]);
    await cursor.executeCommand('agentls.rules.showBuckets', [{ uri: cursor.uri(ws) }]);
    await cursor.waitFor('a report', () => cursor.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(cursor.shownDocuments[0]), 'utf8');
    expect(report).toContain('Agents shown: cursor (as agentls.rules.agents / --agents selects them; agents not named are left out). The xcsh agent is not among them: its buckets are not shown.');
    expect(report).not.toContain('## Always-apply');
    expect(report).not.toContain('the xcsh agent**: ≈');
    expect(report).toContain('## Cursor, rules in packages/web/.cursor/rules (4)');
  });
});
