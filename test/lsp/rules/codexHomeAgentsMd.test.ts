import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { CheckJson } from '../../../server/cli/output';
import { builtCli } from '../../helpers/cliWithHome';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * The AGENTS.md of the Codex home (`~/.codex`, or `CODEX_HOME`) is read by Codex alone (its
 * guide, "Global scope": `rules/agents/codex.ts`), so what agentls says of it names Codex, in
 * `agentls check FILE` and in the editor: before, its name made it the AGENTS.md readers'
 * ("AGENTS.md readers send this file whole…"), as an AGENTS.md in a project is. (A file its
 * agent sends whole has no agent hover, in the home as in a project: `hoverSubject`.)
 */
const start = useLspClients(afterEach);

const SENT_AS_TEXT = '---\nalwaysApply: true\n---\nCodex.\n';

function checkedMessages(ws: string, home: string, file: string, env: Record<string, string>): string[] {
  const run = builtCli(['check', '--format', 'json', file], { cwd: ws, root: ws, home, env });
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as CheckJson).diagnostics.map((d) => `${d.code}: ${d.message}`);
}

describe("the AGENTS.md of the Codex home", () => {
  it.each([
    ['~/.codex', false],
    ['CODEX_HOME', true],
  ])('is said to be Codex\'s, by agentls check and by the server (%s)', async (_, elsewhere) => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' });
    const home = writeTree(tempDir('agentls-home-'), elsewhere ? {} : { '.codex/AGENTS.md': SENT_AS_TEXT });
    const codexHome = elsewhere ? writeTree(tempDir('agentls-codex-'), { 'AGENTS.md': SENT_AS_TEXT }) : path.join(home, '.codex');
    const env = { CODEX_HOME: elsewhere ? codexHome : '' };
    const file = path.join(codexHome, 'AGENTS.md');

    const messages = checkedMessages(ws, home, file, env);
    expect(messages).toEqual([expect.stringMatching(/^frontmatter\/sent-as-text: Codex sends this file whole in every request/)]);
    expect(messages.join('\n')).not.toContain('AGENTS.md readers');

    const c = await start({ folders: [ws], home, env, client: 'neovim' });
    const uri = await c.open(file);
    const said = (ds: Diagnostic[]) => ds.map((d) => `${d.code}: ${d.message}`);
    const got = await c.waitForDiagnostics(uri, (ds) => ds.length > 0);
    expect(said(got)).toEqual(messages);
  });
});
