import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { fixturePath } from '../helpers/repo';
import { codeScanningViolations, sarifViolations } from './sarif';
import { builtCliAsync } from '../helpers/cliWithHome';

const ws = fixturePath('rules-lint');
const home = fixturePath('rules-lint-home');

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const run = await builtCliAsync(args, { cwd: ws, home: null });
  return { stdout: run.stdout, stderr: run.stderr, code: run.status };
}

interface CheckJson {
  diagnostics: { path: string; range: { start: { line: number; character: number } }; severity: string; code: string; message: string }[];
}

describe('agentls check on rule files', () => {
  it('reports every family in JSON, with paths relative to the root, and exits 1 on errors', async () => {
    const { stdout, stderr, code } = await cli('check', '--format', 'json', '--home', home);
    expect(code).toBe(1);
    const json = JSON.parse(stdout) as CheckJson;
    const rules = json.diagnostics.filter((d) => /^(rule|frontmatter|rule-url)\//.test(d.code));
    const at = (p: string, c: string) => rules.find((d) => d.path === p && d.code === c);
    expect(at('.cursor/rules/style.mdc', 'rule/shadowed')).toMatchObject({ severity: 'error', range: { start: { line: 0, character: 0 } } });
    expect(at('.cursor/rules/testing.mdc', 'frontmatter/fallback-string')).toMatchObject({ severity: 'error', range: { start: { line: 3, character: 0 } } });
    expect(at('.cursor/rules/cursor-glob.mdc', 'frontmatter/yaml-error')?.severity).toBe('information');
    expect(at('.xcsh/rules/ghost.md', 'rule/empty-body-shadows')?.severity).toBe('error');
    expect(at('.cursorrules', 'rule/not-read')?.severity).toBe('warning');
    expect(at('docs/guide.md', 'rule-url/unknown')?.message).toContain('Available: ');
    // The user's own rules are read (they shadow the project's) but their findings are not the project's: said, not reported.
    const userFile = path.join(home, '.cursor/rules/style.mdc').split(path.sep).join('/');
    expect(json.diagnostics.filter((d) => d.path.startsWith('/'))).toEqual([]);
    expect(stderr).toMatch(/^agentls check: \d+ problems? in your user-level rules \(.*\/\.cursor\/rules\/style\.mdc\) (is not reported: it is not the project's and does not fail its run; .* reports it|are not reported: they are not the project's and do not fail its run; .* reports them)\n$/);
    expect(stderr).toMatch(/; agentls check --home \S+ \S+style\.mdc reports (it|them)\n$/);
    // The command it gives checks those very files: this run's --home, not the shell's ~.
    expect(stderr).toContain(`agentls check --home ${home} ${path.join(home, '.cursor/rules/style.mdc')} reports`);
    // Named, they are checked and reported.
    const named = JSON.parse((await cli('check', '--format', 'json', '--home', home, userFile)).stdout) as CheckJson;
    expect(named.diagnostics.find((d) => d.path === userFile && d.code === 'rule/shadowed')).toBeDefined();
    const folder = await cli('check', '--format', 'json', '--home', home, path.dirname(userFile));
    expect((JSON.parse(folder.stdout) as CheckJson).diagnostics.map((d) => d.path)).toContain(userFile);
    const families = new Set(rules.map((d) => d.code.split('/')[0]));
    expect([...families].sort()).toEqual(['frontmatter', 'rule', 'rule-url']);
  });

  it('writes SARIF 2.1.0 with every property the schema and GitHub code scanning require', async () => {
    const { stdout, code } = await cli('check', '--format', 'sarif', '--home', home);
    expect(code).toBe(1);
    const log = JSON.parse(stdout) as { runs: { tool: { driver: { rules: { id: string; shortDescription: { text: string } }[] } }; results: { ruleId: string }[] }[] };
    expect(sarifViolations(log)).toEqual([]);
    expect(codeScanningViolations(log)).toEqual([]);
    const run0 = log.runs[0];
    expect(run0.results.some((r) => r.ruleId === 'rule/shadowed')).toBe(true);
    const shadowedRule = run0.tool.driver.rules.find((r) => r.id === 'rule/shadowed')!;
    expect(shadowedRule.shortDescription.text).toMatch(/same rule name/);
    // GitHub shows a rule's help beside its results: it says how to fix or silence the code.
    expect((shadowedRule as { help?: { text: string } }).help?.text).toContain('--severity rule/shadowed=LEVEL');
    // A friendly name is one Pascal-case identifier (the SARIF Multitool's SARIF2012 note), for every code.
    const names = run0.tool.driver.rules.map((r) => (r as { name?: string }).name);
    expect(names[run0.tool.driver.rules.indexOf(shadowedRule)]).toBe('RuleShadowed');
    expect(names.filter((n) => !/^[A-Z][A-Za-z0-9]*$/.test(n ?? ''))).toEqual([]);
  });

  it('the SARIF check catches what the schema forbids (it can fail)', () => {
    expect(sarifViolations({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ level: 'fatal', locations: [{ physicalLocation: { region: { startLine: 0 } } }] }] }] })).toEqual([
      '$.runs[0].tool.driver: missing required "name"',
      '$.runs[0].results[0]: missing required "message"',
      '$.runs[0].results[0].message: expected a message object',
      '$.runs[0].results[0].level: not an allowed value',
      '$.runs[0].results[0].locations[0].physicalLocation: needs "artifactLocation" or "address"',
      '$.runs[0].results[0].locations[0].physicalLocation.region.startLine: expected an integer ≥ 1, got 0',
    ]);
    expect(sarifViolations({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, invocations: [{ toolExecutionNotifications: [{ level: 'fatal' }] }] }] })).toEqual([
      '$.runs[0].invocations[0]: missing required "executionSuccessful"',
      '$.runs[0].invocations[0].executionSuccessful: expected a boolean',
      '$.runs[0].invocations[0].toolExecutionNotifications[0]: missing required "message"',
      '$.runs[0].invocations[0].toolExecutionNotifications[0].message: expected a message object',
      '$.runs[0].invocations[0].toolExecutionNotifications[0].level: not an allowed value',
    ]);
  });

  it("the code scanning check catches what GitHub's ingestion refuses (it can fail)", () => {
    const rules = [{ id: 'a', shortDescription: { text: 'A' } }, { id: '', name: 'n'.repeat(256), shortDescription: { text: 'd'.repeat(1025) }, fullDescription: { text: '' }, help: {} }];
    expect(codeScanningViolations({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x', rules } } }, { tool: { driver: { name: 'y' } } }] })).toEqual([
      '$.runs[0].tool.driver.rules[0].fullDescription.text: required, not empty',
      '$.runs[0].tool.driver.rules[0].help.text: required, not empty',
      '$.runs[0].tool.driver.rules[1].id: required, not empty',
      '$.runs[0].tool.driver.rules[1].name: a string of at most 255 characters',
      '$.runs[0].tool.driver.rules[1].shortDescription.text: longer than 1024 characters',
      '$.runs[0].tool.driver.rules[1].fullDescription.text: required, not empty',
      '$.runs[0].tool.driver.rules[1].help.text: required, not empty',
      '$.runs[1].tool.driver.rules: required',
    ]);
  });

  it('checks only the files named, and exits 0 when they have no error', async () => {
    const { stdout, code } = await cli('check', '--format', 'json', '--home', home, '.xcsh/rules/style.md', '.cursor/rules/cursor-glob.mdc');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as CheckJson;
    // The fixture holds no source files: the globs of both rules match nothing (a warning: neither rule has a live glob).
    expect(json.diagnostics.map((d) => [d.path, d.code])).toEqual([
      ['.cursor/rules/cursor-glob.mdc', 'frontmatter/yaml-error'],
      ['.cursor/rules/cursor-glob.mdc', 'context/dead-glob'],
      ['.xcsh/rules/style.md', 'context/drift'],
      ['.xcsh/rules/style.md', 'context/dead-glob'],
    ]);
  });
});

