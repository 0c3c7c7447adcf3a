import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * Windsurf's global_rules.md: Windsurf sends it whole in every request and reads no
 * frontmatter in it (its placement in rules/agents/windsurf.ts), while the xcsh agent reads
 * it as a rule with frontmatter (rules.md §2.5). A plain global_rules.md is loaded by the
 * xcsh agent and never shown; the advice must not be to add frontmatter there, which
 * Windsurf would send to its model as text.
 */

function setUp(): { ws: string; home: string; globalRules: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), { '.codeium/windsurf/memories/global_rules.md': 'Be brief.\n' });
  return { ws, home, globalRules: path.join(home, '.codeium', 'windsurf', 'memories', 'global_rules.md') };
}

const WHOLE = /^The xcsh agent loads rule `global_rules` but never shows it to the model: .*\. Windsurf sends this file whole in every request and documents no frontmatter for it: keys added here for the xcsh agent would most likely reach Windsurf's model as text\. To have the xcsh agent apply them too, copy them into a rule of its own with `alwaysApply: true`\.$/;

describe("Windsurf's global_rules.md, which Windsurf sends whole", () => {
  it('is not advised to take frontmatter by a named check', () => {
    const { ws, home, globalRules } = setUp();
    const named = agentlsWithHome(ws, home, 'check', '--format', 'json', globalRules);
    const found = (JSON.parse(named.stdout) as CheckJson).diagnostics.map((d) => [d.code, d.message]);
    expect(found).toEqual([['rule/no-bucket', expect.stringMatching(WHOLE)]]);
  });

  it('gets the same message from the server, with no action adding keys', async () => {
    const { ws, home, globalRules } = setUp();
    const c = await start({ folders: [ws], home });
    const uri = await c.open(globalRules);
    const diagnostics = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/no-bucket'));
    const noBucket = diagnostics.filter((d) => d.code === 'rule/no-bucket');
    expect(noBucket.map((d) => d.message)).toEqual([expect.stringMatching(WHOLE)]);
    const actions = await c.codeActions(uri, noBucket[0].range);
    // Before, "Add a description" and "Add alwaysApply: true" were offered.
    expect(actions.map((a) => a.title).filter((t) => t.startsWith('Add '))).toEqual([]);
  });
});
