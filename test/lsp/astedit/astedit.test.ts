import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstEditPreviewResult, AstEditResolveResult } from '../../../protocol/astedit';
import { lineHash } from '../../../server/hashline/hash';
import { CLIENT_PRESETS, type ClientPreset } from '../../helpers/capabilities';
import { useLspClients } from '../../helpers/lspClient';
import { status, until } from '../../helpers/polling';
import { copyFixture, tempDir, writeTree } from '../../helpers/repo';

const launch = useLspClients(afterEach);
const start = (folder: string, client: ClientPreset) => launch({ folders: [folder], client });

const read = (ws: string, rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');

const TS_REWRITE = { ops: [{ pat: 'console.log($$$ARGS)', out: 'logger.info($$$ARGS)' }], paths: ['src/**/*.ts'] };
const PY_REWRITE = { ops: [{ pat: 'print($$$ARGS)', out: 'log.info($$$ARGS)' }], paths: ['py'] };

/** The fixture's TypeScript after the rewrite, as the ast-grep CLI writes it (multi-line captures re-indented). */
const APP_AFTER = read(path.join(__dirname, '../../../fixtures/astedit-basic'), 'src/app.ts').replace("console.log('starting'", "logger.info('starting'").replace('console.log(format', 'logger.info(format');
const FORMAT_AFTER = "export function format(value: number): string {\n  if (value < 0) {\n    logger.info('negative',\n    value,);\n  }\n  return `total: ${value}`;\n}\n";
const MAIN_PY_AFTER = 'from helpers import greet\n\n\ndef run(names):\n    for name in names:\n        log.info(greet(name))\n    log.info("done", len(names))\n';
const HELPERS_PY_AFTER = 'def greet(name):\n    if not name:\n        log.info("empty name",\n        name,)\n    return "hello " + name\n';

describe.each(['vscode', 'neovim'] as const)('ast-edit requests (%s)', (preset) => {
  it('previews and applies a multi-file rewrite with metavariables in TypeScript and in Python', async () => {
    const ws = copyFixture('astedit-basic');
    const appBefore = read(ws, 'src/app.ts');
    const c = await start(ws, preset);
    const appUri = await c.open(path.join(ws, 'src/app.ts'), undefined, 'typescript');

    const ts = await c.request<AstEditPreviewResult>('agentls/astEditPreview', TS_REWRITE);
    expect(ts.lang).toBe('typescript');
    expect(ts.totals).toEqual({ replacements: 3, files: 2, filesSearched: 3 });
    expect(ts.files.map((f) => f.path)).toEqual(['src/app.ts', 'src/util/format.ts']);
    const first = ts.files[0].changes[0];
    expect(first.range).toEqual({ start: { line: 3, character: 2 }, end: { line: 3, character: 38 } });
    expect(first.preview).toEqual([
      `-4${lineHash("console.log('starting', args.length)")}|console.log('starting', args.length)`,
      `+4${lineHash("logger.info('starting', args.length)")}|logger.info('starting', args.length)`,
    ]);
    expect(ts.text).toContain('# src/\n## app.ts (2 replacements)\n-4');
    expect(ts.text).toContain('# src/util/\n## format.ts (1 replacement)');
    expect(read(ws, 'src/app.ts')).toBe(appBefore); // a preview writes nothing

    const applied = await c.request<AstEditResolveResult>('agentls/astEditResolve', { previewId: ts.previewId, action: 'apply' });
    expect(applied).toMatchObject({ applied: true, replacements: 3 });
    expect(c.text(appUri)).toBe(APP_AFTER); // the open buffer got the edit
    expect(read(ws, 'src/util/format.ts')).toBe(FORMAT_AFTER); // the closed file too
    expect(c.serverRequests.filter((r) => r === 'workspace/applyEdit')).toHaveLength(1); // one edit for all files
    const edit = c.appliedEdits[0];
    if (preset === 'vscode') expect(edit.documentChanges?.map((d) => ('textDocument' in d ? d.textDocument.version : 'op'))).toEqual([1, null]);
    else expect(Object.keys(edit.changes ?? {})).toHaveLength(2);

    const py = await c.request<AstEditPreviewResult>('agentls/astEditPreview', PY_REWRITE);
    expect(py.lang).toBe('python');
    expect(py.totals).toEqual({ replacements: 3, files: 2, filesSearched: 2 });
    await c.request('agentls/astEditResolve', { previewId: py.previewId, action: 'apply' });
    expect(read(ws, 'py/main.py')).toBe(MAIN_PY_AFTER);
    expect(read(ws, 'py/helpers.py')).toBe(HELPERS_PY_AFTER);
    // Applied previews are used up.
    await expect(c.request('agentls/astEditResolve', { previewId: py.previewId, action: 'apply' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('No pending action') });
  });

  it('rewrites a closed file that starts with a BOM where the editor holds its text, without the BOM', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/bom.ts': '\ufeffconst a = foo(1);\nconst b = foo(2);\n' });
    const c = await start(ws, preset);
    const preview = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ops: [{ pat: 'foo($A)', out: 'bar($A)' }], paths: ['src/bom.ts'] });
    expect(preview.totals.replacements).toBe(2);
    expect(preview.files[0].changes[0].range).toEqual({ start: { line: 0, character: 10 }, end: { line: 0, character: 16 } });
    await c.request('agentls/astEditResolve', { previewId: preview.previewId, action: 'apply' });
    expect(read(ws, 'src/bom.ts')).toBe('\ufeffconst a = bar(1);\nconst b = bar(2);\n');
  });

  it('refuses an apply after a file changed, on disk or in a buffer, and writes nothing', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await start(ws, preset);
    const before = { app: read(ws, 'src/app.ts'), format: read(ws, 'src/util/format.ts') };
    const onDisk = await c.request<AstEditPreviewResult>('agentls/astEditPreview', TS_REWRITE);
    fs.writeFileSync(path.join(ws, 'src/app.ts'), '// a new first line\n' + before.app);
    await expect(c.request('agentls/astEditResolve', { previewId: onDisk.previewId, action: 'apply' })).rejects.toMatchObject({
      code: -32803,
      message: expect.stringMatching(/^Preview is stale: .*nothing was applied.*src\/app\.ts/),
      data: { reason: 'stale' },
    });
    expect(read(ws, 'src/util/format.ts')).toBe(before.format);
    expect(c.serverRequests).not.toContain('workspace/applyEdit');

    const formatUri = await c.open(path.join(ws, 'src/util/format.ts'), undefined, 'typescript');
    const inBuffer = await c.request<AstEditPreviewResult>('agentls/astEditPreview', TS_REWRITE);
    await c.type(formatUri, { line: 0, character: 0 }, '\n');
    await expect(c.request('agentls/astEditResolve', { previewId: inBuffer.previewId, action: 'apply' })).rejects.toMatchObject({ message: expect.stringContaining('src/util/format.ts') });
    expect(read(ws, 'src/app.ts')).toBe('// a new first line\n' + before.app);
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
  });

  it('rejects overlapping edits with nothing written, though the preview lists them', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await start(ws, preset);
    const before = { app: read(ws, 'src/app.ts'), nested: read(ws, 'src/nested.ts') };
    const result = await c.request<AstEditPreviewResult>('agentls/astEditPreview', {
      ops: [
        { pat: 'wrap($A)', out: 'unwrap($A)' },
        { pat: 'console.log($$$ARGS)', out: 'logger.info($$$ARGS)' },
      ],
      paths: ['src'],
    });
    const nested = result.files.find((f) => f.path === 'src/nested.ts')!;
    expect(nested.changes.map((ch) => ch.before)).toEqual(['wrap(wrap(1))', 'wrap(1)', 'wrap(2)']);
    expect(nested.overlaps).toEqual([[0, 1]]);
    expect(result.text).toContain('Overlapping replacements');
    await expect(c.request('agentls/astEditResolve', { previewId: result.previewId, action: 'apply' })).rejects.toMatchObject({
      code: -32803,
      message: expect.stringContaining('Overlapping replacements detected in src/nested.ts'),
      data: { reason: 'overlap' },
    });
    expect(read(ws, 'src/app.ts')).toBe(before.app);
    expect(read(ws, 'src/nested.ts')).toBe(before.nested);
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
  });

  it('answers bad params and request mistakes with InvalidParams naming the field', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await start(ws, preset);
    await expect(c.request('agentls/astEditPreview', { ops: 'x', paths: ['src'] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('ops') });
    await expect(c.request('agentls/astEditPreview', { ops: [{ pat: 'f($A)', out: 'g($B)' }], paths: ['src'] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('ops[0].out: `$B` in out is not captured by pat'),
    });
    await expect(c.request('agentls/astEditPreview', { ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['src', 'py'] })).rejects.toMatchObject({
      message: expect.stringContaining('`lang` is required when paths resolve to multiple languages: python, typescript'),
    });
    await expect(c.request('agentls/astEditPreview', { ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['../../etc'] })).rejects.toMatchObject({ message: expect.stringContaining('outside the workspace') });
    // A link that goes round in a loop is refused as the link it is, not as a path that leaves the workspace.
    fs.symlinkSync('loop2.ts', path.join(ws, 'src/loop1.ts'));
    fs.symlinkSync('loop1.ts', path.join(ws, 'src/loop2.ts'));
    await expect(c.request('agentls/astEditPreview', { ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['src/loop1.ts'] })).rejects.toMatchObject({
      code: -32602,
      message: 'paths[0]: src/loop1.ts is a symbolic link that goes round in a loop; ast-edit does not follow links',
    });
    fs.rmSync(path.join(ws, 'src/loop1.ts'));
    fs.rmSync(path.join(ws, 'src/loop2.ts'));
    // A folder inside the workspace folder is not one: its paths would be read from the workspace folder in silence.
    await expect(c.request('agentls/astEditPreview', { ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['a.ts'], root: c.uri(path.join(ws, 'src')) })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(`root: ${c.uri(path.join(ws, 'src'))} is a folder inside the workspace folder ${ws}, not a workspace folder`),
    });
    // A glob that matches no file is said, as a missing path is: a warning beside paths that gave files, else the error.
    const partly = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ...TS_REWRITE, paths: ['src/**/*.ts', 'src/**/*.tsx'] });
    expect(partly.totals.replacements).toBe(3);
    expect(partly.warnings).toEqual(['paths[1]: No file matches: src/**/*.tsx (ignored files are not searched)']);
    await expect(c.request('agentls/astEditPreview', { ...TS_REWRITE, paths: ['src/**/*.tsx'], lang: 'ts' })).rejects.toMatchObject({
      code: -32602,
      message: 'paths[0]: No file matches: src/**/*.tsx (ignored files are not searched)',
    });
    // A folder whose files are all of another language than `lang` is said the same way, naming the language.
    const py = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ...TS_REWRITE, paths: ['src/**/*.ts', 'py'], lang: 'ts' });
    expect(py.totals.replacements).toBe(3);
    expect(py.warnings).toEqual(['paths[1]: No TypeScript file matches: py (it matches 2 files, none of them TypeScript)']);
    await expect(c.request('agentls/astEditPreview', { ...TS_REWRITE, paths: ['py'], lang: 'ts' })).rejects.toMatchObject({
      code: -32602,
      message: 'paths[0]: No TypeScript file matches: py (it matches 2 files, none of them TypeScript)',
    });
    await expect(c.request('agentls/astEditResolve', { previewId: 'nope', action: 'apply' })).rejects.toMatchObject({ code: -32602 });
    await expect(c.request('agentls/astEditResolve', { previewId: 'nope' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('action') });
    const discarded = await c.request<AstEditPreviewResult>('agentls/astEditPreview', TS_REWRITE);
    expect(await c.request('agentls/astEditResolve', { previewId: discarded.previewId, action: 'discard' })).toMatchObject({ applied: false });
    expect(c.alive).toBe(true);
  });
});

