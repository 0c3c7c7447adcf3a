import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentLink, Hover, Location, MarkupContent } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import type { ConvertPromptResult, ParsePromptResult } from '../../../protocol/refs';
import type { ClientPreset } from '../../helpers/capabilities';
import { LspTestClient, useLspClients } from '../../helpers/lspClient';
import { copyFixture } from '../../helpers/repo';
import { positionAfter } from '../../refs/lspSupport';

const launch = useLspClients(afterEach);
const start = (folder: string, client: ClientPreset = 'vscode') => launch({ folders: [folder], client });

const PROMPT = [
  '---',
  'file_references:',
  '  - ref_id: code',
  '    path: src/auth.ts',
  '  - ref_id: db',
  '    path: data/app.db',
  '  - ref_id: dir',
  '    path: src/util',
  '  - ref_id: gone',
  '    path: src/gone.ts',
  '---',
  'Code <@file:code|src/auth.ts>, data <@file:db|data/app.db>, folder <@file:dir|src/util>,',
  'missing <@file:gone|src/gone.ts>, forged <@file:nope|src/auth.ts>.',
  '',
].join('\n');

function workspaceWithPrompt(): string {
  const ws = copyFixture('refs-basic');
  fs.mkdirSync(path.join(ws, 'data'));
  const db = new Database(path.join(ws, 'data/app.db'));
  db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT); CREATE TABLE orders (id INTEGER, total REAL);');
  db.close();
  fs.writeFileSync(path.join(ws, 'prompts/nav.prompt.md'), PROMPT);
  return ws;
}

async function hoverText(c: LspTestClient, uri: string, marker: string): Promise<string> {
  const at = positionAfter(c, uri, marker);
  const hover = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: at.line, character: at.character - 2 } });
  return hover ? (hover.contents as MarkupContent).value : '';
}

describe.each<ClientPreset>(['vscode', 'neovim', 'helix'])('hover, links and definition in %s', (preset) => {
  it('hovers a token with its file: path, existence, size, time and first lines', async () => {
    const ws = workspaceWithPrompt();
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/nav.prompt.md'));
    const code = await hoverText(c, uri, '<@file:code|src/auth.ts>');
    const size = fs.statSync(path.join(ws, 'src/auth.ts')).size;
    expect(code).toContain('**src/auth.ts** · `code` · exists (file, ' + size + ' bytes, modified ');
    expect(code).toContain(path.join(ws, 'src/auth.ts'));
    expect(code).toContain('```ts\nexport function login(user: string, password: string): boolean {\n');
    const db = await hoverText(c, uri, '<@file:db|data/app.db>');
    expect(db).toContain('SQLite database, 2 tables and views:\n- table **orders** (id, total)\n- table **users** (id, email)');
    expect(await hoverText(c, uri, '<@file:dir|src/util>')).toContain('- log.ts');
    expect(await hoverText(c, uri, '<@file:gone|src/gone.ts>')).toContain('does not exist');
    expect(await hoverText(c, uri, '<@file:nope|src/auth.ts>')).toBe('nope has no entry in file_references: the xcsh agent reads this token as literal text, not as a file.');
  }, 30_000);

  it('hovers a token whose file is a FIFO named like a database without opening it (its open would wait for a writer, and the server with it)', async () => {
    const ws = workspaceWithPrompt();
    fs.rmSync(path.join(ws, 'data/app.db'));
    execFileSync('mkfifo', [path.join(ws, 'data/app.db')]);
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/nav.prompt.md'));
    const hover = await hoverText(c, uri, '<@file:db|data/app.db>');
    // What it is comes first, on the line that says it exists; not "file, 0 bytes", a size a pipe does not have.
    expect(hover.split('\n')[0]).toMatch(/ exists \(not a regular file: a pipe, socket or device, modified \d{4}-/);
    expect(hover).not.toContain('(file, 0 bytes');
    expect(hover).toContain('agentls does not open it');
    // Still serving: the status probe answers with the folder it serves.
    expect((await c.request<{ roots: string[] }>('agentls/status')).roots).toEqual([ws]);
  }, 30_000);

  it('links tokens and entry paths to their files, and goes to the file from a token', async () => {
    const ws = workspaceWithPrompt();
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'prompts/nav.prompt.md'));
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    const targets = links.map((l) => [c.text(uri).split('\n')[l.range.start.line].slice(l.range.start.character, l.range.end.character), path.relative(ws, URI.parse(l.target!).fsPath)]);
    expect(targets).toEqual([
      ['<@file:code|src/auth.ts>', 'src/auth.ts'],
      ['<@file:db|data/app.db>', 'data/app.db'],
      ['<@file:dir|src/util>', 'src/util'],
      ['src/auth.ts', 'src/auth.ts'],
      ['data/app.db', 'data/app.db'],
      ['src/util', 'src/util'],
    ]);
    const at = positionAfter(c, uri, '<@file:co');
    const def = await c.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: at });
    expect(def?.map((l) => URI.parse(l.uri).fsPath)).toEqual([path.join(ws, 'src/auth.ts')]);
    const none = await c.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: positionAfter(c, uri, '<@file:go') });
    expect(none).toBeNull();
  }, 30_000);
});

