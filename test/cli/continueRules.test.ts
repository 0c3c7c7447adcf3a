import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';
import { workCounts } from '../helpers/workCounts';
import type { RulesForFileResult } from '../../protocol/rulesContext';

/**
 * Continue's rule files (`.continue/rules/**\/*.md`, rules/agents/continue.ts has the sources)
 * through the built CLI: rules written as Continue's users write them are checked clean and
 * listed in the modes Continue applies them; each slip Continue would act on is said, naming
 * Continue; nothing of Continue where it is not in use or not targeted.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/components/Button.tsx': 'x\n', 'src/lib/a.ts': 'x\n', 'src/lib/a.test.ts': 'x\n' };

const CORRECT_RULES = {
  // The docs' quick start: a name, no other key (always, as a rule of `.continue/`).
  '.continue/rules/01-general.md': '---\nname: General coding standards\n---\n\n- Prefer small functions.\n- Write a test for every fix.\n',
  '.continue/rules/frontend/react.md': '---\nname: React components\nglobs: "src/components/**/*.{tsx,jsx}"\ndescription: Conventions for React components\nalwaysApply: false\n---\n\nUse function components and hooks.\n',
  '.continue/rules/typescript.md': '---\nname: TypeScript\nglobs:\n  - "**/*.ts"\n  - "!**/*.test.ts"\nregex: "^import .* from \'.*\';$"\n---\n\nUse strict types.\n',
  '.continue/rules/migrations.md': '---\nname: Database migrations\ndescription: How to write a database migration\nalwaysApply: false\n---\n\nNever edit an applied migration.\n',
  '.continue/rules/pirate.md': '---\nname: Pirate\nalwaysApply: true\nglobs: "docs/**"\n---\nTalk like a pirate.\n',
};

/** `check` of a workspace of the sources and `rules`: the workspace and what check printed. */
function checked(rules: Record<string, string>): { ws: string; out: string } {
  const ws = writeTree(tempDir(), { ...SOURCES, ...rules });
  return { ws, out: builtCli(['check'], { cwd: ws }).stdout };
}

/** Continue's rules as `agentls rules --json` lists them, by path: each one's mode, globs and tokens. */
function continueListed(ws: string): Record<string, [string, string[] | undefined, number]> {
  const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as { agentRules: { agent: string; rules: { path: string; mode: string; globs?: string[]; tokens: number }[] }[] };
  return Object.fromEntries(json.agentRules.find((a) => a.agent === 'continue')!.rules.map((r) => [r.path, [r.mode, r.globs, r.tokens]]));
}

