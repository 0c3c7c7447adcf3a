import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { GLOBS_NO_TRIGGER, globsNoTriggerTree } from '../helpers/windsurfGlobsNoTrigger';

/** Windsurf reads `globs` only under `trigger: glob` (docs.windsurf.com, "Activation modes"). */
describe('agentls check of a Windsurf rule with globs and no trigger', () => {
  it('says the trigger is missing and names `trigger: glob`, never printing an undefined trigger', () => {
    const ws = globsNoTriggerTree();
    const out = builtCli(['check', '--format', 'json'], { cwd: ws }).stdout;
    expect(out).not.toContain('undefined');
    const json = JSON.parse(out) as CheckJson;
    const noted = json.diagnostics.filter((d) => GLOBS_NO_TRIGGER.test(d.message));
    expect(noted.map((d) => [d.path, d.code, d.severity, d.range.start.line]).sort()).toEqual([
      ['.windsurf/rules/described.md', 'rule/foreign-key', 'information', 2],
      ['.windsurf/rules/globs.md', 'rule/foreign-key', 'information', 1],
    ]);
    expect(json.diagnostics.filter((d) => d.path === '.windsurf/rules/scoped.md')).toEqual([]);
  });
});
