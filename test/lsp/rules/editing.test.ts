import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver/node';
import type { ResolveRuleResult, RuleBucketsResult, SystemPromptResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { searchNames, until } from '../../helpers/polling';
import { copyFixture, tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

function demo() {
  const ws = copyFixture('demo');
  const home = copyFixture('demo-home');
  return { ws, home, file: (rel: string) => path.join(ws, ...rel.split('/')) };
}

const firstLine = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

describe('rules quick fixes that rename files', () => {
  it('renames a shadowed rule through documentChanges (VS Code), and the agent then loads it', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home });
    const uri = await c.open(file('.cursor/rules/style.mdc'));
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const actions = await c.codeActions(uri, firstLine);
    const rename = actions.find((a) => a.title.startsWith('Rename to style-cursor.mdc'))!;
    expect(rename.edit?.documentChanges?.[0]).toMatchObject({ kind: 'rename', oldUri: uri, newUri: c.uri(file('.cursor/rules/style-cursor.mdc')) });
    await c.close(uri);
    await c.applyCodeAction(rename);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }, { uri: c.uri(file('.cursor/rules/style-cursor.mdc')), type: 1 }] });
    const buckets = await until('style-cursor in the rulebook', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', {}), (b) => b.buckets.rulebook.includes('style-cursor'), 10_000);
    expect(buckets.shadowed.map((s) => s.path)).not.toContain('.cursor/rules/style.mdc');
  });

  it('offers the rename to Helix as an edit and to Neovim 0.7 (no documentChanges) as a command, which still gets text fixes', async () => {
    const { ws, home, file } = demo();
    const helix = await start({ folders: [ws], home, client: 'helix' });
    const hUri = await helix.open(file('.cursor/rules/style.mdc'));
    await helix.waitForDiagnostics(hUri, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    expect((await helix.codeActions(hUri, firstLine)).map((a) => a.title)).toContain('Rename to style-cursor.mdc so the xcsh agent loads it as rule `style-cursor`');
    const nvim = await start({ folders: [ws], home, client: 'neovim' });
    const nUri = await nvim.open(file('.cursor/rules/style.mdc'));
    await nvim.waitForDiagnostics(nUri, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const nvimRename = (await nvim.codeActions(nUri, firstLine)).find((a) => a.title.startsWith('Rename'));
    expect(nvimRename?.edit).toBeUndefined();
    expect(nvimRename).toMatchObject({ command: { command: 'agentls.rules.renameFile', arguments: [nUri, nvim.uri(file('.cursor/rules/style-cursor.mdc'))] } });
    const testing = await nvim.open(file('.cursor/rules/testing.mdc'));
    await nvim.waitForDiagnostics(testing, (ds) => ds.some((d) => d.code === 'frontmatter/fallback-string'));
    const quote = (await nvim.codeActions(testing, { start: { line: 3, character: 0 }, end: { line: 3, character: 5 } })).find((a: CodeAction) => a.title.startsWith('Quote'))!;
    expect(Object.keys(quote.edit?.changes ?? {})).toEqual([testing]);
  });

  it('moves a rule out of a folder with a slip in its name (.cursor/rule/), after which Cursor\'s folder holds it', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rule/style.mdc': '---\ndescription: Style\nalwaysApply: true\n---\nUse tabs.\n', 'src/app.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const uri = await c.open(path.join(ws, '.cursor', 'rule', 'style.mdc'));
    const ds = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read'));
    expect(ds.find((d) => d.code === 'rule/not-read')?.message).toBe(
      'Cursor reads rules from `.cursor/rules/`, and this folder is `.cursor/rule/`: Cursor never reads this file. Move it to `.cursor/rules/style.mdc`.',
    );
    const move = (await c.codeActions(uri, firstLine)).find((a) => a.title.startsWith('Move to'))!;
    // Named as the message names it, from the workspace folder.
    expect(move.title).toBe('Move to .cursor/rules/style.mdc');
    const target = c.uri(path.join(ws, '.cursor', 'rules', 'style.mdc'));
    expect(move.edit?.documentChanges?.[0]).toMatchObject({ kind: 'rename', oldUri: uri, newUri: target });
    await c.close(uri);
    await c.applyCodeAction(move);
    const moved = await c.open(path.join(ws, '.cursor', 'rules', 'style.mdc'));
    // Read where Cursor reads it: nothing to say about its place any more.
    await c.waitForDiagnostics(moved, (ds) => !ds.some((d) => d.code === 'rule/not-read'));
    expect(fs.existsSync(path.join(ws, '.cursor', 'rule', 'style.mdc'))).toBe(false);
  });

  it('moves a legacy .cursorrules into .cursor/rules as an always-apply rule', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home });
    const uri = await c.open(file('.cursorrules'));
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read'));
    const move = (await c.codeActions(uri, firstLine)).find((a) => a.title.startsWith('Move into'))!;
    expect(move.title).toBe('Move into .cursor/rules/cursorrules.mdc as an always-apply rule');
    await c.close(uri);
    await c.applyCodeAction(move);
    expect(fs.existsSync(file('.cursorrules'))).toBe(false);
    expect(fs.readFileSync(file('.cursor/rules/cursorrules.mdc'), 'utf8')).toBe('---\nalwaysApply: true\n---\nAlways use tabs.\n');
  });

  it('offers the move of a legacy .cursorrules once, for both findings it resolves (Neovim listed it twice, identical)', async () => {
    const { ws, home, file } = demo();
    for (const client of ['vscode', 'neovim'] as const) {
      const c = await start({ folders: [ws], home, client });
      const uri = await c.open(file('.cursorrules'));
      await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read') && ds.some((d) => d.code === 'rule/legacy-file'));
      const moves = (await c.codeActions(uri, firstLine)).filter((a) => a.title.startsWith('Move into'));
      expect(moves, client).toHaveLength(1);
      expect(moves[0].diagnostics?.map((d) => d.code).sort(), client).toEqual(['rule/legacy-file', 'rule/not-read']);
    }
  });

  it('a .cursorrules linked to a shared file: the fix says it copies the shared text, and leaves that file as it was', async () => {
    const { ws, home, file } = demo();
    fs.renameSync(file('.cursorrules'), file('AGENT_RULES.md'));
    fs.symlinkSync('AGENT_RULES.md', file('.cursorrules'));
    const c = await start({ folders: [ws], home });
    const uri = await c.open(file('.cursorrules'));
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/not-read'));
    const copy = (await c.codeActions(uri, firstLine)).find((a) => a.title.startsWith('Copy'))!;
    expect(copy.title).toBe('Copy the linked text into .cursor/rules/cursorrules.mdc as an always-apply rule, and remove the link');
    await c.close(uri);
    const result = (await c.executeCommand(copy.command!.command, copy.command!.arguments)) as { renamed: boolean; message: string };
    expect(result).toEqual({ renamed: true, message: `Copied the text of ${fs.realpathSync(file('AGENT_RULES.md'))} (${file('.cursorrules')} linked to it) into ${file('.cursor/rules/cursorrules.mdc')} and removed the link; ${fs.realpathSync(file('AGENT_RULES.md'))} is unchanged.` });
    expect(fs.existsSync(file('.cursorrules'))).toBe(false);
    expect(fs.readFileSync(file('AGENT_RULES.md'), 'utf8')).toBe('Always use tabs.\n');
    expect(fs.readFileSync(file('.cursor/rules/cursorrules.mdc'), 'utf8')).toBe('---\nalwaysApply: true\n---\nAlways use tabs.\n');
  });
});

