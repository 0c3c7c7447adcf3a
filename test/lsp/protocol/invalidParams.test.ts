import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { URI } from 'vscode-uri';
import { useRawClients } from '../../helpers/rawClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useRawClients(afterEach);
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

const METHODS = [
  'textDocument/completion',
  'textDocument/hover',
  'textDocument/definition',
  'textDocument/documentLink',
  'textDocument/codeAction',
  'textDocument/diagnostic',
  'codeAction/resolve',
  'workspace/executeCommand',
  'agentls/fileSearch',
  'agentls/ruleBuckets',
  'agentls/systemPrompt',
  'agentls/resolveRule',
  'agentls/hashlineRead',
  'agentls/hashlineApply',
  'agentls/astEditPreview',
  'agentls/astEditResolve',
  'agentls/parsePrompt',
  'agentls/convertPrompt',
];

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
