import { describe, expect, it } from 'vitest';
import { builtCliAsync } from '../../helpers/cliWithHome';
import { COMPARED_NOTE, hugeDriftedRules } from '../../helpers/hugeDriftedRules';
import { LIMITS, formatCount } from '../../../server/core/limits';

interface CheckJson {
  diagnostics: { path: string; code: string; message: string }[];
}

describe('agentls check on copies of a rule too long to compare whole', () => {
  it('compares their first characters only, and says so in the finding', async () => {
    const run = await builtCliAsync(['check', '--format', 'json'], { cwd: hugeDriftedRules() });
    // Drift is information: the run does not fail on it.
    expect(run.status).toBe(0);
    const drift = (JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.code === 'context/drift');
    expect(drift.map((d) => d.path).sort()).toEqual(['.clinerules/early.md', '.clinerules/late.md', '.cursor/rules/early.mdc', '.cursor/rules/late.mdc']);
    const early = drift.find((d) => d.path === '.cursor/rules/early.mdc')!.message;
    expect(early).toContain(`The Cline copy of this rule (.clinerules/early.md) has another body in the first ${formatCount(LIMITS.driftComparedChars)} characters of each (${COMPARED_NOTE}):\n- w`);
    expect(early).toMatch(/\n\+ edited w/);
    // Bodies alike in what is compared differ past it: said so, with no diff made up of cut lines.
    const late = drift.find((d) => d.path === '.cursor/rules/late.mdc')!.message;
    expect(late).toBe(`The Cline copy of this rule (.clinerules/late.md) has another body past the first ${formatCount(LIMITS.driftComparedChars)} characters, which are the same in both (${COMPARED_NOTE}).`);
  });
});
