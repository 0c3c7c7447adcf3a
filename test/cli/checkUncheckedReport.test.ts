import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { codeScanningViolations, sarifViolations } from '../rules/sarif';

/**
 * A path `check` cannot check fails the run before it starts (exit 2, the reason on stderr).
 * A CI step that redirects `--format sarif` to a file and uploads it read an empty file: the
 * JSON and SARIF reports are still written, with no result and the reason as an incomplete
 * run's, never "found no rule files" (nothing was looked at).
 */
describe('agentls check of a path it cannot check', () => {
  const ws = () => writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': '---\nalwaysApply: "true"\n---\nA.\n' });
  const WHY = 'no-such: no such file or folder';

  it('writes a SARIF log that says the run failed, and why', () => {
    const root = ws();
    const r = builtCli(['check', 'no-such', '--format', 'sarif'], { cwd: root });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(WHY);
    const log = JSON.parse(r.stdout);
    expect(sarifViolations(log)).toEqual([]);
    expect(codeScanningViolations(log)).toEqual([]);
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].invocations).toEqual([{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: WHY } }] }]);
  });

  it('writes a JSON report with the reason as incomplete and no "found no rule files"', () => {
    const root = ws();
    const r = builtCli(['check', 'no-such', '--format', 'json'], { cwd: root });
    expect(r.status).toBe(2);
    const report = JSON.parse(r.stdout) as CheckJson;
    expect(report).toMatchObject({ summary: { filesChecked: 0, agentFiles: 0, problems: 0 }, diagnostics: [], incomplete: [WHY] });
    expect(report.noAgentFiles).toBeUndefined();
  });

  it('keeps the text report to stderr alone, and usage errors write no report', () => {
    const root = ws();
    const text = builtCli(['check', 'no-such'], { cwd: root });
    expect({ status: text.status, stdout: text.stdout }).toEqual({ status: 2, stdout: '' });
    expect(text.stderr).toContain(WHY);
    const usage = builtCli(['check', '--format', 'sarif', '--bogus'], { cwd: root });
    expect({ status: usage.status, stdout: usage.stdout }).toEqual({ status: 2, stdout: '' });
  });
});
