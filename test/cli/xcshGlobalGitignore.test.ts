import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { git, globalExcludes } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

const NOT_READ = "The xcsh agent never reads this file: it is ignored by the ignore files (.gitignore, .ignore, git's exclude files), and the xcsh agent skips ignored rule files.";

/**
 * A git work tree with an xcsh rule and a Cursor rule whose names only the user's global
 * excludes (`core.excludesFile`, outside the workspace) leave out: the xcsh agent's walker
 * honours that file too (rules.md §2.1), so it loads neither.
 */
function project(): string {
  const ws = writeTree(tempDir(), {
    '.xcsh/rules/me.local.md': '---\ndescription: My own habits\n---\nMine.\n',
    '.xcsh/rules/style.md': '---\ndescription: Use the design tokens\n---\nUse the design tokens.\n',
    '.cursor/rules/x.local.mdc': '---\ndescription: Mine too\nalwaysApply: false\n---\nMine too.\n',
  });
  git(ws, 'init', '-q');
  return ws;
}

/** The built CLI, as a user runs it, with git's global configuration pointed at the test's. */
function agentls(ws: string, env: Record<string, string>, ...args: string[]): { code: number | null; stdout: string } {
  const run = builtCli(args, { cwd: ws, env });
  return { code: run.status, stdout: run.stdout };
}

describe("rule files the user's global gitignore leaves out, for the xcsh agent", () => {
  it('agentls rules leaves them out of the buckets', () => {
    const ws = project();
    const run = agentls(ws, globalExcludes(['*.local.md', '*.local.mdc']), 'rules', '--json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as RuleBucketsResult;
    expect(result.rules.map((r) => r.path)).toEqual(['.xcsh/rules/style.md']);
    expect(result.buckets.rulebook).toEqual(['style']);
  });

  it('agentls check reports the xcsh one as not read, naming the ignore files', () => {
    const ws = project();
    const run = agentls(ws, globalExcludes(['*.local.md']), 'check', '--format', 'json');
    const report = JSON.parse(run.stdout) as CheckJson;
    const mine = report.diagnostics.filter((d) => d.path === '.xcsh/rules/me.local.md');
    expect(mine.map((d) => [d.code, d.message])).toEqual([['rule/not-read', NOT_READ]]);
  });

  it('without the global excludes, both are loaded (the pattern alone makes the difference)', () => {
    const ws = project();
    const result = JSON.parse(agentls(ws, globalExcludes([]), 'rules', '--json').stdout) as RuleBucketsResult;
    expect(result.rules.map((r) => r.path).sort()).toEqual(['.cursor/rules/x.local.mdc', '.xcsh/rules/me.local.md', '.xcsh/rules/style.md']);
  });
});
