import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A GEMINI.md where `.gemini/settings.json` names other context files (`context.fileName`, which
 * Gemini CLI reads in place of GEMINI.md: rules/agents/gemini.ts has the source) is said never
 * read, closed or open, and the finding comes and goes as the settings name GEMINI.md or not.
 */
const start = useLspClients(afterEach);
const notRead = (d: Diagnostic[]) => d.filter((x) => x.code === 'rule/not-read');
const TREE = { '.git/HEAD': 'ref: refs/heads/main\n', '.gemini/settings.json': '{}\n', 'GEMINI.md': '# Context\n', 'pkg/GEMINI.md': '# Package\n', 'AGENTS.md': '# Agents\n' };

describe('a GEMINI.md left out of context.fileName', () => {
  it('is said never read, closed and open, as the settings leave it out, and no longer once they name it', async () => {
    const ws = writeTree(tempDir(), TREE);
    const c = await start({ folders: [ws], home: tempDir() });
    const closed = c.uri(path.join(ws, 'pkg/GEMINI.md'));
    const open = await c.open(path.join(ws, 'GEMINI.md'));
    expect(notRead(await c.waitForDiagnostics(open, () => true))).toEqual([]);
    const settings = path.join(ws, '.gemini/settings.json');
    const name = async (text: string) => {
      fs.writeFileSync(settings, text);
      await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    };
    await name(JSON.stringify({ context: { fileName: 'AGENTS.md' } }));
    expect(notRead(await c.waitForDiagnostics(open, (d) => notRead(d).length === 1))[0].message).toContain('in place of GEMINI.md');
    await c.waitForDiagnostics(closed, (d) => notRead(d).length === 1);
    await name(JSON.stringify({ context: { fileName: ['AGENTS.md', 'GEMINI.md'] } }));
    await c.waitForDiagnostics(open, (d) => notRead(d).length === 0);
    await c.waitForDiagnostics(closed, (d) => notRead(d).length === 0);
  });
});