describe('Continue rules in agentls check and rules', () => {
  it('a correct set of rules has no finding', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT_RULES });
    const run = builtCli(['check'], { cwd: ws });
    expect(run.stdout).toBe('Checked 5 rule files among 8 files: no problems.\n');
    expect(run.status).toBe(0);
  });

  it('lists the rules in the modes Continue applies them', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT_RULES });
    const answer = builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout;
    const continueRules = (JSON.parse(answer) as { agentRules: { agent: string; rules: { path: string; mode: string }[] }[] }).agentRules.find((a) => a.agent === 'continue')!.rules;
    expect(Object.fromEntries(continueRules.map((r) => [r.path, r.mode]))).toEqual({
      '.continue/rules/01-general.md': 'always',
      '.continue/rules/frontend/react.md': 'glob',
      '.continue/rules/typescript.md': 'glob',
      '.continue/rules/migrations.md': 'description',
      // `alwaysApply: true` wins over globs (shouldApplyRule).
      '.continue/rules/pirate.md': 'always',
    });
    const button = cliRulesFor(ws, 'src/components/Button.tsx', 'continue');
    // migrations.md is offered by its description through a tool Continue ships turned off (the next test).
    expect(button.filter((r) => r.applies).map((r) => r.path).sort()).toEqual(['.continue/rules/01-general.md', '.continue/rules/frontend/react.md', '.continue/rules/pirate.md']);
    // Its globs match, its `regex` decides: the file's text has no import, so Continue does not attach it.
    expect(cliRulesFor(ws, 'src/lib/a.ts', 'continue').find((r) => r.path === '.continue/rules/typescript.md')).toMatchObject({ applies: false, matchedGlob: '**/*.ts' });
  });

  it('says a rule left to its description reaches the model only through the Request Rules tool, which Continue ships turned off', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT_RULES });
    const listing = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(listing).toMatch(/\.continue\/rules\/migrations\.md +offered by its description "How to write a database migration" only where the user has turned on Continue's Request Rules tool \(request_rule\), off by default \(its defaultToolPolicy "disabled", core\/tools\/definitions\/requestRule\.ts\); else never applied/);
    const migrations = cliRulesFor(ws, 'src/lib/a.ts', 'continue').find((r) => r.path === '.continue/rules/migrations.md')!;
    expect(migrations.applies).toBe(false);
    expect(migrations.reason).toContain("only where the user has turned on Continue's Request Rules tool");
  });

  it("lists the user's ~/.continue/rules, and nothing of Continue where no rule folder holds a file or it is not targeted", () => {
    const ws = writeTree(tempDir(), SOURCES);
    const home = writeTree(tempDir(), { '.continue/rules/mine.md': '---\nname: Mine\n---\nBe brief.\n' });
    const answer = JSON.parse(builtCli(['rules', '--for', 'src/lib/a.ts', '--json'], { cwd: ws, home, mustSucceed: true }).stdout) as RulesForFileResult;
    expect(answer.agents.find((a) => a.agent === 'continue')?.rules.map((r) => [r.path.split('/').pop(), r.applies])).toEqual([['mine.md', true]]);
    expect(cliRulesFor(ws, 'src/lib/a.ts', 'continue')).toEqual([]);
    const withRules = writeTree(tempDir(), { ...SOURCES, '.continue/rules/bad.md': '---\nname: Bad\nalwaysApply: "yes"\n---\nX\n' });
    expect(cliRulesFor(withRules, 'src/lib/a.ts', 'continue', 'cursor')).toEqual([]);
    expect(builtCli(['check', '--agents', 'cursor'], { cwd: withRules }).stdout).toContain('no problems');
  });

  it('says each slip Continue acts on, naming Continue', () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/type.md': '---\nname: A\nalwaysApply: "yes"\n---\nA\n',
      '.continue/rules/slip.md': '---\nname: B\nalways_apply: true\n---\nB\n',
      '.continue/rules/foreign.md': '---\nname: C\napplyTo: "src/**"\n---\nC\n',
      '.continue/rules/trigger.md': '---\nname: D\ntrigger: always_on\n---\nD\n',
      '.continue/rules/dead.md': '---\nname: E\nglobs: "lib/**/*.rb"\n---\nE\n',
      '.continue/rules/comma.md': '---\nname: F\nglobs: "src/**/*.ts, src/**/*.tsx"\n---\nF\n',
      '.continue/rules/globtype.md': '---\nname: G\nglobs: 42\n---\nG\n',
      '.continue/rules/yaml.md': '---\nname: H\nglobs: **/*.ts\n---\nH\n',
      '.continue/rules/negated.md': '---\nname: I\nglobs: ["src/**/*.ts", "!src/**.test.ts"]\n---\nI\n',
      '.continue/rule/misspelt.md': '---\nname: J\n---\nJ\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('.continue/rules/type.md:3:14: warning [frontmatter/wrong-type] Continue expects `alwaysApply` to be true or false, not "yes"');
    expect(out).toContain('.continue/rules/slip.md:3:1: warning [frontmatter/unknown-key] Continue reads `alwaysApply`, not `always_apply`');
    expect(out).toContain("warning [rule/foreign-key] `applyTo` is GitHub Copilot's key: Continue reads `globs` and ignores `applyTo`");
    expect(out).toContain(".continue/rules/trigger.md:3:1: information [rule/foreign-key] `trigger` is Windsurf's key: Continue ignores it.");
    expect(out).toMatch(/\.continue\/rules\/dead\.md:3:\d+: warning \[context\/dead-glob\] Continue never attaches this rule by its globs: "lib\/\*\*\/\*\.rb" matches none/);
    expect(out).toContain('.continue/rules/comma.md:3:8: warning [frontmatter/invalid-glob] Continue does not split `globs` at commas');
    expect(out).toContain('.continue/rules/globtype.md:3:8: warning [frontmatter/wrong-type] Continue reads `globs` as globs');
    // Continue's parser drops frontmatter that is not YAML: the file then goes to every request.
    expect(out).toMatch(/\.continue\/rules\/yaml\.md:3:\d+: error \[frontmatter\/yaml-error\] The frontmatter is not valid YAML .*: Continue then reads none of its keys/);
    // The `!` is Continue's exclusion, kept in the repair; the glob after it is judged.
    expect(out).toContain('.continue/rules/negated.md:3:24: warning [frontmatter/invalid-glob] Continue does not match `!src/**.test.ts` as meant');
    expect(out).toContain('Write "!src/**/*.test.ts"');
    expect(out).toContain('.continue/rule/misspelt.md:1:1: warning [rule/not-read] Continue reads rules from `.continue/rules/`, and this folder is `.continue/rule/`');
  });

  it('says a `globs` of another type makes Continue never attach the rule (unless alwaysApply: true), and lists it so', () => {
    // Continue's `matchesGlobs` matches no path against a value that is neither a string nor a list (rules/agents/continue.ts).
    const { ws, out } = checked({ '.continue/rules/globtype.md': '---\nname: G\nglobs: 42\n---\nG\n', '.continue/rules/always.md': '---\nname: A\nalwaysApply: true\nglobs: 42\n---\nA\n' });
    expect(out).toContain('.continue/rules/globtype.md:3:8: warning [frontmatter/wrong-type] Continue reads `globs` as globs (a list, or one string), not number: it matches no file against this value, so it never attaches this rule');
    expect(out).toContain('.continue/rules/always.md:4:8: warning [frontmatter/wrong-type] Continue reads `globs` as globs (a list, or one string), not number: it ignores this value.');
    expect(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, r.applies])).toEqual([['.continue/rules/always.md', true], ['.continue/rules/globtype.md', false]]);
  });

  it('warns on a `regex` that is not a JavaScript regular expression, which Continue never matches, and on none that is', () => {
    const { out } = checked({
      '.continue/rules/one.md': '---\nname: R\nregex: "([unclosed"\n---\nR\n',
      '.continue/rules/list.md': '---\nname: L\nregex:\n  - "^import "\n  - "a{2,1}"\n---\nL\n',
      // Valid in JavaScript, though not in every dialect: a lookbehind and a named group.
      '.continue/rules/fine.md': '---\nname: F\nregex: "(?<=use )(?<hook>\\\\w+)"\n---\nF\n',
    });
    expect(out).toMatch(/^\.continue\/rules\/one\.md:3:8: warning \[frontmatter\/invalid-value\] Continue compiles `regex` as a JavaScript regular expression, and "\(\[unclosed" is not one \(Unterminated character class\): Continue never matches a file's content against it/m);
    expect(out).toMatch(/^\.continue\/rules\/list\.md:5:5: warning \[frontmatter\/invalid-value\] Continue compiles `regex` as a JavaScript regular expression, and "a\{2,1\}" is not one \(numbers out of order in \{\} quantifier\)/m);
    expect(out).not.toContain('list.md:4:');
    expect(out).not.toContain('fine.md');
  });

  it('lists a rule whose every `regex` pattern does not compile as never attached, in rules and rules --for', () => {
    // Continue's `contentMatchesRegex` (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) returns false for a
    // pattern `new RegExp` throws on, and for a list only when no pattern matches: one that compiles keeps the rule reachable.
    const { ws } = checked({
      '.continue/rules/bad.md': '---\nname: B\nregex: "([unclosed"\n---\nB\n',
      '.continue/rules/badlist.md': '---\nname: BL\nglobs: "src/**"\nregex:\n  - "a{2,1}"\n  - "([x"\n---\nBL\n',
      '.continue/rules/mixed.md': '---\nname: M\nregex:\n  - "^import "\n  - "a{2,1}"\n---\nM\n',
    });
    // The pattern that compiles keeps mixed.md reachable: its content decides, never "never attached".
    const forFile = cliRulesFor(ws, 'src/lib/a.ts', 'continue');
    expect(forFile.map((r) => [r.path, r.applies]).sort()).toEqual([
      ['.continue/rules/bad.md', false],
      ['.continue/rules/badlist.md', false],
      ['.continue/rules/mixed.md', false],
    ]);
    expect(forFile.find((r) => r.path === '.continue/rules/mixed.md')!.reason).toBe("glob `**/*` matched, but its content matches no pattern of the rule's `regex` (`^import `): never attached to it");
    const listing = builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout;
    const rules = (JSON.parse(listing) as { agentRules: { agent: string; rules: { path: string; mode: string; globs?: string[] }[] }[] }).agentRules.find((a) => a.agent === 'continue')!.rules;
    const byPath = Object.fromEntries(rules.map((r) => [r.path, r]));
    expect(byPath['.continue/rules/bad.md'].globs).toEqual([]);
    expect(byPath['.continue/rules/badlist.md'].globs).toEqual([]);
    expect(byPath['.continue/rules/mixed.md'].globs).toEqual(['**/*']);
  });

  it('says a `regex` narrows a glob rule to files whose content matches, and why a rule whose every pattern fails is never attached', () => {
    // Continue's `checkGlobsAndRegex` (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) keeps, of the files the globs
    // match, those whose content `contentMatchesRegex` passes; that function answers false for a pattern `new RegExp` throws on.
    const { ws } = checked({
      '.continue/rules/imports.md': '---\nname: Imports\nglobs: "src/**/*.ts"\nregex: "^import "\n---\nI\n',
      '.continue/rules/todo.md': '---\nname: Todo\nregex: ["TODO", "([x"]\n---\nT\n',
      '.continue/rules/bad.md': '---\nname: Bad\nregex: "([unclosed"\n---\nB\n',
    });
    const listing = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(listing).toMatch(/imports\.md +glob src\/\*\*\/\*\.ts, only for a matched file with content matching `\^import ` \(the rule's `regex`; agentls does not read file contents, so it cannot tell which files have it\)/);
    // The pattern that does not compile matches nothing: only the one that does is said.
    expect(listing).toMatch(/todo\.md +glob \*\*\/\*, only for a matched file with content matching `TODO` \(/);
    expect(listing).toMatch(/bad\.md +never attached: no pattern of its `regex` compiles as a JavaScript regular expression, and Continue matches no file's content against one that does not \(continuedev\/continue, core\/llm\/rules\/getSystemMessageWithRules\.ts: `contentMatchesRegex` catches the error, logs "Invalid regex pattern" and answers false\)/);
    const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as { agentRules: { agent: string; rules: { path: string; content?: string[]; notApplied?: string }[] }[] };
    const byPath = Object.fromEntries(json.agentRules.find((a) => a.agent === 'continue')!.rules.map((r) => [r.path, r]));
    expect([byPath['.continue/rules/imports.md'].content, byPath['.continue/rules/todo.md'].content, byPath['.continue/rules/bad.md'].content]).toEqual([['^import '], ['TODO'], undefined]);
    const forFile = Object.fromEntries(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, r]));
    expect(forFile['.continue/rules/imports.md'].reason).toBe("glob `src/**/*.ts` matched, but its content matches no pattern of the rule's `regex` (`^import `): never attached to it");
    expect([forFile['.continue/rules/bad.md'].applies, forFile['.continue/rules/bad.md'].reason]).toEqual([false, byPath['.continue/rules/bad.md'].notApplied]);
  });

  it('says a glob starting with `#` matches no file in Continue (a minimatch comment), and lists a rule of such globs alone as never attached', () => {
    // Continue's `matchesGlobs` (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) calls minimatch with no options,
    // and minimatch answers false for a pattern whose first character is `#` unless `nocomment` is set (isaacs/minimatch, src/index.ts).
    const { ws, out } = checked({
      '.continue/rules/hash.md': '---\nname: Hash\nglobs: "#src/**"\n---\nH\n',
      '.continue/rules/mixed.md': '---\nname: Mixed\nglobs: ["src/**/*.ts", "#docs/**", "!#src/lib/**"]\n---\nM\n',
      // A `#` elsewhere in a glob, or in another key, is no comment.
      '.continue/rules/fine.md': '---\nname: Fine\nglobs: "src/**/[#]*.ts"\ndescription: "# headings"\n---\nF\n',
      'src/lib/#notes.ts': 'x\n',
    });
    expect(out).toContain('.continue/rules/hash.md:3:8: warning [frontmatter/invalid-glob] Continue matches `#src/**` against no file: a glob starting with `#` is a comment to its matcher (continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts, hands each glob to minimatch with no options, and minimatch reads a pattern starting with `#` as a comment that matches no path (isaacs/minimatch, src/index.ts: `minimatch` answers false for it unless `nocomment` is set)): with no other glob to match, it never attaches this rule.');
    expect(out).toMatch(/mixed\.md:3:24: warning \[frontmatter\/invalid-glob\] Continue matches `#docs\/\*\*` against no file: .*: it adds no file to the rule\./);
    expect(out).toMatch(/mixed\.md:3:36: warning \[frontmatter\/invalid-glob\] Continue matches `!#src\/lib\/\*\*` against no file: .*: so this exclusion excludes no file\./);
    expect(out).not.toContain('fine.md');
    const forFile = Object.fromEntries(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, [r.applies, r.reason]]));
    expect(forFile['.continue/rules/hash.md'][0]).toBe(false);
    expect(forFile['.continue/rules/hash.md'][1]).toMatch(/^never attached: every glob of its `globs` but the `!` exclusions starts with `#`/);
    // The exclusion that is a comment excludes nothing: the file its glob names is still attached.
    expect(forFile['.continue/rules/mixed.md']).toEqual([true, 'glob `src/**/*.ts` matched: attached while this file is in play']);
    expect(continueListed(ws)['.continue/rules/mixed.md'].slice(0, 2)).toEqual(['glob', ['src/**/*.ts']]);
  });

  it('lists `globs: []` as attached to any file in context, not always', () => {
    // Continue's source (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts): `isGlobalRule` tests `!rule.globs`, and
    // `[]` is truthy, so the rule is not global; `matchesGlobs` with no positive pattern matches every path no `!` pattern excludes.
    // markdownToRule (packages/config-yaml/src/markdown/markdownToRule.ts) passes the frontmatter's `globs` on as written.
    const { ws } = checked({
      '.continue/rules/empty.md': '---\nname: E\nglobs: []\n---\nE\n',
      '.continue/rules/emptyoff.md': '---\nname: EO\nalwaysApply: false\ndescription: D\nglobs: []\n---\nEO\n',
    });
    const listing = builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout;
    const rules = (JSON.parse(listing) as { agentRules: { agent: string; rules: { path: string; mode: string; globs?: string[] }[] }[] }).agentRules.find((a) => a.agent === 'continue')!.rules;
    expect(rules.map((r) => [r.path, r.mode, r.globs]).sort()).toEqual([
      ['.continue/rules/empty.md', 'glob', ['**/*']],
      ['.continue/rules/emptyoff.md', 'glob', ['**/*']],
    ]);
    expect(builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout).not.toMatch(/empty\.md +always/);
  });
  it('lists `regex: []` as attached to any file in context, and warns where that is not what the rule would do without the key', () => {
    // Continue's source (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts): `isGlobalRule` tests `!rule.regex`, and `[]` is
    // truthy; `contentMatchesRegex` returns true for an empty list, and false for a value that is neither a string nor a list.
    const { ws, out } = checked({
      '.continue/rules/plain.md': '---\nname: P\nregex: []\n---\nP\n',
      '.continue/rules/described.md': '---\nname: D\nregex: []\nalwaysApply: false\ndescription: Migrations\n---\nD\n',
      '.continue/rules/forced.md': '---\nname: F\nregex: []\nalwaysApply: true\n---\nF\n',
      '.continue/rules/scoped.md': '---\nname: S\nregex: []\nglobs: "src/lib/**"\n---\nS\n',
      '.continue/rules/number.md': '---\nname: N\nregex: 42\n---\nN\n',
    });
    const said = "warning [frontmatter/invalid-value] Continue reads an empty `regex` list as a filter every file's content passes, not as no `regex`: it attaches this rule whenever a file is in context, where without the key it would";
    expect(out).toContain(`.continue/rules/plain.md:3:1: ${said} send it in every request (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts`);
    expect(out).toContain(`.continue/rules/described.md:3:1: ${said} offer it by its description`);
    // Beside `alwaysApply: true` or globs, the empty list changes nothing Continue does.
    expect(out).not.toContain('forced.md');
    expect(out).not.toContain('scoped.md');
    const listing = builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout;
    const rules = (JSON.parse(listing) as { agentRules: { agent: string; rules: { path: string; mode: string; globs?: string[] }[] }[] }).agentRules.find((a) => a.agent === 'continue')!.rules;
    expect(Object.fromEntries(rules.map((r) => [r.path, [r.mode, r.globs]]))).toEqual({
      '.continue/rules/plain.md': ['glob', ['**/*']],
      '.continue/rules/described.md': ['glob', ['**/*']],
      '.continue/rules/forced.md': ['always', undefined],
      '.continue/rules/scoped.md': ['glob', ['src/lib/**']],
      '.continue/rules/number.md': ['glob', []],
    });
    expect(builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout).not.toMatch(/plain\.md +always/);
    expect(Object.fromEntries(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, r.applies]))).toEqual({
      '.continue/rules/plain.md': true,
      '.continue/rules/described.md': true,
      '.continue/rules/forced.md': true,
      '.continue/rules/scoped.md': true,
      '.continue/rules/number.md': false,
    });
  });
  it('says a `globs` list holding a non-text element makes Continue fail the request, and lists the rule as never attached', () => {
    // Continue's `matchesGlobs` (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) calls `startsWith` on each element.
    expect(() => ([42] as unknown as string[]).filter((g) => !g.startsWith('!'))).toThrow(TypeError);
    const { ws, out } = checked({
      '.continue/rules/number.md': '---\nname: N\nglobs: [42]\n---\nN\n',
      '.continue/rules/mixed.md': '---\nname: M\nglobs: ["src/**", 42]\n---\nM\n',
      '.continue/rules/forced.md': '---\nname: F\nglobs: [42]\nalwaysApply: true\n---\nF\n',
    });
    const thrown = "error [frontmatter/wrong-type] Continue reads `globs` elements as globs, and 42 is not text: Continue's `matchesGlobs` calls `startsWith` on each element, which throws a TypeError on it, so whenever a file is in context Continue fails to build the request and sends nothing";
    expect(out).toContain(`.continue/rules/number.md:3:9: ${thrown}`);
    expect(out).toContain(`.continue/rules/mixed.md:3:19: ${thrown}`);
    expect(out).toContain('with no file in context the rule is left out. Quote it.');
    // `alwaysApply: true` skips the matching: nothing throws, the element is only not a glob.
    expect(out).toContain('.continue/rules/forced.md:3:9: warning [frontmatter/wrong-type] Continue reads `globs` elements as globs: 42 is not text.');
    expect(Object.fromEntries(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, r.applies]))).toEqual({
      '.continue/rules/number.md': false,
      '.continue/rules/mixed.md': false,
      '.continue/rules/forced.md': true,
    });
    expect(builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout).not.toMatch(/number\.md +always/);
  });

  it('lists a rule Continue never attaches as never attached, not as a glob rule with nothing after "glob"', () => {
    const { ws } = checked({ '.continue/rules/globtype.md': '---\nname: G\nglobs: 42\n---\nG\n' });
    const listing = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(listing).toMatch(/\.continue\/rules\/globtype\.md +glob rule without globs: never attached · /);
    expect(listing).not.toMatch(/globtype\.md +glob +·/);
  });

  it('says `regex: 42` makes Continue never attach the rule, and not beside `alwaysApply: true`', () => {
    // `contentMatchesRegex` (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) answers false for a value neither a string nor a list.
    const { out } = checked({
      '.continue/rules/number.md': '---\nname: N\nregex: 42\n---\nN\n',
      '.continue/rules/forced.md': '---\nname: F\nregex: 42\nalwaysApply: true\n---\nF\n',
    });
    expect(out).toContain('.continue/rules/number.md:3:8: warning [frontmatter/wrong-type] Continue expects `regex` to be text or a list of text, not 42: it matches nothing against this value, so it never attaches this rule (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts: `contentMatchesRegex` answers false');
    expect(out).toContain('.continue/rules/forced.md:3:8: warning [frontmatter/wrong-type] Continue expects `regex` to be text or a list of text, not 42. (fixable)');
  });

  it('lists `globs: [""]` as never attached, with a warning naming Continue; an empty glob beside another only adds nothing', () => {
    // `matchesGlobs` hands each positive pattern to minimatch, whose empty pattern matches no path (isaacs/minimatch, src/index.ts).
    const { ws, out } = checked({
      '.continue/rules/blank.md': '---\nname: B\nglobs: [""]\n---\nB\n',
      '.continue/rules/beside.md': '---\nname: S\nglobs: ["", "src/**"]\n---\nS\n',
    });
    expect(out).toContain('.continue/rules/blank.md:3:9: warning [frontmatter/invalid-glob] Continue matches an empty glob against no file (continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts, hands it to minimatch, whose empty pattern matches no path (isaacs/minimatch, src/index.ts)): with no other glob to match, it never attaches this rule.');
    expect(out).toContain('.continue/rules/beside.md:3:9: warning [frontmatter/invalid-glob] Continue matches an empty glob against no file');
    expect(out).toContain('it adds no file to the rule. Remove it.');
    expect(Object.fromEntries(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, r.applies]))).toEqual({ '.continue/rules/blank.md': false, '.continue/rules/beside.md': true });
    expect(builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout).toMatch(/blank\.md +glob rule without globs: never attached/);
  });

  it('counts the whole file where Continue drops the frontmatter (invalid YAML, a key written twice), as Continue sends it', () => {
    const body = 'Body text of the rule, long enough to count.\n';
    const invalid = `---\nname: Bad\nglobs: **/*.ts\n---\n${body}`;
    const twice = `---\nname: Twice\nglobs: "src/**"\nglobs: "lib/**"\n---\n${body}`;
    const { ws } = checked({ '.continue/rules/invalid.md': invalid, '.continue/rules/twice.md': twice });
    // `parseMarkdownRule` returns the whole file as the rule's text when `YAML.parse` throws (agentls estimates UTF-8 bytes / 4).
    expect(continueListed(ws)).toEqual({ '.continue/rules/invalid.md': ['always', undefined, Math.ceil(invalid.length / 4)], '.continue/rules/twice.md': ['always', undefined, Math.ceil(twice.length / 4)] });
  });

  it('says a key written twice makes Continue drop the frontmatter: an error where the rule then applies otherwise, else a warning', () => {
    // The `yaml` package's `uniqueKeys` defaults to true, and `YAML.parse` throws on the error; Continue's `parseMarkdownRule` catches it.
    const { out } = checked({
      '.continue/rules/globs.md': '---\nname: G\nglobs: "src/**"\nglobs: "lib/**"\n---\nG\n',
      '.continue/rules/names.md': '---\nname: One\nname: Two\n---\nN\n',
    });
    expect(out).toContain('.continue/rules/globs.md:4:1: error [frontmatter/yaml-error] Continue reads none of this frontmatter\'s keys: `globs` is written twice, and its YAML parser takes keys to be unique. It then sends the whole file, this block included, as the rule\'s text, so the rule is applied always instead of attached to files matching "lib/**" (continuedev/continue, `parseMarkdownRule` in packages/config-yaml/src/markdown/markdownToRule.ts). Keep one `globs`.');
    expect(out).toContain('.continue/rules/names.md:3:1: warning [frontmatter/yaml-error] Continue reads none of this frontmatter\'s keys: `name` is written twice');
    expect(out).not.toContain('dead-glob');
  });

  it('reads a block below other text as Continue does: its keys read, the text above it never sent, said as an error; a block below blank lines is fine', () => {
    const { ws, out } = checked({
      '.continue/rules/titled.md': '# Title\n\nIntro.\n\n---\nname: Pre\nglobs: "src/**"\n---\nAfter.\n',
      '.continue/rules/rules.md': 'Intro.\n\n---\n\nSection text.\n\n---\n\nMore.\n',
      '.continue/rules/blank.md': '\n\n---\nname: Low\nglobs: "src/lib/**"\n---\nLow.\n',
      '.continue/rules/plain.md': 'Plain text with one rule below.\n\n---\n\nThe end.\n',
    });
    expect(out).toContain('.continue/rules/titled.md:1:1: error [frontmatter/not-at-start] Continue reads the text between the first two `---` lines of a rule file as its frontmatter, wherever they are, and sends only what follows them (continuedev/continue, `parseMarkdownRule` in packages/config-yaml/src/markdown/markdownToRule.ts): it reads this block\'s `name`, `globs`, and never sends lines 1 to 4, above it. Move the block to the top.');
    expect(out).toContain('.continue/rules/rules.md:1:1: error [frontmatter/not-at-start] Continue splits a rule file at its `---` lines and reads the text between the first two as its frontmatter');
    expect(out).toContain('here that text is not YAML keys, so it reads no key and sends only what follows, and lines 1 to 7 never reach the model.');
    expect(out).not.toContain('blank.md');
    expect(out).not.toContain('plain.md');
    expect(continueListed(ws)).toEqual({
      '.continue/rules/titled.md': ['glob', ['src/**'], Math.ceil('After.'.length / 4)],
      '.continue/rules/rules.md': ['always', undefined, Math.ceil('More.'.length / 4)],
      '.continue/rules/blank.md': ['glob', ['src/lib/**'], Math.ceil('Low.'.length / 4)],
      '.continue/rules/plain.md': ['always', undefined, Math.ceil('Plain text with one rule below.\n\n---\n\nThe end.\n'.length / 4)],
    });
  });
});

