import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { capInstructionFolder, FITS, instructionFolderCapped } from '../helpers/instructionFolders';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * Claude Code's `.claude/rules` and Copilot's `.github/instructions`, which both agents read
 * to any depth, are walked as far as one budget of entries (`LIMITS.instructionFolderEntries`,
 * empty folders counting): past it, the folder says so, as the other rule folders past their
 * caps do (ruleFolderFileCap.test.ts, ruleSubfolderCap.test.ts), in `agentls rules` and in
 * `agentls check`. The server's side: test/lsp/rules/instructionFolderCap.test.ts.
 */

const ALWAYS = 'Always.\n';
const LAST_CLAUDE = '---\npaths:\n  - "nowhere/**"\n---\nLast.\n';
const LAST_COPILOT = '---\napplyTo: "nowhere/**"\n---\nLast.\n';

type Sent = { agent: string; items: { path?: string }[] };
const sentBy = (buckets: RuleBucketsResult, agent: string) => (buckets as RuleBucketsResult & { alwaysSent: Sent[] }).alwaysSent.find((a) => a.agent === agent)?.items.map((i) => i.path);
const said = (u: RuleBucketsResult['unread']) => u?.map((x) => [x.path, x.code, x.message, x.readInPart]);

function workspace(empties?: number): string {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
  capInstructionFolder(ws, '.claude/rules', ['a.md', ALWAYS], ['zz.md', LAST_CLAUDE], empties);
  capInstructionFolder(ws, '.github/instructions', ['a.instructions.md', '---\napplyTo: "**"\n---\nAll.\n'], ['zz.instructions.md', LAST_COPILOT], empties);
  return ws;
}

describe("Claude Code's and Copilot's rule folders of more entries than agentls reads", () => {
  it('read the files before the folder that goes past the budget, and say so in agentls rules (text and --json) and agentls check', () => {
    const ws = workspace();
    const home = tempDir('agentls-home-');
    const rules = agentlsWithHome(ws, home, 'rules', '--json', '--agents', 'claude,copilot');
    expect(rules.status, rules.stderr).toBe(0);
    const buckets = JSON.parse(rules.stdout) as RuleBucketsResult;
    // The first folder's file is read; the one past 1,000 empty folders is not.
    expect(sentBy(buckets, 'claude')).toEqual(['.claude/rules/a.md']);
    expect(sentBy(buckets, 'copilot')).toEqual(['.github/instructions/a.instructions.md']);
    expect(said(buckets.unread)).toEqual([
      ['.claude/rules', 'rule/too-large', instructionFolderCapped('Claude Code'), true],
      ['.github/instructions', 'rule/too-large', instructionFolderCapped('GitHub Copilot'), true],
    ]);

    const text = agentlsWithHome(ws, home, 'rules', '--agents', 'claude,copilot');
    expect(text.stdout).toContain(
      `\nRule folders agentls read only in part (the rules past what it reads are not listed here):\n  .claude/rules: ${instructionFolderCapped('Claude Code')}\n  .github/instructions: ${instructionFolderCapped('GitHub Copilot')}\n`,
    );
    expect(text.stdout).not.toContain('could not read');

    const check = agentlsWithHome(ws, home, 'check', '--format', 'json');
    expect(check.status, check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as CheckJson;
    const onFolders = report.diagnostics.filter((d) => d.code === 'rule/too-large').map((d) => [d.path, d.severity, d.message]);
    expect(onFolders).toEqual([
      ['.claude/rules', 'error', instructionFolderCapped('Claude Code')],
      ['.github/instructions', 'error', instructionFolderCapped('GitHub Copilot')],
    ]);
    // The file past the cap is in no view, so its dead glob is not judged; the folder's finding says so, and the whole run is no less complete for it.
    expect(report.diagnostics.filter((d) => d.code === 'context/dead-glob')).toEqual([]);
    expect(report.incomplete).toBeUndefined();
  }, 120_000);

  it('make a check asked for a file past the budget incomplete (exit 2), and not one asked for a file read (its folder says the cap all the same)', () => {
    const ws = workspace();
    const past = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', '.claude/rules/deep/zz.md');
    expect(past.status, past.stderr).toBe(2);
    expect((JSON.parse(past.stdout) as CheckJson).incomplete).toEqual([`.claude/rules: ${instructionFolderCapped('Claude Code')}`]);

    // A file read: its folder's cap is said (an error: exit 1), but nothing asked for went unjudged.
    const read = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', '.claude/rules/a.md');
    expect(read.status, read.stderr).toBe(1);
    const readReport = JSON.parse(read.stdout) as CheckJson;
    expect(readReport.diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([['.claude/rules', 'rule/too-large', instructionFolderCapped('Claude Code')]]);
    expect(readReport.incomplete).toBeUndefined();
  }, 120_000);

  it('say nothing when the walk fits the budget exactly, and read every file', () => {
    const ws = workspace(FITS);
    const rules = agentlsWithHome(ws, tempDir('agentls-home-'), 'rules', '--json', '--agents', 'claude,copilot');
    expect(rules.status, rules.stderr).toBe(0);
    const buckets = JSON.parse(rules.stdout) as RuleBucketsResult;
    expect(buckets.unread).toBeUndefined();
    // Read, the last file of each folder has a glob that matches nothing: judged by check.
    const check = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json');
    const report = JSON.parse(check.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.code === 'rule/too-large')).toEqual([]);
    expect(report.diagnostics.filter((d) => d.code === 'context/dead-glob').map((d) => d.path)).toEqual(['.claude/rules/deep/zz.md', '.github/instructions/deep/zz.instructions.md']);
  }, 120_000);
});
