import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLikeCheck } from '../../helpers/checkParity';
import { hoverText } from '../../helpers/hover';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A Cline rule that Cline 4 lists and sends no part of (invalid YAML, no text, switched off:
 * rules/agents/clineDrops.ts has the sources) gets in the editor what `agentls check` says of it,
 * and its hover says that Cline 4 does not send it, where it said the rule went to every request.
 */
const SAID = ['.clinerules/bad.md', '.clinerules/off.md', '.clinerules/empty.md'];

describe('Cline rules that Cline 4 drops, over LSP', () => {
  it('are said to be dropped, closed and open, and their hover says Cline 4 does not send them', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.clinerules/ok.md': 'Use tabs.\n',
      '.clinerules/bad.md': '---\npaths: [src/**\n---\nBad YAML.\n',
      '.clinerules/off.md': '---\ndisabled: true\n---\nSwitched off.\n',
      '.clinerules/empty.md': '---\npaths:\n  - "src/**"\n---\n',
    });
    const home = tempDir('agentls-home-');
    const c = await startLikeCheck(start, ws, home, SAID);
    const okUri = await c.open(path.join(ws, '.clinerules/ok.md'));
    await c.waitForDiagnostics(okUri);
    const hover = (rel: string, line = 0) => hoverText(c, c.uri(path.join(ws, rel)), line, 1);
    expect(await hover('.clinerules/bad.md')).toContain('Cline: not sent by Cline 4 and the Cline CLI, its frontmatter not being valid YAML');
    expect(await hover('.clinerules/off.md')).toContain('Cline: switched off by `disabled: true`: not sent by Cline 4 and the Cline CLI');
    // The key that switches it off is one Cline 4 reads, and its hover says what it does.
    expect(await hover('.clinerules/off.md', 1)).toContain('`disabled: true` switches this rule off: Cline 4 and the Cline CLI send no part of it');
    expect(await hover('.clinerules/ok.md')).toContain('Cline applies this rule always');
  });
});
