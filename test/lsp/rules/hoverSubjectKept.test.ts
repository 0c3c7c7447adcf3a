import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { workCounts } from '../../helpers/workCounts';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * A hover's subject (its parse, its tool's lint, its located keys) is kept per document
 * and version, and per what it is made of in the engine: an edit of another rule file
 * does not make it again, while what the hover says of other files (a same-named rule that
 * shadows this one) still follows them.
 */
describe('the hover subject of one rule file outlives work on others', () => {
  it('keeps it through an edit elsewhere, and still says when a new rule shadows it', async () => {
    const ws = writeTree(tempDir(), {
      '.xcsh/rules/keep.md': '---\ndescription: Keep\n---\nKeep it.\n',
      '.cursor/rules/style.mdc': '---\ndescription: Style\nglobs: src/**\n---\nUse tabs.\n',
      '.cursor/rules/other.mdc': '---\ndescription: Other\nalwaysApply: true\n---\nBe brief.\n',
      'src/a.ts': 'export const a = 1;\n',
    });
    const home = tempDir('agentls-home-');
    const { env, counts } = workCounts();
    const c = await start({ folders: [ws], home, env });
    const style = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const other = await c.open(path.join(ws, '.cursor/rules/other.mdc'));
    await c.waitForDiagnostics(style);
    const hover = async (line: number) => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: style }, position: { line, character: 1 } }));
    const firstBefore = await hover(0);
    const keyBefore = await hover(2);
    expect(firstBefore).toMatch(/The xcsh agent uses `\.cursor\/rules\/style\.mdc` \(Cursor's folder, project\) ← this file/);
    expect(keyBefore).toMatch(/Cursor reads `globs` \(globs\): `"src\/\*\*"`/);
    const made = counts()['hover-subject'];
    expect(made).toBe(1);

    // Typing in another rule file: the engine analyses it again, this subject stays.
    await c.edit(other, [{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 17 } }, text: '5' }]);
    await c.waitForDiagnostics(other, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'));
    expect(await hover(2)).toBe(keyBefore);
    expect(await hover(0)).toBe(firstBefore);
    expect(counts()['hover-subject']).toBe(made);

    // A same-named rule in the xcsh agent's folder: this one is now shadowed, and its first line says so.
    fs.writeFileSync(path.join(ws, '.xcsh/rules/style.md'), '---\ndescription: Theirs\n---\nUse spaces.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.xcsh/rules/style.md')), type: 1 }] });
    await c.waitForDiagnostics(style, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const firstAfter = await hover(0);
    expect(firstAfter).toMatch(/The xcsh agent uses `\.xcsh\/rules\/style\.md`/);
    expect(firstAfter).toMatch(/Hidden by it \(the xcsh agent never reads them\): `\.cursor\/rules\/style\.mdc` \(Cursor's folder, project\) ← this file/);
    expect(await hover(2)).toBe(keyBefore);
  });

  it('makes it again when the workspace gains .xcsh, which makes the xcsh agent judge the file too', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': '---\nglobs: src/**\n---\nUse tabs.\n', 'src/a.ts': 'export const a = 1;\n' });
    const home = tempDir('agentls-home-');
    const { env, counts } = workCounts();
    const c = await start({ folders: [ws], home, env });
    const style = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    await c.waitForDiagnostics(style);
    const hover = async () => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: style }, position: { line: 1, character: 1 } }));
    expect(await hover()).toBe('**globs**\n\nCursor reads `globs` (globs): `"src/**"`. In Cursor this rule is attached to files matching "src/**".');
    expect(counts()['hover-subject']).toBe(1);
    const keep = path.join(ws, '.xcsh/rules/keep.md');
    writeTree(ws, { '.xcsh/rules/keep.md': '---\ndescription: Keep\n---\nKeep it.\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(keep), type: 1 }] });
    // The xcsh agent now judges style.mdc too: its diagnostics say so once the engine has the new folder.
    await c.waitForDiagnostics(style, (ds) => ds.some((d) => String(d.message).includes("xcsh")));
    expect(await hover()).toMatch(/^\*\*globs\*\* \(read by the xcsh agent, Cursor, Windsurf\)[^]*Cursor reads `globs`[^]*The xcsh agent reads: `\["src\/\*\*"\]`/);
    expect(counts()['hover-subject']).toBe(2);
  });
});
