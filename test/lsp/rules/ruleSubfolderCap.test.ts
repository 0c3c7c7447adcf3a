import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { CURSOR_AND_SUBFOLDERS_CAPPED, manySubfoldersTree, READ, subfolder } from '../../helpers/ruleSubfolders';

/*
 * The server looks into a rule folder's subfolders only as far as one budget for all of
 * them, as `agentls check` and `agentls rules` do (test/cli/ruleSubfolderCap.test.ts): the
 * files it tells of (the xcsh agent never loads them) stop there, and the folder says so.
 */
const start = useLspClients(afterEach);

describe('the server and a rule folder of more subfolders than it looks into', () => {
  it('tells of the files of the subfolders within the budget only, and says so on the folder and in agentls/ruleBuckets', async () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    // Logged once the findings of the listed files are pushed, all of them before it.
    await c.waitForLog(/^rules: \d+ rule files in 1 folder\(s\) analysed/, 30_000);
    const folder = c.uri(path.join(ws, '.cursor/rules'));
    // Cursor's walk of its subfolders, sharing a budget, stopped too: one error on the folder says both.
    expect(c.diagnostics.get(folder)?.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/too-large', 1, CURSOR_AND_SUBFOLDERS_CAPPED]]);
    const told = [...c.diagnostics].filter(([, p]) => p.diagnostics.some((d) => d.code === 'rule/not-read')).map(([uri]) => uri);
    expect(told.length).toBe(READ);
    expect(told).toContain(c.uri(path.join(ws, '.cursor/rules', subfolder(READ), 'x.md')));
    expect(told).not.toContain(c.uri(path.join(ws, '.cursor/rules', subfolder(READ + 1), 'x.md')));

    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.unread?.map((u) => [u.path, u.code, u.message])).toEqual([['.cursor/rules', 'rule/too-large', CURSOR_AND_SUBFOLDERS_CAPPED]]);
  }, 60_000);
});
