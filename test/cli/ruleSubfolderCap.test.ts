import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { manySubfoldersTree, READ, SUBFOLDERS, SUBFOLDERS_CAPPED, subfolder, uncheckedTail } from '../helpers/ruleSubfolders';

/*
 * A rule folder's subfolders are looked into only as far as one budget for all of them
 * (`LIMITS.ruleSubfolderEntries`): past it, the folder says so, in `agentls rules` as in
 * `agentls check`, as it says a folder of too many rule files (ruleFolderFileCap.test.ts).
 * The server's side: test/lsp/rules/ruleSubfolderCap.test.ts. Cursor's own walk of the
 * subfolders (its rules there) has a budget too, said with this one: toolFolderCap.test.ts;
 * here the xcsh agent alone is shown (`XCSH`), for discovery's budget alone.
 */

const XCSH = ['--agents', 'xcsh'];

type Unread = RuleBucketsResult['unread'];
const unread = (u: Unread) => u?.map((x) => [x.path, x.code, x.message]);

describe('a rule folder of more subfolders than agentls looks into', () => {
  it('says so in agentls rules and agentls check, as a warning on the folder', () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const rules = agentlsWithHome(ws, tempDir('agentls-home-'), 'rules', '--json', ...XCSH);
    expect(rules.status, rules.stderr).toBe(0);
    expect(unread((JSON.parse(rules.stdout) as RuleBucketsResult).unread)).toEqual([['.cursor/rules', 'rule/too-large', SUBFOLDERS_CAPPED]]);

    const check = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', ...XCSH);
    const report = JSON.parse(check.stdout) as CheckJson;
    const onFolder = report.diagnostics.filter((d) => d.path === '.cursor/rules').map((d) => [d.code, d.severity, d.message]);
    // With how many files of check's listing lie in the subfolders not looked into (ruleSubfolderCollapse.test.ts).
    expect(onFolder).toEqual([['rule/too-large', 'warning', SUBFOLDERS_CAPPED + uncheckedTail(SUBFOLDERS - READ)]]);
    // The folder's own rule is read and checked all the same: the run is no less complete for it.
    expect(report.incomplete).toBeUndefined();
  }, 60_000);

  it("lists it with the folders read only in part, not those agentls could not read: the folder's own rules are listed (text, and readInPart in --json)", () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const json = agentlsWithHome(ws, tempDir('agentls-home-'), 'rules', '--json', ...XCSH);
    expect((JSON.parse(json.stdout) as RuleBucketsResult).unread?.map((u) => [u.path, u.readInPart])).toEqual([['.cursor/rules', true]]);
    const text = agentlsWithHome(ws, tempDir('agentls-home-'), 'rules', ...XCSH);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout.endsWith(`\n\nRule folders agentls read only in part (the rules past what it reads are not listed here):\n  .cursor/rules: ${SUBFOLDERS_CAPPED}\n`)).toBe(true);
    expect(text.stdout).not.toContain('could not read');
    // Its own rule is listed all the same.
    expect(text.stdout).toContain('.cursor/rules/a.mdc');
  }, 60_000);

  it('says nothing when the subfolders fit the budget exactly', () => {
    const ws = writeTree(tempDir(), manySubfoldersTree(READ));
    const rules = agentlsWithHome(ws, tempDir('agentls-home-'), 'rules', '--json', ...XCSH);
    expect(rules.status, rules.stderr).toBe(0);
    expect((JSON.parse(rules.stdout) as RuleBucketsResult).unread).toBeUndefined();
  }, 60_000);

  it('never walks round a link from a subfolder back to the rule folder: the link is not followed and the listing ends', () => {
    const ws = writeTree(tempDir(), manySubfoldersTree(2));
    // `.cursor/rules/d0001/up` → `.cursor/rules`, and `.cursor/rules/loop` → `.cursor`: each a way round.
    fs.symlinkSync('..', path.join(ws, '.cursor/rules', subfolder(1), 'up'));
    fs.symlinkSync('..', path.join(ws, '.cursor/rules/loop'));
    const check = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', ...XCSH);
    expect(check.signal, check.stderr).toBeNull();
    const report = JSON.parse(check.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.code === 'rule/too-large')).toEqual([]);
    // Each nested file said once, by its one path: none through a link.
    expect(report.diagnostics.filter((d) => d.code === 'rule/not-read').map((d) => d.path)).toEqual([`.cursor/rules/${subfolder(1)}/x.md`, `.cursor/rules/${subfolder(2)}/x.md`]);
  }, 60_000);
});
