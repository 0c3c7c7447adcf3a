import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { writeScenarioTree } from '../rules/scenario';
import { loadVectors, type DiscoveryScenario } from '../rules/vectors';

/*
 * `rule://NAME` and other internal URLs in ast-edit's paths (ast-edit.md §3), through the
 * built CLI: a rule resolves to the file the xcsh agent loads for it, confined to the
 * workspace folder like any path; globs and URLs without a backing file are errors.
 */

const STYLE = '---\ndescription: Code style\n---\nUse tabs.\n';
/** Every `key: value` of a YAML document becomes `key: edited`: rule files parse as YAML (front matter, then the body as a scalar). */
const EDIT = ['ast-edit', '--pat', '$K: $V', '--out', '$K: edited', '--lang', 'yaml'];

function agentls(cwd: string, args: string[], home?: string): { code: number | null; stdout: string; stderr: string } {
  const r = builtCli(args, { cwd, root: cwd, home });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const read = (p: string) => fs.readFileSync(p, 'utf8');

describe('agentls ast-edit with rule:// paths', () => {
  it('rewrites the rule file rule://NAME resolves to, beside a plain path', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/style.md': STYLE, 'config.yaml': 'name: demo\n' });
    const preview = agentls(ws, [...EDIT, 'rule://style', 'config.yaml']);
    expect(preview.stderr).toBe('');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('## style.md (1 replacement)');
    expect(read(path.join(ws, '.xcsh/rules/style.md'))).toBe(STYLE);

    const applied = agentls(ws, [...EDIT, 'rule://style', 'config.yaml', '--apply']);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toContain('Applied 2 replacements in 2 files.');
    expect(read(path.join(ws, '.xcsh/rules/style.md'))).toBe('---\ndescription: edited\n---\nUse tabs.\n');
    expect(read(path.join(ws, 'config.yaml'))).toBe('name: edited\n');
  });

  it("gives upstream's errors for globs and URLs without a backing file, and writes nothing, even beside a good path", () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/style.md': STYLE, 'config.yaml': 'name: demo\n' });
    const cases: [string, string][] = [
      ['rule://*', 'Glob patterns are not supported for internal URLs: rule://*'],
      ['rule://st?le', 'Glob patterns are not supported for internal URLs: rule://st?le'],
      ['rule://nope', 'Cannot rewrite internal URL without a backing file: rule://nope (Unknown rule: nope; Available: style)'],
      ['rule://', 'Cannot rewrite internal URL without a backing file: rule:// (rule:// URL requires a rule name: rule://<name>)'],
      ['agent://reviewer', 'Cannot rewrite internal URL without a backing file: agent://reviewer'],
      ['memory://root', 'Cannot rewrite internal URL without a backing file: memory://root'],
    ];
    for (const [entry, message] of cases) {
      const r = agentls(ws, [...EDIT, 'config.yaml', entry, '--apply']);
      expect(r.code, entry).toBe(2);
      expect(r.stderr, entry).toContain(`agentls ast-edit: ${entry}: ${message}`);
      expect(r.stdout, entry).toBe('');
    }
    expect(read(path.join(ws, 'config.yaml'))).toBe('name: demo\n');
    expect(read(path.join(ws, '.xcsh/rules/style.md'))).toBe(STYLE);
  });

  it('agentls check finds the rule a recipe names, and reports one naming no rule', () => {
    const recipe = (url: string) => `ops:\n  - pat: "description: $D"\n    out: "description: Tabs"\npaths:\n  - ${url}\nlang: yaml\n`;
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/style.md': STYLE, 'recipes/good.astedit.yaml': recipe('rule://style'), 'recipes/bad.astedit.yaml': recipe('rule://nope') });
    const r = agentls(ws, ['check', 'recipes']);
    expect(r.stdout).toContain('recipes/bad.astedit.yaml:5:5: error [astedit/unsupported-url] Cannot rewrite internal URL without a backing file: rule://nope (Unknown rule: nope; Available: style)');
    expect(r.stdout).not.toContain('recipes/good.astedit.yaml');
    expect(r.code).toBe(1);
  });

  it('does not follow a rule folder linked out of the workspace, nor edit a user-level rule', () => {
    const outside = writeTree(tempDir('agentls-outside-'), { 'style.md': STYLE });
    const ws = writeTree(tempDir(), { '.git/HEAD': '' });
    fs.mkdirSync(path.join(ws, '.xcsh'));
    fs.symlinkSync(outside, path.join(ws, '.xcsh', 'rules'));
    const linked = agentls(ws, [...EDIT, 'rule://style', '--apply']);
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain('agentls ast-edit: rule://style: Cannot rewrite internal URL without a backing file: rule://style (Unknown rule: style; Available: none; agentls does not read .xcsh/rules');
    expect(read(path.join(outside, 'style.md'))).toBe(STYLE);

    // The xcsh agent's user-level rules live in the home, outside the workspace folder.
    const home = writeTree(tempDir('agentls-home-'), { '.xcsh/agent/rules/mine.md': STYLE });
    const user = agentls(ws, [...EDIT, 'rule://mine', '--apply'], home);
    expect(user.code).toBe(2);
    expect(user.stderr).toContain(`rule://mine (${path.join(home, '.xcsh/agent/rules/mine.md')}) lies outside the workspace folders`);
    expect(read(path.join(home, '.xcsh/agent/rules/mine.md'))).toBe(STYLE);
  });
});

