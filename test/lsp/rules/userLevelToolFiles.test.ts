import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckJson } from '../../../server/cli/output';
import { diagnosticShape } from '../../helpers/checkParity';
import { agentlsWithHome } from '../../helpers/cliWithHome';
import { HOME_AGENTS_WORKSPACE } from '../../helpers/homeAgentsWorkspace';
import { hoverText } from '../../helpers/hover';
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

/** What the built `agentls check --format json FILE` reports of one user-level file: codes and ranges. */
function checked(ws: string, home: string, file: string): string[] {
  const run = agentlsWithHome(ws, home, 'check', '--format', 'json', file);
  expect(run.stderr).toBe('');
  // As `diagnosticShape` gives the server's: code and range, sorted.
  return (JSON.parse(run.stdout) as CheckJson).diagnostics.map((d) => `${d.code} ${JSON.stringify(d.range)}`).sort();
}

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
    for (const [rel, code, agent] of expected) {
      const file = path.join(home, rel);
      const want = checked(ws, home, file);
      expect(want.map((d) => d.split(' ')[0]), rel).toEqual([code]);
      const uri = await c.open(file);
      const got = await c.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === want.join('\n'));
      expect(diagnosticShape(got), rel).toEqual(want);
      if (agent) expect(await hoverText(c, uri, 0, 1), rel).toContain(agent);
    }
  });
});
