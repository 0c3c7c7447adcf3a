import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLikeCheck } from '../../helpers/checkParity';
import { hoverText } from '../../helpers/hover';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A Cline rule scoped by `paths`, which Cline 4 and the Cline CLI ignore (rules/agents/cline.ts,
 * `clineActivation`, has the sources), gets in the editor what `agentls check` says of it, and its
 * hover says Cline 4 sends it in every request, where it said Cline attached it by path.
 */
const SAID = ['.clinerules/scoped.md', '.clinerules/off.md'];

describe('Cline rules scoped by `paths`, over LSP', () => {
  it('are said to be sent in every request by Cline 4, closed and open, in the diagnostics and the hover', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'src/a.ts': 'export const a = 1;\n',
      '.clinerules/plain.md': 'Use tabs.\n',
      '.clinerules/scoped.md': '---\npaths:\n  - "src/**"\n---\nScoped.\n',
      '.clinerules/off.md': '---\npaths: []\n---\nMeant to be off.\n',
    });
    const home = tempDir('agentls-home-');
    const c = await startLikeCheck(start, ws, home, SAID);
    await c.waitForDiagnostics(await c.open(path.join(ws, '.clinerules/plain.md')));
    const hover = (rel: string, line = 0) => hoverText(c, c.uri(path.join(ws, rel)), line, 1);
    const rule = await hover('.clinerules/scoped.md');
    expect(rule).toContain('Cline applies this rule always: the whole rule is in every request');
    expect(rule).toContain('Cline 4 and the Cline CLI ignore `paths` (Cline 3.x attached it only while a file matching `src/**` was in play)');
    expect(await hover('.clinerules/scoped.md', 1)).toContain('In Cline this rule is sent in every request: Cline 4 and the Cline CLI ignore `paths`');
    expect(await hover('.clinerules/plain.md')).not.toContain('ignore `paths`');
  });
});
