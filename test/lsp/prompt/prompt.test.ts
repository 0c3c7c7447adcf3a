import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { InsertReplaceEdit, TextEdit } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import type { ClientPreset } from '../../helpers/capabilities';
import { completeAnswer, until } from '../../helpers/polling';
import { copyFixture } from '../../helpers/repo';
import { RESUME_NFC, writeSpellings } from '../../helpers/spellings';
import { completionWith, positionAfter, preferredFor, refDiagnostics } from '../../refs/lspSupport';

const launch = useLspClients(afterEach);
const start = (folder: string, client: ClientPreset) => launch({ folders: [folder], client });

const PRESETS: ClientPreset[] = ['vscode', 'neovim', 'helix'];

/** `text` with one edit applied (its positions read in `text`). */
function applyEdit(text: string, edit: TextEdit): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'markdown', 0, text), [edit]);
}

describe.each(PRESETS)('@ completion in %s', (preset) => {
  it('inserts the whole token and creates the frontmatter entry in the same accept', async () => {
    const ws = copyFixture('refs-basic');
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/new.prompt.md'));
    await c.type(uri, { line: 0, character: 8 }, '@aut');
    const cursor = { line: 0, character: 12 };
    const { list, item } = await completionWith(c, uri, cursor, 'src/auth.ts');
    expect(list.isIncomplete).toBe(true);
    expect(list.items.map((i) => i.sortText)).toEqual(list.items.map((_, i) => String(i).padStart(4, '0')));
    const edit = item.textEdit as TextEdit & InsertReplaceEdit;
    const range = preset === 'neovim' ? edit.range : edit.replace;
    expect('range' in edit).toBe(preset === 'neovim');
    // The new frontmatter goes before the token, on line 0: an additional edit there is not
    // moved by the main one, so it stays apart. (Folded into one, the edit spanned lines, and
    // Neovim's own completion inserts a plain edit's first line only.)
    expect(range).toEqual({ start: { line: 0, character: 8 }, end: cursor });
    expect(item.textEdit!.newText).toBe('<@file:ref_0|src/auth.ts>');
    expect(item.additionalTextEdits).toEqual([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\n' }]);
    expect(item.filterText).toBe('@aut');
    const accepted = '---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\nExplain <@file:ref_0|src/auth.ts>\n';
    // As Helix, Eglot and Neovim apply it: the main edit, then the additional one where it says.
    const before = c.text(uri);
    const mainFirst = [{ range, newText: item.textEdit!.newText }, ...item.additionalTextEdits!].reduce((text, e) => applyEdit(text, e), before);
    expect(mainFirst).toBe(accepted);
    c.acceptCompletion(uri, item, cursor);
    expect(c.text(uri)).toBe(accepted);
    expect(await refDiagnostics(c, uri, (d) => d.length === 0)).toEqual([]);
  }, 30_000);

  it('adds a new ref_N with additionalTextEdits, or reuses the ref_id of a path already listed', async () => {
    const ws = copyFixture('refs-basic');
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/clean.prompt.md'));
    const end = positionAfter(c, uri, 'src/auth.ts>.');
    await c.type(uri, end, ' Also @sess');
    const cursor = { line: end.line, character: end.character + 11 };
    const { item } = await completionWith(c, uri, cursor, 'src/session.ts');
    expect(item.filterText).toBe('@sess');
    expect(item.additionalTextEdits).toHaveLength(1);
    c.acceptCompletion(uri, item, cursor);
    expect(c.text(uri)).toBe(
      '---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n  - ref_id: ref_1\n    path: src/session.ts\n---\nFind the bug in <@file:ref_0|src/auth.ts>. Also <@file:ref_1|src/session.ts>\n',
    );
    const again = positionAfter(c, uri, 'src/session.ts>');
    await c.type(uri, again, ' and @src/auth');
    const cursor2 = { line: again.line, character: again.character + 14 };
    const reuse = await completionWith(c, uri, cursor2, 'src/auth.ts');
    expect(reuse.item.additionalTextEdits).toBeUndefined();
    c.acceptCompletion(uri, reuse.item, cursor2);
    expect(c.text(uri)).toContain('<@file:ref_1|src/session.ts> and <@file:ref_0|src/auth.ts>\n');
    expect(await refDiagnostics(c, uri, (d) => d.length === 0)).toEqual([]);
  }, 30_000);

  it('completes inside RAWP JSON: the token JSON-escaped, the entry appended to the array', async () => {
    const ws = copyFixture('refs-basic');
    fs.writeFileSync(path.join(ws, 'src', 'say "hi".ts'), 'export {};\n');
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/message.rawp.json'), undefined, 'json');
    const at = positionAfter(c, uri, 'then ');
    await c.type(uri, at, '@say');
    const cursor = { line: at.line, character: at.character + 4 };
    const { item } = await completionWith(c, uri, cursor, 'src/say "hi".ts');
    c.acceptCompletion(uri, item, cursor);
    const message = JSON.parse(c.text(uri));
    expect(message.payload.prompt_text).toBe('Review "auth" in <@file:ref_0|src/auth.ts>\nthen <@file:ref_1|src/say "hi".ts>');
    expect(message.payload.file_references).toEqual([
      { ref_id: 'ref_0', path: 'src/auth.ts' },
      { ref_id: 'ref_1', path: 'src/say "hi".ts' },
    ]);
    expect(await refDiagnostics(c, uri, (d) => d.length === 0)).toEqual([]);
  }, 30_000);

  it('feeds the pick into the search: the accepted file ranks first the next time', async () => {
    const ws = copyFixture('refs-basic');
    // One modification time for both: recency counts once the index has read times, and the second file written would otherwise rank first.
    const written = new Date();
    for (const name of ['report.js', 'report.ts']) {
      fs.writeFileSync(path.join(ws, 'src', name), '');
      fs.utimesSync(path.join(ws, 'src', name), written, written);
    }
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/new.prompt.md'));
    await c.type(uri, { line: 0, character: 8 }, '@report');
    const cursor = { line: 0, character: 15 };
    const { list, item } = await completionWith(c, uri, cursor, 'src/report.ts');
    // Equal scores: the path order decides, until the user picks one.
    expect(list.items.slice(0, 2).map((i) => i.label)).toEqual(['src/report.js', 'src/report.ts']);
    c.acceptCompletion(uri, item, cursor);
    const again = positionAfter(c, uri, 'src/report.ts>');
    await c.type(uri, again, ' @report');
    const next = { line: again.line, character: again.character + 8 };
    const firstOffered = async () => (await c.completion(uri, next, '@')).items[0]?.label ?? '';
    expect(await until('the accepted file to come first', firstOffered, (first) => first === 'src/report.ts', 15_000)).toBe('src/report.ts');
  }, 30_000);

  it('adds the entry in the layout of a list yaml.dump wrote (-   ref_id:), so the frontmatter stays valid', async () => {
    const ws = copyFixture('refs-basic');
    const file = path.join(ws, 'prompts/dumped.prompt.md');
    fs.writeFileSync(file, '---\nfile_references:\n    -   ref_id: ref_0\n        path: src/auth.ts\n---\nSee <@file:ref_0|src/auth.ts> and @sess');
    const c = await start(ws, preset);
    const uri = await c.open(file);
    const cursor = { line: 5, character: 39 };
    const { item } = await completionWith(c, uri, cursor, 'src/session.ts');
    c.acceptCompletion(uri, item, cursor);
    expect(c.text(uri)).toBe('---\nfile_references:\n    -   ref_id: ref_0\n        path: src/auth.ts\n    -   ref_id: ref_1\n        path: src/session.ts\n---\nSee <@file:ref_0|src/auth.ts> and <@file:ref_1|src/session.ts>');
    // Judged from the buffer: valid YAML, both tokens mapped (a broken list unmapped every token).
    expect(await refDiagnostics(c, uri, (ds) => ds.length === 0)).toEqual([]);
  });

  it('offers files for an @ after CJK punctuation, where Chinese and Japanese text has no space', async () => {
    const ws = copyFixture('refs-basic');
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/new.prompt.md'));
    await c.type(uri, { line: 0, character: 8 }, '请看：@aut');
    const cursor = { line: 0, character: 15 };
    const { item } = await completionWith(c, uri, cursor, 'src/auth.ts');
    c.acceptCompletion(uri, item, cursor);
    expect(c.text(uri)).toContain('Explain 请看：<@file:ref_0|src/auth.ts>');
  });

  it('offers a file named decomposed for an @ typed composed, and inserts the name as the disk spells it', async () => {
    const ws = copyFixture('refs-basic');
    const { resume } = writeSpellings(ws);
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/new.prompt.md'));
    await c.type(uri, { line: 0, character: 8 }, `@${RESUME_NFC}`);
    const cursor = { line: 0, character: 9 + RESUME_NFC.length };
    const { item } = await completionWith(c, uri, cursor, resume);
    c.acceptCompletion(uri, item, cursor);
    expect(c.text(uri)).toContain(`Explain <@file:ref_0|${resume}>`);
  });

  it('offers nothing for an e-mail address, or in Markdown that is not a prompt', async () => {
    const ws = copyFixture('refs-basic');
    const c = await start(ws, preset);
    // Nothing offered is told only by a complete index: during the first listing the search may have nothing to offer yet.
    expect((await completeAnswer(c, 'src')).candidates.length).toBeGreaterThan(0);
    const prompt = await c.open(path.join(ws, 'prompts/clean.prompt.md'));
    const end = positionAfter(c, prompt, 'src/auth.ts>.');
    await c.type(prompt, end, ' mail me@exa');
    expect((await c.completion(prompt, { line: end.line, character: end.character + 12 }, '@')).items).toEqual([]);
    const readme = await c.open(path.join(ws, 'README.md'));
    await c.type(readme, { line: 0, character: 12 }, ' @src');
    expect((await c.completion(readme, { line: 0, character: 17 }, '@')).items).toEqual([]);
  });
});

describe.each(PRESETS)('diagnostics and their fixes in %s', (preset) => {
  const CODES = ['ref/unescaped-start', 'ref/display-mismatch', 'ref/unmapped', 'ref/missing-file', 'ref/duplicate-id', 'ref/outside-workspace', 'ref/unused-entry'];

  it.each(['prompts/problems.prompt.md', 'prompts/problems.rawp.json'])('flags each problem of %s and each fix removes it', async (file) => {
    const ws = copyFixture('refs-basic');
    const c = await start(ws, preset);
    // The missing-file fixes name the closest file only from a complete index (during the first listing they are disabled).
    await completeAnswer(c, 'session');
    const uri = await c.open(path.join(ws, file), undefined, file.endsWith('.json') ? 'json' : 'markdown');
    let diagnostics = await refDiagnostics(c, uri, (d) => CODES.every((code) => d.some((x) => x.code === code)));
    for (const d of diagnostics) {
      expect(d.source).toBe('agentls');
      expect(String(d.message).length).toBeGreaterThan(20);
    }
    const unmapped = diagnostics.find((d) => d.code === 'ref/unmapped')!;
    expect(unmapped.message).toContain('ref_7');
    expect(unmapped.message).toContain('literal text');
    for (const code of CODES) {
      const target = diagnostics.find((d) => d.code === code)!;
      const count = diagnostics.filter((d) => d.code === code).length;
      const actions = await c.codeActions(uri, target.range);
      const action = preferredFor(actions, code);
      expect(action, `${code}: offered ${actions.map((a) => a.title).join(' | ')}`).toBeDefined();
      expect(action!.edit).toBeDefined();
      await c.applyCodeAction(action!);
      diagnostics = await refDiagnostics(c, uri, (d) => d.filter((x) => x.code === code).length < count);
    }
    expect(diagnostics).toEqual([]);
    if (file.endsWith('.json')) expect(() => JSON.parse(c.text(uri))).not.toThrow();
  }, 30_000);
});

describe('@ completion in a one-line JSON prompt (the entry after the token, on its line)', () => {
  // A RAWP message as a program writes it (JSON.stringify).
  const ONE_LINE = JSON.stringify({ type: 'control.prompt.request', payload: { prompt_text: 'Explain ', file_references: [] } }) + '\n';
  const ACCEPTED = { type: 'control.prompt.request', payload: { prompt_text: 'Explain <@file:ref_0|src/auth.ts>', file_references: [{ ref_id: 'ref_0', path: 'src/auth.ts' }] } };

  async function typedIn(clientName: string | undefined, staleEdits?: 'skip') {
    const ws = copyFixture('refs-basic');
    fs.writeFileSync(path.join(ws, 'prompts/one.rawp.json'), ONE_LINE);
    const c = await launch({ folders: [ws], client: 'neovim', clientName, staleEdits });
    const uri = await c.open(path.join(ws, 'prompts/one.rawp.json'), undefined, 'json');
    const at = positionAfter(c, uri, 'Explain ');
    await c.type(uri, at, '@aut');
    const cursor = { line: at.line, character: at.character + 4 };
    const { item } = await completionWith(c, uri, cursor, 'src/auth.ts');
    return { c, uri, cursor, item };
  }

  it('in Neovim: the item inserts the token up to the cursor and its command adds the entry once the token is in', async () => {
    const { c, uri, cursor, item } = await typedIn('Neovim');
    const edit = item.textEdit as TextEdit;
    // Neovim's own completion replaces only what is before the cursor and puts additional
    // edits where they were: the token alone, and no additional edit after it on the line.
    expect(edit).toEqual({ range: { start: { line: 0, character: cursor.character - 4 }, end: cursor }, newText: '<@file:ref_0|src/auth.ts>' });
    expect(item.additionalTextEdits).toBeUndefined();
    expect(item.command).toEqual({ title: 'Add ref_0 to file_references', command: 'agentls.prompt.addReference', arguments: [{ uri, ref_id: 'ref_0', path: 'src/auth.ts' }] });
    // As Neovim accepts it: the item's text goes in, then its command runs.
    c.acceptCompletion(uri, item, cursor);
    // Sent twice at once (two accepts in a row), the entry is added once.
    const twice = await Promise.all([c.executeCommand(item.command!.command, item.command!.arguments), c.executeCommand(item.command!.command, item.command!.arguments)]);
    expect(twice.sort()).toEqual([false, true]);
    expect(JSON.parse(c.text(uri))).toEqual(ACCEPTED);
    expect(await refDiagnostics(c, uri, (d) => d.length === 0)).toEqual([]);
    // Run again (or after the user undid the token), it changes nothing.
    const after = c.text(uri);
    expect(await c.executeCommand(item.command!.command, item.command!.arguments)).toBe(false);
    expect(c.text(uri)).toBe(after);
  }, 30_000);

  it('in Neovim: a keystroke between the command and its edit does not misplace the entry, which comes again for the new text', async () => {
    // As Neovim does: an edit for an older version than the buffer's is dropped, and the answer is still applied: true.
    const { c, uri, cursor, item } = await typedIn('Neovim', 'skip');
    c.acceptCompletion(uri, item, cursor);
    const token = '<@file:ref_0|src/auth.ts>';
    const edits: unknown[] = [];
    c.beforeApplyingEdit = async (edit) => {
      edits.push(edit);
      // The user's next keystroke reaches the buffer before the first edit does.
      if (edits.length === 1) await c.type(uri, positionAfter(c, uri, token), ' now');
    };
    await c.executeCommand(item.command!.command, item.command!.arguments);
    const text = await until('the entry in the buffer', () => c.text(uri), (t) => t.includes('"ref_id"'));
    expect(JSON.parse(text)).toEqual({ type: 'control.prompt.request', payload: { prompt_text: `Explain ${token} now`, file_references: [{ ref_id: 'ref_0', path: 'src/auth.ts' }] } });
    // The first edit carried the version it was made for (so Neovim dropped it); the second, the version after the keystroke.
    const versions = edits.map((e) => (e as { documentChanges: { textDocument: { version: number } }[] }).documentChanges[0].textDocument.version);
    expect(versions).toHaveLength(2);
    expect(versions[1]).toBe(versions[0] + 1);
    expect(await refDiagnostics(c, uri, (d) => d.length === 0)).toEqual([]);
  }, 30_000);

  it('in clients that apply the whole range: one edit holds the token and the entry, with no command', async () => {
    const { c, uri, cursor, item } = await typedIn(undefined);
    expect(item.command).toBeUndefined();
    expect(item.additionalTextEdits).toBeUndefined();
    c.acceptCompletion(uri, item, cursor);
    expect(JSON.parse(c.text(uri))).toEqual(ACCEPTED);
  }, 30_000);
});

describe('a prompt with more file_references entries than are looked up as it is edited', () => {
  it('says the rest are not checked, rather than pass them as found', async () => {
    const ws = copyFixture('refs-basic');
    // 600 entries for files that exist, and one more, the 601st, for a file that does not.
    const entries = Array.from({ length: 600 }, (_, i) => `  - ref_id: r${i}\n    path: src/auth.ts\n`).join('');
    const text = `---\nfile_references:\n${entries}  - ref_id: gone\n    path: src/gone.ts\n---\nSee <@file:r0|src/auth.ts>.\n`;
    fs.writeFileSync(path.join(ws, 'prompts', 'many.prompt.md'), text);
    const c = await start(ws, 'neovim');
    const uri = await c.open(path.join(ws, 'prompts', 'many.prompt.md'));
    const found = await refDiagnostics(c, uri, (ds) => ds.some((d) => d.code === 'ref/too-large'));
    const note = found.find((d) => d.code === 'ref/too-large')!;
    expect(note.message).toContain('this prompt has 601 file_references entries; as it is edited, agentls looks up the first 500 on disk');
    expect(note.range.start).toEqual({ line: 0, character: 0 });
    expect(found.some((d) => d.code === 'ref/missing-file')).toBe(false);
  }, 30_000);
});
