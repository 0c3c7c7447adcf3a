import { describe, expect, it } from 'vitest';
import { builtCliAsync } from '../helpers/cliWithHome';
import { hugeFrontmatterRule, UNREAD_NOTE } from '../helpers/hugeFrontmatterRule';

interface CheckJson {
  diagnostics: { path: string; code: string; severity: string; message: string }[];
}

describe('agentls check on a rule whose frontmatter is past what agentls reads', () => {
  it('says the frontmatter is not read, and nothing of its keys', async () => {
    const run = await builtCliAsync(['check', '--format', 'json'], { cwd: hugeFrontmatterRule() });
    const found = (JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.path === '.cursor/rules/huge.mdc');
    // One finding: no dead glob, no alwaysApply of the wrong type, no missing description, made up from keys never read.
    expect(found).toEqual([
      { path: '.cursor/rules/huge.mdc', code: 'frontmatter/too-large', severity: 'warning', message: `${UNREAD_NOTE}, so what it means to Cursor (its keys, and so when the rule applies) is not checked.`, range: expect.anything() },
    ]);
    // A warning: no agent is known to misread it, so the run does not fail on it (the prompt side's `ref/too-large` is information).
    expect(run.status).toBe(0);
  });
});
