import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { deepRuleFolder, tooDeep } from '../../helpers/deepRuleFolders';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * The server says of an agent's rule folder nested deeper than it walks what `agentls check`
 * says (test/cli/ruleFolderDepth.test.ts).
 */
const start = useLspClients(afterEach);
const said = (d: { code?: unknown; severity?: number; message: unknown }[]) => d.map((x) => [x.code, x.severity, x.message]);

describe('the server and a rule folder nested deeper than it walks', () => {
  it('says a folder nested deeper than it walks on the folder (a warning) and in agentls/ruleBuckets', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    deepRuleFolder(ws, '.claude/rules');
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), settings: { rules: { agents: ['claude'] } } });
    const folder = c.uri(path.join(ws, '.claude/rules'));
    expect(said(await c.waitForDiagnostics(folder, (d) => d.length > 0, 30_000))).toEqual([['rule/too-large', 2, tooDeep('Claude Code')]]);
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.unread?.map((u) => [u.path, u.message, u.readInPart])).toEqual([['.claude/rules', tooDeep('Claude Code'), true]]);
  }, 60_000);
});