describe("Continue's keys in a block below the first line", () => {
  // Continue splits a rule file at its `---` lines wherever they are and parses the text between the first two
  // (continuedev/continue, parseMarkdownRule in packages/config-yaml/src/markdown/markdownToRule.ts): each key it reads there is checked.
  it('checks each key of a block below blank lines, a comment or a title as a key at the top; nothing of a correct one', () => {
    const { out } = checked({
      '.continue/rules/blank.md': '\n\n---\nname: Blank\nalwaysApply: "yes"\n---\nB.\n',
      '.continue/rules/noted.md': '<!-- kept in sync with the wiki -->\n---\nname: Noted\nglobs: 42\n---\nN.\n',
      '.continue/rules/titled.md': '# Title\n\n---\nname: Titled\nalwaysApply: "yes"\n---\nT.\n',
      '.continue/rules/fine.md': '<!-- kept in sync with the wiki -->\n\n---\nname: Fine\nglobs: "src/lib/**"\nalwaysApply: false\n---\nF.\n',
      // What follows the block is rule text to Continue: a key-like line there is not read, so not checked.
      '.continue/rules/after.md': '\n---\nname: After\n---\nalwaysApply: "yes"\n',
    });
    expect(out).toContain('.continue/rules/blank.md:5:14: warning [frontmatter/wrong-type] Continue expects `alwaysApply` to be true or false, not "yes"');
    expect(out).toContain('.continue/rules/noted.md:4:8: warning [frontmatter/wrong-type] Continue reads `globs` as globs (a list, or one string), not number: it matches no file against this value, so it never attaches this rule');
    expect(out).toContain('.continue/rules/titled.md:1:1: error [frontmatter/not-at-start]');
    expect(out).toContain('.continue/rules/titled.md:5:14: warning [frontmatter/wrong-type] Continue expects `alwaysApply` to be true or false, not "yes"');
    expect(out).not.toContain('fine.md');
    expect(out).not.toContain('after.md');
  });
});

