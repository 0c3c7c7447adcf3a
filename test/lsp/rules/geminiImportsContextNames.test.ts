import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A missing import is warned of in the context files `context.fileName` names in
 * .gemini/settings.json (Gemini CLI processes imports in each: lint/geminiImports.ts has the
 * source), not in a GEMINI.md it does not read; and the warnings move when the settings change.
 */
const start = useLspClients(afterEach);
const missing = (d: Diagnostic[]) => d.filter((x) => x.code === 'gemini/import-missing');
const TREE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.gemini/settings.json': JSON.stringify({ context: { fileName: 'AGENTS.md' } }),
  'GEMINI.md': '@./docs/gone.md\n',
  'AGENTS.md': '# Agents\n\n@./docs/missing.md\n',
};

describe('Gemini CLI imports in the files context.fileName names', () => {
  it('moves the warning of closed files between GEMINI.md and AGENTS.md as the settings name one or the other', async () => {
    const ws = writeTree(tempDir(), { ...TREE, '.gemini/settings.json': '{}\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const agents = c.uri(path.join(ws, 'AGENTS.md'));
    const gemini = c.uri(path.join(ws, 'GEMINI.md'));
    await c.waitForDiagnostics(gemini, (d) => missing(d).length === 1);
    const settings = path.join(ws, '.gemini/settings.json');
    const name = async (text: string) => {
      fs.writeFileSync(settings, text);
      await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    };
    await name(TREE['.gemini/settings.json']);
    expect(missing(await c.waitForDiagnostics(agents, (d) => missing(d).length === 1))[0].message).toContain('docs/missing.md');
    expect(missing(await c.waitForDiagnostics(gemini, (d) => missing(d).length === 0))).toEqual([]);
    await name('{}\n');
    await c.waitForDiagnostics(gemini, (d) => missing(d).length === 1);
    expect(missing(await c.waitForDiagnostics(agents, (d) => missing(d).length === 0))).toEqual([]);
  });

  it('does the same for the open files', async () => {
    const ws = writeTree(tempDir(), TREE);
    const c = await start({ folders: [ws], home: tempDir() });
    const agents = await c.open(path.join(ws, 'AGENTS.md'));
    const gemini = await c.open(path.join(ws, 'GEMINI.md'));
    await c.waitForDiagnostics(agents, (d) => missing(d).length === 1);
    expect(missing(await c.waitForDiagnostics(gemini, () => true))).toEqual([]);
    const settings = path.join(ws, '.gemini/settings.json');
    fs.writeFileSync(settings, '{}\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    await c.waitForDiagnostics(gemini, (d) => missing(d).length === 1);
    expect(missing(await c.waitForDiagnostics(agents, (d) => missing(d).length === 0))).toEqual([]);
  });

  it('warns in a closed file of another name that context.fileName names, at start and once the settings name it', async () => {
    const ws = writeTree(tempDir(), { ...TREE, '.gemini/settings.json': JSON.stringify({ context: { fileName: 'CONTEXT.md' } }), 'CONTEXT.md': '# Context\n\n@./docs/lost.md\n', 'OTHER.md': '@./docs/absent.md\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const context = c.uri(path.join(ws, 'CONTEXT.md'));
    expect(missing(await c.waitForDiagnostics(context, (d) => missing(d).length === 1))[0].message).toContain('docs/lost.md');
    const settings = path.join(ws, '.gemini/settings.json');
    fs.writeFileSync(settings, JSON.stringify({ context: { fileName: ['GEMINI.md', 'OTHER.md'] } }));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    expect(missing(await c.waitForDiagnostics(context, (d) => missing(d).length === 0))).toEqual([]);
    expect(missing(await c.waitForDiagnostics(c.uri(path.join(ws, 'OTHER.md')), (d) => missing(d).length === 1))[0].message).toContain('docs/absent.md');
  });
});
