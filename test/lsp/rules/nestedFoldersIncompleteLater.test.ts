import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Commands } from '../../../protocol/methods';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { nestedCursorTree } from '../../helpers/nestedCursorRules';
import { searchNames, until } from '../../helpers/polling';
import { tempDir } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The tree's six files and one more fit; a file past that is left out of the index. */
const MAX_FILES = 7;
const STOPPED = `the file index stopped at ${MAX_FILES} files (setting agentls.search.maxFiles)`;

/** A server over the shared nested tree, `search.maxFiles` given at start (a later change would list anew, which is not what is tested). */
async function serverNearTheCap() {
  const ws = nestedCursorTree();
  const cacheDir = tempDir('agentls-cache-');
  const home = tempDir('agentls-home-');
  const settings = { home, cacheDir, search: { maxFiles: MAX_FILES } };
  // Neovim does not watch files: the server's own watcher sees what the test makes on disk.
  const c = await start({ folders: [ws], client: 'neovim', cacheDir, home, settings, initializationOptions: { agentls: settings } });
  const buckets = () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
  const first = await until('the buckets from the complete index', buckets, (r) => r.indexing === undefined);
  expect(first.incomplete).toBeUndefined();
  // The seventh file fits: the index holds it once the watcher has told of it.
  fs.writeFileSync(path.join(ws, 'fits.txt'), 'one more\n');
  await until('the index to hold fits.txt', () => searchNames(c, 'fits'), (names) => names.length === 1);
  return { c, ws, buckets };
}

describe('agentls/ruleBuckets and agentls/rulesForFile say incomplete once files come past search.maxFiles while the server runs', () => {
  it('a file created past the cap: views made before say incomplete now, not at the next listing', async () => {
    const { c, ws, buckets } = await serverNearTheCap();
    const whole = await buckets();
    expect(whole.incomplete).toBeUndefined();
    const uri = c.uri(`${ws}/packages/web/x.tsx`);
    expect((await c.request<RulesForFileResult>('agentls/rulesForFile', { uri })).incomplete).toBeUndefined();

    fs.writeFileSync(path.join(ws, 'past.txt'), 'left out\n');
    const cut = await until('the buckets to say the index stopped', buckets, (r) => r.incomplete !== undefined, 20_000);
    expect(cut.incomplete).toEqual([STOPPED]);
    expect((await c.request<RulesForFileResult>('agentls/rulesForFile', { uri })).incomplete).toEqual([STOPPED]);
  });

  it('a folder created past the cap: the same', async () => {
    const { ws, buckets } = await serverNearTheCap();
    expect((await buckets()).incomplete).toBeUndefined();
    // Made elsewhere and moved in whole: the index hears of the folder, and lists it up to the room left (none).
    const outside = tempDir();
    fs.writeFileSync(path.join(outside, 'a.txt'), 'a\n');
    fs.writeFileSync(path.join(outside, 'b.txt'), 'b\n');
    fs.renameSync(outside, path.join(ws, 'moved'));
    const cut = await until('the buckets to say the index stopped', buckets, (r) => r.incomplete !== undefined, 20_000);
    expect(cut.incomplete).toEqual([STOPPED]);
  });

  it('the files deleted so the tree fits again: incomplete stays until the folder is listed anew, which clears it', async () => {
    const { c, ws, buckets } = await serverNearTheCap();
    fs.writeFileSync(path.join(ws, 'past.txt'), 'left out\n');
    await until('the buckets to say the index stopped', buckets, (r) => r.incomplete !== undefined, 20_000);

    fs.rmSync(path.join(ws, 'past.txt'));
    fs.rmSync(path.join(ws, 'fits.txt'));
    await until('the index to drop fits.txt', () => searchNames(c, 'fits'), (names) => names.length === 0);
    // The index cannot tell whether the deleted files were those left out: it says so until it lists the folder.
    expect((await buckets()).incomplete).toEqual([STOPPED]);

    await c.executeCommand(Commands.indexRebuild, []);
    const whole = await until('the buckets from the rebuilt index', buckets, (r) => r.indexing === undefined && r.incomplete === undefined, 20_000);
    expect(whole.incomplete).toBeUndefined();
  });
});