describe('rules updates over LSP', () => {
  it('a change on disk reaches closed twins through the server watcher (Neovim)', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const twin = c.uri(file('.cursor/rules/style.mdc'));
    await c.waitForDiagnostics(twin, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    await c.waitForLog(/rules: \d+ rule files/);
    fs.writeFileSync(file('.xcsh/rules/style.md'), '---\ndescription: TypeScript style for this project\n---\n\n');
    const after = await c.waitForDiagnostics(twin, (ds) => ds.some((d) => String(d.message).includes('dropped for its empty body')));
    expect(after[0].code).toBe('rule/shadowed');
  });

  it('a rule file replaced by a link, reported by VS Code as one change, is then judged as the link it is, and leaves the file index', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client: 'vscode' });
    const twin = c.uri(file('.cursor/rules/style.mdc'));
    await c.waitForDiagnostics(twin, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    expect(await searchNames(c, 'style.mdc')).toEqual(['.cursor/rules/style.mdc']);
    fs.rmSync(file('.cursor/rules/style.mdc'));
    fs.symlinkSync('../../.xcsh/rules/style.md', file('.cursor/rules/style.mdc'));
    // VS Code's watcher folds the delete and the create into one change.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: twin, type: 2 }] });
    const after = await c.waitForDiagnostics(twin, (ds) => ds.some((d) => d.code === 'rule/not-read'));
    expect(after.map((d) => d.code)).not.toContain('rule/shadowed');
    expect(await until('the link out of the index', () => searchNames(c, 'style.mdc'), (names) => names.length === 0, 10_000)).toEqual([]);
  });

  it.each([
    ['a change', [2]],
    ['a delete and a create', [3, 1]],
  ] as const)('a folder made afresh, reported by the client as %s of the folder alone, is listed again: index and glob reach', async (_what, types) => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/notes.mdc': '---\ndescription: Notes\nglobs: notes/old*.md\nalwaysApply: false\n---\nOld notes.\n',
      'notes/old1.md': 'old\n',
      'notes/old2.md': 'old\n',
    });
    const c = await start({ folders: [ws], client: 'vscode' });
    const rule = c.uri(path.join(ws, '.cursor/rules/notes.mdc'));
    expect(await until('the old notes indexed', () => searchNames(c, 'old'), (names) => names.length === 2, 10_000)).toHaveLength(2);
    fs.rmSync(path.join(ws, 'notes'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'notes'));
    fs.writeFileSync(path.join(ws, 'notes/new1.md'), 'new\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: types.map((type) => ({ uri: c.uri(path.join(ws, 'notes')), type })) });
    expect(await until('the new note indexed', () => searchNames(c, 'new1'), (names) => names.length === 1, 10_000)).toEqual(['notes/new1.md']);
    expect(await searchNames(c, 'old')).toEqual([]);
    await c.waitForDiagnostics(rule, (ds) => ds.some((d) => d.code === 'context/dead-glob'));
  });

  it('an unsaved edit of one rule updates its closed twins, and closing it restores them', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home, client: 'helix' });
    const twin = c.uri(file('.cursor/rules/style.mdc'));
    await c.waitForDiagnostics(twin, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const uri = await c.open(file('.xcsh/rules/style.md'));
    await c.setText(uri, '---\ndescription: TypeScript style for this project\n---\n');
    await c.waitForDiagnostics(twin, (ds) => ds.some((d) => String(d.message).includes('dropped for its empty body')));
    const own = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/empty-body-shadows'));
    expect(own.find((d) => d.code === 'rule/empty-body-shadows')!.message).toContain('no rule named `style` is loaded at all');
    await c.close(uri);
    await c.waitForDiagnostics(twin, (ds) => ds.some((d) => d.code === 'rule/shadowed' && !String(d.message).includes('empty body')));
  });

  it('re-lints under the other profile when the setting changes', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home });
    const testing = c.uri(file('.cursor/rules/testing.mdc'));
    const seed = await c.waitForDiagnostics(testing, (ds) => ds.some((d) => d.code === 'frontmatter/fallback-string'));
    expect(seed.find((d) => d.code === 'frontmatter/fallback-string')!.message).toContain('alwaysApply becomes unset instead of true');
    await c.changeSettings({ rules: { profile: 'xcsh' } });
    const xcsh = await c.waitForDiagnostics(testing, (ds) => ds.some((d) => String(d.message).includes('alwaysApply becomes false instead of true')));
    expect(xcsh.length).toBeGreaterThan(0);
  });
});

