import * as path from 'node:path';
import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * A closed rule file whose bytes are not valid UTF-8: the server pushes the finding
 * `agentls check` reports (test/cli/checkInvalidUtf8Rules.test.ts), naming the agent; and its
 * tool lists it in `agentls/ruleBuckets` as not counted (test/cli/rulesInvalidUtf8Rules.test.ts).
 */
const start = useLspClients(afterEach);

describe('a closed rule file that is not valid UTF-8', () => {
  it('is pushed as one rule/invalid-utf8 warning naming its agent', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.roo/rules/cafe.md': Buffer.from('Use café.\n', 'latin1') });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, '.roo/rules/cafe.md')), (ds) => ds.length > 0);
    expect(got.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['rule/invalid-utf8', 2, 'This file is not valid UTF-8, so agentls has not checked it: Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode.'],
    ]);
  });

  it('is in no Cursor rule of agentls/ruleBuckets, and not counted with why, as agentls rules --json has it', async () => {
    const ws = fs.realpathSync(writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/cafe.mdc': Buffer.from('---\nalwaysApply: true\n---\nUse café.\n', 'latin1') }));
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.agentRules ?? []).toEqual([]);
    expect(buckets.alwaysSent?.find((a) => a.agent === 'cursor')).toMatchObject({
      totalTokens: 0,
      uncounted: [{ path: '.cursor/rules/cafe.mdc', reason: `${path.join(ws, '.cursor/rules/cafe.mdc')} is not valid UTF-8` }],
    });
  });
});
