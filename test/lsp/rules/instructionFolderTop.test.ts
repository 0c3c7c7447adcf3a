import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { LIMITS } from '../../../server/core/limits';
import { useLspClients } from '../../helpers/lspClient';
import { fillInstructionTop, instructionFolderReadByName } from '../../helpers/instructionFolders';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * The server reads a `.claude/rules` whose top alone holds more entries than the budget as
 * `agentls rules` and `agentls check` do (test/cli/instructionFolderTop.test.ts): its files
 * among the first entries by name, and says so on the folder and in `agentls/ruleBuckets`.
 */
const start = useLspClients(afterEach);

type Sent = { agent: string; items: { path?: string }[] };

describe('the server and a .claude/rules whose top holds more entries than it reads', () => {
  it('reads the files among the first entries by name and says what was read', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'x\n' });
    const names = fillInstructionTop(ws, '.claude/rules', LIMITS.instructionFolderEntries + 5, (i) => `Rule ${i}.\n`);
    const said = instructionFolderReadByName('Claude Code', names.length);
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), settings: { rules: { agents: ['claude'] } } });
    const folder = c.uri(path.join(ws, '.claude/rules'));
    const onFolder = await c.waitForDiagnostics(folder, (d) => d.length > 0, 30_000);
    expect(onFolder.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/too-large', 1, said]]);

    const buckets = await c.request<RuleBucketsResult & { alwaysSent: Sent[] }>('agentls/ruleBuckets', { uri: c.uri(ws) });
    const sent = buckets.alwaysSent.find((a) => a.agent === 'claude')?.items.map((i) => i.path);
    expect(sent).toEqual(names.slice(0, LIMITS.instructionFolderEntries).map((n) => `.claude/rules/${n}`));
    expect(buckets.unread?.map((u) => [u.path, u.code, u.message, u.readInPart])).toEqual([['.claude/rules', 'rule/too-large', said, true]]);
  }, 60_000);
});
