import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { capInstructionFolder, instructionFolderCapped } from '../../helpers/instructionFolders';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * The server walks Claude Code's `.claude/rules` only as far as one budget of entries, as
 * `agentls rules` and `agentls check` do (test/cli/instructionFolderCap.test.ts), and says so
 * on the folder, in `agentls/ruleBuckets` and in `agentls/rulesForFile`.
 */
const start = useLspClients(afterEach);

type Sent = { agent: string; items: { path?: string }[] };

describe('the server and a Claude Code rule folder of more entries than it reads', () => {
  it('says so on the folder, in agentls/ruleBuckets and agentls/rulesForFile (read in part), and reads the files before the cap', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'x\n' });
    capInstructionFolder(ws, '.claude/rules', ['a.md', 'Always.\n'], ['zz.md', 'Last.\n']);
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), settings: { rules: { agents: ['claude'] } } });
    const folder = c.uri(path.join(ws, '.claude/rules'));
    const said = await c.waitForDiagnostics(folder, (d) => d.length > 0, 30_000);
    expect(said.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/too-large', 1, instructionFolderCapped('Claude Code')]]);

    const buckets = await c.request<RuleBucketsResult & { alwaysSent: Sent[] }>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.alwaysSent.find((a) => a.agent === 'claude')?.items.map((i) => i.path)).toEqual(['.claude/rules/a.md']);
    expect(buckets.unread?.map((u) => [u.path, u.code, u.message, u.readInPart])).toEqual([['.claude/rules', 'rule/too-large', instructionFolderCapped('Claude Code'), true]]);

    // Its rules past the cap may reach any file: said with the rules for one.
    const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src/app.ts')) });
    expect(forFile.unread?.map((u) => [u.path, u.readInPart])).toEqual([['.claude/rules', true]]);
  }, 60_000);
});
