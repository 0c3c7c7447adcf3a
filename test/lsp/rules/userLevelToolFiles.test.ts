import { afterEach, describe, it } from 'vitest';
import { expectHomeFilesLikeCheck } from '../../helpers/checkParity';
import { HOME_AGENTS_WORKSPACE } from '../../helpers/homeAgentsWorkspace';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * The user-level files of the agents whose views read the home beside the workspace (Kiro's
 * `~/.kiro/steering`, Continue's `~/.continue/rules`, Roo Code's `~/.roo/rules` and
 * `~/.roo/rules-{mode}`: `rules/context/instructionViews.ts`), opened in the editor as a user
 * opens them: the server says of each what `agentls check FILE` says, and a file whose keys the
 * agent reads has the first-line hover naming the agent, as a workspace one has. Before, the
 * server took them for files of no agent (no finding, no hover) and `check` refused them as
 * outside the project.
 */
const start = useLspClients(afterEach);

const HOME = {
  '.kiro/steering/u.md': '---\ninclusion: alwayss\n---\n# K\n',
  '.continue/rules/u.md': '---\nalwaysApply: maybe\n---\nC.\n',
  '.roo/rules/u.md': '---\nalwaysApply: true\n---\nRoo.\n',
  '.roo/rules-code/u.md': '---\nalwaysApply: true\n---\nRoo in code mode.\n',
};

describe("user-level files of Kiro, Continue and Roo Code opened in the editor", () => {
  it('get the findings agentls check gives them, and a hover naming the agent where it reads keys', async () => {
    const ws = writeTree(tempDir(), HOME_AGENTS_WORKSPACE);
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const expected: [string, string, string | undefined][] = [
      ['.kiro/steering/u.md', 'frontmatter/invalid-value', 'Kiro'],
      ['.continue/rules/u.md', 'frontmatter/wrong-type', 'Continue'],
      // Roo Code reads no keys (its files are sent whole), so no hover speaks for it, as in the workspace.
      ['.roo/rules/u.md', 'frontmatter/sent-as-text', undefined],
      ['.roo/rules-code/u.md', 'frontmatter/sent-as-text', undefined],
    ];
    const c = await start({ folders: [ws], home, client: 'neovim' });
    await expectHomeFilesLikeCheck(c, ws, home, expected);
  });
});