describe("Continue's frontmatter opener", () => {
  // Continue splits at lines matching /^---\s*$/m (continuedev/continue, parseMarkdownRule in
  // packages/config-yaml/src/markdown/markdownToRule.ts): a first line `----` or `---x` opens no block to it.
  it('says a first line Continue does not split at, an error where the rule then applies otherwise; checks none of the keys below it', () => {
    const { ws, out } = checked({
      '.continue/rules/dashes.md': '----\nname: Dashes\nalwaysApply: "yes"\nglobs: "src/**"\n---\nD.\n',
      '.continue/rules/lettered.md': '---x\nname: Lettered\n---\nL.\n',
      '.continue/rules/spaced.md': '---  \nname: Spaced\nglobs: "src/**"\n---\nS.\n',
    });
    expect(out).toContain('.continue/rules/dashes.md:1:1: error [frontmatter/not-at-start] Continue splits a rule file only at lines of `---` (and white space), and this first line is `----` (continuedev/continue, `parseMarkdownRule` in packages/config-yaml/src/markdown/markdownToRule.ts): it reads none of the block\'s keys (`name`, `alwaysApply`, `globs`) and sends the whole file, the block included, as the rule\'s text, so the rule is applied always instead of attached to files matching "src/**". Write the first line as `---`.');
    expect(out).toContain('.continue/rules/lettered.md:1:1: warning [frontmatter/not-at-start] Continue splits a rule file only at lines of `---` (and white space), and this first line is `---x`');
    // Continue reads no `alwaysApply` there: its type is not checked.
    expect(out).not.toContain('wrong-type');
    expect(out).not.toContain('spaced.md');
    expect(continueListed(ws)['.continue/rules/dashes.md'][0]).toBe('always');
  });
});

