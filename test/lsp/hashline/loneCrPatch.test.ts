import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lineHash } from '../../../server/hashline/hash';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A patch document holding a lone CR: the editor breaks a line there (LSP 3.17, "Text
 * Documents": line ends are \n, \r\n and \r), so the server must count its lines the same way,
 * or every diagnostic and quick fix below the CR lands one line up, on another line's text.
 */
describe('a patch document with a lone carriage return', () => {
  it('puts diagnostics and quick fixes on the lines the editor shows, and applies the patch as shown', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'e.txt': 'a\nb\n', 'p.hashline': `§e.txt\n≔1${lineHash('a')}\nX\rY\n≔2\nZ\n` });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/missing-hash'));
    // Editor lines: 0 §e.txt, 1 ≔1…, 2 X, 3 Y, 4 ≔2, 5 Z.
    expect(diags.map((d) => [d.code, d.range.start.line])).toEqual([['hashline/missing-hash', 4]]);
    const fix = (await c.codeActions(uri, { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } })).find((a) => a.title.startsWith('Use ≔2'))!;
    await c.applyCodeAction(fix);
    expect(c.text(uri)).toBe(`§e.txt\n≔1${lineHash('a')}\nX\rY\n≔2${lineHash('b')}\nZ\n`);
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
    const apply = (await c.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } })).find((a) => a.title.startsWith('Apply patch'))!;
    await c.applyCodeAction(apply);
    expect(fs.readFileSync(path.join(ws, 'e.txt'), 'utf8')).toBe('X\nY\nZ\n');
  });
});
