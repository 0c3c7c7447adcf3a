import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentLink, Hover, Location, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { copyFixture, tempDir } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The fixture's CLAUDE.md, with two imports outside the workspace appended: one that exists, one that does not. */
function workspace() {
  const ws = copyFixture('claude-imports');
  const outside = tempDir('agentls-outside-');
  fs.writeFileSync(path.join(outside, 'secret.md'), 'secret\n');
  const memory = path.join(ws, 'CLAUDE.md');
  fs.appendFileSync(memory, `Outside: @${path.join(outside, 'secret.md')} and @${path.join(outside, 'absent.md')}\n`);
  return { ws, memory, file: (rel: string) => path.join(ws, ...rel.split('/')) };
}

/** The AGENTS.md fixture with a personal note, notes/ai.md, and a CLAUDE.local.md beside the CLAUDE.md: the middle and the start of an import chain. */
function withNote(note: string, local: string) {
  const ws = copyFixture('claude-agents-md');
  fs.mkdirSync(path.join(ws, 'notes'));
  fs.writeFileSync(path.join(ws, 'notes', 'ai.md'), note);
  fs.writeFileSync(path.join(ws, 'CLAUDE.local.md'), local);
  return { ws, note: path.join(ws, 'notes', 'ai.md') };
}

/** The AGENTS.md fixture with docs/guide.md importing docs/style.md: a chain for a CLAUDE.md to import. */
function withGuide() {
  const ws = copyFixture('claude-agents-md');
  fs.mkdirSync(path.join(ws, 'docs'));
  const guide = path.join(ws, 'docs', 'guide.md');
  fs.writeFileSync(guide, '# Guide\n\nSee @style.md\n');
  fs.writeFileSync(path.join(ws, 'docs', 'style.md'), '# Style\n');
  return { ws, guide };
}

const summary = (ds: { code?: unknown; range: { start: { line: number; character: number } } }[]) => ds.map((d) => [d.code, d.range.start.line, d.range.start.character]);