/*
 * The rule:// answers of the rules-discovery vectors (the agent's `RuleProtocolHandler`), through
 * ast-edit: a name resolving to a file of the workspace folder edits that file, one resolving to a
 * file outside it (the home, a parent folder) is refused as outside, one the agent cannot resolve
 * has no backing file, with the agent's own words.
 */
describe('rules-discovery vectors: rule:// through ast-edit', () => {
  const { scenarios } = loadVectors<{ scenarios: DiscoveryScenario[] }>('rules-discovery.json');
  const withUrls = scenarios.filter((s) => s.resolve?.length);
  it('has the scenarios that resolve rule:// names', () => {
    expect(withUrls.length).toBeGreaterThan(5);
  });
  for (const scenario of withUrls) {
    it(scenario.id, () => {
      const { cwd, home, abs } = writeScenarioTree(scenario);
      const env = scenario.env?.PI_CONFIG_DIR !== undefined ? { PI_CONFIG_DIR: scenario.env.PI_CONFIG_DIR } : undefined;
      for (const name of scenario.resolve!) {
        const expected = scenario.expect.ruleUrl![name];
        const url = `rule://${name}`;
        const r = builtCli([...EDIT, '--profile', 'xcsh', url, '--apply'], { cwd, root: cwd, home, env });
        if ('error' in expected) {
          expect(r.status, name).toBe(2);
          expect(r.stderr, name).toContain(`${url}: Cannot rewrite internal URL without a backing file: ${url} (${expected.error.replace(/\n/g, '; ')})`);
          continue;
        }
        const file = abs(expected.sourcePath);
        if (!file.startsWith(cwd + path.sep)) {
          expect(r.status, name).toBe(2);
          expect(r.stderr, name).toContain(`${url} (${file}) lies outside the workspace folders`);
          expect(read(file), name).toBe(scenario.tree[expected.sourcePath]);
          continue;
        }
        expect(r.stderr, name).toBe('');
        expect(r.status, name).toBe(0);
        // The front matter's keys were edited, in the very file the vector names.
        expect(read(file), name).not.toBe(scenario.tree[expected.sourcePath]);
        expect(read(file), name).toMatch(/^---\n(?:[\w-]+: edited\n)+---\n/);
        // Put back: an edited `alwaysApply` would change what the next names resolve to.
        fs.writeFileSync(file, scenario.tree[expected.sourcePath] as string);
      }
    });
  }
});
