import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentLink, Location } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Kiro's `#[[file:…]]` references in steering files (rules/kiroFileRefs.ts) through the real
 * server: the finding check gives, pushed for an open and a closed steering file and dropped
 * once the file is created; a document link and a definition to each file a reference names.
 */
const start = useLspClients(afterEach);

const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'api/openapi.yaml': 'openapi: 3.1.0\n', 'docs/product.md': '# Product\n' };
const STEERING = '# API\nSpec: #[[file:api/openapi.yaml]]\nUp: #[[file:../../docs/product.md]]\nSchema: #[[file:api/schema.graphql]]\n';
const missing = <T extends { code?: unknown }>(d: T[]): T[] => d.filter((x) => x.code === 'kiro/file-ref-missing');

describe("Kiro's file references in the server", () => {
  it('says a reference to no file in an open steering file and a closed one, and no longer once the file is created', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/api.md': STEERING, '.kiro/steering/closed.md': '# Closed\n#[[file:api/schema.graphql]]\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, '.kiro/steering/api.md'));
    const open = missing(await c.waitForDiagnostics(uri, (d) => missing(d).length > 0));
    expect(open.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character])).toEqual([[3, 8, 8 + '#[[file:api/schema.graphql]]'.length]]);
    expect(open[0].message).toContain('No file at `api/schema.graphql`');
    expect(open[0].message).toContain('Kiro');
    // Never opened: what the editor shows is what the server pushes for the file on disk.
    const closed = c.uri(path.join(ws, '.kiro/steering/closed.md'));
    await c.waitForDiagnostics(closed, (d) => missing(d).length === 1);
    const schema = path.join(ws, 'api', 'schema.graphql');
    fs.writeFileSync(schema, 'type Query { a: Int }\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(schema), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => missing(d).length === 0);
    await c.waitForDiagnostics(closed, (d) => missing(d).length === 0);
  });

  it('links each reference that names a file to it, under the reading that does, and goes to it', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/api.md': STEERING });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, '.kiro/steering/api.md'));
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    const file = (rel: string) => c.uri(path.join(ws, ...rel.split('/')));
    expect(links.map((l) => [l.range.start.line, l.range.start.character, l.target])).toEqual([
      [1, 6, file('api/openapi.yaml')],
      [2, 4, file('docs/product.md')],
    ]);
    const to = await c.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 2, character: 12 } });
    expect(to.map((l) => l.uri)).toEqual([file('docs/product.md')]);
  });
});
