import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A link to a folder inside Roo Code's `.roo/rules` (its source follows it: workspace/ruleLocations.ts,
 * `LINK_FOLLOWING_RULE_FOLDER`) through the real server: the files behind it are judged, closed,
 * as Roo Code's, and the link itself gets no "cannot read a rule from it".
 */
const start = useLspClients(afterEach);

describe('a linked folder inside .roo/rules in the server', () => {
  it('pushes the findings of the files behind the link and none on the link', async () => {
    const garbled = Buffer.from('Use café.\n', 'latin1');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/main.md': 'Use tabs.\n', 'shared/roo/notes.md': garbled, 'src/a.ts': 'x\n' });
    fs.symlinkSync('../../shared/roo', path.join(ws, '.roo/rules/shared'));
    const c = await start({ folders: [ws], home: tempDir() });
    const behind = await c.waitForDiagnostics(c.uri(path.join(ws, '.roo/rules/shared/notes.md')), (d) => d.length > 0, 20_000);
    expect(behind.map((d) => [d.code, d.message])).toEqual([['rule/invalid-utf8', 'This file is not valid UTF-8, so agentls has not checked it: what becomes of the bytes that do not decode is not documented for Roo Code.']]);
    // The sweep that judged the file behind the link judged the link too (one pass over the index's rule files).
    await c.waitForLog(/ judged for their own tools/);
    const onLink = c.diagnostics.get(c.uri(path.join(ws, '.roo/rules/shared')))?.diagnostics ?? [];
    expect(onLink.map((d) => d.code)).toEqual([]);
  });
});
