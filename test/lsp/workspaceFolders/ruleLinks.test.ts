import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentLink, Hover, Location } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { status, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);
const rule = (description: string) => `---\ndescription: ${description}\nalwaysApply: false\n---\n${description}.\n`;

describe('rule:// links with several workspace folders', () => {
  it('judges a link by the folder that holds the file, and by no folder once that folder is removed', async () => {
    const a = writeTree(tempDir('agentls-a-'), { '.cursor/rules/style.mdc': rule('Style'), '.cursor/rules/only-a.mdc': rule('Only A') });
    const b = writeTree(tempDir('agentls-b-'), { '.cursor/rules/inner.mdc': rule('Inner'), 'notes.md': 'See rule://inner and rule://only-a.\n' });
    const c = await start({ folders: [a, b] });
    const notes = await c.open(path.join(b, 'notes.md'));
    const links = (ds: Diagnostic[]) => ds.filter((d) => String(d.code).startsWith('rule-url/')).map((d) => String(d.message));
    // In B, B's rules answer: `inner` is there, `only-a` (A's) is not.
    const inB = links(await c.waitForDiagnostics(notes, (ds) => links(ds).length > 0));
    expect(inB).toEqual([expect.stringContaining('knows no rule `only-a`')]);
    await c.notify('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [{ uri: c.uri(b), name: 'b' }] } });
    await until('B to be removed', () => status(c), (s) => !s.roots.includes(b), 10_000);
    // Still open, the file lies in no folder: no agent run in A reads it, so A's rules are no measure of its links
    // (they said `inner` was unknown and `only-a` fine).
    expect(links(await c.waitForDiagnostics(notes, (ds) => links(ds).length === 0))).toEqual([]);
  });

  it('does not judge the links of a file from outside every folder by the first folder', async () => {
    const a = writeTree(tempDir('agentls-a-'), { '.cursor/rules/style.mdc': rule('Style') });
    const elsewhere = writeTree(tempDir('agentls-x-'), { '.cursor/rules/inner.mdc': rule('Inner'), 'notes.md': 'See rule://inner.\n' });
    const other = writeTree(tempDir('agentls-b-'), { 'README.md': '# b\n' });
    const c = await start({ folders: [a, other] });
    const notes = await c.open(path.join(elsewhere, 'notes.md'));
    expect((await c.waitForDiagnostics(notes)).map((d) => d.code)).toEqual([]);
  });

  it('leads a link in a file of no folder to no folder\'s rule: no link, definition, hover or name completion from the first folder', async () => {
    const a = writeTree(tempDir('agentls-a-'), { '.cursor/rules/style.mdc': rule('Style') });
    const elsewhere = writeTree(tempDir('agentls-x-'), { 'notes.md': 'See rule://style\nrule://' });
    const c = await start({ folders: [a, tempDir('agentls-b-')] });
    const notes = await c.open(path.join(elsewhere, 'notes.md'));
    const at = { line: 0, character: 'See rule://st'.length };
    expect((await c.request<DocumentLink[] | null>('textDocument/documentLink', { textDocument: { uri: notes } })) ?? []).toEqual([]);
    expect(await c.request<Location[] | null>('textDocument/definition', { textDocument: { uri: notes }, position: at })).toBeFalsy();
    const hover = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: notes }, position: at });
    expect(JSON.stringify(hover?.contents ?? '')).not.toContain('style.mdc');
    const names = await c.completion(notes, { line: 1, character: 'rule://'.length });
    expect(names.items.map((i) => i.label)).not.toContain('style');
  });
});
