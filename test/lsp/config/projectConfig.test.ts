import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

// The workspaces hold a .xcsh folder, so the xcsh agent is a target under `auto`: comma-separated
// globs are its misreading (Cursor itself reads them).
const COMMA_RULE = '---\ndescription: Two globs in one string\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n';

describe('the server reads agentls.json below the editor settings', () => {
  it('takes levels from the project file, and the editor overrides them', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/.keep': '', '.cursor/rules/comma.mdc': COMMA_RULE,
      'agentls.json': JSON.stringify({ diagnostics: { severity: { 'frontmatter/comma-globs': 'error' } } }),
    });
    const home = tempDir('agentls-home-');
    const file = path.join(ws, '.cursor/rules/comma.mdc');

    const project = await start({ folders: [ws], home });
    const uri = await project.open(file);
    const ds = await project.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/comma-globs'));
    expect(ds.find((x) => x.code === 'frontmatter/comma-globs')!.severity).toBe(1);

    const editor = await start({ folders: [ws], home, settings: { diagnostics: { severity: { 'frontmatter/comma-globs': 'hint' } } } });
    const uri2 = await editor.open(file);
    const ds2 = await editor.waitForDiagnostics(uri2, (d) => d.some((x) => x.code === 'frontmatter/comma-globs' && x.severity === 4));
    expect(ds2.find((x) => x.code === 'frontmatter/comma-globs')!.severity).toBe(4);
  });

  it('re-reads the file when it changes', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/.keep': '', '.cursor/rules/comma.mdc': COMMA_RULE });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const uri = await c.open(path.join(ws, '.cursor/rules/comma.mdc'));
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/comma-globs' && x.severity === 2));
    const config = path.join(ws, 'agentls.json');
    fs.writeFileSync(config, JSON.stringify({ diagnostics: { severity: { 'frontmatter/*': 'off' } } }));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(config), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'frontmatter/comma-globs'));
    fs.rmSync(config);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(config), type: 3 }] });
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/comma-globs'));
  });

  it('shows no findings for the files its ignore globs leave out, open or closed, as agentls check does', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/.keep': '',
      '.cursor/rules/comma.mdc': COMMA_RULE,
      'examples/rules/.cursor/rules/nested.mdc': COMMA_RULE,
      'examples/broken.md': 'See rule://nope.\n',
      'docs/guide.md': 'See rule://nope.\n',
      'agentls.json': JSON.stringify({ ignore: ['examples/', '.cursor/rules/comma.mdc'] }),
    });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    expect(c.pullsDiagnostics).toBe(true);
    const guide = await c.open(path.join(ws, 'docs/guide.md'));
    await c.waitForDiagnostics(guide, (d) => d.some((x) => x.code === 'rule-url/unknown'));
    // Pulls answer once the document is diagnosed: final for its version.
    for (const rel of ['examples/broken.md', '.cursor/rules/comma.mdc', 'examples/rules/.cursor/rules/nested.mdc']) {
      const uri = await c.open(path.join(ws, rel));
      const items = (await c.request<{ items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
      expect({ rel, codes: items.map((d) => d.code) }).toEqual({ rel, codes: [] });
      expect(c.diagnostics.get(uri)?.diagnostics ?? []).toEqual([]);
    }
    // The glob goes: the file's findings come back.
    fs.writeFileSync(path.join(ws, 'agentls.json'), JSON.stringify({ ignore: ['examples/'] }));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'agentls.json')), type: 2 }] });
    await c.waitForDiagnostics(c.uri(path.join(ws, '.cursor/rules/comma.mdc')), (d) => d.some((x) => x.code === 'frontmatter/comma-globs'));
  });

  it('reads the file of the new first folder when the workspace folders change', async () => {
    const a = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/.keep': '', 'agentls.json': JSON.stringify({ diagnostics: { severity: { 'frontmatter/comma-globs': 'error' } } }) });
    const b = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/.keep': '', '.cursor/rules/comma.mdc': COMMA_RULE });
    const c = await start({ folders: [a], home: tempDir('agentls-home-') });
    await c.notify('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: c.uri(b), name: 'b' }], removed: [{ uri: c.uri(a), name: 'a' }] } });
    const uri = await c.open(path.join(b, '.cursor/rules/comma.mdc'));
    // Folder a's file made this an error; folder b has none, so the default (a warning) holds.
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/comma-globs' && x.severity === 2));
  });
});
