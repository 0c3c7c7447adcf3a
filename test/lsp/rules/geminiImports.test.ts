import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/** A GEMINI.md's import of a missing file (Gemini CLI's Memory Import Processor docs), through the real server. */
const start = useLspClients(afterEach);
const missing = (d: Diagnostic[]) => d.filter((x) => x.code === 'gemini/import-missing');

describe('Gemini CLI imports in the server', () => {
  it('pushes the warning for the closed GEMINI.md, and gives it for the open one from its unsaved text', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '# Context\n\n@./docs/gone.md\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'GEMINI.md'));
    const closed = missing(await c.waitForDiagnostics(uri, (d) => missing(d).length > 0));
    expect(closed.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character])).toEqual([[2, 2, 0, 15]]);
    await c.open(path.join(ws, 'GEMINI.md'), '# Context\n\nFirst @./docs/other.md\n');
    const open = missing(await c.waitForDiagnostics(uri, (d) => missing(d).some((x) => String(x.message).includes('docs/other.md'))));
    expect(open.map((d) => [d.range.start.line, d.range.start.character])).toEqual([[2, 6]]);
  });

  it('says a context file\'s own import with a full stop after it (Gemini CLI looks for docs/a.md.), and drops it once the stop is gone', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': 'Read @./docs/a.md.\n', 'docs/a.md': 'A.\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'GEMINI.md'));
    const said = missing(await c.waitForDiagnostics(uri, (d) => missing(d).length > 0));
    expect(said.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, String(d.message).includes('as docs/a.md.,')])).toEqual([[0, 5, 17, true]]);
    await c.open(path.join(ws, 'GEMINI.md'), 'Read @./docs/a.md\n');
    expect(missing(await c.waitForDiagnostics(uri, (d) => missing(d).length === 0))).toEqual([]);
  });

  // Gemini CLI's findImports (google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts): an `@` after white space only, read in HTML comments.
  it('warns on an import in an HTML comment and none inside emphasis, as Gemini CLI finds them, and follows the open text', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '**@./docs/bold.md**\n<!-- @./docs/hidden.md -->\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'GEMINI.md'));
    const said = missing(await c.waitForDiagnostics(uri, (d) => missing(d).length > 0));
    expect(said.map((d) => [d.range.start.line, d.range.start.character, String(d.message).includes('docs/hidden.md')])).toEqual([[1, 5, true]]);
    await c.open(path.join(ws, 'GEMINI.md'), '(@./docs/bracketed.md)\n~~~\n@./docs/fenced.md\n~~~\n');
    const open = missing(await c.waitForDiagnostics(uri, (d) => missing(d).some((x) => String(x.message).includes('docs/fenced.md'))));
    expect(open.map((d) => [d.range.start.line, d.range.start.character])).toEqual([[2, 0]]);
  });

  it('tells, on the import that leads to it, that an imported file over 1 MiB had its imports left unchecked', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '# Context\n@./big.md\n', 'big.md': `${'x'.repeat(1024 * 1024 + 10)}\n@./gone.md\n` });
    const c = await start({ folders: [ws], home: tempDir() });
    const notChecked = (d: Diagnostic[]) => d.filter((x) => x.code === 'gemini/import-not-checked');
    const said = notChecked(await c.waitForDiagnostics(c.uri(path.join(ws, 'GEMINI.md')), (d) => notChecked(d).length > 0));
    expect(said.map((d) => [d.severity, d.range.start.line, String(d.message).includes('at most 1 MiB of a file Gemini CLI imports, and big.md is larger')])).toEqual([[3, 1, true]]);
  });
});
