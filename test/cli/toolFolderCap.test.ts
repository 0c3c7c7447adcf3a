import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { LIMITS } from '../../server/core/limits';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { capInstructionFolder, instructionFolderCapped, instructionFolderReadByName } from '../helpers/instructionFolders';
import { tempDir, writeTree } from '../helpers/repo';
import { CURSOR_AND_SUBFOLDERS_CAPPED, uncheckedTail } from '../helpers/ruleSubfolders';

/*
 * Cursor's walk of `.cursor/rules` (its rules in subfolders) and of packages' nested
 * `.cursor/rules`, and Devin Desktop's listing of `.devin/rules`, share Claude Code's budget
 * (`LIMITS.instructionFolderEntries`): past it, the folder says so, once (merged with the
 * subfolder warning where discovery's look into the subfolders stopped too).
 */

const LAST = '---\nglobs: nowhere/**\n---\nLast.\n';
const onFolders = (r: CheckJson) => r.diagnostics.filter((d) => d.code === 'rule/too-large').map((d) => [d.path, d.severity, d.message]);
const home = () => tempDir('agentls-home-');

describe("Cursor's and Devin Desktop's rule folders of more entries than agentls reads", () => {
  it('.cursor/rules: one error on the folder, for both caps where both stopped (check, rules), a check of the file past it incomplete', () => {
    // `.xcsh`: the xcsh agent is targeted, and discovery looks into the subfolders for the files it never loads.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/.keep': '' });
    // `deep/` of 1,001 entries: past discovery's look into the subfolders as well as Cursor's walk.
    capInstructionFolder(ws, '.cursor/rules', ['a.mdc', '---\nalwaysApply: true\n---\nA.\n'], ['zz.mdc', LAST], LIMITS.ruleSubfolderEntries);
    // Discovery's look into the subfolders (for the xcsh agent) stopped too: one finding for both.
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor,xcsh');
    expect(check.status, check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as CheckJson;
    // `deep/zz.mdc`, in the subfolder not looked into, is counted on the folder, not checked.
    expect(onFolders(report)).toEqual([['.cursor/rules', 'error', CURSOR_AND_SUBFOLDERS_CAPPED + uncheckedTail(1)]]);
    expect(report.incomplete).toBeUndefined();
    const rules = agentlsWithHome(ws, home(), 'rules', '--json', '--agents', 'cursor,xcsh');
    expect((JSON.parse(rules.stdout) as RuleBucketsResult).unread?.map((u) => [u.path, u.message, u.readInPart])).toEqual([['.cursor/rules', CURSOR_AND_SUBFOLDERS_CAPPED, true]]);

    const past = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor', '.cursor/rules/deep/zz.mdc');
    expect(past.status, past.stderr).toBe(2);
    expect((JSON.parse(past.stdout) as CheckJson).incomplete).toEqual([`.cursor/rules: ${instructionFolderCapped('Cursor')}`]);
    // The root's own rule is the engine's, read: no gap.
    const own = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor', '.cursor/rules/a.mdc');
    expect((JSON.parse(own.stdout) as CheckJson).incomplete).toBeUndefined();
  }, 120_000);

  it('.cursor/rules with .xcsh but Cursor alone targeted: the error speaks of Cursor alone (check, rules)', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/.keep': '' });
    capInstructionFolder(ws, '.cursor/rules', ['a.mdc', '---\nalwaysApply: true\n---\nA.\n'], ['zz.mdc', LAST], LIMITS.ruleSubfolderEntries);
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor');
    expect(onFolders(JSON.parse(check.stdout) as CheckJson), check.stderr).toEqual([['.cursor/rules', 'error', instructionFolderCapped('Cursor')]]);
    const rules = agentlsWithHome(ws, home(), 'rules', '--json', '--agents', 'cursor');
    expect((JSON.parse(rules.stdout) as RuleBucketsResult).unread?.map((u) => [u.path, u.message])).toEqual([['.cursor/rules', instructionFolderCapped('Cursor')]]);
  }, 120_000);

  it("a package's nested .cursor/rules and .devin/rules: the folder says so", () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'packages/web/src/x.ts': '' });
    capInstructionFolder(ws, 'packages/web/.cursor/rules', ['a.mdc', '---\nalwaysApply: true\n---\nA.\n'], ['zz.mdc', LAST]);
    fs.mkdirSync(path.join(ws, '.devin/rules'), { recursive: true });
    for (let i = 0; i <= LIMITS.instructionFolderEntries; i++) fs.writeFileSync(path.join(ws, '.devin/rules', `r${String(i).padStart(4, '0')}.md`), `Rule ${i}.\n`);
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor,windsurf');
    const report = JSON.parse(check.stdout) as CheckJson;
    expect(onFolders(report)).toEqual([
      // Its top alone is past the budget: its first files by name are read.
      ['.devin/rules', 'error', instructionFolderReadByName('Windsurf', LIMITS.instructionFolderEntries + 1)],
      ['packages/web/.cursor/rules', 'error', instructionFolderCapped('Cursor')],
    ]);
  }, 120_000);
});

describe("a .cursor/rules of many files at its top and no subfolder", () => {
  it('gets no cap finding: its own files are the engine\'s to read, not entries of the walk into subfolders', () => {
    const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n' };
    for (let i = 0; i < 5; i++) files[`.cursor/rules/r${i}.mdc`] = '---\nalwaysApply: true\n---\nRule.\n';
    // Not rule files: the engine lists them, the walk into subfolders has nothing to take there.
    for (let i = 0; i < LIMITS.instructionFolderEntries; i++) files[`.cursor/rules/img${String(i).padStart(4, '0')}.png`] = '';
    const ws = writeTree(tempDir(), files);
    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'cursor');
    expect(onFolders(JSON.parse(check.stdout) as CheckJson), check.stderr).toEqual([]);
    expect(check.status, check.stderr).toBe(0);
  }, 120_000);
});
