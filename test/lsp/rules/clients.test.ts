import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, Hover, MarkupContent, TextEdit } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { NEOVIM_07_LIKE } from '../../helpers/capabilities';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { copyFixture, tempDir, writeTree } from '../../helpers/repo';
import { URI } from 'vscode-uri';

const URI_PATH = (uri: string) => URI.parse(uri).fsPath;

const start = useLspClients(afterEach);

function demo() {
  const ws = copyFixture('demo');
  const home = copyFixture('demo-home');
  return { ws, home, file: (rel: string) => path.join(ws, ...rel.split('/')) };
}

const PLAIN_ONLY: ClientCapabilities = { ...NEOVIM_07_LIKE, textDocument: { ...NEOVIM_07_LIKE.textDocument, hover: { contentFormat: ['plaintext'] } } };
const firstLine = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

/** Asks for the buckets until `done` holds (file changes reach the rules state in batches). */
function bucketsUntil(c: LspTestClient, what: string, done: (b: RuleBucketsResult) => boolean): Promise<RuleBucketsResult> {
  return until(what, () => c.request<RuleBucketsResult>('agentls/ruleBuckets', {}), done, 10_000);
}

describe('rule hovers in plain-text clients', () => {
  it('keep the stars of a glob, the backticks of code and the words of bold text', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client: PLAIN_ONLY });
    const uri = await c.open(file('.cursor/rules/style.mdc'));
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 1 } });
    const contents = hover.contents as MarkupContent;
    expect(contents.kind).toBe('plaintext');
    expect(contents.value).toContain('src/**/*.ts');
    expect(contents.value).toMatch(/^globs \(read by/);
  });

  it('say a rule:// link without the Markdown around its name and description', async () => {
    const { ws, home, file } = demo();
    const notes = file('docs/notes.md');
    fs.mkdirSync(path.dirname(notes), { recursive: true });
    fs.writeFileSync(notes, 'See rule://no-console first.\n');
    const c = await start({ folders: [ws], home, client: PLAIN_ONLY });
    const uri = await c.open(notes);
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 12 } });
    const contents = hover.contents as MarkupContent;
    expect(contents.kind).toBe('plaintext');
    const lines = contents.value.split('\n');
    expect(lines[0]).toBe('rule `no-console`');
    expect(lines).toContain('  Keep console.log out of committed code');
    expect(contents.value).toContain('`rule://no-console` does not resolve');
  });
});

describe('rule:// completion for clients that filter by the edit range (Eglot)', () => {
  it('replaces rule:// with the name, so the prefix the client filters by is rule://st', async () => {
    const { ws, home, file } = demo();
    const notes = file('docs/notes.md');
    fs.mkdirSync(path.dirname(notes), { recursive: true });
    fs.writeFileSync(notes, '# Notes\n');
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const uri = await c.open(notes);
    await c.type(uri, { line: 1, character: 0 }, 'See rule://st');
    const list = await c.completion(uri, { line: 1, character: 13 }, '/');
    const style = list.items.find((i) => i.label === 'style')!;
    const edit = style.textEdit as TextEdit;
    expect(edit.range).toEqual({ start: { line: 1, character: 4 }, end: { line: 1, character: 13 } });
    expect(edit.newText).toBe('rule://style');
    const prefix = c.text(uri).split('\n')[1].slice(edit.range.start.character, 13);
    expect(prefix).toBe('rule://st');
    expect(style.filterText!.startsWith(prefix)).toBe(true);
    c.acceptCompletion(uri, style, { line: 1, character: 13 });
    expect(c.text(uri).split('\n')[1]).toBe('See rule://style');
  });
});

/** The demo with its Cursor style rule open and shadowed, in a client like `client`: the rule's URI and its Rename quick fix. */
async function shadowedStyleRule(client: 'neovim' | 'helix') {
  const { ws, home, file } = demo();
  const c = await start({ folders: [ws], home, client });
  const uri = await c.open(file('.cursor/rules/style.mdc'));
  await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
  const rename = (await c.codeActions(uri, firstLine)).find((a) => a.title.startsWith('Rename to style-cursor.mdc'))!;
  return { c, uri, rename, file };
}

