import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HashlineReadResult } from '../../../protocol/hashline';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The server's copy of an open document, read back through `agentls/hashlineRead` (rows `anchor|text`). */
async function serverText(c: LspTestClient, uri: string): Promise<{ text: string; version: number | null }> {
  const r = await c.request<HashlineReadResult>('agentls/hashlineRead', { uri });
  return { text: r.lines.map((l) => l.slice(l.indexOf('|') + 1)).join('\n'), version: r.version };
}

const at = (line: number, character: number) => ({ line, character });
const change = (uri: string, version: number, line: number, character: number, text: string) =>
  ({ textDocument: { uri, version }, contentChanges: [{ range: { start: at(line, character), end: at(line, character) }, text }] });

describe('didChange notifications are applied in version order', () => {
  it('a completion whose additional edit (version 3) arrives before its main edit (version 2), as Helix sends them', async () => {
    const ws = writeTree(tempDir(), { 'notes.md': 'use foo\nbar\n' });
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, 'notes.md'));
    // Version 2 completes "foo" to "fooBar" on line 0; version 3 (made after it) adds an import on line 0.
    await c.notify('textDocument/didChange', change(uri, 3, 0, 0, 'import fooBar\n'));
    await c.notify('textDocument/didChange', change(uri, 2, 0, 7, 'Bar'));
    expect(await serverText(c, uri)).toEqual({ text: 'import fooBar\nuse fooBar\nbar\n', version: 3 });
  });

  it('versions that skip numbers (Neovim) are applied at once, without waiting for the missing ones', async () => {
    const ws = writeTree(tempDir(), { 'notes.md': 'a\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, 'notes.md'));
    await c.notify('textDocument/didChange', change(uri, 5, 0, 1, 'b'));
    expect(await serverText(c, uri)).toEqual({ text: 'ab\n', version: 5 });
    await c.notify('textDocument/didChange', change(uri, 9, 0, 2, 'c'));
    expect(await serverText(c, uri)).toEqual({ text: 'abc\n', version: 9 });
  });

  it('a change older than every kept text is applied on top, with a warning in the log', async () => {
    const ws = writeTree(tempDir(), { 'notes.md': 'x\n' });
    const c = await start({ folders: [ws], client: 'helix', settings: { log: { level: 'debug' } } });
    const uri = await c.open(path.join(ws, 'notes.md'));
    for (let v = 10; v < 30; v++) await c.notify('textDocument/didChange', change(uri, v, 0, 0, 'y'));
    await c.notify('textDocument/didChange', change(uri, 5, 0, 0, 'z'));
    expect((await serverText(c, uri)).text).toBe(`z${'y'.repeat(20)}x\n`);
    await c.waitForLog(/version 5 arrived after 29 and the changes between are no longer kept/);
  });
});

describe('a malformed didChange is dropped whole, with a log line naming the field', () => {
  // Found by fuzzing: the library applied a notification's changes up to the malformed one and stopped there, so
  // the server's copy held half of it and every later change landed on a text the editor never had.
  for (const [bad, field] of [
    [{ text: 42 }, /contentChanges\[1\]\.text: expected a string/],
    [{ range: null, text: 'Z' }, /contentChanges\[1\]\.range: expected an object/],
    [{ range: { start: at(0, 0), end: at(0, 1.5) }, text: 'Z' }, /contentChanges\[1\]\.range\.end\.character: expected a non-negative integer/],
    [{ text: 'Z', rangeLength: 1 }, /contentChanges\[1\]\.rangeLength: given without range/],
  ] as const) {
    it(`a second change ${JSON.stringify(bad)}`, async () => {
      const ws = writeTree(tempDir(), { 'notes.md': 'abc\n' });
      const c = await start({ folders: [ws], client: 'neovim' });
      const uri = await c.open(path.join(ws, 'notes.md'));
      const first = change(uri, 2, 0, 0, 'X').contentChanges[0];
      await c.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [first, bad] });
      await c.notify('textDocument/didChange', change(uri, 3, 0, 0, 'Y'));
      expect(await serverText(c, uri)).toEqual({ text: 'Yabc\n', version: 3 });
      await c.waitForLog(field);
    });
  }
});

describe('a malformed didOpen is dropped, with a log line naming the field', () => {
  // Found by fuzzing: a document opened with text that is no string failed every request about it (InternalError),
  // and every pass over the open documents (a settings change, a new root) threw on it.
  for (const [textDocument, field] of [
    [{ languageId: 'markdown', version: 1, text: 42 }, /textDocument\.text: expected a string/],
    [{ languageId: 'markdown', version: 1, text: null }, /textDocument\.text: expected a string/],
    [{ languageId: 'markdown', version: 'one', text: '@notes.md' }, /textDocument\.version: expected an integer/],
  ] as const) {
    it(JSON.stringify(textDocument), async () => {
      const ws = writeTree(tempDir(), { 'notes.md': 'abc\n', 'CLAUDE.md': '' });
      const c = await start({ folders: [ws], client: 'neovim' });
      const uri = c.uri(path.join(ws, 'CLAUDE.md'));
      await c.notify('textDocument/didOpen', { textDocument: { uri, ...textDocument } });
      await c.waitForLog(field);
      // Not open: the server reads the file on disk, and answers about it.
      expect(await serverText(c, uri)).toEqual({ text: '', version: null });
      const good = await c.open(path.join(ws, 'notes.md'));
      expect(await serverText(c, good)).toEqual({ text: 'abc\n', version: 1 });
    });
  }
});

describe('a malformed didClose or didSave is dropped, with a log line naming the field', () => {
  // Found by fuzzing: the protocol library's log said only "Cannot read properties of undefined (reading 'uri')".
  for (const method of ['textDocument/didClose', 'textDocument/didSave']) {
    it(method, async () => {
      const ws = writeTree(tempDir(), { 'notes.md': 'abc\n' });
      const c = await start({ folders: [ws], client: 'neovim' });
      const uri = await c.open(path.join(ws, 'notes.md'));
      await c.notify(method, { textDocument: { url: uri } });
      await c.waitForLog(new RegExp(`${method} dropped: textDocument\\.uri: is required`));
      expect(await serverText(c, uri)).toEqual({ text: 'abc\n', version: 1 });
    });
  }
});
