import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { MAX_NESTED_FOLDERS } from '../../../server/rules/context/nestedRules';
import { useLspClients } from '../../helpers/lspClient';
import { nestedCursorTree } from '../../helpers/nestedCursorRules';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const CAPPED = `stopped reading nested .cursor/rules and .windsurf/rules folders after ${MAX_NESTED_FOLDERS}, nearest the root first`;

describe('agentls/ruleBuckets and agentls/rulesForFile say when their nested .cursor/rules folders are not all there', () => {
  it('past the folders read: incomplete, as agentls rules --json says it', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i <= MAX_NESTED_FOLDERS; i++) tree[`packages/p${String(i).padStart(3, '0')}/.cursor/rules/r.mdc`] = '---\nglobs: "**/*.ts"\n---\nUse strict types.\n';
    tree['packages/p00/x.ts'] = 'export const x = 1;\n';
    const ws = writeTree(tempDir(), tree);
    const c = await start({ folders: [ws] });
    // An answer made from part of the first index says `indexing`: the first without it is made from the whole index.
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined, 20_000);
    expect(buckets.nestedFolders?.length).toBe(MAX_NESTED_FOLDERS);
    expect(buckets.incomplete).toEqual([CAPPED]);
    const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(`${ws}/packages/p00/x.ts`) });
    expect(forFile.incomplete).toEqual([CAPPED]);
  });

  it('where the file index stopped at search.maxFiles: incomplete, and the buckets report ends saying it', async () => {
    const ws = nestedCursorTree();
    const c = await start({ folders: [ws], settings: { search: { maxFiles: 2 } } });
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    const stopped = 'the file index stopped at 2 files (setting agentls.search.maxFiles)';
    expect(buckets.incomplete).toEqual([stopped]);
    await c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report.trimEnd().split('\n').at(-1)).toBe(`_Incomplete: ${stopped}: rule folders past that are not listed here._`);
  });

  it('where the file index stopped at search.maxFiles: the rules-for-file report ends saying it, as its request does', async () => {
    const ws = nestedCursorTree();
    const c = await start({ folders: [ws], settings: { search: { maxFiles: 2 } } });
    const uri = c.uri(`${ws}/packages/web/x.tsx`);
    const forFile = await until('rules for the file from the complete index', () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri }), (r) => r.indexing === undefined);
    const stopped = 'the file index stopped at 2 files (setting agentls.search.maxFiles)';
    expect(forFile.incomplete).toEqual([stopped]);
    await c.executeCommand('agentls.rules.showForFile', [{ uri }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report.trimEnd().split('\n').at(-1)).toBe(`_Incomplete: ${stopped}: rule folders past that are not listed here._`);
  });

  it('says nothing after a restart from a stored index that holds exactly search.maxFiles files, none left out', async () => {
    const ws = nestedCursorTree();
    const cacheDir = tempDir('agentls-cache-');
    const home = tempDir('agentls-home-');
    // The tree's six files, every one listed: the listing did not stop. Given at start: a later change of search settings lists anew, without the stored index.
    const settings = { home, cacheDir, search: { maxFiles: 6 } };
    const options = { folders: [ws], cacheDir, home, settings, initializationOptions: { agentls: settings } };
    const first = await start(options);
    const listed = await until('the buckets from the complete index', () => first.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: first.uri(ws) }), (r) => r.indexing === undefined);
    expect(listed.incomplete).toBeUndefined();
    await first.stop();

    const second = await start(options);
    await second.waitForLog(/file index: 6 files in 1 folder, restored from the cache and checked against the disk/);
    const restored = await until('the buckets from the complete index', () => second.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: second.uri(ws) }), (r) => r.indexing === undefined);
    expect(restored.nestedFolders?.length).toBe(1);
    expect(restored.incomplete).toBeUndefined();
  });

  it('says nothing where the index holds every file and the folders are few', async () => {
    const ws = nestedCursorTree();
    const c = await start({ folders: [ws] });
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(buckets.nestedFolders?.length).toBe(1);
    expect(buckets.incomplete).toBeUndefined();
  });
});
