import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A package's own `.roo/rules` files, which Roo Code reads only with its setting
 * `enableSubfolderRules` on (off by default) or with the package opened as its own workspace, and
 * its `.roorules-{mode}`, which Roo Code never reads (it reads the workspace root's: rules/agents/roo.ts
 * has the sources), through the real server: told on the closed file and the open one where Roo
 * Code is in use (a root `.roo` or `.roorules`), and not where it is not; the verdict follows the
 * root's `.roo` as it comes and goes on disk.
 */
const start = useLspClients(afterEach);
const MESSAGES: Record<string, string> = {
  'packages/api/.roo/rules/x.md': "Roo Code reads a subfolder's .roo/rules and .roo/rules-{mode} folders only with its setting enableSubfolderRules on (off by default); it reads this one too when packages/api is opened as its own workspace.",
  'packages/api/.roorules-code': 'Roo Code reads its fallback files (.roorules, .roorules-{mode}) at the workspace root only: Roo Code never reads this file.',
};
const MESSAGE = MESSAGES['packages/api/.roo/rules/x.md'];
const notRead = (d: Diagnostic[]) => d.filter((x) => x.code === 'rule/not-read');
const NESTED = { 'packages/api/.roo/rules/x.md': '# API\n', 'packages/api/.roorules-code': 'Old.\n' };
const BASE = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n', ...NESTED };

describe("a package's Roo Code rules in the server", () => {
  it('warns on the closed and the open files where the root has .roo/rules', async () => {
    const ws = writeTree(tempDir(), { ...BASE, '.roo/rules/01-general.md': '# General\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    for (const f of Object.keys(NESTED)) {
      const got = await c.waitForDiagnostics(c.uri(path.join(ws, f)), (d) => notRead(d).length > 0);
      expect(notRead(got).map((d) => d.message)).toEqual([MESSAGES[f]]);
    }
    const uri = await c.open(path.join(ws, 'packages/api/.roo/rules/x.md'));
    expect(notRead(await c.waitForDiagnostics(uri, (d) => notRead(d).length > 0)).map((d) => d.message)).toEqual([MESSAGE]);
  });

  it('says nothing until a root .roo comes, then warns on the closed and open files, and clears them when it goes', async () => {
    const ws = writeTree(tempDir(), BASE);
    const c = await start({ folders: [ws], home: tempDir() });
    const x = path.join(ws, 'packages/api/.roo/rules/x.md');
    const mode = path.join(ws, 'packages/api/.roorules-code');
    // The sweep of closed files is done, and judged none: Roo Code is not in use here.
    await c.waitForLog(/0 rule files the xcsh agent does not list, judged/);
    expect(c.diagnosticsLog.filter((p) => [c.uri(x), c.uri(mode)].includes(p.uri) && p.diagnostics.length > 0)).toEqual([]);
    const rootRule = path.join(ws, '.roo/rules/01-general.md');
    fs.mkdirSync(path.dirname(rootRule), { recursive: true });
    fs.writeFileSync(rootRule, '# General\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roo')), type: 1 }] });
    for (const f of [x, mode]) expect(notRead(await c.waitForDiagnostics(c.uri(f), (d) => notRead(d).length > 0)).map((d) => d.message)).toEqual([MESSAGES[path.relative(ws, f)]]);
    const uri = await c.open(x);
    await c.waitForDiagnostics(uri, (d) => notRead(d).length === 1);
    fs.rmSync(path.join(ws, '.roo'), { recursive: true });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roo')), type: 3 }] });
    expect(notRead(await c.waitForDiagnostics(uri, (d) => notRead(d).length === 0))).toEqual([]);
    expect(notRead(await c.waitForDiagnostics(c.uri(mode), (d) => notRead(d).length === 0))).toEqual([]);
  });
});
