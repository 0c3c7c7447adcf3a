import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionItem, DocumentLink, Hover, Location, MarkupContent, TextEdit } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { copyFixture, tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

function demo() {
  const ws = copyFixture('demo');
  const home = copyFixture('demo-home');
  const notes = path.join(ws, 'docs', 'notes.md');
  fs.mkdirSync(path.dirname(notes), { recursive: true });
  fs.writeFileSync(notes, '# Notes\n\nFollow rule://style and rule://concise.\nAlso rule://no-console and rule://nope.\n');
  return { ws, home, notes, file: (rel: string) => path.join(ws, ...rel.split('/')) };
}

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

describe('rules navigation over LSP', () => {
  it('diagnoses rule:// names in any Markdown document', async () => {
    const { ws, home, notes } = demo();
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const uri = await c.open(notes);
    const ds = await c.waitForDiagnostics(uri, (d) => d.length >= 2);
    expect(ds.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['rule-url/not-resolvable', 3, 5],
      ['rule-url/unknown', 3, 27],
    ]);
    expect(ds[1].message).toBe('The xcsh agent knows no rule `nope`: it answers "Unknown rule: nope". Available: style, testing, docs, concise.');
  });

  it('hovers rule:// with bucket, provider and shadowing, and a rule file\'s first line and keys', async () => {
    const { ws, home, notes, file } = demo();
    const c = await start({ folders: [ws], home });
    const uri = await c.open(notes);
    const onStyle = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 15 } }));
    expect(onStyle).toContain('**rule `style`**');
    expect(onStyle).toContain("The xcsh agent uses `.xcsh/rules/style.md` (xcsh's own folder, project): it goes to the rulebook");
    expect(onStyle).toContain("Hidden by it (the xcsh agent never reads them): `~/.cursor/rules/style.mdc` (~/.cursor/rules, user), `.cursor/rules/style.mdc` (Cursor's folder, project)");
    const cursorStyle = await c.open(file('.cursor/rules/style.mdc'));
    const onName = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: cursorStyle }, position: { line: 0, character: 1 } }));
    expect(onName).toContain("`.cursor/rules/style.mdc` (Cursor's folder, project) ← this file");
    const onKey = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: cursorStyle }, position: { line: 2, character: 2 } }));
    expect(onKey).toContain('**globs** (read by the xcsh agent, Cursor, Windsurf)');
    expect(onKey).toContain('The xcsh agent reads: `["src/**/*.ts"]`');
  });

  it('says a same-named Windsurf rule is hidden from the xcsh agent, not "never read": Windsurf reads it', async () => {
    // With `.xcsh`, whose user runs the xcsh agent: the hover speaks for it only then (`rules/targets.ts`).
    const ws = writeTree(tempDir(), {
      '.xcsh/rules/other.md': '---\ndescription: Other\n---\nOther.\n',
      '.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\nWrite tests.\n',
      '.windsurf/rules/always.md': '---\ntrigger: always_on\n---\nBe concise.\n',
    });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.windsurf/rules/always.md'));
    const onName = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
    expect(onName).not.toContain('(never read)');
    expect(onName).toContain('Windsurf applies this rule always: the whole rule is in every request (`trigger: always_on`).');
    expect(onName).toContain("Hidden by it (the xcsh agent never reads them): `.windsurf/rules/always.md` (Windsurf's folder, project) ← this file");
  });

  it('links rule://NAME to the file the agent uses, and goes from a rule to its same-named twins', async () => {
    const { ws, home, notes, file } = demo();
    const c = await start({ folders: [ws], home, client: 'helix' });
    const uri = await c.open(notes);
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    expect(links.map((l) => [l.range.start.line, l.target])).toEqual([
      [2, c.uri(file('.xcsh/rules/style.md'))],
      [2, c.uri(file('.xcsh/rules/concise.md'))],
      [3, c.uri(file('.xcsh/rules/no-console.md'))],
    ]);
    const def = await c.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 2, character: 30 } });
    expect(def.map((l) => l.uri)).toEqual([c.uri(file('.xcsh/rules/concise.md'))]);
    const native = await c.open(file('.xcsh/rules/style.md'));
    const twins = await c.request<Location[]>('textDocument/definition', { textDocument: { uri: native }, position: { line: 0, character: 0 } });
    expect(twins.map((l) => l.uri)).toEqual([c.uri(path.join(home, '.cursor/rules/style.mdc')), c.uri(file('.cursor/rules/style.mdc'))]);
  });

  it('completes rule names after rule:// and frontmatter keys and values in rule files', async () => {
    const { ws, home, notes, file } = demo();
    const c = await start({ folders: [ws], home });
    const uri = await c.open(notes);
    await c.type(uri, { line: 4, character: 0 }, 'See rule://st');
    const names = await c.completion(uri, { line: 4, character: 13 }, undefined);
    expect(names.items.map((i) => i.label)).toEqual(['style', 'testing', 'docs', 'concise']);
    const style = names.items[0];
    expect(style.detail).toBe('the rulebook · .xcsh/rules/style.md');
    c.acceptCompletion(uri, style, { line: 4, character: 13 });
    expect(c.text(uri).split('\n')[4]).toBe('See rule://style');

    const docs = await c.open(file('.windsurf/rules/docs.md'));
    await c.type(docs, { line: 3, character: 0 }, 'al\n');
    const keys = await c.completion(docs, { line: 3, character: 2 });
    const labels = keys.items.map((i: CompletionItem) => i.label);
    expect(labels).toContain('alwaysApply');
    expect(labels).not.toContain('description');
    expect(labels).not.toContain('paths');
    c.acceptCompletion(docs, keys.items.find((i) => i.label === 'alwaysApply')!, { line: 3, character: 2 });
    expect(c.text(docs).split('\n')[3]).toBe('alwaysApply: ');
    const values = await c.completion(docs, { line: 3, character: 13 });
    expect(values.items.map((i) => i.label)).toEqual(['true', 'false']);
    const edit = values.items[0].textEdit as { newText: string };
    expect(edit.newText).toBe('true');
    expect((values.items[0].textEdit as TextEdit | { insert: unknown }) ).toHaveProperty('insert');
  });
});

describe('rule:// links in rule files follow the rules made and deleted on disk', () => {
  it.each([false, true])('a rule file linking to a rule not written yet (open: %s)', async (open) => {
    const { ws, home, file } = demo();
    fs.writeFileSync(file('.xcsh/rules/keep.md'), '---\ndescription: Keep\n---\nSee rule://future-rule here.\n');
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const keep = open ? await c.open(file('.xcsh/rules/keep.md')) : c.uri(file('.xcsh/rules/keep.md'));
    const unknown = (ds: { code?: string | number }[]) => ds.some((d) => d.code === 'rule-url/unknown');
    await c.waitForDiagnostics(keep, unknown);
    fs.writeFileSync(file('.xcsh/rules/future-rule.md'), '---\ndescription: Future\n---\nThe rule now written.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.xcsh/rules/future-rule.md')), type: 1 }] });
    await c.waitForDiagnostics(keep, (ds) => !unknown(ds));
    fs.rmSync(file('.xcsh/rules/future-rule.md'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.xcsh/rules/future-rule.md')), type: 3 }] });
    await c.waitForDiagnostics(keep, unknown);
  });
});