describe("Continue's read limits", () => {
  // Continue in VS Code reads a rule file through its `readFile` (continuedev/continue, extensions/vscode/src/VsCodeIde.ts):
  // "" past 1,000,000 bytes, else the first 100,000 bytes, for a file not open in the editor.
  const line = '- Prefer small functions with clear names, and write a test for every fix.\n';
  const long = `---\nname: Long\nglobs: "src/**"\n---\n${line.repeat(1400)}`;
  const described = `---\nname: Described\nglobs: "src/**"\ndescription: |\n${`  ${line}`.repeat(1400)}---\nBody.\n`;
  const huge = `---\nname: Huge\nglobs: "src/**"\n---\n${line.repeat(14000)}`;
  const giant = `---\nname: Giant\n---\n${line.repeat(30000)}`;
  /** Where an ASCII text's 100,001st byte lies, as check prints it (line:column, from 1). */
  const cutAt = (text: string) => {
    const lines = text.slice(0, 100_000).split('\n');
    return `${lines.length}:${lines[lines.length - 1].length + 1}`;
  };
  const bytes = (text: string) => text.length.toLocaleString('en-US');

  it('warns where Continue sends part of a rule, and errs where it loses the frontmatter\'s closing or reads nothing; nothing of a file within the limit, nor of another agent\'s', () => {
    const { out } = checked({
      '.continue/rules/long.md': long,
      '.continue/rules/within.md': `---\nname: Within\nglobs: "src/**"\n---\n${line.repeat(1300)}`,
      '.continue/rules/described.md': described,
      '.continue/rules/huge.md': huge,
      '.cursor/rules/long.mdc': `---\ndescription: Long\nglobs: src/**\nalwaysApply: false\n---\n${line.repeat(1400)}`,
    });
    const longLine = cutAt(long).split(':')[0];
    expect(out).toContain(`.continue/rules/long.md:${cutAt(long)}: warning [rule/too-long] Continue in VS Code reads only the first 100,000 bytes of a rule file that is not open in the editor (continuedev/continue, extensions/vscode/src/VsCodeIde.ts: \`readFile\`, read by the rule loader in core/config/loadLocalAssistants.ts), and this one has ${bytes(long)}, so it never sends the text from line ${longLine} on. Split the file.`);
    const closer = described.split('\n').indexOf('---', 1) + 1;
    expect(out).toContain(`.continue/rules/described.md:${cutAt(described)}: error [rule/too-long] Continue in VS Code reads only the first 100,000 bytes of a rule file that is not open in the editor (continuedev/continue, extensions/vscode/src/VsCodeIde.ts: \`readFile\`, read by the rule loader in core/config/loadLocalAssistants.ts), and this one has ${bytes(described)}: the cut falls before the frontmatter's closing \`---\` (line ${closer}), so Continue reads none of its keys and sends the first 100,000 bytes, the block included, as the rule's text: the rule is applied always.`);
    expect(out).toContain('.continue/rules/huge.md:1:1: error [rule/too-long] Continue in VS Code reads nothing of a rule file of more than 1,000,000 bytes that is not open in the editor');
    expect(out).toContain(`and this one has ${bytes(huge)}: Continue loads it as an empty rule, applied always, and sends none of its text.`);
    expect(out).not.toContain('within.md');
    expect(out).not.toContain('.cursor/rules/long.mdc');
  });

  it('lists each rule as Continue reads its first 100,000 bytes: the tokens of what it sends, a rule whose closing `---` is cut off applied always, one past 1,000,000 bytes as an empty rule', () => {
    // Each `read/` file holds what Continue reads of its namesake: the same bytes, within the limit.
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/long.md': long,
      '.continue/rules/read/long.md': long.slice(0, 100_000),
      '.continue/rules/described.md': described,
      '.continue/rules/read/described.md': described.slice(0, 100_000),
      '.continue/rules/huge.md': huge,
      '.continue/rules/giant.md': giant,
      '.continue/rules/read/empty.md': '',
    });
    const listed = continueListed(ws);
    expect(listed['.continue/rules/long.md']).toEqual(listed['.continue/rules/read/long.md']);
    expect(listed['.continue/rules/long.md'][0]).toBe('glob');
    // The block never closes within the bytes read: no key, and the whole cut text sent, as check's error says.
    expect(listed['.continue/rules/described.md']).toEqual(listed['.continue/rules/read/described.md']);
    expect(listed['.continue/rules/described.md'][0]).toBe('always');
    for (const file of ['huge.md', 'giant.md']) expect(listed[`.continue/rules/${file}`], file).toEqual(listed['.continue/rules/read/empty.md']);
    expect(listed['.continue/rules/read/empty.md'][0]).toBe('always');
  });

  it('says Continue reads nothing of a file too large for agentls to read', () => {
    const { out } = checked({ '.continue/rules/giant.md': giant });
    expect(out).toContain('.continue/rules/giant.md:1:1: error [rule/too-long] Continue in VS Code reads nothing of a rule file of more than 1,000,000 bytes that is not open in the editor');
    expect(out).toContain(`and this one has ${bytes(giant)}: Continue loads it as an empty rule, applied always, and sends none of its text.`);
  });
});

