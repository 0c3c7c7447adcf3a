import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * The unread `.roorules` warning follows `.roo/rules` on disk, as the editor's file watcher tells
 * of it: Roo Code reads the fallback only where that folder is missing or empty (rules/agents/roo.ts).
 */
const start = useLspClients(afterEach);
const unread = (d: Diagnostic[]) => d.filter((x) => x.code === 'context/roo-fallback-unread');

async function emptyAndRefill(open: boolean): Promise<void> {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': '# A\n', '.roorules': 'old\n', 'src/a.ts': 'x\n' });
  const c = await start({ folders: [ws], home: tempDir() });
  const fallback = path.join(ws, '.roorules');
  const uri = open ? await c.open(fallback) : c.uri(fallback);
  await c.waitForDiagnostics(uri, (d) => unread(d).length === 1);
  const rule = path.join(ws, '.roo/rules/a.md');
  fs.rmSync(rule);
  await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(rule), type: 3 }] });
  expect(unread(await c.waitForDiagnostics(uri, (d) => unread(d).length === 0))).toEqual([]);
  fs.writeFileSync(rule, '# A again\n');
  await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(rule), type: 1 }] });
  expect(unread(await c.waitForDiagnostics(uri, (d) => unread(d).length === 1))[0].message).toContain('.roo/rules/ holds rule files');
}

describe('Roo Code fallback files as .roo/rules comes and goes', () => {
  it('clears the warning of a closed .roorules when .roo/rules is emptied, and raises it when it is filled again', async () => {
    await emptyAndRefill(false);
  });

  it('does the same for an open .roorules, whose buffer is unchanged', async () => {
    await emptyAndRefill(true);
  });
});
