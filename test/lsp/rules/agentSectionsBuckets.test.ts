import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { agentSectionsOf, ROOT_AGENTS, rootAgentTree, USER_LEVEL_HOME } from '../../helpers/rootAgentRules';

const start = useLspClients(afterEach);

/** The buckets once the server says its file index is complete (the agents' views are made with it). */
async function buckets(c: Awaited<ReturnType<typeof start>>, ws: string): Promise<RuleBucketsResult> {
  return until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
}

async function report(c: Awaited<ReturnType<typeof start>>, ws: string): Promise<string> {
  await c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
  await c.waitFor('a report', () => c.shownDocuments.length > 0);
  return fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
}

describe("agentls/ruleBuckets and the buckets report list each agent's own rules, as agentls rules does", () => {
  it("carries each agent's rules and how it applies them, and the report gives each agent a section", async () => {
    const ws = rootAgentTree();
    const c = await start({ folders: [ws] });
    const result = await buckets(c, ws);
    expect(agentSectionsOf(result)).toEqual(ROOT_AGENTS);
    expect(result.noXcshFolder).toBe(true);

    const text = await report(c, ws);
    expect(text).toContain(`# Rules the xcsh agent loads in ${ws}\n\nThis workspace has no .xcsh folder: the buckets below are what the xcsh agent would load if it ran here.\n`);
    expect(text).toContain('## Cursor, rules for the whole workspace (2)');
    expect(text).toMatch(/^- \*\*react\*\* · `\.cursor\/rules\/react\.mdc` · glob \*\*\/\*\.tsx · ≈\d+ tokens$/m);
    expect(text).toMatch(/^- \*\*short\*\* · `\.cursor\/rules\/short\.mdc` · always, in every request · ≈\d+ tokens$/m);
    expect(text).toContain('## Windsurf, rules for the whole workspace (1)');
    expect(text).toMatch(/^- \*\*api\*\* · `\.windsurf\/rules\/api\.md` · offered by its description "Calling the web API" · ≈\d+ tokens$/m);
    expect(text).toMatch(/^- \*\*lint\*\* · `\.clinerules\/lint\.md` · always, in every request · ≈\d+ tokens$/m);
    expect(text).toMatch(/^- \*\*\.claude\/rules\/tests\.md\*\* · glob test\/\*\*\/\*\.ts · ≈\d+ tokens$/m);
    expect(text).toContain('## GitHub Copilot, rules for the whole workspace (1)');
  });

  it('marks the user-level rules as such, in the result and in the report', async () => {
    const ws = rootAgentTree();
    const home = writeTree(tempDir('agentls-home-'), USER_LEVEL_HOME);
    const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home } } });
    const result = await buckets(c, ws);
    expect(result.agentRules?.find((a) => a.agent === 'cline')?.rules.map((r) => [r.name, r.level])).toEqual([['lint', 'project'], ['g', 'user']]);
    const text = await report(c, ws);
    expect(text).toContain('## Cline, rules for the whole workspace (2, 1 of them user-level)');
    expect(text).toMatch(/^- \*\*g\*\* · `~\/\.cline\/rules\/g\.md` \(user-level, every project\) · always, in every request · ≈\d+ tokens$/m);
    expect(text).toMatch(/^- \*\*~\/\.claude\/CLAUDE\.md\*\* \(user-level, every project\) · always, in every request · ≈\d+ tokens$/m);
    expect(text).toMatch(/^- \*\*lint\*\* · `\.clinerules\/lint\.md` · always, in every request · ≈\d+ tokens$/m);
  });

  it('shows only the agents agentls.rules.agents names', async () => {
    const ws = rootAgentTree();
    const c = await start({ folders: [ws], settings: { rules: { agents: ['cursor'] } } });
    const result = await buckets(c, ws);
    expect(agentSectionsOf(result)).toEqual([ROOT_AGENTS[0]]);
    expect(result.noXcshFolder).toBeUndefined();
    const text = await report(c, ws);
    expect(text).toContain('## Cursor, rules for the whole workspace (2)');
    expect(text).not.toMatch(/^## (Windsurf|Cline|Claude Code|GitHub Copilot), rules/m);
  });
});
