import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { URI } from 'vscode-uri';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { searchNames, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The package's source file and the two files made in the link's target fit; one of the two seen again through the link does not. */
const MAX_FILES = 4;
const STOPPED = `the file index stopped at ${MAX_FILES} files (setting agentls.search.maxFiles)`;

describe("a package's linked .cursor/rules whose target is made while the server runs, past search.maxFiles", () => {
  it('makes agentls/ruleBuckets and agentls/rulesForFile say the index stopped', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'packages/web/src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'), { recursive: true });
    fs.symlinkSync('../gone', path.join(ws, 'packages/web/.cursor/rules'));
    const cacheDir = tempDir('agentls-cache-');
    const home = tempDir('agentls-home-');
    const settings = { home, cacheDir, search: { maxFiles: MAX_FILES } };
    const c = await start({ folders: [ws], cacheDir, home, settings, initializationOptions: { agentls: settings } });
    const buckets = () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect((await until('the buckets from the complete index', buckets, (r) => r.indexing === undefined)).incomplete).toBeUndefined();

    // The target made, reported where it really is (the link itself gets no event): its two
    // files fit, and the index lists the folder again through the link with room for one.
    writeTree(ws, { 'packages/web/gone/one.mdc': 'One.\n', 'packages/web/gone/two.mdc': 'Two.\n' });
    const made = ['one', 'two'].map((n) => ({ uri: URI.file(path.join(ws, `packages/web/gone/${n}.mdc`)).toString(), type: 1 }));
    c.notify('workspace/didChangeWatchedFiles', { changes: made });
    const throughLink = (names: string[]) => names.filter((n) => n.startsWith('packages/web/.cursor/rules/'));
    await until('one file to be searched through the link', async () => [...(await searchNames(c, 'one')), ...(await searchNames(c, 'two'))], (names) => throughLink(names).length === 1, 15_000);

    const cut = await until('the buckets to say the index stopped', buckets, (r) => r.incomplete !== undefined, 20_000);
    expect(cut.incomplete).toEqual([STOPPED]);
    const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(`${ws}/packages/web/src/a.ts`) });
    expect(forFile.incomplete).toEqual([STOPPED]);
  });
});
