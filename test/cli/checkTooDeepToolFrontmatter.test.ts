import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { MAX_FLOW_DEPTH } from '../../server/rules/frontmatter';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A tool's rule file whose frontmatter nests flow collections past what agentls parses as YAML
 * (`MAX_FLOW_DEPTH`): agentls reads its keys line by line instead, which is not how the tool
 * reads them, so the check must say it did not analyse the block, as it does for the xcsh
 * agent's files, not end with "no problems".
 */
const nested = (depth: number) => `---\ndescription: ${'['.repeat(depth)}${']'.repeat(depth)}\nalwaysApply: false\n---\nUse the API client.\n`;

describe('agentls check on a Cursor rule whose frontmatter is nested too deep to parse', () => {
  it('warns that the frontmatter was not analysed, naming the limit, and exits on it under --max-severity warning', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/deep.mdc': nested(MAX_FLOW_DEPTH + 1) });
    const run = builtCli(['check', '--format', 'json', '--max-severity', 'warning'], { cwd: ws });
    const report = JSON.parse(run.stdout) as CheckJson;
    const found = report.diagnostics.filter((d) => d.path === '.cursor/rules/deep.mdc');
    expect(found).toEqual([
      expect.objectContaining({ code: 'frontmatter/too-large', severity: 'warning', message: expect.stringContaining(`flow collections nested more than ${MAX_FLOW_DEPTH} deep`) }),
    ]);
    expect(found[0].message).toContain('Cursor');
    expect(run.status).toBe(1);
  });

  it('at the limit itself, reads the value and judges it as before (a list where Cursor expects text)', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/deep.mdc': nested(MAX_FLOW_DEPTH) });
    const report = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(report.diagnostics.map((d) => d.code)).toEqual(['frontmatter/wrong-type']);
  });
});
