import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/** A closed GEMINI.md's import finding follows its target on disk, as the editor's file watcher tells of it. */
const start = useLspClients(afterEach);
const missing = (d: Diagnostic[]) => d.filter((x) => x.code === 'gemini/import-missing');

describe('Gemini CLI imports of files that come and go', () => {
  it('clears the warning of a closed GEMINI.md when its import is created, and raises it again when the file is deleted', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '# Context\n\n@./docs/style.md\n', 'docs/other.md': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'GEMINI.md'));
    await c.waitForDiagnostics(uri, (d) => missing(d).length === 1);
    const target = path.join(ws, 'docs/style.md');
    fs.writeFileSync(target, 'Use tabs.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(target), type: 1 }] });
    expect(missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 0))).toEqual([]);
    fs.rmSync(target);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(target), type: 3 }] });
    const back = missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 1));
    expect(back.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character])).toEqual([[2, 0, 16]]);
  });

  it('does the same for an open GEMINI.md, whose buffer is unchanged', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '# Context\n\n@./docs/style.md\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, 'GEMINI.md'));
    await c.waitForDiagnostics(uri, (d) => missing(d).length === 1);
    const target = path.join(ws, 'docs/style.md');
    fs.mkdirSync(path.dirname(target));
    fs.writeFileSync(target, 'Use tabs.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(target), type: 1 }] });
    expect(missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 0))).toEqual([]);
    fs.rmSync(target);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(target), type: 3 }] });
    expect(missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 1))).toHaveLength(1);
  });

  it('warns on a closed GEMINI.md of a missing import inside a file it imports, and clears it when that file drops the import', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '# Context\n\n@./docs/a.md\n', 'docs/a.md': 'A.\n@./gone.md\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'GEMINI.md'));
    const said = missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 1));
    expect(said.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character])).toEqual([[2, 0, 12]]);
    expect(said[0].message).toContain('Through this import (docs/a.md), Gemini CLI imports docs/gone.md');
    const imported = path.join(ws, 'docs/a.md');
    fs.writeFileSync(imported, 'A.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(imported), type: 2 }] });
    expect(missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 0))).toEqual([]);
  });
});
