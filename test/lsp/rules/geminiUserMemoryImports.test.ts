import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckJson } from '../../../server/cli/output';
import { diagnosticShape } from '../../helpers/checkParity';
import { agentlsWithHome } from '../../helpers/cliWithHome';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * The `@` imports of Gemini CLI's user memory, `~/.gemini/GEMINI.md`, are judged as far as
 * agentls may read: an import of a file of the workspace (Gemini CLI resolves it from the
 * file's folder: `lint/geminiImports.ts`) is looked up, in the editor as by `agentls check`;
 * one of another file of `~/.gemini`, which holds Gemini CLI's settings and credentials, is
 * never looked at. Before, the server judged none of them (it found no workspace folder for
 * the file), while `check` judged the first kind.
 */
const start = useLspClients(afterEach);

describe("imports of ~/.gemini/GEMINI.md", () => {
  it('are judged in the editor as agentls check judges them: the workspace\'s files looked up, ~/.gemini\'s never', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': 'Project.\n', 'docs/style.md': 'Style.\n' });
    const missing = path.join(ws, 'docs', 'gone.md');
    const present = path.join(ws, 'docs', 'style.md');
    const home = writeTree(tempDir('agentls-home-'), { '.gemini/GEMINI.md': `Mine.\n@${missing}\n@${present}\n@./notes.md\n` });
    const file = path.join(home, '.gemini', 'GEMINI.md');
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json', file);
    const diagnostics = (JSON.parse(run.stdout) as CheckJson).diagnostics;
    // The missing workspace file alone: ~/.gemini/notes.md is not looked for.
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['gemini/import-missing', 1]]);
    const want = diagnostics.map((d) => `${d.code} ${JSON.stringify(d.range)}`).sort();

    const c = await start({ folders: [ws], home, client: 'neovim' });
    const uri = await c.open(file);
    const got = await c.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === want.join('\n'));
    expect(diagnosticShape(got)).toEqual(want);
  });
});