describe('ast-edit in a client without workspace/applyEdit (the server writes the files)', () => {
  it('refuses a file with unsaved changes, saying so, and writes nothing', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await launch({ folders: [ws], client: { ...CLIENT_PRESETS.vscode, workspace: { ...CLIENT_PRESETS.vscode.workspace, applyEdit: false } } });
    const before = read(ws, 'src/app.ts');
    const uri = await c.open(path.join(ws, 'src/app.ts'), undefined, 'typescript');
    await c.setText(uri, before + 'export const unsaved = 1;\n');
    const preview = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ...TS_REWRITE, paths: ['src/app.ts'] });
    const file = path.join(ws, 'src', 'app.ts');
    await expect(c.request('agentls/astEditResolve', { previewId: preview.previewId, action: 'apply' })).rejects.toMatchObject({
      message: expect.stringContaining(`The ast-edit was not written: ${file} has unsaved changes and this editor cannot apply edits; save it and retry`),
    });
    expect(read(ws, 'src/app.ts')).toBe(before);
  });
});

describe('ast-edit through commands only (Helix drops request results)', () => {
  it('previews into a report and applies the same rewrite by its params', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await start(ws, 'helix');
    await c.executeCommand('agentls.astEdit.preview', [PY_REWRITE]);
    const written = await c.waitForLog(/^ast-edit preview: report written to /);
    const report = fs.readFileSync(written.replace('ast-edit preview: report written to ', ''), 'utf8');
    expect(report).toContain(`-6${lineHash('print(greet(name))')}|print(greet(name))`);
    expect(read(ws, 'py/main.py')).not.toBe(MAIN_PY_AFTER);

    await c.executeCommand('agentls.astEdit.apply', [PY_REWRITE]);
    await c.waitFor('the applied message', () => c.shownMessages.some((m) => m.message.startsWith('ast-edit: Applied 3 replacements in 2 files')));
    expect(read(ws, 'py/main.py')).toBe(MAIN_PY_AFTER);
    expect(read(ws, 'py/helpers.py')).toBe(HELPERS_PY_AFTER);

    await c.executeCommand('agentls.astEdit.apply', [PY_REWRITE]);
    await c.waitFor('the refusal', () => c.shownMessages.some((m) => m.message.includes('nothing previewed to apply')));
  });
});

