import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { MAX_LINTED_FILES } from '../../server/workspace/linter';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { NESTED_FOLDER, nestedCursorTree, nestedFoldersOf } from '../helpers/nestedCursorRules';
import { builtCli } from '../helpers/cliWithHome';

/** The built CLI, as a user runs it: its exit status and both streams. */
function agentls(ws: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return builtCli(args, { cwd: ws });
}

/**
 * The nested Cursor tree in a git work tree whose index holds more files than check lists
 * (`MAX_LINTED_FILES`). No setting lowers that cap, so the files are made in git's index
 * alone, each the empty blob, after the nested rules (`zz/` sorts last): git lists what its
 * index holds (git-ls-files(1): `--cached`, "Show all files cached in Git's index"), so the
 * listing meets the cap in about a second without the files being written.
 */
function treePastTheCap(): string {
  const [, gitTree] = PLAIN_AND_GIT_TREES[1];
  const ws = gitTree(nestedCursorTree());
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: ws, input: '', encoding: 'utf8' }).trim();
  const entries: string[] = [];
  for (let i = 0; i <= MAX_LINTED_FILES; i++) entries.push(`100644 ${blob}\tzz/f${i}\n`);
  execFileSync('git', ['update-index', '--index-info'], { cwd: ws, input: entries.join(''), maxBuffer: 1 << 26 });
  return ws;
}

const STOPPED = `stopped listing . after ${MAX_LINTED_FILES} files`;

describe('agentls rules says when the listing behind the nested folders stopped at the file cap', () => {
  // One tree for the commands below, each its own test: every run lists the 200,001 files (a few
  // seconds of CPU each), and five in one test ran past its timeout on a loaded machine.
  let ws: string;
  beforeAll(() => {
    ws = treePastTheCap();
  }, 30_000);

  it("in check's words on stderr, exiting 2", () => {
    const check = agentls(ws, 'check');
    expect(check.stderr).toContain(`agentls check: ${STOPPED}`);
    expect(check.status).toBe(2);
  });

  it("in its text's last line and on stderr, exiting 2 as check does, and still prints what it listed", () => {
    const text = agentls(ws, 'rules');
    expect(text.status, text.stderr).toBe(2);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`Incomplete: ${STOPPED}: rule folders past that are not listed here.`);
    expect(text.stderr).toContain(`agentls rules: ${STOPPED}\n`);
    // What it did list is still printed.
    expect(text.stdout).toContain('Cursor, rules in packages/web/.cursor/rules (4)');
  });

  it("in --json's incomplete, exiting 2", () => {
    const json = agentls(ws, 'rules', '--json');
    expect(json.status).toBe(2);
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expect(buckets.incomplete).toEqual([STOPPED]);
    expect(nestedFoldersOf(buckets)).toEqual([NESTED_FOLDER]);
  });

  it('for one file, in --json and in the text', () => {
    const forFile = agentls(ws, 'rules', '--for', path.join('packages', 'web', 'x.tsx'), '--json');
    expect(forFile.status).toBe(2);
    expect((JSON.parse(forFile.stdout) as RulesForFileResult).incomplete).toEqual([STOPPED]);
    const forText = agentls(ws, 'rules', '--for', path.join('packages', 'web', 'x.tsx'));
    expect(forText.stdout.trimEnd().split('\n').at(-1)).toBe(`Incomplete: ${STOPPED}: rule folders past that are not listed here.`);
  });

  it('says nothing of it, and exits 0, where the listing is whole', () => {
    const [, gitTree] = PLAIN_AND_GIT_TREES[1];
    const ws = gitTree(nestedCursorTree());
    const json = agentls(ws, 'rules', '--json');
    expect(json.status, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as RuleBucketsResult).incomplete).toBeUndefined();
    expect(agentls(ws, 'rules').stdout).not.toContain('Incomplete');
  });
});
