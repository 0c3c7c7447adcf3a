import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import type { CheckJson } from '../../../server/cli/output';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { agentlsWithHome } from '../../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * A `.clinerules` in a folder above the workspace folder. The xcsh agent takes the nearest
 * one, walking up to the file system root (rules.md §2.6), so it stays in that agent's
 * listing; Cline reads `.clinerules` in the workspace folder only (cline/cline,
 * src/core/context/instructions/user-instructions/cline-rules.ts, `getLocalClineRules`:
 * `path.resolve(cwd, ".clinerules")`), so it is in none of Cline's totals, rules for a file
 * or budget findings.
 */

const PARENT_RULE = 'Parent folder rule, long enough to be over a small budget.\n';

/** A workspace folder `ws` inside `parent`, whose `.clinerules` (a file, or a folder of files) is given. */
function setUp(parentTree: Record<string, string>, config?: unknown): { parent: string; ws: string; home: string } {
  const parent = writeTree(tempDir('agentls-parent-'), parentTree);
  const ws = writeTree(path.join(parent, 'ws'), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'a.ts': 'x\n',
    ...(config === undefined ? {} : { 'agentls.json': JSON.stringify(config) }),
  });
  return { parent, ws, home: tempDir('agentls-home-') };
}

const agentsOf = (result: { alwaysSent?: { agent: string }[] } | RulesForFileResult) =>
  ('agents' in result ? result.agents : (result.alwaysSent ?? [])).map((a) => a.agent);

describe("a parent folder's .clinerules", () => {
  it('is the xcsh agent\'s only: agentls rules, rules --for and check count it in no Cline total', () => {
    const { parent, ws, home } = setUp({ '.clinerules': PARENT_RULE }, { rules: { budgetTokens: 3 } });
    const buckets = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as RuleBucketsResult;
    // Still listed by the xcsh agent, which reads it.
    expect(buckets.rules.map((r) => r.path)).toContain(path.join(parent, '.clinerules'));
    expect(agentsOf(buckets)).not.toContain('cline');
    expect(agentlsWithHome(ws, home, 'rules').stdout).not.toContain('Cline:');

    const forFile = JSON.parse(agentlsWithHome(ws, home, 'rules', '--for', 'a.ts', '--json').stdout) as RulesForFileResult;
    expect(agentsOf(forFile)).not.toContain('cline');
    expect(forFile.agents.find((a) => a.agent === 'seed')?.rules.map((r) => r.path)).toContain(path.join(parent, '.clinerules'));

    const check = agentlsWithHome(ws, home, 'check', '--format', 'json');
    const overBudget = (JSON.parse(check.stdout) as CheckJson).diagnostics.filter((d) => d.code === 'context/over-budget');
    expect(overBudget).toEqual([]);
    // Nothing left unreported on it either: Cline's budget was its only finding.
    expect(check.stderr).not.toContain('.clinerules');
  });

  it("is counted by the server in none of Cline's totals, a file or a folder of rules", async () => {
    const trees: Record<string, string>[] = [{ '.clinerules': PARENT_RULE }, { '.clinerules/style.md': PARENT_RULE }];
    for (const tree of trees) {
      const { ws, home } = setUp(tree);
      const c = await start({ folders: [ws], home });
      const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
      expect(buckets.rules).toHaveLength(1);
      expect(agentsOf(buckets)).not.toContain('cline');
      const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'a.ts')) });
      expect(agentsOf(forFile)).not.toContain('cline');
      await c.stop();
    }
  });

  it("leaves the workspace folder's own .clinerules counted as Cline's", async () => {
    const { ws, home } = setUp({ '.clinerules': 'Not read by anyone: a nearer one is.\n' });
    writeTree(ws, { '.clinerules': PARENT_RULE });
    const forFile = JSON.parse(agentlsWithHome(ws, home, 'rules', '--for', 'a.ts', '--json').stdout) as RulesForFileResult;
    const cline = forFile.agents.find((a) => a.agent === 'cline');
    expect(cline?.rules.map((r) => [r.path, r.mode, r.applies])).toEqual([['.clinerules', 'always', true]]);
    expect(cline?.alwaysSentTokens).toBe(Math.ceil(PARENT_RULE.length / 4));
  });
});
