import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { builtCli } from '../helpers/cliWithHome';
import { sectionOf } from '../helpers/rootAgentRules';
import { windsurfNoTriggerTree } from '../helpers/windsurfNoTrigger';

/**
 * Windsurf's docs describe no rule without `trigger` (agents/windsurf.ts): `agentls rules`
 * says its manual mode as a likelihood, as the hover does, and `--json` marks that mode as
 * inferred, keeping `mode` as it was; a rule with `trigger: manual` is said plainly.
 */
describe('agentls rules of a Windsurf rule without trigger', () => {
  it('hedges its manual mode in text and marks it inferred in --json', () => {
    const ws = windsurfNoTriggerTree();
    const run = (...args: string[]) => builtCli(args, { cwd: ws, mustSucceed: true }).stdout;

    const json = JSON.parse(run('rules', '--json')) as RuleBucketsResult;
    const rules = json.agentRules?.find((a) => a.agent === 'windsurf')?.rules ?? [];
    const byName = (n: string) => rules.find((r) => r.name === n);
    expect(byName('none')).toMatchObject({ mode: 'manual', modeInferred: true });
    expect(byName('manual')?.mode).toBe('manual');
    expect(byName('manual')).not.toHaveProperty('modeInferred');

    const section = sectionOf(run('rules'), 'Windsurf, rules for the whole workspace (2)');
    expect(section.find((l) => /^ {2}none /.test(l))).toMatch(/ {2}most likely manual: only when named \(@none\); Windsurf's docs do not say how it applies a rule like this · ≈\d+ tokens?$/);
    expect(section.find((l) => /^ {2}manual /.test(l))).toMatch(/ {2}manual: only when named \(@manual\) · ≈\d+ tokens?$/);

    // `rules --for` says it the same way.
    const forFile = JSON.parse(run('rules', '--for', 'src/a.ts', '--json', '--agents', 'windsurf')) as RulesForFileResult;
    const reasons = forFile.agents.find((a) => a.agent === 'windsurf')?.rules ?? [];
    expect(reasons.find((r) => r.name === 'none')).toMatchObject({ mode: 'manual', modeInferred: true, reason: "most likely manual only: attached when the user names it; Windsurf's docs do not say how it applies a rule like this" });
    expect(reasons.find((r) => r.name === 'manual')).toMatchObject({ mode: 'manual', reason: 'manual only: attached when the user names it' });
    expect(reasons.find((r) => r.name === 'manual')).not.toHaveProperty('modeInferred');
  });
});
