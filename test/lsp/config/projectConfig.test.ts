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
});
