import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { URI } from 'vscode-uri';
import { RawLspClient, useRawClients } from '../../helpers/rawClient';
import { tempDir } from '../../helpers/repo';

const start = useRawClients(afterEach);

const request = (id: number | string, method: string, params: unknown = {}) => ({ jsonrpc: '2.0', id, method, params });
const status = (id: number | string) => request(id, 'agentls/status');
const INVALID_REQUEST = -32600;
const SERVER_NOT_INITIALIZED = -32002;

function smallWorkspace(): string {
  const ws = tempDir();
  fs.writeFileSync(path.join(ws, 'alpha.ts'), '');
  return ws;
}

async function searchAnswers(c: RawLspClient, id: number): Promise<void> {
  c.send(request(id, 'agentls/fileSearch', { query_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, query: 'alpha' }));
  const r = await c.response(id);
  expect(r.error).toBeUndefined();
  expect((r.result as { candidates: { path: string }[] }).candidates.map((x) => x.path)).toContain('alpha.ts');
}

describe('requests the LSP specification says to refuse', () => {
  it('drops a $/cancelRequest that names no request id, and serves the requests read with it', async () => {
    // Found by the fuzz suite: the library throws on such a cancel, which took the rest of the chunk with it.
    const c = await start([smallWorkspace()]);
    const cancel = (params: unknown) => ({ jsonrpc: '2.0', method: '$/cancelRequest', params });
    c.send(cancel('python'), cancel({}), cancel({ id: { nested: true } }), status(30));
    expect((await c.response(30)).error).toBeUndefined();
    await searchAnswers(c, 31);
  });

  it('refuses a second initialize with InvalidRequest and keeps serving searches', async () => {
    const ws = smallWorkspace();
    const c = await start([ws]);
    c.send(c.initializeMessage(9, [tempDir()]), { jsonrpc: '2.0', method: 'initialized', params: {} });
    expect((await c.response(9)).error).toMatchObject({ code: INVALID_REQUEST, message: expect.stringContaining('already initialized') });
    await searchAnswers(c, 10);
    expect(((await (c.send(status(11)), c.response(11))).result as { roots: string[] }).roots).toEqual([ws]);
  });

  it('refuses requests before initialize with ServerNotInitialized and drops notifications, as the LSP specification asks', async () => {
    // LSP 3.17, "Initialize Request": before initialize a request is answered -32002 and a notification other than exit is dropped.
    // Found by fuzzing: a hover waited for the handshake forever, and a custom request was answered MethodNotFound.
    const ws = tempDir();
    const uri = URI.file(path.join(ws, 'CLAUDE.md')).toString();
    const c = await start([], { initialize: false });
    c.send(
      { jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'markdown', version: 1, text: 'see @notes.md' } } },
      request(2, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 5 } }),
      status(3),
    );
    for (const id of [2, 3]) expect((await c.response(id)).error).toMatchObject({ code: SERVER_NOT_INITIALIZED, message: expect.stringContaining('initialize') });
    c.send(c.initializeMessage(4, [ws]));
    expect((await c.response(4)).error).toBeUndefined();
    c.send({ jsonrpc: '2.0', method: 'initialized', params: {} }, request(5, 'textDocument/documentLink', { textDocument: { uri } }));
    // The document was never opened: a request about it finds none.
    expect(await c.response(5)).toMatchObject({ result: null });
  });

  it('exits on exit before initialize', async () => {
    const c = await start([], { initialize: false });
    c.send({ jsonrpc: '2.0', method: 'exit' });
    await c.waitFor('the server to exit', () => c.exitCode !== undefined);
    expect(c.exitCode).toBe(1);
  });

  it('refuses requests after shutdown with InvalidRequest, then exits 0 on exit', async () => {
    const c = await start([tempDir()]);
    c.send(request(20, 'shutdown', null), status(21));
    expect((await c.response(20)).error).toBeUndefined();
    expect((await c.response(21)).error).toMatchObject({ code: INVALID_REQUEST, message: expect.stringContaining('shutting down') });
    c.send({ jsonrpc: '2.0', method: 'exit' });
    await c.waitFor('the server to exit', () => c.exitCode !== undefined);
    expect(c.exitCode).toBe(0);
  });

  it('answers both requests that share an id: the second is refused, the first is not lost', async () => {
    const c = await start([tempDir()]);
    c.send(status(5), status(5));
    await c.waitFor('two answers to id 5', () => c.responses(5).length === 2);
    const [a, b] = c.responses(5);
    const refused = [a, b].filter((r) => r.error);
    expect(refused).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: INVALID_REQUEST, message: expect.stringContaining('already in use') }) })]);
    expect([a, b].filter((r) => r.result)).toHaveLength(1);
  });

  it('takes no root from a workspace folder, rootUri or rootPath that is empty (not the working directory)', async () => {
    const c = await start([], { initialize: false });
    const init = c.initializeMessage(1, []) as { params: Record<string, unknown> };
    init.params.workspaceFolders = [{ uri: '', name: 'empty' }];
    init.params.rootUri = '';
    init.params.rootPath = '';
    c.send(init);
    await c.response(1);
    c.send({ jsonrpc: '2.0', method: 'initialized', params: {} }, status(2));
    expect(((await c.response(2)).result as { roots: string[] }).roots).toEqual([]);
    expect(c.logLines().join('\n')).toMatch(/workspace folder .*not a file URI/);
  });

  it('takes the root from rootPath when workspaceFolders is an empty list and rootUri null, as Helix 25.07 sends them', async () => {
    const ws = tempDir();
    const c = await start([], { initialize: false });
    const init = c.initializeMessage(1, []) as { params: Record<string, unknown> };
    init.params.workspaceFolders = [];
    init.params.rootUri = null;
    init.params.rootPath = ws;
    c.send(init);
    await c.response(1);
    c.send({ jsonrpc: '2.0', method: 'initialized', params: {} }, status(2));
    expect(((await c.response(2)).result as { roots: string[] }).roots).toEqual([ws]);
  });
});