describe('Continue and HTML comments', () => {
  // Continue deletes no HTML comment before reading a rule (continuedev/continue, parseMarkdownRule in
  // packages/config-yaml/src/markdown/markdownToRule.ts: only \r\n is touched), where agentls's shared reading does.
  it('says a comment Continue reads into a value or a key, an error where the rule then applies otherwise; nothing of one above the block or after a YAML #', () => {
    const { ws, out } = checked({
      '.continue/rules/todo.md': '---\nname: Todo\nglobs: src/** <!-- TODO -->\n---\nT.\n',
      '.continue/rules/noted.md': '---\nname: Noted\n<!-- note -->alwaysApply: false\ndescription: Database migrations\n---\nN.\n',
      '.continue/rules/above.md': '<!-- kept in sync with the wiki -->\n---\nname: Above\nglobs: "src/lib/**"\n---\nA.\n',
      '.continue/rules/named.md': '---\nname: Named <!-- shown -->\nglobs: "src/lib/**" # <!-- a YAML comment -->\n---\nN.\n',
      // Cursor's reading is unchanged: agentls deletes the comment there, as before.
      '.cursor/rules/todo.mdc': '---\ndescription: Todo\nglobs: src/** <!-- TODO -->\nalwaysApply: false\n---\nT.\n',
    });
    expect(out).toContain(
      '.continue/rules/todo.md:3:15: error [frontmatter/invalid-value] Continue does not delete HTML comments from a rule\'s frontmatter: it reads `globs` as "src/** <!-- TODO -->", the comment included, a glob that matches only a path holding the comment\'s text, so the rule is attached to files matching "src/** <!-- TODO -->" instead of attached to files matching "src/**" (continuedev/continue, `parseMarkdownRule` in packages/config-yaml/src/markdown/markdownToRule.ts).',
    );
    expect(out).toContain('.continue/rules/noted.md:3:1: error [frontmatter/invalid-value] Continue does not delete HTML comments from a rule\'s frontmatter: it reads the key `<!-- note -->alwaysApply`, which it does not know, in place of `alwaysApply`, so the rule is applied always instead of');
    expect(out).toContain('.continue/rules/named.md:2:13: warning [frontmatter/invalid-value] Continue does not delete HTML comments from a rule\'s frontmatter: it reads `name` as "Named <!-- shown -->", the comment included (');
    expect(out.match(/named\.md/g)).toHaveLength(1);
    expect(out).not.toContain('above.md');
    expect(out).not.toContain('.cursor/rules/todo.mdc');
    // Listed as Continue reads them: the glob with its comment, `alwaysApply` unread, the block above read.
    const listed = continueListed(ws);
    expect([listed['.continue/rules/todo.md'].slice(0, 2), listed['.continue/rules/noted.md'][0], listed['.continue/rules/above.md'].slice(0, 2)]).toEqual([['glob', ['src/** <!-- TODO -->']], 'always', ['glob', ['src/lib/**']]]);
  });
});

