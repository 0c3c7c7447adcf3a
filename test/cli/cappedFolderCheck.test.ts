import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { LIMITS } from '../../server/core/limits';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { capInstructionFolder, instructionFolderCapped } from '../helpers/instructionFolders';
import { tempDir, writeTree } from '../helpers/repo';
import { manySubfoldersTree, READ, SUBFOLDERS, SUBFOLDERS_CAPPED, subfolder, uncheckedTail } from '../helpers/ruleSubfolders';

/*
 * A check limited to a rule folder read up to a cap, or to a path inside one, says the cap as
 * a whole run does: the folder's `rule/too-large` finding, and, where files an agent loads
 * were left unjudged, an incomplete run (exit 2). The whole runs: ruleFolderFileCap.test.ts,
 * ruleSubfolderCap.test.ts, instructionFolderCap.test.ts.
 */

const N = LIMITS.ruleFolderFiles;
const n = N.toLocaleString('en-US');
const FILES_CAPPED = `This rule folder holds ${(N + 1).toLocaleString('en-US')} rule files; agentls reads up to ${n} rule files: the 1 past the first ${n} by name is not checked.`;
const LAST = `.clinerules/r${String(N).padStart(4, '0')}.md`;

function clineWorkspace(): string {
  const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n' };
  for (let i = 0; i <= N; i++) tree[`.clinerules/r${String(i).padStart(4, '0')}.md`] = `Rule ${i}.\n`;
  return writeTree(tempDir(), tree);
}

const check = (ws: string, ...args: string[]) => agentlsWithHome(ws, tempDir('agentls-home-'), 'check', ...args);
const json = (stdout: string) => JSON.parse(stdout) as CheckJson;
const onFolders = (report: CheckJson) => report.diagnostics.filter((d) => d.code === 'rule/too-large').map((d) => [d.path, d.severity, d.message]);

describe('a check limited to a rule folder read up to a cap', () => {
  it('of more rule files than agentls reads: the folder says so and the run is incomplete (json, text, sarif), the file past the cap not counted as checked', () => {
    const ws = clineWorkspace();
    const run = check(ws, '--format', 'json', '--agents', 'cline', '.clinerules');
    expect(run.status, run.stderr).toBe(2);
    const report = json(run.stdout);
    expect(onFolders(report)).toEqual([['.clinerules', 'error', FILES_CAPPED]]);
    expect(report.incomplete).toEqual([`.clinerules: ${FILES_CAPPED}`]);
    expect(report.summary.filesChecked).toBe(N);

    const text = check(ws, '--agents', 'cline', '.clinerules');
    expect(text.status, text.stderr).toBe(2);
    expect(text.stdout).toContain(`.clinerules:1:1: error [rule/too-large] ${FILES_CAPPED}\n`);
    expect(text.stdout).toContain(`Checked ${N} rule files: 1 problem`);
    expect(text.stderr).toContain(`agentls check: .clinerules: ${FILES_CAPPED}\n`);

    const sarif = check(ws, '--format', 'sarif', '--agents', 'cline', '.clinerules');
    expect(sarif.status, sarif.stderr).toBe(2);
    const log = JSON.parse(sarif.stdout);
    expect(log.runs[0].results.map((r: { ruleId: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri, r.message.text])).toEqual([
      ['rule/too-large', '.clinerules', FILES_CAPPED],
    ]);
    expect(log.runs[0].invocations[0].executionSuccessful).toBe(false);
  }, 120_000);

  it('named by a file past the cap, or one read: the folder says so; only the first is incomplete', () => {
    const ws = clineWorkspace();
    const past = check(ws, '--format', 'json', '--agents', 'cline', LAST);
    expect(past.status, past.stderr).toBe(2);
    expect(onFolders(json(past.stdout))).toEqual([['.clinerules', 'error', FILES_CAPPED]]);
    expect(json(past.stdout).incomplete).toEqual([`.clinerules: ${FILES_CAPPED}`]);
    expect(json(past.stdout).summary.filesChecked).toBe(0);

    const read = check(ws, '--format', 'json', '--agents', 'cline', '.clinerules/r0000.md');
    expect(read.status, read.stderr).toBe(1);
    expect(onFolders(json(read.stdout))).toEqual([['.clinerules', 'error', FILES_CAPPED]]);
    expect(json(read.stdout).incomplete).toBeUndefined();
  }, 120_000);

  it('whose subfolders pass the budget: the folder says so, for the folder and for a subfolder past it (no file an agent loads unjudged: complete)', () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    // With how many files of the walk lie in the subfolders not looked into: all of them, or the one subfolder's one.
    for (const [target, unchecked] of [['.cursor/rules', SUBFOLDERS - READ], [`.cursor/rules/${subfolder(READ + 50)}`, 1]] as const) {
      const run = check(ws, '--format', 'json', '--agents', 'xcsh', target);
      expect(run.status, `${target}: ${run.stderr}`).toBe(0);
      expect(onFolders(json(run.stdout))).toEqual([['.cursor/rules', 'warning', SUBFOLDERS_CAPPED + uncheckedTail(unchecked)]]);
      expect(json(run.stdout).incomplete).toBeUndefined();
    }
  }, 120_000);

  it("of Claude Code's, walked past its budget: the folder says so and the run is incomplete", () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    capInstructionFolder(ws, '.claude/rules', ['a.md', 'Always.\n'], ['zz.md', '---\npaths:\n  - "nowhere/**"\n---\nLast.\n']);
    const run = check(ws, '--format', 'json', '.claude/rules');
    expect(run.status, run.stderr).toBe(2);
    const report = json(run.stdout);
    expect(onFolders(report)).toEqual([['.claude/rules', 'error', instructionFolderCapped('Claude Code')]]);
    expect(report.incomplete).toEqual([`.claude/rules: ${instructionFolderCapped('Claude Code')}`]);
  }, 120_000);
});

describe('the counts of a check of a capped rule folder', () => {
  it('count no folder among the agent files, and a file named past the cap is not said to be no rule file', () => {
    const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n' };
    for (let i = 0; i <= LIMITS.ruleFolderFiles; i++) files[`.clinerules/r${String(i).padStart(4, '0')}.md`] = `Rule ${i}.\n`;
    const ws = writeTree(tempDir(), files);
    const whole = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', '--agents', 'cline');
    const summary = (JSON.parse(whole.stdout) as CheckJson).summary;
    expect(summary.agentFiles, whole.stderr).toBeLessThanOrEqual(summary.filesChecked);
    const past = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--agents', 'cline', `.clinerules/r${LIMITS.ruleFolderFiles}.md`);
    expect(past.status).toBe(2);
    expect(past.stdout).not.toContain('found no rule files');
  }, 120_000);
});