describe('agentls rules', () => {
  it('--json prints the agentls/ruleBuckets result', async () => {
    const { stdout, code } = await cli('rules', '--json', '--home', home);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as RuleBucketsResult;
    expect(result.root).toBe(ws);
    expect(result.profile).toBe('seed');
    expect(result.buckets.rulebook).toContain('style');
    expect(result.buckets.ttsr).toEqual(['bad-regex', 'glob-condition', 'no-log']);
    expect(result.rules.find((r) => r.name === 'personal')).toMatchObject({ provider: 'native', level: 'user', priority: 100, path: path.join(home, '.xcsh/agent/rules/personal.md') });
    expect(result.shadowed.find((s) => s.path === '.cursor/rules/style.mdc')?.shadowedBy).toBe('.xcsh/rules/style.md');
    expect(result.warnings).toEqual([`[OMP] Invalid item at ${path.join(ws, '.xcsh/rules/ghost.md')}: Rule must have content`]);
  });

  it('predicts the other agent with --profile xcsh', async () => {
    const seed = JSON.parse((await cli('rules', '--json', '--home', home)).stdout) as RuleBucketsResult;
    const xcsh = JSON.parse((await cli('rules', '--json', '--home', home, '--profile', 'xcsh')).stdout) as RuleBucketsResult;
    // bad-regex keeps one valid pattern: TTSR under both. glob-condition: `*.rs` becomes a scope, TTSR under both.
    expect(xcsh.buckets.ttsr).toEqual(seed.buckets.ttsr);
    // types.md: `always-apply: true` counts only for xcsh.
    expect(xcsh.buckets.alwaysApply).toContain('types');
    expect(seed.buckets.alwaysApply).not.toContain('types');
  });

  it('prints the text report and the system-prompt section', async () => {
    const text = await cli('rules', '--home', home);
    expect(text.stdout).toMatch(/^Rulebook \(\d+\): listed by name and description/m);
    const prompt = await cli('rules', '--prompt', 'default', '--home', home);
    expect(prompt.stdout).toContain('# Rules\n\nDomain-specific rules from past experience.');
    expect(prompt.stdout).toContain('## style (Domain: src/**/*.ts)');
    const bad = await cli('rules', '--prompt', 'fancy');
    expect(bad.code).toBe(2);
    // Two answers asked for at once: refused, not one of them dropped in silence.
    const both = await cli('rules', '--prompt', 'default', '--for', 'src/a.ts', '--home', home);
    expect(both.code).toBe(2);
    expect(both.stdout).toBe('');
    expect(both.stderr).toContain('--prompt and --for cannot be combined');
    const json = await cli('rules', '--prompt', 'custom', '--json', '--home', home);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('leave out --json');
  });
});
