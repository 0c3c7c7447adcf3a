import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { EVERY_REQUEST, everyRequestOf, NESTED_FOLDER, nestedCursorTree, nestedFoldersOf } from '../helpers/nestedCursorRules';
import { builtCli } from '../helpers/cliWithHome';

/** The built CLI, as a user runs it. */
function agentls(ws: string, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe.each(PLAIN_AND_GIT_TREES)("agentls rules lists a package's nested .cursor/rules (%s)", (_, prepare) => {
  it('in nestedFolders of --json, out of the xcsh buckets and of every "sent in every request"', () => {
    const ws = prepare(nestedCursorTree());
    const buckets = JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult;
    expect(nestedFoldersOf(buckets)).toEqual([NESTED_FOLDER]);
    expect(everyRequestOf(buckets)).toEqual(EVERY_REQUEST);
  });

  it('as a section of its folder, each rule with how it applies and its path', () => {
    const ws = prepare(nestedCursorTree());
    const text = agentls(ws, 'rules');
    const at = text.indexOf('Cursor, rules in packages/web/.cursor/rules (4): for files under packages/web/ only: sent while one is in context, never in every request');
    expect(at, text).toBeGreaterThan(text.indexOf('Sent in every request'));
    const section = text.slice(at).split('\n').slice(1, 5).map((l) => l.replace(/ · ≈\d+ tokens$/, '').trim().split(/\s{2,}/));
    expect(section).toEqual([
      ['always', 'packages/web/.cursor/rules/always.mdc', 'always, within packages/web/'],
      ['api', 'packages/web/.cursor/rules/api.mdc', 'offered by its description "Calling the web API"'],
      ['release', 'packages/web/.cursor/rules/release.mdc', 'manual: only when named (@release)'],
      ['web', 'packages/web/.cursor/rules/web.mdc', 'glob **/*.tsx'],
    ]);
    // The buckets and the totals before it are the root's rule alone.
    const before = text.slice(0, at);
    expect(before).not.toContain('packages/web');
    expect(before).toContain('Always-apply (1)');
  });
});
