import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { NESTED_FOLDER, nestedCursorTree, nestedFoldersOf } from '../../helpers/nestedCursorRules';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** Fewer than the tree's six files: the index stops before it has them all. */
const LOW = 2;
const stopped = (n: number) => `the file index stopped at ${n} files (setting agentls.search.maxFiles)`;

/** A server over `ws` whose `search.maxFiles` is given at start. */
async function serverWithCap(ws: string, maxFiles: number) {
  const cacheDir = tempDir('agentls-cache-');
  const home = tempDir('agentls-home-');
  const settings = { home, cacheDir, search: { maxFiles } };
  const c = await start({ folders: [ws], cacheDir, home, settings, initializationOptions: { agentls: settings } });
  const buckets = () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
  return { c, buckets };
}

describe('agentls/ruleBuckets and agentls/rulesForFile after search.maxFiles is raised by a configuration change', () => {
  it('say incomplete under the low cap, and answer complete, with the nested rules, once it is raised', async () => {
    const ws = nestedCursorTree();
    const { c, buckets } = await serverWithCap(ws, LOW);
    const uri = c.uri(`${ws}/packages/web/x.tsx`);
    const forFile = () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri });
    const low = await until('the buckets from the complete index', buckets, (r) => r.indexing === undefined);
    expect(low.incomplete).toEqual([stopped(LOW)]);
    expect((await forFile()).incomplete).toBeDefined();

    await c.changeSettings({ search: { maxFiles: 1000 } });
    const whole = await until('the buckets without incomplete', buckets, (r) => r.indexing === undefined && r.incomplete === undefined, 20_000);
    expect(nestedFoldersOf(whole)).toEqual([NESTED_FOLDER]);
    const rules = await forFile();
    expect(rules.incomplete).toBeUndefined();
    expect(JSON.stringify(rules)).toContain('packages/web/.cursor/rules/web.mdc');
  });

  it('name the new cap once the index has listed under it, when it still stops before the end', async () => {
    // No nested rule folder: the holders are none under either cap, only the cap differs.
    const ws = writeTree(tempDir(), Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/f${i}.ts`, `export const f${i} = ${i};\n`])));
    const { c, buckets } = await serverWithCap(ws, LOW);
    const low = await until('the buckets from the complete index', buckets, (r) => r.indexing === undefined);
    expect(low.incomplete).toEqual([stopped(LOW)]);

    await c.changeSettings({ search: { maxFiles: LOW + 1 } });
    const raised = await until('the buckets to name the new cap', buckets, (r) => r.incomplete?.[0] !== stopped(LOW), 20_000);
    expect(raised.incomplete).toEqual([stopped(LOW + 1)]);
    const rules = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(`${ws}/src/f0.ts`) });
    expect(rules.incomplete).toEqual([stopped(LOW + 1)]);
  });
});
