import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { nestedCursorTree } from '../../helpers/nestedCursorRules';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const folders = (r: RuleBucketsResult) => r.nestedFolders?.map((f) => f.folder);

describe('the rule buckets after a restart from the stored file index', () => {
  it('follow the listing that checks the stored index against the disk: a nested .cursor/rules added while the server was down is listed', async () => {
    const ws = nestedCursorTree();
    const cacheDir = tempDir('agentls-cache-');
    const home = tempDir('agentls-home-');
    const settings = { home, cacheDir };
    const options = { folders: [ws], cacheDir, home, settings, initializationOptions: { agentls: settings } };
    const first = await start(options);
    const listed = await until('the buckets from the complete index', () => first.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: first.uri(ws) }), (r) => r.indexing === undefined);
    expect(folders(listed)).toEqual(['packages/web']);
    await first.stop();

    // While the server is down, a package gains its own rule folder: no change event will say so.
    writeTree(ws, { 'packages/x/.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nX.\n' });
    const gate = path.join(tempDir('agentls-gate-'), 'index');
    const second = await start({ ...options, env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    // Made from the stored list while the listing that checks it is held: the new folder is not in it.
    const stored = await second.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: second.uri(ws) });
    expect(folders(stored)).toEqual(['packages/web']);
    fs.writeFileSync(gate, '');
    await second.waitForLog(/file index: \d+ files in 1 folder, restored from the cache and checked against the disk/, 20_000);
    // The views are made again once the check's listing has settled the names (asked until they are, a few seconds at most).
    const checked = await until('the buckets with the folder the check found', () => second.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: second.uri(ws) }), (r) => folders(r)?.includes('packages/x') === true, 10_000);
    expect(folders(checked)).toEqual(['packages/web', 'packages/x']);
  });
});
