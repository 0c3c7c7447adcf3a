import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { describedNoTriggerTree, MODEL_DECISION_HINT } from '../helpers/windsurfDescribedNoTrigger';

/**
 * Windsurf's docs ("Activation modes"): the model decides from a rule's description under
 * Model Decision; a rule with a description and no `trigger` most likely meant it.
 */
describe('agentls check of a Windsurf rule with a description and no trigger', () => {
  it('hints at trigger: model_decision there alone', () => {
    const ws = describedNoTriggerTree();
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const hints = json.diagnostics.filter((d) => MODEL_DECISION_HINT.test(d.message));
    expect(hints.map((d) => [d.path, d.code, d.severity])).toEqual([['.windsurf/rules/described.md', 'rule/inactive', 'hint']]);
    // On the description's line.
    expect(hints[0].range.start.line).toBe(1);
  });
});
