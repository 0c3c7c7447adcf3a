import { describe, expect, it } from 'vitest';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

const XCSH_STYLE = '---\ndescription: Use the design tokens\n---\nUse the design tokens.\n';
const CURSOR_STYLE = '---\ndescription: Style\nalwaysApply: false\n---\nStyle rule.\n';
const SHADOWED =
  ".cursor/rules/style.mdc:1:1: error [rule/shadowed] The xcsh agent never reads this rule: .xcsh/rules/style.md (xcsh's own folder, project) has the same name `style` and wins (xcsh's own folder has a higher priority than Cursor's folder).";

/**
 * A project with a rule of the same name in xcsh's folder and in Cursor's, whose
 * `agentls.json` leaves the xcsh one out of agentls's own work. The xcsh agent reads no
 * agentls setting (rules.md §2.1: its walker honours the ignore files alone), so it still
 * loads that rule, and the Cursor one is still shadowed for it.
 */
function project(config: object): string {
  return writeTree(tempDir(), {
    'agentls.json': JSON.stringify(config),
    '.xcsh/rules/style.md': XCSH_STYLE,
    '.cursor/rules/style.mdc': CURSOR_STYLE,
  });
}

interface Buckets {
  buckets: { rulebook: string[] };
  rules: { name: string; path: string }[];
}

describe("the xcsh agent's rules ignore agentls's own excludes", () => {
  it('search.exclude in agentls.json: the rule is still loaded, not called ignored by .gitignore', async () => {
    const ws = project({ search: { exclude: ['.xcsh/rules/style.md'] } });
    const home = tempDir('agentls-home-');
    const rules = await cli(['rules', '--json', '--home', home], ws);
    expect(rules.code).toBe(0);
    const result = JSON.parse(rules.stdout) as Buckets;
    expect(result.buckets.rulebook).toEqual(['style']);
    expect(result.rules.find((r) => r.name === 'style')?.path).toBe('.xcsh/rules/style.md');

    const check = await cli(['check', '--home', home], ws);
    expect(check.stdout).not.toContain('rule/not-read');
    expect(check.stdout.split('\n')).toContain(SHADOWED);
  });

  it("agentls.json's ignore leaves the file unchecked, and the rule it holds still shadows the Cursor one", async () => {
    const ws = project({ ignore: ['.xcsh/rules/style.md'] });
    const check = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    const lines = check.stdout.split('\n');
    expect(lines).toContain(SHADOWED);
    expect(lines.filter((l) => l.startsWith('.xcsh/rules/style.md:'))).toEqual([]);
    expect(check.code).toBe(1);
  });

  it("git's exclude file (.git/info/exclude) is one of the ignore files the xcsh agent honours: the rule is not read", async () => {
    const ws = project({});
    git(ws, 'init', '-q');
    writeTree(ws, { '.git/info/exclude': 'style.md\n' });
    const home = tempDir('agentls-home-');
    const rules = JSON.parse((await cli(['rules', '--json', '--home', home], ws)).stdout) as Buckets;
    expect(rules.rules.find((r) => r.name === 'style')?.path).toBe('.cursor/rules/style.mdc');
    const check = await cli(['check', '--home', home], ws);
    expect(check.stdout).toContain(".xcsh/rules/style.md:1:1: warning [rule/not-read] The xcsh agent never reads this file: it is ignored by the ignore files (.gitignore, .ignore, git's exclude files)");
  });
});