describe('recipe documents', () => {
  it('reports mistakes, patterns that do not parse, and patterns with no matches', async () => {
    const ws = copyFixture('astedit-basic');
    const recipe = path.join(ws, 'recipes', 'broken.astedit.yaml');
    fs.writeFileSync(
      recipe,
      [
        'ops:',
        '  - pat: console.log($$ARGS)',
        '    out: logger.info($ARGS)',
        '  - pat: foo($value)',
        '    out: bar($value)',
        '  - pat: "if ($C) {"',
        '    out: x',
        'paths: [src/**/*.ts]',
        'preview: true',
        '',
      ].join('\n'),
    );
    const c = await start(ws, 'neovim');
    const uri = await c.open(recipe, undefined, 'yaml');
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0);
    const summary = diags.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${d.severity} ${d.code}`).sort();
    expect(summary).toEqual([
      '1:21-27 1 astedit/double-dollar',
      '2:21-26 1 astedit/unknown-capture',
      '3:13-19 1 astedit/metavar-case',
      '4:13-19 1 astedit/metavar-case',
      '5:9-20 1 astedit/invalid-pattern',
      '8:0-7 2 astedit/unknown-key',
    ].sort());
    expect(diags.find((d) => d.code === 'astedit/invalid-pattern')!.message).toContain('does not parse as typescript');

    await c.setText(uri, 'ops:\n  - pat: neverCalled($A)\n    out: called($A)\npaths:\n  - src\n');
    await c.save(uri);
    const info = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/no-matches'));
    expect(info).toEqual([expect.objectContaining({ severity: 3, message: 'No matches: `neverCalled($A)` matches nothing in the 3 files searched (typescript)' })]);
  });

  it.each(['vscode', 'neovim'] as const)('runs an open recipe again when the files it targets change on disk (%s)', async (client) => {
    const ws = writeTree(tempDir(), { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n', 'fix.astedit.yaml': 'ops:\n  - pat: console.log($$$ARGS)\n    out: logger.info($$$ARGS)\npaths:\n  - src\n' });
    const c = await start(ws, client);
    await until('the watcher in place', () => status(c), (st) => st.watching.roots.every((r) => r.state === 'watching'), 20_000);
    const uri = await c.open(path.join(ws, 'fix.astedit.yaml'), undefined, 'yaml');
    const none = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/no-matches'));
    expect(none.map((d) => d.message)).toEqual(['No matches: `console.log($$$ARGS)` matches nothing in the 2 files searched (typescript)']);
    const write = async (rel: string, text: string) => {
      fs.writeFileSync(path.join(ws, rel), text);
      // VS Code reports what its watcher saw; Neovim leaves watching to the server.
      if (client === 'vscode') await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, rel)), type: 2 }] });
    };
    await write('src/b.ts', 'console.log(2);\n');
    await c.waitForDiagnostics(uri, (d) => d.length === 0, 20_000);
    await write('src/b.ts', 'export const b = 2;\n');
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/no-matches'), 20_000);
  });

  it('offers Preview, then Apply, which applies the previewed rewrite', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await start(ws, 'vscode');
    const uri = await c.open(path.join(ws, 'recipes', 'console-to-logger.astedit.yaml'), undefined, 'yaml');
    const pulled = await c.request<{ items: unknown[] }>('textDocument/diagnostic', { textDocument: { uri } });
    expect(pulled.items).toEqual([]);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    let actions = await c.codeActions(uri, range);
    expect(actions.map((a) => [a.title, a.disabled?.reason ?? ''])).toEqual([
      ['Preview ast-edit', ''],
      ['Apply ast-edit', expect.stringContaining('run "Preview ast-edit" first')],
    ]);
    await c.applyCodeAction(actions[0]);
    await c.waitFor('the report', () => c.shownDocuments.length > 0);
    expect(fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8')).toContain('## app.ts (2 replacements)');

    actions = await c.codeActions(uri, range);
    expect(actions[1].title).toBe('Apply ast-edit (3 replacements in 2 files)');
    expect(actions[1].edit).toBeUndefined(); // computed on resolve, by re-running the rewrite
    await c.applyCodeAction(actions[1]);
    expect(read(ws, 'src/app.ts')).toBe(APP_AFTER);
    expect(read(ws, 'src/util/format.ts')).toBe(FORMAT_AFTER);
    expect(read(ws, 'dist/bundle.ts')).toBe("console.log('generated');\n"); // ignored by .gitignore
  });
});

describe.each(['vscode', 'neovim', 'helix'] as const)('quick fixes from recipes (%s)', (preset) => {
  it('rewrites the match at the cursor alone', async () => {
    const ws = copyFixture('astedit-basic');
    const c = await start(ws, preset);
    const uri = await c.open(path.join(ws, 'src/app.ts'), undefined, 'typescript');
    const at = { start: { line: 5, character: 10 }, end: { line: 5, character: 10 } };
    const title = 'Rewrite with console-to-logger: console.log($$$ARGS) → logger.info($$$ARGS)';
    // The recipe list is built in the background at start: ask until the fix is offered.
    const offered = await until(`the fix "${title}"`, () => c.codeActions(uri, at), (actions) => actions.some((a) => a.title === title), 10_000);
    const fix = offered.find((a) => a.title === title);
    expect(fix).toMatchObject({ kind: 'quickfix' });
    expect(fix!.edit).toBeDefined();
    await c.applyCodeAction(fix!);
    const lines = c.text(uri).split('\n');
    expect(lines[5]).toBe('  logger.info(format(total));');
    expect(lines[3]).toBe("  console.log('starting', args.length);");
    // Outside any match, and in files the recipe does not cover, nothing is offered.
    expect((await c.codeActions(uri, { start: { line: 10, character: 2 }, end: { line: 10, character: 2 } })).filter((a) => a.title.startsWith('Rewrite with'))).toEqual([]);
    const bundle = await c.open(path.join(ws, 'dist/bundle.ts'), undefined, 'typescript');
    expect((await c.codeActions(bundle, { start: { line: 0, character: 3 }, end: { line: 0, character: 3 } })).filter((a) => a.title.startsWith('Rewrite with'))).toEqual([]);
  });
});

describe('the recipe list follows the workspace', () => {
  it('offers a recipe written after start, and stops when it is deleted (server watcher, Neovim)', async () => {
    const ws = copyFixture('astedit-basic');
    fs.rmSync(path.join(ws, 'recipes'), { recursive: true });
    const c = await start(ws, 'neovim');
    const uri = await c.open(path.join(ws, 'src/app.ts'), undefined, 'typescript');
    const at = { start: { line: 3, character: 4 }, end: { line: 3, character: 4 } };
    const rewrites = async () => (await c.codeActions(uri, at)).filter((a) => a.title.startsWith('Rewrite with')).map((a) => a.title);
    const recipesUntil = (want: (titles: string[]) => boolean) => until('the recipe list to follow the change', rewrites, want, 15_000);
    expect(await rewrites()).toEqual([]);
    fs.mkdirSync(path.join(ws, 'tools'));
    fs.writeFileSync(path.join(ws, 'tools', 'to-debug.astedit.json'), JSON.stringify({ ops: [{ pat: 'console.log($$$A)', out: 'console.debug($$$A)' }], paths: ['src'] }));
    expect(await recipesUntil((t) => t.length > 0)).toEqual(['Rewrite with to-debug: console.log($$$A) → console.debug($$$A)']);
    fs.rmSync(path.join(ws, 'tools', 'to-debug.astedit.json'));
    expect(await recipesUntil((t) => t.length === 0)).toEqual([]);
  });
});
