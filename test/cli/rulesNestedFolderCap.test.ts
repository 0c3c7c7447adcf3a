import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { MAX_NESTED_FILES, MAX_NESTED_FOLDERS } from '../../server/rules/context/nestedRules';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/** The built CLI, as a user runs it: its exit status and both streams. */
function agentls(ws: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return builtCli(args, { cwd: ws });
}

/** `count` packages, each with a nested `.cursor/rules` whose one glob rule matches the package's one file (nothing for check to find). */
function packages(count: number): string {
  // A project file at the top: the workspace is this folder, also for `rules --for` a package's file (which, run in a folder
  // without one, names the project holding the file, as check's paths do).
  const tree: Record<string, string> = { 'agentls.json': '{}\n' };
  for (let i = 0; i < count; i++) {
    const name = `packages/p${String(i).padStart(3, '0')}`;
    tree[`${name}/.cursor/rules/r.mdc`] = '---\nglobs: "**/*.ts"\n---\nUse strict types.\n';
    tree[`${name}/x.ts`] = 'export const x = 1;\n';
  }
  return writeTree(tempDir(), tree);
}

const CAPPED = `stopped reading nested .cursor/rules and .windsurf/rules folders after ${MAX_NESTED_FOLDERS}, nearest the root first`;
const LAST = `p${String(MAX_NESTED_FOLDERS).padStart(3, "0")}`;

describe('agentls rules and check say when there are more nested .cursor/rules folders than they read', () => {
  it('rules (text, --json, --for) and check say it in the words of a capped listing and exit 2', () => {
    const ws = packages(MAX_NESTED_FOLDERS + 1);

    const json = agentls(ws, 'rules', '--json');
    expect(json.status, json.stderr).toBe(2);
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expect(buckets.incomplete).toEqual([CAPPED]);
    // Nearest the root first, then by name: the last package is the one left out.
    expect(buckets.nestedFolders?.length).toBe(MAX_NESTED_FOLDERS);
    expect(buckets.nestedFolders?.map((f) => f.folder)).not.toContain(`packages/${LAST}`);

    const text = agentls(ws, 'rules');
    expect(text.status).toBe(2);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`Incomplete: ${CAPPED}: rule folders past that are not listed here.`);
    expect(text.stderr).toContain(`agentls rules: ${CAPPED}\n`);

    // For a file of the package left out, its own folder is read (the folders above a file come first) and the others are capped.
    const forFile = agentls(ws, 'rules', '--for', path.join('packages', LAST, 'x.ts'), '--json');
    expect(forFile.status).toBe(2);
    const answer = JSON.parse(forFile.stdout) as RulesForFileResult;
    expect(answer.incomplete).toEqual([CAPPED]);
    expect(JSON.stringify(answer.agents)).toContain(`packages/${LAST}/.cursor/rules/r.mdc`);

    const check = agentls(ws, 'check');
    expect(check.stderr).toContain(`agentls check: ${CAPPED}\n`);
    expect(check.status).toBe(2);
    const checkJson = JSON.parse(agentls(ws, 'check', '--format', 'json').stdout) as { incomplete?: string[] };
    expect(checkJson.incomplete).toEqual([CAPPED]);
  });

  it('says nothing and exits 0 at the cap itself', () => {
    const ws = packages(MAX_NESTED_FOLDERS);
    const json = agentls(ws, 'rules', '--json');
    expect(json.status, json.stderr).toBe(0);
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expect(buckets.incomplete).toBeUndefined();
    expect(buckets.nestedFolders?.length).toBe(MAX_NESTED_FOLDERS);
    const check = agentls(ws, 'check');
    expect(check.status, check.stderr).toBe(0);
  });
});

describe('agentls rules tells the nested .cursor/rules files past what it reads with their folder', () => {
  it('not under "sent in every request": in the nested section of the folder they load with', () => {
    const tree: Record<string, string> = { '.cursor/rules/root.mdc': '---\nalwaysApply: true\n---\nShort.\n', 'packages/b/.cursor/rules/late.mdc': '---\nglobs: "**/*.ts"\n---\nLate.\n' };
    for (let i = 0; i < MAX_NESTED_FILES; i++) tree[`packages/a/.cursor/rules/r${String(i).padStart(3, '0')}.mdc`] = '---\nglobs: "**/*.ts"\n---\nStrict.\n';
    const ws = writeTree(tempDir(), tree);
    const json = agentls(ws, 'rules', '--json');
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expect(buckets.alwaysSent?.find((a) => a.agent === 'cursor')?.uncounted).toEqual([]);
    const late = buckets.nestedFolders?.find((f) => f.agent === 'cursor' && f.folder === 'packages/b');
    expect(late?.unread?.map((u) => u.path)).toEqual(['packages/b/.cursor/rules/late.mdc']);
    expect(late?.unread?.[0].reason).toContain(`at most ${MAX_NESTED_FILES} rule files`);

    const text = agentls(ws, 'rules').stdout;
    const at = text.indexOf('Cursor, rules in packages/b/.cursor/rules (0)');
    expect(at, text).toBeGreaterThan(text.indexOf('Sent in every request'));
    expect(text.slice(0, at)).not.toContain('late.mdc');
    expect(text.slice(at)).toMatch(/\n {2}not read: packages\/b\/\.cursor\/rules\/late\.mdc \(agentls reads at most/);
  });
});