describe('renaming a shadowed rule in clients without file renames in edits (Neovim 0.7)', () => {
  it('runs as a command: the file is renamed on disk and the agent then loads it', async () => {
    const { c, uri, rename, file } = await shadowedStyleRule('neovim');
    expect(rename.command?.command).toBe('agentls.rules.renameFile');
    await c.close(uri);
    await c.applyCodeAction(rename);
    expect(fs.existsSync(file('.cursor/rules/style.mdc'))).toBe(false);
    expect(fs.readFileSync(file('.cursor/rules/style-cursor.mdc'), 'utf8')).toContain("Cursor's copy of the style rule");
    const buckets = await bucketsUntil(c, 'style-cursor in the rulebook', (b) => b.buckets.rulebook.includes('style-cursor'));
    expect(buckets.buckets.rulebook).toContain('style-cursor');
  });

  it('the buffer left open under the old name says its file is gone, not that nobody reads the place', async () => {
    const { c, uri, rename } = await shadowedStyleRule('neovim');
    await c.applyCodeAction(rename);
    const ds = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read'));
    expect(ds.find((d) => d.code === 'rule/not-read')?.message).toBe(
      'The xcsh agent does not read this buffer: its file is not on disk (not saved yet, renamed or deleted), and agents read files. Save it to make it a rule file.',
    );
    expect(ds.map((d) => d.code)).not.toContain('rule/shadowed');
    // Closed, the buffer leaves nothing behind: no file is there to hold findings.
    await c.close(uri);
    await c.waitForDiagnostics(uri, (ds) => ds.length === 0);
  });

  it.each(['neovim', 'helix'] as const)('a never-saved rule buffer closed in %s (diagnostics pushed) leaves none behind', async (client) => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client });
    const uri = await c.open(file('.xcsh/rules/new.md'), '---\ndescription: New\nalwaysApply: "perhaps"\n---\nNew.\n');
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read'));
    await c.close(uri);
    await c.waitForDiagnostics(uri, (ds) => ds.length === 0);
  });

  it('a buffer on a link to a rule file the agent does not list says what a plain file there is told, not that its file is gone', async () => {
    const ws = copyFixture('demo');
    fs.rmSync(path.join(ws, '.xcsh'), { recursive: true });
    const file = (rel: string) => path.join(ws, ...rel.split('/'));
    fs.mkdirSync(file('docs'), { recursive: true });
    fs.writeFileSync(file('docs/shared.mdc'), '---\nalwaysApply: true\n---\nShared rule.\n');
    fs.copyFileSync(file('docs/shared.mdc'), file('.cursor/rules/plain.MDC'));
    fs.symlinkSync('../../docs/shared.mdc', file('.cursor/rules/linked.MDC'));
    const c = await start({ folders: [ws], home: copyFixture('demo-home'), client: 'neovim' });
    const said = async (rel: string) => {
      const uri = await c.open(file(rel));
      const ds = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read'));
      return ds.filter((d) => d.code === 'rule/not-read').map((d) => d.message);
    };
    const plain = await said('.cursor/rules/plain.MDC');
    expect(plain[0]).toMatch(/^The xcsh agent does not read this file for the folders open: /);
    expect(await said('.cursor/rules/linked.MDC')).toEqual(plain);
  });

  it('moves a rule into a folder that does not exist yet', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const text = fs.readFileSync(file('.cursor/rules/style.mdc'), 'utf8');
    const result = await c.executeCommand('agentls.rules.renameFile', [c.uri(file('.cursor/rules/style.mdc')), c.uri(file('packages/app/.cursor/rules/style.mdc'))]);
    expect(result).toMatchObject({ renamed: true });
    expect(fs.readFileSync(file('packages/app/.cursor/rules/style.mdc'), 'utf8')).toBe(text);
    expect(fs.existsSync(file('.cursor/rules/style.mdc'))).toBe(false);
  });

  it('moves a rule that is a symbolic link as a link leading where it led, also for an editor that could rename it itself', async () => {
    const { ws, home, file } = demo();
    fs.mkdirSync(file('shared'));
    fs.writeFileSync(file('shared/cursor.mdc'), '---\nalwaysApply: true\n---\nShared rule.\n');
    fs.symlinkSync('../shared/cursor.mdc', file('.cursor/index.mdc'));
    // VS Code renames files from edits: it would move the link as it is, one folder deeper, leading nowhere.
    const c = await start({ folders: [ws], home });
    const uri = await c.open(file('.cursor/index.mdc'));
    const [placed] = (await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/not-read'))).filter((d) => d.code === 'rule/not-read');
    const [move] = await c.codeActions(uri, placed.range);
    expect(move.edit).toBeUndefined();
    expect(move.command?.command).toBe('agentls.rules.renameFile');
    expect(await c.executeCommand(move.command!.command, move.command!.arguments!)).toMatchObject({ renamed: true });
    expect(fs.readlinkSync(file('.cursor/rules/index.mdc'))).toBe('../../shared/cursor.mdc');
    expect(fs.readFileSync(file('.cursor/rules/index.mdc'), 'utf8')).toContain('Shared rule.');
    expect(fs.existsSync(file('.cursor/index.mdc'))).toBe(false);
  });

  it('moves a .cursorrules saved with a BOM into .cursor/rules with the BOM first, before the frontmatter it adds, for an editor that cannot rename', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursorrules': '\uFEFFUse tabs always.\n' });
    const c = await start({ folders: [ws], home: tempDir(), client: 'neovim' });
    // Opened as editors load it: without the BOM.
    const uri = await c.open(path.join(ws, '.cursorrules'), 'Use tabs always.\n');
    const [legacy] = (await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/legacy-file'))).filter((d) => d.code === 'rule/legacy-file');
    const move = (await c.codeActions(uri, legacy.range)).find((a) => a.command?.command === 'agentls.rules.renameFile' && a.command.arguments!.length === 3);
    expect(move).toBeDefined();
    expect(await c.executeCommand(move!.command!.command, move!.command!.arguments!)).toMatchObject({ renamed: true });
    const moved = fs.readFileSync(URI_PATH(move!.command!.arguments![1] as string), 'utf8');
    expect(moved.startsWith('\uFEFF---\n')).toBe(true);
    expect(moved.slice(1)).not.toContain('\uFEFF');
    expect(moved.endsWith('---\nUse tabs always.\n')).toBe(true);
  });

  it('the rule listings know of the move when the command returns', async () => {
    // Seen in Neovim 0.10: `:AgentlsBuckets` run right after the Roo Code "Move to" fix listed
    // neither the moved rule nor its new place, while the rules for a file asked a moment later did.
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.roo/rules-Code/style.md': 'Write in code mode.\n', 'src/x.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir(), client: 'neovim' });
    const uri = await c.open(path.join(ws, '.roo/rules-Code/style.md'));
    const [slip] = (await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/not-read'))).filter((d) => d.code === 'rule/not-read');
    // Asked before the move, as a user looks before fixing: the listing is then known.
    expect((await c.request<RuleBucketsResult>('agentls/ruleBuckets', {})).agentRules?.find((a) => a.agent === 'roo')?.rules.map((r) => r.path)).toEqual(['.roo/rules-Code/style.md']);
    const [move] = await c.codeActions(uri, slip.range);
    expect(move.command?.arguments?.[1]).toBe(c.uri(path.join(ws, '.roo/rules-code/style.md')));
    expect(await c.executeCommand(move.command!.command, move.command!.arguments!)).toMatchObject({ renamed: true });
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    expect(buckets.agentRules?.find((a) => a.agent === 'roo')?.rules.map((r) => [r.path, r.mode])).toEqual([['.roo/rules-code/style.md', 'always']]);
    const forFile = await c.request<{ agents: { agent: string; rules: { path: string }[] }[] }>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src/x.ts')) });
    expect(forFile.agents.find((a) => a.agent === 'roo')?.rules.map((r) => r.path)).toEqual(['.roo/rules-code/style.md']);
  });

  it('never replaces an existing file', async () => {
    const { ws, home, file } = demo();
    fs.writeFileSync(file('.cursor/rules/taken.mdc'), 'mine\n');
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const result = await c.executeCommand('agentls.rules.renameFile', [c.uri(file('.cursor/rules/style.mdc')), c.uri(file('.cursor/rules/taken.mdc'))]);
    expect(result).toMatchObject({ renamed: false, message: expect.stringContaining('already exists') });
    expect(fs.readFileSync(file('.cursor/rules/taken.mdc'), 'utf8')).toBe('mine\n');
    expect(fs.existsSync(file('.cursor/rules/style.mdc'))).toBe(true);
  });

  it('says the rule is gone when it was moved or deleted since the fix was offered', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const result = await c.executeCommand('agentls.rules.renameFile', [c.uri(file('.cursor/rules/gone.mdc')), c.uri(file('.cursor/rules/new.mdc'))]);
    expect(result).toMatchObject({ renamed: false, message: expect.stringContaining('no longer exists (moved or deleted since the fix was offered)') });
    expect((result as { message: string }).message).not.toContain('ENOENT');
    expect(fs.existsSync(file('.cursor/rules/new.mdc'))).toBe(false);
  });
});

