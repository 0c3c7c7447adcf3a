import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * A closed rule file whose bytes are not valid UTF-8: the server pushes the finding
 * `agentls check` reports (test/cli/checkInvalidUtf8Rules.test.ts), naming the agent.
 */
const start = useLspClients(afterEach);

describe('a closed rule file that is not valid UTF-8', () => {
  it('is pushed as one rule/invalid-utf8 warning naming its agent', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.roo/rules/cafe.md': Buffer.from('Use café.\n', 'latin1') });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, '.roo/rules/cafe.md')), (ds) => ds.length > 0);
    expect(got.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['rule/invalid-utf8', 2, 'This file is not valid UTF-8, so agentls has not checked it: what becomes of the bytes that do not decode is not documented for Roo Code.'],
    ]);
  });
});
