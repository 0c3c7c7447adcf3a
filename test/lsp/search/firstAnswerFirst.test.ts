import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { afterEach, describe, expect, it } from 'vitest';
import { useRawClients } from '../../helpers/rawClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useRawClients(afterEach);

describe('a file search asked at start-up', () => {
  it('is answered before the closed rule files are judged, which wait for it', async () => {
    const ws = writeTree(tempDir('agentls-first-answer-'), {
      '.cursor/rules/style.mdc': '---\ndescription: Style\nglobs: "*.ts"\nalwaysApply: maybe\n---\n# Style\nUse tabs.\n',
      'src/auth.ts': '',
      'src/session.ts': '',
    });
    // The first index is held once it has files: the search waits for names, then answers from part of the index.
    const gate = path.join(tempDir('agentls-first-answer-gate-'), 'release');
    const c = await start([], { initialize: false, env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    c.send(c.initializeMessage(1, [ws]));
    await c.response(1);
    c.send({ jsonrpc: '2.0', method: 'initialized', params: {} }, { jsonrpc: '2.0', id: 2, method: 'agentls/fileSearch', params: { query_id: '00000000-0000-4000-8000-000000000002', query: 'auth' } });
    const answer = await c.response(2, 30_000);
    expect((answer.result as { indexing?: boolean }).indexing).toBe(true);
    const rule = URI.file(path.join(ws, '.cursor/rules/style.mdc')).toString();
    const published = () => c.received.findIndex((m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string; diagnostics: unknown[] }).uri === rule && (m.params as { diagnostics: unknown[] }).diagnostics.length > 0);
    await c.waitFor("the rule file's diagnostics", () => published() >= 0, 30_000);
    expect(published()).toBeGreaterThan(c.indexOfResponse(2));
    fs.writeFileSync(gate, '');
  });
});