describe('agentls/parsePrompt and agentls/convertPrompt', () => {
  it('parses in the RAWP order and converts for each adapter', async () => {
    const ws = workspaceWithPrompt();
    const c = await start(ws);
    const parsed = await c.request<ParsePromptResult>('agentls/parsePrompt', {
      text: '\\<@file:injection> is forged, this one is real <@file:ref_0|src/auth.ts>',
      file_references: [{ ref_id: 'ref_0', path: 'src/auth.ts' }],
    });
    expect(parsed.segments).toEqual([
      { kind: 'text', text: '<@file:injection> is forged, this one is real ', start: 0, end: 47 },
      { kind: 'file', ref_id: 'ref_0', display_path: 'src/auth.ts', path: 'src/auth.ts', start: 47, end: 72 },
    ]);
    const text = 'See <@file:a|src/auth.ts> and <@file:b|src/gone.ts>';
    const refs = [
      { ref_id: 'a', path: 'src/auth.ts' },
      { ref_id: 'b', path: 'src/gone.ts' },
    ];
    const uri = c.uri(path.join(ws, 'prompts/x.prompt.md'));
    const claude = await c.request<ConvertPromptResult>('agentls/convertPrompt', { text, file_references: refs, adapter: 'claude-code', uri });
    expect(claude).toEqual({ adapter: 'claude-code', prompt_text: 'See  and src/gone.ts', context_files: ['src/auth.ts'], unconverted: [{ ref_id: 'b', display_path: 'src/gone.ts', reason: 'src/gone.ts does not exist' }] });
    const generic = await c.request<ConvertPromptResult>('agentls/convertPrompt', { text, file_references: refs, adapter: 'generic', inline: true });
    expect(generic.prompt_text).toBe(`See [File: src/auth.ts]\n\`\`\`\n${fs.readFileSync(path.join(ws, 'src/auth.ts'), 'utf8')}\`\`\`\n and src/gone.ts`);
    const script = await c.request<ConvertPromptResult>('agentls/convertPrompt', { text, file_references: refs, adapter: 'script' });
    expect(script.args).toEqual(['src/auth.ts']);
  });

  it('passes a path that starts with "-" to a script as ./-path, which no option parser reads as an option', async () => {
    const ws = workspaceWithPrompt();
    fs.writeFileSync(path.join(ws, '-rf'), 'not an option\n');
    const c = await start(ws);
    const script = await c.request<ConvertPromptResult>('agentls/convertPrompt', { text: 'Clean <@file:r1|-rf> and <@file:r2|src/auth.ts>', file_references: [{ ref_id: 'r1', path: '-rf' }, { ref_id: 'r2', path: 'src/auth.ts' }], adapter: 'script' });
    expect(script.args).toEqual(['./-rf', 'src/auth.ts']);
    expect(script.unconverted).toEqual([]);
  });

  it('answers bad params with InvalidParams naming the field', async () => {
    const c = await start(copyFixture('refs-basic'));
    await expect(c.request('agentls/parsePrompt', { file_references: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('text: is required') });
    await expect(c.request('agentls/parsePrompt', { text: '', file_references: [{ ref_id: 'a b', path: 'x' }] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('file_references[0].ref_id: must match'),
    });
    await expect(c.request('agentls/convertPrompt', { text: '', file_references: [], adapter: 'gpt' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('adapter: expected one of') });
    await expect(c.request('agentls/convertPrompt', { text: '', file_references: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('adapter: is required') });
    // Larger than a prompt document may be: refused, not parsed into an answer of tens of megabytes while every request waits.
    const huge = '<@file:a|x> '.repeat(200_000);
    await expect(c.request('agentls/parsePrompt', { text: huge, file_references: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('text: the text has 2,400,000 characters; agentls reads up to 2,097,152 characters') });
    await expect(c.request('agentls/convertPrompt', { text: huge, file_references: [], adapter: 'script' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('text: the text has 2,400,000 characters') });
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ ref_id: `r${i}`, path: 'a.ts' }));
    await expect(c.request('agentls/parsePrompt', { text: 'x', file_references: entries })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('file_references: the list has 10,001 entries; agentls reads up to 10,000 entries') });
    expect(c.alive).toBe(true);
  });
});

describe.each<ClientPreset>(['vscode', 'neovim', 'helix'])('command twins in %s', (preset) => {
  it('agentls.prompt.parse and agentls.prompt.convert write reports the user is shown', async () => {
    const ws = workspaceWithPrompt();
    const c = await start(ws, preset);
    const uri = c.uri(path.join(ws, 'prompts/nav.prompt.md'));
    await c.executeCommand('agentls.prompt.parse', [{ uri }]);
    await c.executeCommand('agentls.prompt.convert', [{ uri, adapter: 'claude-code' }]);
    // Clients without showDocument are told where the report is (see the log line too).
    const reports =
      preset === 'vscode'
        ? c.shownDocuments.map((u) => URI.parse(u).fsPath)
        : c.logMessages.map((m) => / report written to (\S+\.md)$/.exec(m.message)?.[1]).filter((p): p is string => p !== undefined);
    expect(reports).toHaveLength(2);
    const [parse, convert] = reports.map((r) => fs.readFileSync(r, 'utf8'));
    expect(parse).toContain('- **file** `code` → `src/auth.ts` (shown as `src/auth.ts`)');
    expect(parse).toContain('- `<@file:nope|src/auth.ts>`');
    expect(convert).toContain('context_files: `src/auth.ts`, `data/app.db`, `src/util`');
    expect(convert).toContain('Not converted, left as its display path: `src/gone.ts` (gone)');
    await c.executeCommand('agentls.prompt.parse', [{ uri: c.uri(path.join(ws, 'README.md')) }]);
    await c.waitFor('a warning', () => c.shownMessages.some((m) => m.message.includes('README.md is not a prompt document')));
  }, 30_000);
});