describe('Claude Code memory imports over LSP', () => {
  it('reports a missing import and a chain deeper than Claude Code follows, and nothing for mentions, code or outside paths', async () => {
    const { ws, memory } = workspace();
    const c = await start({ folders: [ws] });
    const uri = await c.open(memory);
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => String(x.code).startsWith('claude/')));
    expect(summary(ds.filter((d) => String(d.code).startsWith('claude/')))).toEqual([
      ['claude/import-missing', 2, 32],
      ['claude/import-too-deep', 10, 7],
    ]);
    const [missing, deep] = ds.filter((d) => String(d.code).startsWith('claude/'));
    expect(missing.message).toBe('Claude Code imports docs/missing.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.');
    expect(deep.message).toContain('docs/chain6.md is hop 6 and is never loaded');
  });

  it('reports `@import PATH` (CSS and Sass syntax), which Claude Code reads as a file named import, and fixes it to `@PATH`', async () => {
    const ws = tempDir();
    fs.mkdirSync(path.join(ws, '.git'));
    fs.mkdirSync(path.join(ws, 'docs'));
    fs.writeFileSync(path.join(ws, 'docs/style.md'), '# Style\n');
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'CLAUDE.md'), '# Notes\n\n@import "docs/style.md";\nSee @import for the syntax.\n');
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing'));
    expect(ds.map((d) => [d.code, d.range, d.message])).toEqual([
      [
        'claude/import-missing',
        { start: { line: 2, character: 0 }, end: { line: 2, character: 24 } },
        'Claude Code reads `@import` as an import of a file named import, which does not exist, and docs/style.md after it as plain text: that file is never loaded. Write `@docs/style.md`.',
      ],
    ]);
    const actions = await c.codeActions(uri, ds[0].range);
    const fix = actions.find((a) => a.title === 'Write @docs/style.md');
    expect(fix?.edit).toBeDefined();
    await c.applyCodeAction(fix!);
    expect(c.text(uri)).toBe('# Notes\n\n@docs/style.md\nSee @import for the syntax.\n');
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => String(x.code).startsWith('claude/')));
  });

  it('judges the import again once the imported file is created: then only the period after it is in the way', async () => {
    const { ws, memory, file } = workspace();
    const c = await start({ folders: [ws] });
    const uri = await c.open(memory);
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing'));
    fs.writeFileSync(file('docs/missing.md'), 'Now here.\n');
    // As an editor that watches files for the server says so (VS Code: the server asks it to watch).
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('docs/missing.md')), type: 1 }] });
    // The fixture writes `@docs/missing.md.` at the end of a sentence: Claude Code looks for `docs/missing.md.`.
    const after = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing' && String(x.message).includes('as docs/missing.md.,')));
    expect(summary(after.filter((d) => String(d.code).startsWith('claude/')))).toEqual([
      ['claude/import-missing', 2, 32],
      ['claude/import-too-deep', 10, 7],
    ]);
  });

  it('judges a missing import again when .gitignore changes: into an ignored folder it is information, else a warning', async () => {
    const ws = tempDir();
    fs.mkdirSync(path.join(ws, '.git'));
    fs.writeFileSync(path.join(ws, '.git/HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(ws, '.gitignore'), 'node_modules/\n');
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, 'CLAUDE.md'), '# Project\n\nAPI docs: @target/doc/index.md\n');
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing' && x.severity === 2));
    // Changed, not created: no file came or went.
    fs.writeFileSync(path.join(ws, '.gitignore'), '/target\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.gitignore')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing' && x.severity === 3));
    fs.writeFileSync(path.join(ws, '.gitignore'), 'node_modules/\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.gitignore')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing' && x.severity === 2));
  });

  it('links each import to its file (a mention-like @README too, when the file exists) and goes to it, never to a file outside the workspace', async () => {
    const { ws, memory, file } = workspace();
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(memory);
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    expect(links.map((l) => [l.range.start.line, l.range.start.character, l.target])).toEqual([
      [2, 5, c.uri(file('docs/style.md'))],
      [3, 19, c.uri(file('README'))],
      [10, 7, c.uri(file('docs/chain1.md'))],
    ]);
    const def = await c.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 2, character: 9 } });
    expect(def.map((l) => l.uri)).toEqual([c.uri(file('docs/style.md'))]);
    const outside = await c.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: { line: 11, character: 12 } });
    expect(outside ?? []).toEqual([]);
  });

  it('hovers an import with what it costs in every request, or why nothing comes of it', async () => {
    const { ws, memory } = workspace();
    const c = await start({ folders: [ws] });
    const uri = await c.open(memory);
    const hover = async (line: number, character: number) => ((await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } }))?.contents as MarkupContent | undefined)?.value;
    expect(await hover(2, 9)).toBe('**Claude Code import** `docs/style.md`: 1 line, ≈3 tokens in every request (UTF-8 bytes / 4).');
    expect(await hover(10, 12)).toBe('**Claude Code import** `docs/chain1.md`: 1 line, ≈5 tokens in every request (UTF-8 bytes / 4); it imports 1 more.');
    expect(await hover(2, 40)).toBe('**Claude Code import** `docs/missing.md`: no such file; Claude Code skips it without a word.');
    const secret = await hover(11, 12);
    expect(secret).toMatch(/^\*\*Claude Code import\*\* `.*secret\.md`: outside the workspace, so agentls does not read it\.$/);
  });

  it('completes @ with files of the workspace, as paths relative to the memory file, and replaces the whole word', async () => {
    const { ws, memory, file } = workspace();
    fs.writeFileSync(file('docs/CLAUDE.md'), 'Nested memory.\n');
    fs.writeFileSync(file('docs/team notes.md'), 'Notes.\n');
    const c = await start({ folders: [ws] });
    const uri = await c.open(memory);
    await c.type(uri, { line: 12, character: 0 }, 'Also @sty');
    // Asked again until the index is complete: while it builds, the items' detail says so.
    const list = await until('the index to answer in full', () => c.completion(uri, { line: 12, character: 9 }, '@'), (l) => l.items[0]?.detail === 'Claude Code imports docs/style.md');
    expect(list.items[0].label).toBe('@docs/style.md');
    c.acceptCompletion(uri, list.items[0], { line: 12, character: 9 });
    expect(c.text(uri).split('\n')[12]).toBe('Also @docs/style.md');
    // Inside emphasis, as real memory files write it: the closing marks stay, and the import gets its link.
    await c.type(uri, { line: 12, character: 19 }, '\nRead **@sty**');
    const bold = await c.completion(uri, { line: 13, character: 11 }, '@');
    expect(bold.items[0].label).toBe('@docs/style.md');
    c.acceptCompletion(uri, bold.items[0], { line: 13, character: 11 });
    expect(c.text(uri).split('\n')[13]).toBe('Read **@docs/style.md**');
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    expect(links.some((l) => l.range.start.line === 13 && l.range.start.character === 7 && l.range.end.character === 21 && l.target === c.uri(file('docs/style.md')))).toBe(true);

    // A space in the path is written as Claude Code reads it, `\\ `.
    await c.type(uri, { line: 13, character: 23 }, '\n@teamnot');
    const spaced = await c.completion(uri, { line: 14, character: 8 }, '@');
    expect(spaced.items[0].label).toBe('@docs/team\\ notes.md');

    const nested = await c.open(file('docs/CLAUDE.md'));
    await c.type(nested, { line: 1, character: 0 }, '@chain6');
    const fromDocs = await until('the nested file\'s items', () => c.completion(nested, { line: 1, character: 7 }, '@'), (l) => l.items.length > 0);
    expect(fromDocs.items[0].label).toBe('@chain6.md');
    await c.type(nested, { line: 1, character: 7 }, '\n`@sty');
    expect((await c.completion(nested, { line: 2, character: 5 }, undefined)).items.filter((i) => String(i.label).startsWith('@'))).toEqual([]);
  });

  it('notes an AGENTS.md that Claude Code passes over, and drops the note once the CLAUDE.md buffer imports it', async () => {
    const ws = copyFixture('claude-agents-md');
    const c = await start({ folders: [ws] });
    const agents = await c.open(path.join(ws, 'AGENTS.md'));
    const noted = await c.waitForDiagnostics(agents, (d) => d.some((x) => x.code === 'claude/agents-md-unread'));
    expect(noted.find((x) => x.code === 'claude/agents-md-unread')).toMatchObject({ severity: 3, range: { start: { line: 0, character: 0 } } });
    const claude = await c.open(path.join(ws, 'CLAUDE.md'));
    // Typed, not saved: the AGENTS.md is judged by the open buffer.
    await c.type(claude, { line: 3, character: 0 }, '@AGENTS.md\n');
    await c.waitForDiagnostics(agents, (d) => !d.some((x) => x.code === 'claude/agents-md-unread'));
  });

  /** The server started in full on `ws`, with its AGENTS.md open and noted as unread. */
  async function openNotedAgentsMd(ws: string) {
    const c = await start({ folders: [ws] });
    const agents = await c.open(path.join(ws, 'AGENTS.md'));
    await c.waitForDiagnostics(agents, (d) => d.some((x) => x.code === 'claude/agents-md-unread'));
    await c.waitForLog(/ ready: /);
    return { c, agents };
  }

  it('drops the note on an AGENTS.md once a CLAUDE.local.md buffer beside it imports a file that imports it', async () => {
    // Claude Code's memory docs: CLAUDE.local.md is loaded at launch like CLAUDE.md, imports and their imports with it.
    const { ws } = withNote('The shared guide: @../AGENTS.md\n', '# Mine\n\n');
    const { c, agents } = await openNotedAgentsMd(ws);
    const local = await c.open(path.join(ws, 'CLAUDE.local.md'));
    await c.type(local, { line: 2, character: 0 }, '@notes/ai.md\n');
    await c.waitForDiagnostics(agents, (d) => !d.some((x) => x.code === 'claude/agents-md-unread'));
  });

  it('drops the note on an open AGENTS.md once the note a CLAUDE.local.md imports is typed to import it', async () => {
    // The middle file of the chain is neither a CLAUDE.md nor an AGENTS.md: only what the last verdict read ties it to the AGENTS.md.
    const { ws } = withNote('# Notes\n\n', '# Mine\n\n@notes/ai.md\n');
    const { c, agents } = await openNotedAgentsMd(ws);
    const notes = await c.open(path.join(ws, 'notes', 'ai.md'));
    await c.type(notes, { line: 2, character: 0 }, '@../AGENTS.md\n');
    await c.waitForDiagnostics(agents, (d) => !d.some((x) => x.code === 'claude/agents-md-unread'));
    // And back: in a code span the import is text (Claude Code's docs), and the note returns.
    await c.type(notes, { line: 2, character: 13 }, '`');
    await c.type(notes, { line: 2, character: 0 }, '`');
    await c.waitForDiagnostics(agents, (d) => d.some((x) => x.code === 'claude/agents-md-unread'));
  });

  it('updates what it pushed for a closed AGENTS.md when the note a CLAUDE.local.md imports changes on disk', async () => {
    const { ws, note } = withNote('# Notes\n\n', '# Mine\n\n@notes/ai.md\n');
    const c = await start({ folders: [ws] });
    const agents = c.uri(path.join(ws, 'AGENTS.md'));
    await c.waitForDiagnostics(agents, (d) => d.some((x) => x.code === 'claude/agents-md-unread'));
    await c.waitForLog(/ ready: /);
    fs.writeFileSync(note, '# Notes\n\n@../AGENTS.md\n');
    // Changed, not created: as an editor that watches files for the server says so.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(note), type: 2 }] });
    await c.waitForDiagnostics(agents, (d) => !d.some((x) => x.code === 'claude/agents-md-unread'));
    fs.writeFileSync(note, '# Notes\n\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(note), type: 2 }] });
    await c.waitForDiagnostics(agents, (d) => d.some((x) => x.code === 'claude/agents-md-unread'));
  });

  it('judges an open CLAUDE.md again when a file its imports import changes on disk', async () => {
    const { ws, guide } = withGuide();
    const c = await start({ folders: [ws] });
    const memory = await c.open(path.join(ws, 'CLAUDE.md'), '# Claude\n\n@AGENTS.md\n@docs/guide.md\n');
    await c.waitForLog(/ ready: /);
    await c.waitForDiagnostics(memory, (d) => !d.some((x) => x.code === 'claude/import-missing'));
    fs.writeFileSync(guide, '# Guide\n\nSee @gone.md\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(guide), type: 2 }] });
    const ds = await c.waitForDiagnostics(memory, (d) => d.some((x) => x.code === 'claude/import-missing'));
    expect(ds.find((x) => x.code === 'claude/import-missing')?.message).toContain('docs/gone.md');
  });

  it('updates what it pushed for a closed CLAUDE.md when a file its imports import changes on disk', async () => {
    const { ws, guide } = withGuide();
    fs.writeFileSync(path.join(ws, 'CLAUDE.md'), '# Claude\n\n@AGENTS.md\n@docs/guide.md\n');
    const c = await start({ folders: [ws] });
    await c.waitForLog(/ judged for their own tools/);
    fs.writeFileSync(guide, '# Guide\n\nSee @gone.md\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(guide), type: 2 }] });
    const memory = c.uri(path.join(ws, 'CLAUDE.md'));
    await c.waitForDiagnostics(memory, (d) => d.some((x) => x.code === 'claude/import-missing' && String(x.message).includes('docs/gone.md')));
    fs.writeFileSync(guide, '# Guide\n\nSee @style.md\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(guide), type: 2 }] });
    await c.waitForDiagnostics(memory, (d) => !d.some((x) => x.code === 'claude/import-missing'));
  });

  it('notes an AGENTS.md below a CLAUDE.md, and drops the note once that CLAUDE.md buffer imports it', async () => {
    const ws = copyFixture('claude-agents-md');
    const c = await start({ folders: [ws] });
    const solo = await c.open(path.join(ws, 'solo', 'AGENTS.md'));
    const [noted] = (await c.waitForDiagnostics(solo, (d) => d.some((x) => x.code === 'claude/agents-md-unread'))).filter((x) => x.code === 'claude/agents-md-unread');
    expect(noted.message).toContain('add a CLAUDE.md holding `@AGENTS.md` beside this file');
    expect(noted.message).toContain('(`@solo/AGENTS.md` in CLAUDE.md would load it in every session.)');
    // Started in full first: the start re-diagnoses every open document, which once hid a missed re-diagnosis.
    await c.waitForLog(/ ready: /);
    const claude = await c.open(path.join(ws, 'CLAUDE.md'));
    await c.type(claude, { line: 3, character: 0 }, '@solo/AGENTS.md\n');
    await c.waitForDiagnostics(solo, (d) => !d.some((x) => x.code === 'claude/agents-md-unread'));
  });

  it('tells, on the import that leads to it, that an imported file over 1 MiB had its imports left unchecked', async () => {
    const ws = tempDir();
    fs.mkdirSync(path.join(ws, '.git'));
    fs.writeFileSync(path.join(ws, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(ws, 'CLAUDE.md'), '# Memory\n@./big.md\n');
    fs.writeFileSync(path.join(ws, 'big.md'), `${'x'.repeat(1024 * 1024 + 10)}\n@./gone.md\n`);
    const c = await start({ folders: [ws], home: tempDir() });
    const notChecked = (d: { code?: string | number }[]) => d.filter((x) => x.code === 'claude/import-not-checked');
    const said = notChecked(await c.waitForDiagnostics(c.uri(path.join(ws, 'CLAUDE.md')), (d) => notChecked(d).length > 0)) as { message: string; range: { start: { line: number } } }[];
    expect(said.map((d) => [d.range.start.line, d.message.includes('at most 1 MiB') && d.message.includes('big.md is larger')])).toEqual([[1, true]]);
  });
});
