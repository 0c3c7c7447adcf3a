import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * Two open Cursor rules given one new glob by one workspace edit (a rename across rules, a
 * find-and-replace): both are diagnosed at once, and the diagnosis that did not add the glob
 * to the folder's reach must still wait for it to be judged against the ignore files (a dead
 * glob is said only once judged: rules/context/findings.ts), else that buffer goes without its
 * dead glob until its next edit.
 */

const RULE = (glob: string) => `---\ndescription: Style\nglobs: ${glob}\nalwaysApply: false\n---\nStyle.\n`;
const deadOf = (ds: Diagnostic[], glob: string) => ds.some((d) => d.code === 'context/dead-glob' && String(d.message).includes(JSON.stringify(glob)));

describe('two open rule files given one new glob in one edit', () => {
  it('both show its dead glob, edit after edit', async () => {
    const ws = writeTree(tempDir(), {
      '.cursor/rules/a.mdc': RULE('src/**/*.ts'),
      '.cursor/rules/b.mdc': RULE('src/**/*.ts'),
      'src/a.ts': 'export const a = 1;\n',
    });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), client: 'neovim' });
    const a = await c.open(path.join(ws, '.cursor/rules/a.mdc'));
    const b = await c.open(path.join(ws, '.cursor/rules/b.mdc'));
    // Before the change the second edit's glob was missing from one of the two (every run seen); a few more edits for good measure.
    for (let i = 0; i < 5; i++) {
      const glob = `lib${i}/**/*.rb`;
      const range = { start: { line: 2, character: 7 }, end: { line: 2, character: c.text(a).split('\n')[2].length } };
      c.applyWorkspaceEdit({ changes: { [a]: [{ range, newText: glob }], [b]: [{ range, newText: glob }] } });
      for (const uri of [a, b]) expect(deadOf(await c.waitForDiagnostics(uri, (ds) => deadOf(ds, glob)), glob)).toBe(true);
    }
  });
});
