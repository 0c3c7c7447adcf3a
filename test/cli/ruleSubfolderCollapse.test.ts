import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { CURSOR_AND_SUBFOLDERS_CAPPED, manySubfoldersTree, READ, SUBFOLDERS, SUBFOLDERS_CAPPED, uncheckedTail } from '../helpers/ruleSubfolders';

/*
 * `agentls check` lists every file, so it meets the files of the subfolders of a
 * `.cursor/rules` past the budget discovery looks into (`LIMITS.ruleSubfolderEntries`): not
 * checked one by one (hundreds of the same warning), but counted on the folder's one
 * `rule/too-large` finding, and not counted among the files checked. Exit codes stay.
 */

const PAST = SUBFOLDERS - READ;
const UNCHECKED = uncheckedTail(PAST);
const home = () => tempDir('agentls-home-');
const nested = (paths: (string | undefined)[]) => paths.filter((p) => p?.startsWith('.cursor/rules/d'));

type Sarif = { runs: { results: { ruleId: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };

describe('check and the files of a .cursor/rules past the subfolders it looks into', () => {
  it('says them once, on the folder, with how many (JSON, text, SARIF), and checks the others', () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const json = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'xcsh');
    expect(json.status, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.path === '.cursor/rules').map((d) => [d.code, d.severity, d.message])).toEqual([['rule/too-large', 'warning', SUBFOLDERS_CAPPED + UNCHECKED]]);
    expect(nested(report.diagnostics.map((d) => d.path)).length).toBe(READ);
    // The rule, `.xcsh/.keep` and the files within the budget: those past it are not checked.
    expect(report.summary.filesChecked).toBe(READ + 2);

    const text = agentlsWithHome(ws, home(), 'check', '--agents', 'xcsh');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain(`.cursor/rules:1:1: warning [rule/too-large] ${SUBFOLDERS_CAPPED}${UNCHECKED}\n`);
    expect(text.stdout).not.toContain(`.cursor/rules/d0${READ + 1}/`);
    expect(text.stdout).toContain(`Checked ${READ + 1} rule files among ${READ + 2} files: ${READ + 1} problems (0 errors, ${READ + 1} warnings, 0 info).`);

    const sarif = agentlsWithHome(ws, home(), 'check', '--format', 'sarif', '--agents', 'xcsh');
    expect(sarif.status, sarif.stderr).toBe(0);
    const results = (JSON.parse(sarif.stdout) as Sarif).runs[0]!.results;
    expect(nested(results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri)).length).toBe(READ);
    expect(results.filter((r) => r.ruleId === 'rule/too-large').map((r) => r.message.text)).toEqual([SUBFOLDERS_CAPPED + UNCHECKED]);
  }, 120_000);

  it("adds the count to Cursor's finding where its walk stopped too, the exit code unchanged", () => {
    const ws = writeTree(tempDir(), manySubfoldersTree());
    const json = agentlsWithHome(ws, home(), 'check', '--format', 'json');
    expect(json.status, json.stderr).toBe(1);
    const report = JSON.parse(json.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.path === '.cursor/rules').map((d) => [d.code, d.severity, d.message])).toEqual([['rule/too-large', 'error', CURSOR_AND_SUBFOLDERS_CAPPED + UNCHECKED]]);
    expect(nested(report.diagnostics.map((d) => d.path)).length).toBe(READ);
  }, 120_000);
});
