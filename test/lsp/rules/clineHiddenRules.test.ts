import { afterEach, describe, it } from 'vitest';
import { startLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A Cline rule file whose name starts with a dot (`.x.md`), which Cline 4 and the Cline CLI read
 * (rules/agents/cline.ts, `isClineRuleName`, has the source): the editor says of it what `agentls
 * check` says, closed and open, where it said nothing.
 */
describe('Hidden Cline rule files, over LSP', () => {
  it("are checked as Cline's rules in .clinerules and .cline/rules, closed and open", async () => {
    const wrong = '---\npaths: 42\n---\nUse tabs.\n';
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.clinerules/plain.md': 'Plain.\n', '.clinerules/.hidden.md': wrong, '.cline/rules/.notes.txt': wrong });
    // check must report these two files, and the server must say of each what check says.
    await startLikeCheck(start, ws, tempDir('agentls-home-'), ['.clinerules/.hidden.md', '.cline/rules/.notes.txt']);
  });
});
