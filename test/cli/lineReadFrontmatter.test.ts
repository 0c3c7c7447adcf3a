import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RuleBucketsResult } from '../../protocol/rules';
import { LIMITS } from '../../server/core/limits';
import { MAX_METADATA_CHARS } from '../../server/rules/frontmatter';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Rule frontmatter between agentls's YAML parse limit (`MAX_METADATA_CHARS`, 64 KiB) and the
 * most it reads (`LIMITS.ruleFrontmatterChars`) is read line by line; its globs written as a
 * block list must still give the rule its globs, never "always, in every request". A value the
 * lines cannot give leaves the rule not counted. And an alias bomb in a Continue rule is said as
 * Continue reads it (no frontmatter), never read as a made-up glob. All through the built CLI.
 */
const PAD = Array.from({ length: 7000 }, (_, i) => `key${i}: v`).join('\n');

function rule(head: string): string {
  const meta = `${head}\n${PAD}`;
  if (meta.length <= MAX_METADATA_CHARS || meta.length > LIMITS.ruleFrontmatterChars) throw new Error('the fixture must sit between the two limits');
  return `---\n${meta}\n---\nBody.\n`;
}

function workspace(files: Record<string, string>): string {
  return writeTree(tempDir(), { '.git/HEAD': '', 'src/a.ts': 'export {};\n', 'lib/b.ts': 'export {};\n', ...files });
}

function agentRules(ws: string) {
  const result = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as RuleBucketsResult;
  const rules = Object.fromEntries((result.agentRules ?? []).flatMap((a) => a.rules.map((r) => [r.path, { mode: r.mode, globs: r.globs }])));
  const uncounted = Object.fromEntries((result.alwaysSent ?? []).flatMap((a) => (a.uncounted ?? []).map((u) => [u.path, u.reason])));
  return { rules, uncounted };
}

describe('a rule frontmatter read line by line (over 64 KiB)', () => {
  it('reads block lists of globs (Continue, Claude Code, Kiro), quoted or not, with comments', () => {
    const ws = workspace({
      '.continue/rules/c.md': rule('name: C\nglobs:\n  - "src/**"\n  # a comment\n\n  - lib/** # the library'),
      '.claude/rules/r.md': rule("paths:\n- 'src/**'"),
      '.kiro/steering/k.md': rule('inclusion: fileMatch\nfileMatchPattern:\n  - "src/**"'),
    });
    const { rules, uncounted } = agentRules(ws);
    expect(rules['.continue/rules/c.md']).toEqual({ mode: 'glob', globs: ['src/**', 'lib/**'] });
    expect(rules['.claude/rules/r.md']).toEqual({ mode: 'glob', globs: ['src/**'] });
    expect(rules['.kiro/steering/k.md']).toEqual({ mode: 'glob', globs: ['src/**'] });
    expect(uncounted).toEqual({});
  });

  it('a block scalar (`description: |`) is read as text, and a value no agent reads (a nested `meta:` map) leaves the rule read', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `  line of text ${i}`).join('\n');
    const ws = workspace({
      '.continue/rules/desc.md': rule(`globs: src/**\ndescription: |\n${lines}`),
      '.xcsh/rules/nest.md': rule('description: d\nalwaysApply: true\nmeta:\n  a: b'),
    });
    const { rules, uncounted } = agentRules(ws);
    expect(rules['.continue/rules/desc.md']).toEqual({ mode: 'glob', globs: ['src/**'] });
    expect(uncounted).toEqual({});
    // The xcsh agent's rule is read (its bucket is the line fallback's prediction, `frontmatter/too-large`), not left out.
    const result = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as RuleBucketsResult;
    expect(result.rules.map((r) => r.path)).toEqual(['.xcsh/rules/nest.md']);
  });

  it('a value the lines cannot give leaves the rule not counted, and `check` says why', () => {
    const ws = workspace({
      '.continue/rules/alias.md': rule('globs:\n  - src/**\n  - *other'),
      '.claude/rules/nested.md': rule('paths:\n  src: yes'),
      '.continue/rules/long.md': rule(`globs:\n${'  - a\n'.repeat(LIMITS.frontmatterListItems + 1)}`),
    });
    const { rules, uncounted } = agentRules(ws);
    expect(rules).toEqual({});
    expect(uncounted['.continue/rules/alias.md']).toMatch(/^not read: its frontmatter has [\d,]+ characters, more than the 65,536 agentls parses as YAML, and the value of `globs` is not one agentls reads line by line \(its list item `\*other` is not a plain or quoted string\)$/);
    expect(uncounted['.claude/rules/nested.md']).toContain('the value of `paths` is not one agentls reads line by line (the lines below its key are not a list)');
    expect(uncounted['.continue/rules/long.md']).toContain(`(its list has more items than the ${LIMITS.frontmatterListItems} agentls reads line by line)`);
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toMatch(/\.continue\/rules\/alias\.md:1:1: warning \[frontmatter\/too-large\] This frontmatter has [\d,]+ characters, more than the 65,536 agentls parses as YAML, and the value of `globs` is not one agentls reads line by line .*: agentls does not read it, so what it means to Continue/);
    expect(out).not.toContain('dead-glob');
  });
});

/** A billion-laughs block behind Continue's `globs`: ten levels of nine aliases each. */
function aliasBomb(): string {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  const names = 'abcdefghij';
  for (let i = 1; i < names.length; i++) lines.push(`${names[i]}: &${names[i]} [${Array.from({ length: 9 }, () => `*${names[i - 1]}`).join(',')}]`);
  return `---\nname: Bomb\n${lines.join('\n')}\nglobs: *j\n---\nBody.\n`;
}

describe('an alias bomb in a Continue rule', () => {
  it("is an error saying Continue's parser throws on it and drops the block, and the rule is listed as sent always, not as a glob `*j`", () => {
    const text = aliasBomb();
    // Continue parses the block with `YAML.parse` of this same package at its default options
    // (packages/config-yaml/src/markdown/markdownToRule.ts): the bomb must be past that default.
    expect(() => parse(text.slice(4, text.indexOf('\n---', 3)))).toThrow(/Excessive alias count/);
    const ws = workspace({ '.continue/rules/bomb.md': text });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain(
      ".continue/rules/bomb.md:1:1: error [frontmatter/yaml-error] The frontmatter's YAML aliases expand to more than 100 values: Continue's YAML parser (the `yaml` package, at its default limit of 100) throws on it, so Continue reads none of its keys and takes the whole file, this block included, as the rule's text, sent in every request (continuedev/continue, packages/config-yaml/src/markdown/markdownToRule.ts",
    );
    expect(out).not.toContain('is not known');
    expect(out).not.toContain('*j');
    const { rules, uncounted } = agentRules(ws);
    expect(rules).toEqual({ '.continue/rules/bomb.md': { mode: 'always', globs: undefined } });
    expect(uncounted).toEqual({});
  });
});