describe('Continue and symbolic links in .continue/rules', () => {
  // Continue's walkDir (continuedev/continue, core/indexing/walkDir.ts) reads a linked file and never goes into a linked folder in VS Code.
  it('warns on a link to a folder, in the workspace or out of it, naming Continue; reads a linked file; says nothing of a broken link', () => {
    const outside = writeTree(tempDir(), { 'far.md': '---\nname: Far\nalwaysApply: true\n---\nFar.\n' });
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/own.md': '---\nname: Own\nalwaysApply: true\n---\nOwn.\n', 'shared/rules/b.md': '---\nname: B\nalwaysApply: true\n---\nShared.\n' });
    fs.symlinkSync('../../shared/rules', path.join(ws, '.continue/rules/shared'));
    fs.symlinkSync('../../shared/rules/b.md', path.join(ws, '.continue/rules/linked.md'));
    fs.symlinkSync(outside, path.join(ws, '.continue/rules/far'));
    fs.symlinkSync('nowhere', path.join(ws, '.continue/rules/broken'));
    const out = builtCli(['check'], { cwd: ws }).stdout;
    const said = 'warning [rule/not-read] Continue in VS Code does not read the rules in this folder: it is a symbolic link to a folder';
    expect(out).toContain(`.continue/rules/shared:1:1: ${said}`);
    expect(out).toContain(`.continue/rules/far:1:1: ${said}`);
    expect(out).not.toContain('.continue/rules/broken');
    expect(Object.keys(continueListed(ws)).sort()).toEqual(['.continue/rules/linked.md', '.continue/rules/own.md']);
  });

  it('warns, as no error, that Continue skips a rule file linked to nothing or round a loop', () => {
    // VS Code lists such a link as a bare SymbolicLink, or leaves it out (microsoft/vscode, diskFileSystemProvider.ts), and
    // Continue's walk passes over a bare SymbolicLink (continuedev/continue, core/indexing/walkDir.ts): no error reaches the user.
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/own.md': '---\nname: Own\n---\nOwn.\n' });
    fs.symlinkSync('../../nowhere.md', path.join(ws, '.continue/rules/gone.md'));
    fs.symlinkSync('loop.md', path.join(ws, '.continue/rules/loop.md'));
    const run = builtCli(['check'], { cwd: ws });
    expect(run.stdout).toContain('.continue/rules/gone.md:1:1: warning [rule/unreadable] This rule file is a symbolic link that leads to ../../nowhere.md, which does not exist: Continue in VS Code skips it without a word, so no rule comes from it');
    expect(run.stdout).toMatch(/\.continue\/rules\/loop\.md:1:1: warning \[rule\/unreadable\] This rule file is a symbolic link that goes round in a loop .*: Continue in VS Code skips it without a word/);
    expect(run.stdout).not.toMatch(/: error \[/);
    expect(Object.keys(continueListed(ws))).toEqual(['.continue/rules/own.md']);
  });

  it('says a linked folder named `x.md` is loaded by Continue as an empty rule applied always, and lists it so, with no error', () => {
    // VS Code lists a link to a folder as SymbolicLink | Directory, which Continue's walk takes for a file; reading it fails
    // and Continue's VS Code `readFile` answers "" (extensions/vscode/src/VsCodeIde.ts): an empty rule named by its path.
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/own.md': '---\nname: Own\n---\nOwn.\n', 'shared/rules/b.md': '---\nname: B\n---\nShared.\n' });
    fs.symlinkSync('../../shared/rules', path.join(ws, '.continue/rules/shared.md'));
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('.continue/rules/shared.md:1:1: warning [rule/not-read] Continue in VS Code does not read the rules in this folder');
    expect(out).toContain('Named as a rule file, the link itself is loaded as an empty rule, `rules/shared.md`, applied always and sending nothing');
    expect(out).not.toMatch(/: error \[/);
    expect(continueListed(ws)['.continue/rules/shared.md']).toEqual(['always', undefined, 0]);
    expect(cliRulesFor(ws, 'src/lib/a.ts', 'continue').find((r) => r.path === '.continue/rules/shared.md')).toMatchObject({ name: 'rules/shared.md', applies: true, tokens: 0 });
  });
});

describe("Continue and a broken ~/.continue/rules", () => {
  it('warns, as no error, that Continue reads no rules from a ~/.continue/rules linked to nothing', () => {
    // Continue's loader (continuedev/continue, core/config/loadLocalAssistants.ts, `getDefinitionFilesInDir`) returns no file
    // where `fileExists` answers false, and catches a failed walk: it reads no rule and tells the user nothing.
    const ws = writeTree(tempDir(), SOURCES);
    const home = tempDir();
    fs.mkdirSync(path.join(home, '.continue'));
    fs.symlinkSync(path.join(home, 'gone'), path.join(home, '.continue/rules'));
    const run = builtCli(['check', path.join(home, '.continue/rules')], { cwd: ws, home });
    expect(run.stdout).toContain('~/.continue/rules:1:1: warning [rule/unreadable] This rule folder is a symbolic link that leads to');
    expect(run.stdout).toContain('Continue reads no rules from it, without a word (its loader finds no folder there, or fails to walk it, and returns no rule');
    expect(run.stdout).not.toMatch(/: error \[/);
  });
});

describe('Continue and a linked folder in ~/.continue/rules', () => {
  // As in the workspace's folder: VS Code lists a link to a folder as SymbolicLink | Directory, which Continue's walk
  // (continuedev/continue, core/indexing/walkDir.ts) never goes into and yields as a file; one named `x.md` its loader
  // keeps and reads, and VS Code's `readFile` (extensions/vscode/src/VsCodeIde.ts) answers "" for it: an empty rule.
  function linkedHome(): { ws: string; home: string } {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/own.md': '---\nname: Own\n---\nOwn.\n' });
    const home = writeTree(tempDir(), { 'shared/rules/b.md': '---\nname: B\n---\nShared.\n', '.continue/rules/mine.md': '---\nname: Mine\n---\nMine.\n', '.continue/rules/sub/c.md': '---\nname: C\n---\nC.\n' });
    fs.symlinkSync('../../shared/rules', path.join(home, '.continue/rules/shared.md'));
    fs.symlinkSync('sub', path.join(home, '.continue/rules/inner.md'));
    return { ws, home };
  }

  it('says each, named or in the folder named, as the empty rule applied always that Continue loads from it, with no error', () => {
    const { ws, home } = linkedHome();
    const folder = builtCli(['check', path.join(home, '.continue/rules')], { cwd: ws, home }).stdout;
    for (const name of ['shared.md', 'inner.md']) {
      expect(folder).toContain(`~/.continue/rules/${name}:1:1: warning [rule/not-read] Continue in VS Code does not read the rules in this folder: it is a symbolic link to a folder`);
      expect(folder).toContain(`Named as a rule file, the link itself is loaded as an empty rule, \`rules/${name}\`, applied always and sending nothing`);
    }
    expect(folder).not.toMatch(/: error \[/);
    // Named alone, the link is checked as the link it is, not walked as a folder.
    const named = builtCli(['check', path.join(home, '.continue/rules/shared.md')], { cwd: ws, home });
    expect(named.stdout).toContain('~/.continue/rules/shared.md:1:1: warning [rule/not-read] Continue in VS Code does not read the rules in this folder');
    expect(named.stdout).not.toContain('b.md');
    expect(named.status).toBe(0);
  });

  it('lists each as the user-level empty rule Continue loads, not as a file left unread', () => {
    const { ws, home } = linkedHome();
    const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, home, mustSucceed: true }).stdout) as { agentRules: { agent: string; rules: { path: string; mode: string; tokens: number; global?: boolean }[]; uncounted?: { path: string }[] }[] };
    const listed = json.agentRules.find((a) => a.agent === 'continue')!;
    const shared = listed.rules.find((r) => r.path.endsWith('.continue/rules/shared.md'));
    expect(shared).toMatchObject({ mode: 'always', tokens: 0 });
    expect(listed.rules.find((r) => r.path.endsWith('.continue/rules/inner.md'))).toMatchObject({ mode: 'always', tokens: 0 });
    expect(JSON.stringify(listed.uncounted ?? [])).not.toContain('shared.md');
    expect(builtCli(['rules'], { cwd: ws, home, mustSucceed: true }).stdout).toMatch(/rules\/shared\.md +~\/\.continue\/rules\/shared\.md \(user-level, every project\) +always, in every request/);
  });
});

describe("Continue's own names of its rules in agentls rules", () => {
  it("names each rule as Continue's UI does: its frontmatter `name`, else the last two segments of its path", () => {
    // Continue's `getRuleName` (continuedev/continue, packages/config-yaml/src/markdown/markdownToRule.ts) takes a truthy `name`, else
    // the last two segments of the file's URI, each encoded as its walk joined it (`encodeURIComponent`: core/util/uri.ts).
    const { ws } = checked({
      '.continue/rules/named.md': '---\nname: React components\nglobs: "src/**"\n---\nN\n',
      '.continue/rules/ui/unnamed.md': '---\nglobs: "src/**"\n---\nU\n',
      '.continue/rules/my rule.md': '---\nname: ""\nglobs: "src/**"\n---\nM\n',
    });
    expect(cliRulesFor(ws, 'src/lib/a.ts', 'continue').map((r) => [r.path, r.name]).sort()).toEqual([
      ['.continue/rules/my rule.md', 'rules/my%20rule.md'],
      ['.continue/rules/named.md', 'React components'],
      ['.continue/rules/ui/unnamed.md', 'ui/unnamed.md'],
    ]);
    const listing = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(listing).toMatch(/^ +React components +\.continue\/rules\/named\.md +glob src\/\*\*/m);
  });
});

describe("Continue's `regex` decided by the file's content in agentls rules --for", () => {
  // Continue's `checkGlobsAndRegex` and `contentMatchesRegex` (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) test the content
  // it holds for a file in context with `new RegExp(pattern)`, no flags; an @-mention holds the file fenced under its URI
  // (core/context/providers/FileContextProvider.ts), a code block of the message the block's text.
  const RULES = {
    '.continue/rules/imports.md': '---\nname: Imports\nglobs: "src/**/*.ts"\nregex: "import .* from"\n---\nI\n',
    '.continue/rules/anchored.md': '---\nname: Anchored\nglobs: "src/**/*.ts"\nregex: "^import "\n---\nA\n',
    '.continue/rules/todo.md': '---\nname: Todo\nregex: ["TODO", "([x"]\n---\nT\n',
  };

  it('attaches a rule whose pattern matches the file, and not one whose pattern does not, by the text on disk', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...RULES, 'src/lib/uses.ts': 'import { x } from "./x";\n// TODO: more\n', 'src/lib/plain.ts': 'export const x = 1;\n' });
    const uses = Object.fromEntries(cliRulesFor(ws, 'src/lib/uses.ts', 'continue').map((r) => [r.name, r]));
    expect([uses.Imports.applies, uses.Imports.reason]).toEqual([true, "glob `src/**/*.ts` matched, and its content matches `import .* from` (the rule's `regex`): attached while this file is in play"]);
    // The pattern that does not compile is skipped, as Continue's catch skips it; the other matches.
    expect([uses.Todo.applies, uses.Todo.dependsOnContent]).toEqual([true, undefined]);
    const plain = Object.fromEntries(cliRulesFor(ws, 'src/lib/plain.ts', 'continue').map((r) => [r.name, r]));
    expect([plain.Imports.applies, plain.Imports.dependsOnContent, plain.Todo.applies]).toEqual([false, undefined, false]);
    expect(plain.Imports.reason).toBe("glob `src/**/*.ts` matched, but its content matches no pattern of the rule's `regex` (`import .* from`): never attached to it");
  });

  it('says the answer depends on how the file reaches Continue where an anchored pattern matches the text but not the @-mention', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...RULES, 'src/lib/uses.ts': 'import { x } from "./x";\n' });
    const anchored = cliRulesFor(ws, 'src/lib/uses.ts', 'continue').find((r) => r.name === 'Anchored')!;
    expect([anchored.applies, anchored.dependsOnContent]).toEqual([false, true]);
    expect(anchored.reason).toContain("the file's text matches it as a code block of the message holds it, not as an @-mention sends it (in a fenced block headed by its URI");
  });

  it('stops a pattern that backtracks for ever, and says the answer depends on content; a file too large to read alike', () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/slow.md': '---\nname: Slow\nglobs: "src/**"\nregex: "(a+)+$"\n---\nS\n',
      'src/lib/many.txt': `${'a'.repeat(60)}!\n`,
      'src/lib/huge.txt': 'x'.repeat(1_100_000),
    });
    const work = workCounts();
    // Killed well before the test's own timeout: a pattern left to backtrack never ends (2^60 steps), and the run must end by itself.
    const slow = cliRulesFor(ws, 'src/lib/many.txt', 'continue', undefined, { env: work.env, timeout: 25_000 }).find((r) => r.name === 'Slow')!;
    expect([slow.applies, slow.dependsOnContent]).toEqual([false, true]);
    expect(slow.reason).toContain('agentls stopped matching `(a+)+$` against it after 100 ms');
    // Stopped once, each stop the 100 ms cap: not once per rule read or per line, nor again for the other way the file reaches Continue
    // (a code block, then an @-mention), whose match could not decide what the first left undecided.
    expect(work.counts()['content-match-stopped (a+)+$']).toBe(1);
    const huge = cliRulesFor(ws, 'src/lib/huge.txt', 'continue').find((r) => r.name === 'Slow')!;
    expect([huge.applies, huge.dependsOnContent]).toEqual([false, true]);
    expect(huge.reason).toContain('agentls did not read this file (it is larger than the 1,000,000 bytes agentls reads for this)');
  });
});
