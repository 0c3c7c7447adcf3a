import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { CURSOR_AND_SUBFOLDERS_CAPPED, manySubfoldersTree, READ, subfolder } from '../../helpers/ruleSubfolders';
import { instructionFolderCapped } from '../../helpers/instructionFolders';

/*
 * The server looks into a rule folder's subfolders only as far as one budget for all of
 * them, as `agentls check` and `agentls rules` do (test/cli/ruleSubfolderCap.test.ts): the
 * files it tells of (the xcsh agent never loads them) stop there, and the folder says so.
 */
const start = useLspClients(afterEach);
const said = (d: { code?: unknown; severity?: number; message: unknown }[]) => d.map((x) => [x.code, x.severity, x.message]);

describe('the server and a rule folder of more subfolders than it looks into', () => {
  it('tells of the files of the subfolders within the budget only, and says so on the folder and in agentls/ruleBuckets', async () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    // Logged once the findings of the listed files are pushed, all of them before it.
    await c.waitForLog(/^rules: \d+ rule files the xcsh agent lists, in 1 workspace folder\(s\), analysed/, 30_000);
    const folder = c.uri(path.join(ws, '.cursor/rules'));
    const told = [...c.diagnostics].filter(([, p]) => p.diagnostics.some((d) => d.code === 'rule/not-read')).map(([uri]) => uri);
    // Cursor's walk of its subfolders, sharing a budget, stopped too: one error on the folder says both (pushed with Cursor's view, after the listing's).
    const onFolder = await c.waitForDiagnostics(folder, (d) => d.length > 0, 30_000);
    expect(onFolder.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/too-large', 1, CURSOR_AND_SUBFOLDERS_CAPPED]]);
    expect(told.length).toBe(READ);
    expect(told).toContain(c.uri(path.join(ws, '.cursor/rules', subfolder(READ), 'x.md')));
    expect(told).not.toContain(c.uri(path.join(ws, '.cursor/rules', subfolder(READ + 1), 'x.md')));

    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.unread?.map((u) => [u.path, u.code, u.message])).toEqual([['.cursor/rules', 'rule/too-large', CURSOR_AND_SUBFOLDERS_CAPPED]]);
  }, 60_000);

  it('speaks of the xcsh agent on a capped .cursor/rules only where the setting targets it, following a change of it', async () => {
    // `.xcsh` is there, but the setting names Cursor alone.
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), settings: { rules: { agents: ['cursor'] } } });
    const folder = c.uri(path.join(ws, '.cursor/rules'));
    expect(said(await c.waitForDiagnostics(folder, (d) => d.length > 0, 30_000))).toEqual([['rule/too-large', 1, instructionFolderCapped('Cursor')]]);
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.unread?.map((u) => [u.path, u.message])).toEqual([['.cursor/rules', instructionFolderCapped('Cursor')]]);

    await c.changeSettings({ rules: { agents: ['cursor', 'xcsh'] } });
    expect(said(await c.waitForDiagnostics(folder, (d) => d.some((x) => x.message === CURSOR_AND_SUBFOLDERS_CAPPED), 30_000))).toEqual([['rule/too-large', 1, CURSOR_AND_SUBFOLDERS_CAPPED]]);
  }, 60_000);
});
