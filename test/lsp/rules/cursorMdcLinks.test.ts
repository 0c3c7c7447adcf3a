import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentLink, Hover, Location } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
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

  it("pushes what check reports for closed Cursor rules, listed and a package's own (unlisted), and again after the file they name is renamed on disk", async () => {
    const nested = 'packages/web/.cursor/rules/y.mdc';
    const { ws, rule, outside } = mdcLinkWorkspace({ [nested]: '---\ndescription: Y\n---\nSee [s](mdc:src/db/schema.ts).\n' });
    const c = await start({ folders: [ws] });
    const uri = c.uri(rule);
    const nestedUri = c.uri(path.join(ws, ...nested.split('/')));
    // Never opened: what the editor shows is what the server pushes for the file on disk.
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => String(x.code).startsWith('cursor/')));
    expect(cursorCodes(ds)).toEqual(mdcFindings(fs.readFileSync(rule, 'utf8'), outside));
    // The package's rule judged as it was (its link names a file): the rename is what must move it.
    await c.waitForLog(/1 rule files the xcsh agent does not list, judged/);
    const schema = path.join(ws, 'src', 'db', 'schema.ts');
    fs.renameSync(schema, path.join(ws, 'src', 'db', 'tables.ts'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(schema), type: 3 }, { uri: c.uri(path.join(ws, 'src', 'db', 'tables.ts')), type: 1 }] });
    const gone = (d: Diagnostic[]) => d.filter((x) => x.code === 'cursor/mdc-link-missing' && String(x.message).includes('src/db/schema.ts'));
    // `src/db/schema.ts`, `src/db/schema.ts#L3` and file-relative `../../src/db/schema.ts` name nothing now.
    const after = await c.waitForDiagnostics(uri, (d) => gone(d).length === 3);
    expect(gone(after).map((d) => [d.range.start.line, d.range.start.character])).toEqual([[4, 17], [5, 45], [5, 81]]);
    const nestedAfter = await c.waitForDiagnostics(nestedUri, (d) => gone(d).length === 1);
    expect(gone(nestedAfter)[0].range.start).toEqual({ line: 3, character: 8 });
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

  it('opens only a file: a link naming a folder gets no document link and no definition (Helix says "failed to open path: … IrregularFile")', async () => {
    const rel = '.cursor/rules/dir.mdc';
    const { ws } = mdcLinkWorkspace({ [rel]: '---\ndescription: D\n---\nThe [db folder](mdc:src/db) and [schema](mdc:src/db/schema.ts).\n' });
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, ...rel.split('/')));
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    expect(links.map((l) => l.target)).toEqual([c.uri(path.join(ws, 'src', 'db', 'schema.ts'))]);
    const to = await c.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: { line: 3, character: 25 } });
    expect(to ?? []).toEqual([]);
  });

  it("names every folder a package's rule's missing link was read from, its package too", async () => {
    const nested = 'packages/web/.cursor/rules/y.mdc';
    const { ws } = mdcLinkWorkspace({ [nested]: '---\ndescription: Y\n---\nSee [g](mdc:gone.ts).\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, ...nested.split('/')));
    const [d] = await c.waitForDiagnostics(uri, (ds) => ds.some((x) => x.code === 'cursor/mdc-link-missing'));
    expect(d.message).toContain("read from the workspace folder, from packages/web (which holds this rule's .cursor) and from this rule's folder");
  });

  it('says on hover which file an mdc: link names and which reading found it, or why none', async () => {
    const { ws, rule } = mdcLinkWorkspace();
    const c = await start({ folders: [ws] });
    const uri = await c.open(rule);
    const hover = async (line: number, character: number) => {
      const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
      return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : JSON.stringify(h);
    };
    const root = await hover(4, 30);
    expect(root).toContain('`src/db/schema.ts`');
    expect(root).toContain('root-relative');
    const own = await hover(5, 16);
    expect(own).toContain('`.cursor/rules/sub/x.mdc`');
    expect(own).toContain('file-relative');
    expect(await hover(4, 62)).toContain('names no file');
  });

  it('says on hover of a missing mdc: link which reading leads out of the workspace, not that every reading was looked up', async () => {
    const { ws } = mdcLinkWorkspace({ '.cursor/rules/up.mdc': '---\ndescription: U\n---\nSee [d](mdc:../../docs/gone.md).\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, '.cursor', 'rules', 'up.mdc'));
    const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 14 } });
    const text = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : JSON.stringify(h);
    expect(text).toContain('names no file: read from the workspace folder (root-relative), it leads out of the workspace, where agentls does not look');
  });

  it('points a missing link at the one indexed file of its name, in the reading the other links use, and at none of several', async () => {
    const rel = '.cursor/rules/rel.mdc';
    const up = '.cursor/rules/up.mdc';
    const { ws, rule } = mdcLinkWorkspace({
      'lib/old.ts': 'export {};\n',
      'lib/moved.ts': 'export {};\n',
      'a/page.tsx': '',
      'b/page.tsx': '',
      [rel]: '---\ndescription: R\n---\nSee [x](mdc:sub/x.mdc) and [m](mdc:gone/moved.ts#L2).\n',
      [up]: '---\ndescription: U\n---\nSee [m](mdc:../../gone/moved.ts).\n',
    });
    const c = await start({ folders: [ws] });
    const fixesAt = async (uri: string, line: number, character: number) => {
      const range = { start: { line, character }, end: { line, character } };
      return (await c.codeActions(uri, range)).filter((a) => a.title.startsWith('Point the link at'));
    };
    const uri = await c.open(rule);
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'cursor/mdc-link-missing'));
    // Offered once the file index knows every name: a state the server reports through the action itself.
    const [fix] = await until('the fix of mdc:src/db/old.ts', () => fixesAt(uri, 4, 62), (a) => a.length === 1);
    expect(fix.title).toBe('Point the link at lib/old.ts');
    // The rule's other links resolve by both readings: written as the link was, from the workspace folder.
    await c.applyCodeAction(fix);
    expect(c.text(uri).split('\n')[4]).toContain('[the old one](mdc:lib/old.ts)');
    // `page.tsx`: two files of that name, never a guess.
    expect(await fixesAt(uri, 7, 20)).toEqual([]);
    // Its one other link resolves from the rule's folder: the new path is written from there, the fragment kept.
    const relUri = await c.open(path.join(ws, ...rel.split('/')));
    await c.waitForDiagnostics(relUri, (d) => d.some((x) => x.code === 'cursor/mdc-link-missing'));
    const [relFix] = await fixesAt(relUri, 3, 36);
    await c.applyCodeAction(relFix);
    expect(c.text(relUri).split('\n')[3]).toBe('See [x](mdc:sub/x.mdc) and [m](mdc:../../lib/moved.ts#L2).');
    // Its one link is broken and leaves the workspace read from the workspace folder: missing, and fixed as written, from the rule's folder.
    const upUri = await c.open(path.join(ws, ...up.split('/')));
    await c.waitForDiagnostics(upUri, (d) => d.some((x) => x.code === 'cursor/mdc-link-missing'));
    const [upFix] = await fixesAt(upUri, 3, 12);
    await c.applyCodeAction(upFix);
    expect(c.text(upUri).split('\n')[3]).toBe('See [m](mdc:../../lib/moved.ts).');
  });

  it('writes a moved file\'s path as one link destination: an unbalanced parenthesis in it is percent-encoded', async () => {
    const { ws } = mdcLinkWorkspace({ 'app/(group/page.tsx': '', '.cursor/rules/p.mdc': '---\ndescription: P\n---\nSee [p](mdc:gone/page.tsx) now.\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, '.cursor/rules/p.mdc'));
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'cursor/mdc-link-missing'));
    const range = { start: { line: 3, character: 12 }, end: { line: 3, character: 12 } };
    const [fix] = await until('the fix of mdc:gone/page.tsx', async () => (await c.codeActions(uri, range)).filter((a) => a.title.startsWith('Point the link at')), (a) => a.length === 1);
    await c.applyCodeAction(fix);
    // Written raw, `(` would open a group the link's `)` closes: the destination would run on to ` now.`.
    expect(c.text(uri).split('\n')[3]).toBe('See [p](mdc:app/%28group/page.tsx) now.');
    // And it reads as the file it was pointed at: no finding is left.
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => String(x.code).startsWith('cursor/mdc-link')));
  });
});
