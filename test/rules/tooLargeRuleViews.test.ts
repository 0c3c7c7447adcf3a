import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { builtCliAsync } from '../helpers/cliWithHome';
import { tooLargeReason, tooLargeRules } from '../helpers/tooLargeRule';

/**
 * Rule files too large for agentls to read (over `MAX_RULE_FILE_BYTES`), through the built CLI:
 * the engine holds a stand-in with no keys for such a file, which put a 3 MB Cursor rule in the
 * xcsh agent's "No bucket" and in no Cursor view at all. Every agent tells it as not read, with
 * why, as a Copilot file too large to read always was; none gives it a bucket or a mode.
 */
const CURSOR = '.cursor/rules/big.mdc';
const COPILOT = '.github/instructions/big.instructions.md';

describe('agentls rules on rule files too large to read', () => {
  it('--json: in no bucket and no agent rule, each agent tells them as not read', async () => {
    const ws = tooLargeRules();
    const result = JSON.parse((await builtCliAsync(['rules', '--json'], { cwd: ws, mustSucceed: true })).stdout) as RuleBucketsResult;
    expect(result.rules).toEqual([]);
    expect(result.buckets).toEqual({ ttsr: [], alwaysApply: [], rulebook: [], none: [] });
    expect(result.agentRules).toEqual([]);
    const notRead = (rel: string) => [{ path: rel, reason: tooLargeReason(ws, rel) }];
    const uncounted = Object.fromEntries((result.alwaysSent ?? []).map((a) => [a.agent, a.uncounted]));
    expect(uncounted).toEqual({ seed: notRead(CURSOR), cursor: notRead(CURSOR), copilot: notRead(COPILOT) });
  });

  it('text: no "No bucket" line, a "not counted" line for the xcsh agent and Cursor', async () => {
    const ws = tooLargeRules();
    const run = await builtCliAsync(['rules'], { cwd: ws, mustSucceed: true });
    expect(run.stdout).not.toMatch(/No bucket|manual/);
    expect(run.stdout).toContain(`  the xcsh agent: ≈0 tokens in every request\n    not counted: ${CURSOR} (${tooLargeReason(ws, CURSOR)})\n`);
    expect(run.stdout).toContain(`  Cursor: ≈0 tokens in every request\n    not counted: ${CURSOR} (${tooLargeReason(ws, CURSOR)})\n`);
  });

  it('--for: no agent gives them a mode or a bucket for the file', async () => {
    const ws = tooLargeRules();
    const json = JSON.parse((await builtCliAsync(['rules', '--for', 'src/a.ts', '--json'], { cwd: ws, mustSucceed: true })).stdout) as RulesForFileResult;
    expect(json.agents.map((a) => [a.agent, a.rules])).toEqual([
      ['seed', []],
      ['cursor', []],
      ['copilot', []],
    ]);
    const text = (await builtCliAsync(['rules', '--for', 'src/a.ts'], { cwd: ws, mustSucceed: true })).stdout;
    expect(text).not.toMatch(/manual|no bucket/);
  });
});
