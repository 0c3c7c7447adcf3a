import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { URI } from 'vscode-uri';
import { useRawClients } from '../../helpers/rawClient';
import { ALL_REQUESTS } from '../../helpers/requestMethods';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useRawClients(afterEach);
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

// Every request, `agentls/status` too (it takes no params: anything but an internal error will do).
const METHODS = ALL_REQUESTS;

describe('malformed params get InvalidParams, never an internal error', () => {
  it('every request method, with params of the wrong shape', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': '---\ndescription: x\n---\nhi\n', 'p.prompt.md': 'see @' });
    const uri = URI.file(path.join(ws, '.cursor/rules/a.mdc')).toString();
    const c = await start([ws]);
    c.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'markdown', version: 1, text: '---\ndescription: x\n---\nhi\n' } } });
    const zero = { line: 0, character: 0 };
    const variants: unknown[] = [
      null,
      {},
      { textDocument: null },
      { textDocument: { uri } },
      { textDocument: { uri }, position: null },
      { textDocument: { uri }, position: { line: 'a', character: -1 } },
      { textDocument: { uri }, range: null, context: null },
      { textDocument: { uri }, range: { start: zero, end: zero }, context: { only: 'x', diagnostics: 'y' } },
      { command: 5 },
      { command: 'agentls.hashline.apply', arguments: 'x' },
      { data: 5 },
      { uri: 5 },
      { query_id: 5 },
    ];
    const sent: { id: number; method: string; params: unknown }[] = [];
    let id = 100;
    for (const method of METHODS) for (const params of variants) sent.push({ id: id++, method, params });
    // Every command the server advertises, with arguments of the wrong shape.
    const advertised = ((await c.response(1)).result as { capabilities: { executeCommandProvider?: { commands?: string[] } } }).capabilities.executeCommandProvider?.commands ?? [];
    expect(advertised.length).toBeGreaterThan(5);
    for (const command of advertised) for (const args of [undefined, [], [null], [5], [{}], ['x', 'y'], [{ uri: 5, text: [] }]]) sent.push({ id: id++, method: 'workspace/executeCommand', params: { command, arguments: args } });
    c.send(...sent.map((s) => ({ jsonrpc: '2.0', ...s })));
    await c.waitFor('an answer to every request', () => sent.every((s) => c.responses(s.id).length > 0), 60_000);
    const internal = sent
      .map((s) => ({ ...s, error: c.responses(s.id)[0].error }))
      .filter((s) => s.error?.code === INTERNAL_ERROR)
      .map((s) => `${s.method} ${JSON.stringify(s.params)}: ${s.error!.message.slice(0, 120)}`);
    expect(internal).toEqual([]);
    // The standard requests' malformed shapes are named in the answer.
    for (const s of sent.filter((x) => x.method === 'textDocument/hover')) {
      const p = s.params as { position?: { line?: unknown } } | null;
      if (p && typeof p.position?.line === 'number') continue;
      expect(c.responses(s.id)[0].error?.code).toBe(INVALID_PARAMS);
    }
  }, 90_000);
});
