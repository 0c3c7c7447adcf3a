import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { LIMITS } from '../../server/core/limits';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { DEEP_TOO, deepRuleFolder, levels, tooDeep } from '../helpers/deepRuleFolders';
import { capInstructionFolder, instructionFolderCapped } from '../helpers/instructionFolders';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * An agent's rule folder walked to any depth (Claude Code's `.claude/rules`, Copilot's
 * `.github/instructions`, Cursor's `.cursor/rules`) is read 8 levels deep: one nesting deeper
 * says so on the folder, as the entries' cap does (toolFolderCap.test.ts), and a check of a
 * file below is incomplete. Devin Desktop reads no subfolder of `.devin/rules`: nothing there
 * is agentls's limit.
 */

const git = { '.git/HEAD': 'ref: refs/heads/main\n' };
const home = () => tempDir('agentls-home-');
const onFolders = (r: CheckJson) => r.diagnostics.filter((d) => d.code === 'rule/too-large').map((d) => [d.path, d.severity, d.message]);

describe('a rule folder nested deeper than agentls walks', () => {
  it('.claude/rules: a warning on the folder (check, rules), a check of a file below the limit incomplete, of one at it not', () => {
    const ws = writeTree(tempDir(), git);
    deepRuleFolder(ws, '.claude/rules');
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'claude');
    const report = JSON.parse(check.stdout) as CheckJson;
    expect(onFolders(report), check.stderr).toEqual([['.claude/rules', 'warning', tooDeep('Claude Code')]]);
    expect(report.incomplete).toBeUndefined();
    const rules = agentlsWithHome(ws, home(), 'rules', '--json', '--agents', 'claude');
    expect((JSON.parse(rules.stdout) as RuleBucketsResult).unread?.map((u) => [u.path, u.message, u.readInPart])).toEqual([['.claude/rules', tooDeep('Claude Code'), true]]);

    const below = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'claude', `.claude/rules/${levels(9)}/y.md`);
    expect(below.status, below.stderr).toBe(2);
    const belowReport = JSON.parse(below.stdout) as CheckJson;
    expect(belowReport.incomplete).toEqual([`.claude/rules: ${tooDeep('Claude Code')}`]);
    expect(onFolders(belowReport)).toEqual([['.claude/rules', 'warning', tooDeep('Claude Code')]]);
    const at = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'claude', `.claude/rules/${levels(8)}/x.md`);
    expect((JSON.parse(at.stdout) as CheckJson).incomplete).toBeUndefined();
  }, 120_000);

  it('.cursor/rules and .github/instructions: each folder says it for its agent', () => {
    const ws = writeTree(tempDir(), git);
    deepRuleFolder(ws, '.cursor/rules', '.mdc');
    deepRuleFolder(ws, '.github/instructions', '.instructions.md');
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor,copilot');
    expect(onFolders(JSON.parse(check.stdout) as CheckJson), check.stderr).toEqual([
      ['.cursor/rules', 'warning', tooDeep('Cursor')],
      ['.github/instructions', 'warning', tooDeep('GitHub Copilot')],
    ]);
  }, 120_000);

  it('over the entries too: one error saying both', () => {
    const ws = writeTree(tempDir(), git);
    // `b/l1/…` first in name order: walked, and met too deep, before `deep/` goes past the entries.
    writeTree(ws, { [`.claude/rules/b/${levels(9)}/y.md`]: 'Y.\n' });
    capInstructionFolder(ws, '.claude/rules', ['a.md', 'A.\n'], ['zz.md', 'Last.\n']);
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'claude');
    expect(onFolders(JSON.parse(check.stdout) as CheckJson), check.stderr).toEqual([['.claude/rules', 'error', instructionFolderCapped('Claude Code') + DEEP_TOO]]);
  }, 120_000);

  it(".devin/rules: its subfolders are not Devin Desktop's, so nothing is said of their depth, and naming a file there leaves a run complete", () => {
    const ws = writeTree(tempDir(), git);
    deepRuleFolder(ws, '.devin/rules');
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'windsurf');
    expect(onFolders(JSON.parse(check.stdout) as CheckJson), check.stderr).toEqual([]);
    // Past its entries' cap, a file in a subfolder is still none of Devin Desktop's: no gap.
    for (let i = 0; i <= LIMITS.instructionFolderEntries; i++) fs.writeFileSync(path.join(ws, '.devin/rules', `r${String(i).padStart(4, '0')}.md`), `Rule ${i}.\n`);
    const sub = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'windsurf', `.devin/rules/${levels(8)}/x.md`);
    expect((JSON.parse(sub.stdout) as CheckJson).incomplete, sub.stdout).toBeUndefined();
    const own = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'windsurf', '.devin/rules/r1000.md');
    expect(own.status).toBe(2);
  }, 120_000);
});
