import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { builtCliAsync } from '../helpers/cliWithHome';
import { hugeFrontmatterPerAgent, notReadReason } from '../helpers/hugeFrontmatterRule';

/**
 * The agents' views of rule files whose frontmatter agentls does not read (past
 * `LIMITS.ruleFrontmatterChars`), through the built CLI: the `{}` agentls holds in its place
 * is not what any agent reads, so no mode or bucket is said of them ("manual only", "no
 * bucket"); each is told as not read, with why, as a file too large to read is.
 */
const CURSOR = '.cursor/rules/big.mdc';
const WINDSURF = '.windsurf/rules/wide.md';
const COPILOT = '.github/instructions/big.instructions.md';
const notRead = (rel: string) => ({ path: rel, reason: notReadReason(rel) });

describe('agentls rules on rules whose frontmatter agentls does not read', () => {
  it('--json: in no bucket and no agent rule, each agent tells them as not read', async () => {
    const run = await builtCliAsync(['rules', '--json'], { cwd: hugeFrontmatterPerAgent(), mustSucceed: true });
    const result = JSON.parse(run.stdout) as RuleBucketsResult;
    expect(result.rules).toEqual([]);
    expect(result.buckets).toEqual({ ttsr: [], alwaysApply: [], rulebook: [], none: [] });
    expect(result.agentRules).toEqual([]);
    const uncounted = Object.fromEntries((result.alwaysSent ?? []).map((a) => [a.agent, a.uncounted]));
    expect(uncounted).toEqual({ seed: [notRead(CURSOR), notRead(WINDSURF)], cursor: [notRead(CURSOR)], windsurf: [notRead(WINDSURF)], copilot: [notRead(COPILOT)] });
  });

  it('text: no "No bucket" or "manual" line, a "not counted" line per agent', async () => {
    const run = await builtCliAsync(['rules'], { cwd: hugeFrontmatterPerAgent(), mustSucceed: true });
    expect(run.stdout).not.toMatch(/No bucket|manual/);
    expect(run.stdout).toContain(`  the xcsh agent: ≈0 tokens in every request\n    not counted: ${CURSOR} (${notReadReason(CURSOR)})\n`);
    expect(run.stdout).toContain(`  Cursor: ≈0 tokens in every request\n    not counted: ${CURSOR} (${notReadReason(CURSOR)})\n`);
    expect(run.stdout).toContain(`  GitHub Copilot: ≈0 tokens in every request\n    not counted: ${COPILOT} (${notReadReason(COPILOT)})\n`);
  });

  it('--for: no agent gives them a mode for the file', async () => {
    const ws = hugeFrontmatterPerAgent();
    const json = JSON.parse((await builtCliAsync(['rules', '--for', 'src/a.ts', '--json'], { cwd: ws, mustSucceed: true })).stdout) as RulesForFileResult;
    expect(json.agents.map((a) => [a.agent, a.rules])).toEqual([
      ['seed', []],
      ['cursor', []],
      ['windsurf', []],
      ['copilot', []],
    ]);
    const text = (await builtCliAsync(['rules', '--for', 'src/a.ts'], { cwd: ws, mustSucceed: true })).stdout;
    expect(text).not.toMatch(/manual|no bucket/);
  });
});
