import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { nestedWindsurfTree, SCOPE_NOT_DOCUMENTED } from '../helpers/nestedWindsurfRules';
import { builtCli } from '../helpers/cliWithHome';

/** The built CLI's output, as a user runs it, once it exited 0. */
const agentls = (ws: string, ...args: string[]): string => {
  const { status, stdout, stderr } = builtCli(args, { cwd: ws });
  expect(status, stderr).toBe(0);
  return stdout;
};

/** Windsurf's rules for one file, as `rules --for --json` gives them. */
const windsurfFor = (ws: string, file: string) => (JSON.parse(agentls(ws, 'rules', '--for', file, '--json')) as RulesForFileResult).agents.find((a) => a.agent === 'windsurf')?.rules ?? [];

describe("agentls rules lists a package's own .windsurf/rules, which Windsurf discovers", () => {
  it('--for a file of the package: its rules apply, with their folder, the scope said as a likelihood', () => {
    const ws = nestedWindsurfTree();
    const rules = windsurfFor(ws, 'packages/web/src/x.tsx');
    expect(rules.map((r) => [r.path, r.applies, r.onDemandIn])).toEqual([
      ['.windsurf/rules/root.md', true, undefined],
      ['packages/web/.windsurf/rules/tsx.md', true, 'packages/web'],
      ['packages/web/.windsurf/rules/web.md', true, 'packages/web'],
    ]);
    expect(rules[2].reason).toContain('most likely for files under packages/web/');
    expect(rules[2].reason).toContain(SCOPE_NOT_DOCUMENTED);
    // A file elsewhere: listed, with why they most likely do not reach it.
    const other = windsurfFor(ws, 'src/a.ts');
    expect(other.map((r) => [r.path, r.applies])).toEqual([
      ['.windsurf/rules/root.md', true],
      ['packages/web/.windsurf/rules/tsx.md', false],
      ['packages/web/.windsurf/rules/web.md', false],
    ]);
    expect(other[2].reason).toBe(`in packages/web/.windsurf/rules: Windsurf most likely applies it only to files under packages/web/ (${SCOPE_NOT_DOCUMENTED})`);
  });

  it('in nestedFolders of --json and a section of the text whose note says the docs do not give the scope, out of "sent in every request"', () => {
    const ws = nestedWindsurfTree();
    const buckets = JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult;
    expect(buckets.nestedFolders?.map((f) => ({ agent: f.agent, folder: f.folder, rules: f.rules.map((r) => r.path) }))).toEqual([
      { agent: 'windsurf', folder: 'packages/web', rules: ['packages/web/.windsurf/rules/tsx.md', 'packages/web/.windsurf/rules/web.md'] },
    ]);
    expect(buckets.alwaysSent?.find((a) => a.agent === 'windsurf')?.items.map((i) => i.path)).toEqual(['.windsurf/rules/root.md']);

    const text = agentls(ws, 'rules');
    const at = text.indexOf(
      'Windsurf, rules in packages/web/.windsurf/rules (2): Windsurf discovers this folder, but its docs do not say which files its rules reach: most likely files under packages/web/ only',
    );
    expect(at, text).toBeGreaterThan(text.indexOf('Sent in every request'));
    expect(text.slice(at)).toMatch(/web\s+packages\/web\/\.windsurf\/rules\/web\.md\s+always, most likely within packages\/web\/ · ≈\d+ tokens?/);
    expect(text.slice(0, at)).not.toContain('packages/web');
  });
});
