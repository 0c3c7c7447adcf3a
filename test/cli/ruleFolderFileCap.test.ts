import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { LIMITS } from '../../server/core/limits';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * A rule folder of more files than agentls reads (`LIMITS.ruleFolderFiles`): the first ones
 * by name are read and checked, the folder says how many more there are and that they are not.
 */

const N = LIMITS.ruleFolderFiles;
// The last by name, left out: read, its string `paths` would be a wrong-type error of Cline's.
const LAST = `r${String(N).padStart(4, '0')}.md`;
// The global folder's names differ from the project's: a file of the same id would replace the project's for Cline 4 (`rule/shadowed`).
const GLOBAL_LAST = `g${String(N).padStart(4, '0')}.md`;
const BROKEN = '---\npaths: "src/**"\n---\nTyped.\n';

/** `count` always-on rules named `letter` and a number, the last of them `BROKEN`, under `prefix`. */
function ruleFiles(prefix: string, count: number, letter = 'r'): Record<string, string> {
  const tree: Record<string, string> = {};
  for (let i = 0; i < count; i++) tree[`${prefix}/${letter}${String(i).padStart(4, '0')}.md`] = i === count - 1 ? BROKEN : `Rule ${i}.\n`;
  return tree;
}

type Sent = { agent: string; items: { path?: string }[] };

const CAPPED = `This rule folder holds ${(N + 1).toLocaleString('en-US')} rule files; agentls reads up to ${N.toLocaleString('en-US')} rule files: the 1 past the first ${N.toLocaleString('en-US')} by name is not checked.`;

describe('a rule folder of more files than agentls reads', () => {
  it(`reads the first ${N} by name of .clinerules and of Cline's global folder, and says the rest are not checked (rules, check)`, () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', ...ruleFiles('.clinerules', N + 1) });
    const home = writeTree(tempDir('agentls-home-'), ruleFiles('.cline/rules', N + 1, 'g'));
    const global = path.join(home, '.cline', 'rules');

    const rules = agentlsWithHome(ws, home, 'rules', '--json', '--agents', 'cline');
    expect(rules.status, rules.stderr).toBe(0);
    const buckets = JSON.parse(rules.stdout) as RuleBucketsResult & { alwaysSent: Sent[] };
    const sent = buckets.alwaysSent.find((a) => a.agent === 'cline')!.items.map((i) => i.path);
    expect(sent.length).toBe(2 * N);
    expect(sent).not.toContain(`.clinerules/${LAST}`);
    expect(sent).not.toContain(path.join(global, GLOBAL_LAST));
    expect(sent).toContain(path.join(global, `g${String(N - 1).padStart(4, '0')}.md`));
    expect(buckets.unread?.map((u) => [u.path, u.code, u.message])).toEqual([
      ['.clinerules', 'rule/too-large', CAPPED],
      [global, 'rule/too-large', CAPPED],
    ]);

    const check = agentlsWithHome(ws, home, 'check', '--format', 'json', '--agents', 'cline');
    expect(check.status, check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([['.clinerules', 'rule/too-large', CAPPED]]);
    // The global folder's word is the user's, not the project's: said on standard error, as its other findings are.
    expect(check.stderr).toContain('1 problem in your user-level rules (~/.cline/rules)');

    // Named, the global folder's files are checked as far as the cap; the run that was asked for the rest says it is incomplete (exit 2).
    const named = agentlsWithHome(ws, home, 'check', '--format', 'json', '--agents', 'cline', global);
    expect(named.status, named.stderr).toBe(2);
    const namedReport = JSON.parse(named.stdout) as CheckJson;
    // The folder named says its cap on itself, as the project's does.
    expect(namedReport.diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([[global, 'rule/too-large', CAPPED]]);
    // Named, it is walked as Cline reads it, subfolders too (`userAreaReading.ts`), with the walk's budget of entries: the run says where that stopped,
    // naming the folder by its absolute path, as JSON names every user-level file.
    expect(namedReport.incomplete).toEqual([
      `${global}: This rule folder holds ${(N + 1).toLocaleString('en-US')} entries; agentls reads up to ${N.toLocaleString('en-US')} entries: its files among the first ${N.toLocaleString('en-US')} by name are read for Cline; the files past them and those in its subfolders are not, so its rules there are not counted and their globs not checked.`,
    ]);
    // The files it read, not every file of the folder: the one past the cap is not checked.
    expect(namedReport.summary.filesChecked).toBe(N);
  }, 60_000);

  it('says nothing at the cap itself', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', ...ruleFiles('.clinerules', N) });
    const rules = agentlsWithHome(ws, tempDir('agentls-home-'), 'rules', '--json', '--agents', 'cline');
    const buckets = JSON.parse(rules.stdout) as RuleBucketsResult;
    expect(buckets.unread).toBeUndefined();
    const check = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', '--agents', 'cline');
    // Read, the last file is Cline's wrong-type error: at the cap every file is checked.
    expect((JSON.parse(check.stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code])).toEqual([[`.clinerules/r${String(N - 1).padStart(4, '0')}.md`, 'frontmatter/wrong-type']]);
  }, 60_000);
});