describe('after a rename in Helix', () => {
  it('the closed buffer of the old path is a deletion: no rule/unreadable for it', async () => {
    const { c, uri, rename, file } = await shadowedStyleRule('helix');
    await c.applyCodeAction(rename);
    // Helix closes the old buffer after applying the rename, and opens the new file.
    await c.close(uri);
    await c.open(file('.cursor/rules/style-cursor.mdc'));
    const buckets = await bucketsUntil(c, 'the Cursor rule no longer shadowed', (b) => !b.shadowed.some((s) => s.path === '.cursor/rules/style.mdc'));
    expect(buckets.shadowed.map((s) => s.path)).not.toContain('.cursor/rules/style.mdc');
    const unreadable = c.diagnosticsLog.filter((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'rule/unreadable'));
    expect(unreadable).toEqual([]);
  });

  it('clears what the old path showed while it was open: the file is gone', async () => {
    // Seen in Helix 25.01 itself: the old path's rule/shadowed and context/drift stayed in its
    // diagnostics list after the rename, because they were kept at the close (rule files keep
    // theirs when closed) and nothing cleared them when the file turned out to be gone.
    const { c, uri, rename, file } = await shadowedStyleRule('helix');
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'context/drift'));
    await c.applyCodeAction(rename);
    await c.close(uri);
    const renamed = await c.open(file('.cursor/rules/style-cursor.mdc'));
    // Helix reports both paths of a rename as changed.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }, { uri: renamed, type: 2 }] });
    expect(await c.waitForDiagnostics(uri, (ds) => ds.length === 0)).toEqual([]);
  });
});
