import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstEditPreviewResult } from '../../../protocol/astedit';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * `rule://NAME` in ast-edit paths through the server (ast-edit.md §3): a recipe or a request
 * naming it edits the rule file the rules features resolve it to; globs and URLs without a
 * backing file are refused; a rule folder linked out of the workspace is not followed.
 */

const start = useLspClients(afterEach);

const STYLE = '---\ndescription: Code style\n---\nUse tabs.\n';
const OPS = [{ pat: 'description: $D', out: 'description: Tabs' }];
const RECIPE = 'ops:\n  - pat: "description: $D"\n    out: "description: Tabs"\npaths:\n  - rule://style\nlang: yaml\n';
const read = (p: string) => fs.readFileSync(p, 'utf8');

describe('ast-edit with rule:// paths (server)', () => {
  it('previews and applies a recipe naming rule://style: the rule file is edited', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/style.md': STYLE, 'recipes/style.astedit.yaml': RECIPE });
    const c = await start({ folders: [ws], client: 'vscode' });
    const uri = await c.open(path.join(ws, 'recipes/style.astedit.yaml'), undefined, 'yaml');
    const preview = (await c.executeCommand('agentls.astEdit.preview', [{ recipe: uri }])) as AstEditPreviewResult;
    expect(preview.files.map((f) => [f.path, f.changes.map((ch) => ch.after)])).toEqual([['.xcsh/rules/style.md', ['description: Tabs']]]);
    expect(read(path.join(ws, '.xcsh/rules/style.md'))).toBe(STYLE);
    await c.executeCommand('agentls.astEdit.apply', [{ recipe: uri }]);
    expect(read(path.join(ws, '.xcsh/rules/style.md'))).toBe('---\ndescription: Tabs\n---\nUse tabs.\n');
  });

  it('previews and resolves a request naming rule://style beside a plain path', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/style.md': STYLE, 'conf.yaml': 'description: old\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const preview = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ops: OPS, paths: ['rule://style', 'conf.yaml'], lang: 'yaml' });
    expect(preview.totals).toEqual({ replacements: 2, files: 2, filesSearched: 2 });
    await c.request('agentls/astEditResolve', { previewId: preview.previewId, action: 'apply' });
    expect(read(path.join(ws, '.xcsh/rules/style.md'))).toBe('---\ndescription: Tabs\n---\nUse tabs.\n');
    expect(read(path.join(ws, 'conf.yaml'))).toBe('description: Tabs\n');
  });

  it('refuses globs and URLs without a backing file, beside a good path too, and reports them in a recipe', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/rules/style.md': STYLE,
      'conf.yaml': 'description: old\n',
      'recipes/nope.astedit.yaml': RECIPE.replace('rule://style', 'rule://nope'),
    });
    const c = await start({ folders: [ws], client: 'vscode' });
    const cases: [string, string][] = [
      ['rule://*', 'Glob patterns are not supported for internal URLs: rule://*'],
      ['rule://st?le', 'Glob patterns are not supported for internal URLs: rule://st?le'],
      ['rule://nope', 'Cannot rewrite internal URL without a backing file: rule://nope (Unknown rule: nope; Available: style)'],
      ['agent://reviewer', 'Cannot rewrite internal URL without a backing file: agent://reviewer'],
      ['memory://root', 'Cannot rewrite internal URL without a backing file: memory://root'],
    ];
    for (const [entry, message] of cases) {
      await expect(c.request('agentls/astEditPreview', { ops: OPS, paths: ['conf.yaml', entry], lang: 'yaml' }), entry).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(message) });
    }
    const uri = await c.open(path.join(ws, 'recipes/nope.astedit.yaml'), undefined, 'yaml');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/unsupported-url'));
    expect(diags.find((d) => d.code === 'astedit/unsupported-url')!.message).toContain('Cannot rewrite internal URL without a backing file: rule://nope');
    expect(read(path.join(ws, 'conf.yaml'))).toBe('description: old\n');
  });

  it('does not follow a rule folder linked out of the workspace', async () => {
    const outside = writeTree(tempDir('agentls-outside-'), { 'style.md': STYLE });
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/keep': '' });
    fs.symlinkSync(outside, path.join(ws, '.xcsh', 'rules'));
    const c = await start({ folders: [ws], client: 'vscode' });
    await expect(c.request('agentls/astEditPreview', { ops: OPS, paths: ['rule://style'], lang: 'yaml' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Cannot rewrite internal URL without a backing file: rule://style (Unknown rule: style; Available: none; agentls does not read .xcsh/rules'),
    });
    expect(c.appliedEdits).toEqual([]);
    expect(read(path.join(outside, 'style.md'))).toBe(STYLE);
  });
});
