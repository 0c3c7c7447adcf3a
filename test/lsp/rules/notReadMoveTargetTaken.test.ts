import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A closed file no agent reads is told to move where the agent reads it, or, where a file is there
 * already, to merge into it (`rules/toolLint/takenMove.ts`). The place comes and goes as files are
 * made and removed on disk, and the finding pushed for the closed file follows, as `agentls check`
 * run again would say (before, it kept "Move it to" after the place was taken).
 */
const start = useLspClients(afterEach);
const notRead = (d: Diagnostic[]) => d.filter((x) => x.code === 'rule/not-read');

describe('a closed file never read whose move target comes and goes', () => {
  it('says to merge once the target exists, and to move again once it is gone', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursorrules.md': 'Use tabs.\n' });
    const c = await start({ folders: [ws], home: tempDir(), client: 'neovim' });
    const closed = c.uri(path.join(ws, '.cursorrules.md'));
    const said = (d: Diagnostic[]) => notRead(d).map((x) => x.message).join('\n');
    await c.waitForDiagnostics(closed, (d) => said(d).includes('Move it to `.cursorrules`'));
    fs.writeFileSync(path.join(ws, '.cursorrules'), 'Use spaces.\n');
    const taken = await c.waitForDiagnostics(closed, (d) => said(d).includes('exists already'));
    expect(said(taken)).not.toContain('Move it to');
    fs.rmSync(path.join(ws, '.cursorrules'));
    await c.waitForDiagnostics(closed, (d) => said(d).includes('Move it to `.cursorrules`'));
  });
});