describe('rules requests over LSP', () => {
  it('renders the system prompt section, and its command twin writes it as a report (Helix)', async () => {
    const { ws, home } = demo();
    const c = await start({ folders: [ws], home, client: 'helix' });
    const { text } = await c.request<SystemPromptResult>('agentls/systemPrompt', { template: 'custom' });
    expect(text).toBe(
      'Answer in as few words as the task allows.\nRules are local constraints.\nYou **MUST** read `rule://<name>` when working in that domain.\n<rules>\n<rule name="style">\nTypeScript style for this project\n<glob>src/**/*.ts</glob>\n</rule>\n\n<rule name="testing">\nHow tests are written\n<glob>*.test.ts</glob>\n</rule>\n\n<rule name="docs">\nDocumentation tone\n</rule>\n</rules>',
    );
    await c.executeCommand('agentls.rules.showSystemPrompt', [{ template: 'default' }]);
    await c.waitFor('the report message', () => c.shownMessages.some((m) => m.message.startsWith('Rules section of the system prompt: see ')));
    const report = fs.readFileSync(c.shownMessages.find((m) => m.message.startsWith('Rules section'))!.message.replace(/^.*: see /, ''), 'utf8');
    expect(report).toContain('## style (Domain: src/**/*.ts)');
  });

  it('resolves rule://NAME, lists the available names for an unknown one, and rejects bad params', async () => {
    const { ws, home, file } = demo();
    const c = await start({ folders: [ws], home });
    const ok = await c.request<ResolveRuleResult>('agentls/resolveRule', { url: 'rule://style' });
    expect(ok).toEqual({ name: 'style', path: file('.xcsh/rules/style.md'), content: 'Use two-space indentation and named exports.' });
    await expect(c.request('agentls/resolveRule', { url: 'rule://no-console' })).rejects.toMatchObject({ message: 'Unknown rule: no-console\nAvailable: style, testing, docs, concise' });
    await expect(c.request('agentls/resolveRule', { url: 'http://x' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('url') });
    await expect(c.request('agentls/systemPrompt', { template: 'fancy' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('template') });
    await expect(c.request('agentls/ruleBuckets', 42)).rejects.toMatchObject({ code: -32602 });
  });
});
