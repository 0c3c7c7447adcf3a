import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/*
 * Under the xcsh profile the engine reads `always-apply` as `alwaysApply` (its parser
 * camelizes kebab-case keys: rules.md §3); Cursor reads the key as written and ignores
 * `always-apply` (its key is `alwaysApply`: agents/cursor.ts has the source), as check's
 * frontmatter/unknown-key says. What agentls says Cursor does with the rule is the same under
 * either profile: offered by its description, never applied always.
 */
const TREE = { '.cursor/rules/style.mdc': '---\ndescription: Style\nalways-apply: true\n---\nUse tokens.\n', 'src/a.ts': 'export const a = 1;\n' };

describe.each(['seed', 'xcsh'])('a Cursor rule saying always-apply: true, under --profile %s', (profile) => {
  const ws = writeTree(tempDir(), TREE);
  const run = (...args: string[]) => builtCli([...args, '--profile', profile], { cwd: ws, root: ws });

  it('is offered by its description to Cursor in rules --for and in the per-agent section of rules', () => {
    const forFile = JSON.parse(run('rules', '--for', 'src/a.ts', '--json').stdout) as RulesForFileResult;
    const cursor = forFile.agents.find((a) => a.agent === 'cursor');
    expect(cursor?.rules.map((r) => [r.name, r.mode, r.applies])).toEqual([['style', 'description', true]]);
    const buckets = JSON.parse(run('rules', '--json').stdout) as RuleBucketsResult;
    expect(buckets.agentRules?.find((a) => a.agent === 'cursor')?.rules.map((r) => [r.name, r.mode, r.description])).toEqual([['style', 'description', 'Style']]);
  });

  it('is frontmatter/unknown-key for Cursor in check', () => {
    const report = JSON.parse(run('check', '--format', 'json').stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code])).toEqual([['.cursor/rules/style.mdc', 'frontmatter/unknown-key']]);
  });
});
