import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentLink, Location } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { mdcFindings, mdcLinkWorkspace } from '../../helpers/mdcLinks';

const start = useLspClients(afterEach);

const cursorCodes = (ds: { code?: unknown; range: { start: { line: number; character: number } } }[]) =>
  ds.filter((d) => String(d.code).startsWith('cursor/')).map((d) => [d.code, d.range.start.line, d.range.start.character]);

describe('mdc: links in Cursor rules over LSP', () => {
  it('pushes what check reports, and judges the link again once the file it names is created', async () => {
    const { ws, rule, outside } = mdcLinkWorkspace();
    const c = await start({ folders: [ws] });
    const uri = await c.open(rule);
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => String(x.code).startsWith('cursor/')));
    expect(cursorCodes(ds)).toEqual(mdcFindings(fs.readFileSync(rule, 'utf8'), outside));
    const old = path.join(ws, 'src', 'db', 'old.ts');
    fs.writeFileSync(old, 'export {};\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(old), type: 1 }] });
    const after = await c.waitForDiagnostics(uri, (d) => !d.some((x) => String(x.message).includes('mdc:src/db/old.ts')));
    expect(cursorCodes(after)).toEqual(mdcFindings(fs.readFileSync(rule, 'utf8'), outside).slice(1));
  });

  it('links each mdc: link that names a file to it, under the reading that does, and goes to it', async () => {
    const { ws, rule } = mdcLinkWorkspace();
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(rule);
    const file = (rel: string) => c.uri(path.join(ws, ...rel.split('/')));
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    expect(links.map((l) => [l.range.start.line, l.range.start.character, l.target])).toEqual([
      [4, 17, file('src/db/schema.ts')],
      [5, 14, file('.cursor/rules/sub/x.mdc')],
      [5, 45, file('src/db/schema.ts')],
      [5, 81, file('src/db/schema.ts')],
      [7, 52, file('src/db/my file.ts')],
    ]);
    const to = await c.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 4, character: 30 } });
    expect(to.map((l) => l.uri)).toEqual([file('src/db/schema.ts')]);
  });
});
