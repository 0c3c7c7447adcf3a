import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLikeCheck } from '../../helpers/checkParity';
import { hoverText } from '../../helpers/hover';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A Cline rule whose frontmatter writes a key twice, which Cline 4's YAML parser throws on and its
 * loader then drops (rules/agents/clineDrops.ts has the sources): the editor says what `agentls
 * check` says of it, and the hover says Cline 4 does not send it, where it said it went to every request.
 */
describe('A Cline rule writing a key twice, over LSP', () => {
  it('is said to be dropped, closed and open, and its hover says Cline 4 does not send it', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.clinerules/ok.md': '---\nname: Style\n---\nUse tabs.\n',
      '.clinerules/twice.md': '---\nname: One\nname: Two\n---\nWritten twice.\n',
    });
    const c = await startLikeCheck(start, ws, tempDir('agentls-home-'), ['.clinerules/twice.md']);
    await c.waitForDiagnostics(await c.open(path.join(ws, '.clinerules/ok.md')));
    const hover = (rel: string) => hoverText(c, c.uri(path.join(ws, rel)), 0, 1);
    expect(await hover('.clinerules/twice.md')).toContain('Cline: not sent by Cline 4 and the Cline CLI, its frontmatter writing `name` twice');
    expect(await hover('.clinerules/ok.md')).toContain('Cline applies this rule always');
  });
});
