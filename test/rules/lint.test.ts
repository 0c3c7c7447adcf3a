import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import type { Finding } from '../../server/core/findings';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { RULE_CODES } from '../../server/rules/codes';
import { RulesEngine } from '../../server/rules/engine';
import { lintRulesWorkspace } from '../../server/rules/lintWorkspace';
import { workspaceScope } from '../../server/workspace/linter';
import { WorkspaceSession } from '../../server/workspace/session';
import { fixturePath, tempDir, writeTree } from '../helpers/repo';
import { AGENT_NAMES } from './agentFixtures';

/** The engine tests on small trees predict the xcsh agent alone (no `.xcsh` folder there, so `auto` would not). */
const XCSH_ONLY = { agents: ['xcsh'] };
const ws = fixturePath('rules-lint');
const home = fixturePath('rules-lint-home');

/** Every finding of the last lint, to check that each names its agent. */
const everyFinding: Finding[] = [];

async function lint(profile: 'seed' | 'xcsh'): Promise<(rel: string) => Finding[]> {
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, rules: { profile } }));
  session.addFolder(ws);
  const all = await lintRulesWorkspace(session, session.diskFs, await workspaceScope(session, session.diskFs, NEVER_CANCELLED), NEVER_CANCELLED);
  for (const found of all.values()) everyFinding.push(...found);
  return (rel) => all.get(rel.startsWith('~/') ? path.join(home, rel.slice(2)) : path.join(ws, rel)) ?? [];
}

let seed: (rel: string) => Finding[];
let xcsh: (rel: string) => Finding[];
beforeAll(async () => {
  seed = await lint('seed');
  xcsh = await lint('xcsh');
});

/** The one finding of `code` in a file (fails when there is none or several). */
function one(findings: Finding[], code: string): Finding {
  const found = findings.filter((f) => f.code === code);
  expect(found, `${code} in ${JSON.stringify(findings.map((f) => f.code))}`).toHaveLength(1);
  return found[0];
}

describe('rule lints (seed profile, fixtures/rules-lint)', () => {
  it('every finding has a code from the table and states its fact in its own message', () => {
    for (const rel of ['.cursor/rules/style.mdc', '.cursor/rules/testing.mdc', '.xcsh/rules/types.md', 'docs/guide.md']) {
      for (const f of seed(rel)) {
        expect(Object.keys(RULE_CODES)).toContain(f.code);
        expect(f.message.length).toBeGreaterThan(20);
      }
    }
  });

  it('every message names the agent it is about, under both profiles', () => {
    expect(everyFinding.length).toBeGreaterThan(50);
    const unnamed = everyFinding.filter((f) => !AGENT_NAMES.test(f.message)).map((f) => `${f.code}: ${f.message}`);
    expect(unnamed).toEqual([]);
  });

  it('shadowed: names the winning file and provider, with related information', () => {
    const f = one(seed('.cursor/rules/style.mdc'), 'rule/shadowed');
    expect(f.severity).toBe('error');
    expect(f.message).toContain(".xcsh/rules/style.md (xcsh's own folder, project)");
    expect(f.related?.[0].path).toBe(path.join(ws, '.xcsh/rules/style.md'));
    const user = one(seed('~/.cursor/rules/style.mdc'), 'rule/shadowed');
    expect(user.message).toContain("xcsh's own folder has a higher priority than ~/.cursor/rules");
  });

  it('an empty body that shadows a valid twin and then vanishes', () => {
    const ghost = one(seed('.xcsh/rules/ghost.md'), 'rule/empty-body-shadows');
    expect(ghost.message).toContain('no rule named `ghost` is loaded at all');
    expect(one(seed('.cursor/rules/ghost.mdc'), 'rule/shadowed').message).toContain('dropped for its empty body');
  });

  it('.md and .mdc of one name in one folder', () => {
    expect(one(seed('.xcsh/rules/twin.mdc'), 'rule/extension-clash').message).toContain('`twin.md` in the same folder');
    expect(seed('.xcsh/rules/twin.md')).toEqual([]);
  });

  it("Cursor's own `globs: *.ts`: information, saying what the agent reads", () => {
    const f = one(seed('.cursor/rules/cursor-glob.mdc'), 'frontmatter/yaml-error');
    expect(f.severity).toBe('information');
    expect(f.message).toContain('globs ["*.ts"]');
    expect(f.range.start).toEqual({ line: 2, character: 7 });
  });

  it('the fallback turns alwaysApply: true into a string and the rule stops being always-apply', () => {
    const findings = seed('.cursor/rules/testing.mdc');
    expect(one(findings, 'frontmatter/yaml-error').severity).toBe('warning');
    const f = one(findings, 'frontmatter/fallback-string');
    expect(f).toMatchObject({ severity: 'error', range: { start: { line: 3, character: 0 } } });
    expect(f.message).toContain('goes to the rulebook');
    expect(f.message).toContain('instead of always-apply');
  });

  it('wrong types per provider and profile', () => {
    const s = seed('.xcsh/rules/types.md');
    const always = s.find((f) => f.code === 'frontmatter/wrong-type' && f.message.startsWith('alwaysApply'))!;
    expect(always.severity).toBe('error');
    expect(always.message).toContain('no bucket');
    // The seed's native provider keeps a numeric description and non-string globs: fragile, not wrong.
    expect(s.find((f) => f.message.startsWith('description is a number'))?.severity).toBe('warning');
    expect(s.find((f) => f.message.startsWith('globs element 7'))?.severity).toBe('warning');
    const x = xcsh('.xcsh/rules/types.md');
    expect(x.find((f) => f.message.startsWith('globs element 7'))?.severity).toBe('error');
    expect(x.find((f) => f.message.startsWith('description is a number'))?.message).toContain('the xcsh agent ignores it');
  });

  it('kebab-case keys: an error for the seed agent, advice under xcsh', () => {
    expect(one(seed('.xcsh/rules/types.md'), 'frontmatter/kebab-key').severity).toBe('error');
    expect(one(xcsh('.xcsh/rules/types.md'), 'frontmatter/kebab-key').severity).toBe('information');
  });

  it('invalid values and unknown keys', () => {
    const t = seed('.xcsh/rules/types.md');
    expect(one(t, 'frontmatter/invalid-value').message).toContain('interruptMode "sometimes"');
    expect(one(t, 'frontmatter/unknown-key')).toMatchObject({ severity: 'information' });
    expect(one(seed('.windsurf/rules/bad-trigger.md'), 'frontmatter/invalid-value').message).toContain('Windsurf knows no trigger "sometimes" (it knows always_on, manual, model_decision, glob)');
  });

  it("origin tools' keys: Windsurf's trigger, Cline's paths, Cursor's globs in a Cline rule, comma-separated globs", () => {
    const trigger = one(seed('.windsurf/rules/always.md'), 'rule/windsurf-trigger');
    expect(trigger.severity).toBe('error');
    expect(trigger.message).toContain('Add `alwaysApply: true`');
    expect(one(seed('.clinerules/paths.md'), 'rule/cline-paths').severity).toBe('information');
    // `globs` beside `paths` is there for the xcsh agent (targeted: the workspace has .xcsh): not foreign.
    expect(seed('.clinerules/paths.md').filter((f) => f.code === 'rule/foreign-key')).toEqual([]);
    const comma = one(seed('.cursor/rules/comma.mdc'), 'frontmatter/comma-globs');
    expect(comma.severity).toBe('warning');
    expect(comma.message).toContain('["*.ts","*.tsx"]');
  });

  it('delimiters: unclosed, BOM, odd opener and closer, a list as frontmatter', () => {
    expect(one(seed('.xcsh/rules/unclosed.md'), 'frontmatter/unclosed').severity).toBe('error');
    expect(one(seed('.xcsh/rules/bom.md'), 'frontmatter/bom').severity).toBe('error');
    const odd = seed('.xcsh/rules/odd.md').filter((f) => f.code === 'frontmatter/odd-delimiter');
    expect(odd.map((f) => f.range.start.line)).toEqual([0, 2]);
    expect(odd[1].message).toContain('reads `x` as the start of the rule text');
    expect(one(seed('.xcsh/rules/list.md'), 'frontmatter/not-a-mapping').message).toContain('"0", "1"');
  });

  it('rules in no bucket, with what the origin tool would have done', () => {
    expect(one(seed('.xcsh/rules/plain.md'), 'rule/no-bucket').severity).toBe('warning');
    expect(one(seed('.clinerules/always-cline.md'), 'rule/no-bucket').message).toContain('Cline applies it always (no `paths`); the xcsh agent does not');
  });

  it('TTSR: invalid regexes, unparseable scope tokens, glob-like conditions, alwaysApply overridden', () => {
    const bad = seed('.xcsh/rules/bad-regex.md');
    expect(one(bad, 'rule/ttsr-invalid-regex')).toMatchObject({ severity: 'warning', range: { start: { line: 2, character: 12 } } });
    expect(one(bad, 'rule/ttsr-scope').message).toContain('"!!!"');
    expect(one(seed('.xcsh/rules/glob-condition.md'), 'rule/ttsr-glob-condition').message).toContain('tool:edit(*.rs), tool:write(*.rs)');
    expect(one(seed('.xcsh/rules/glob-condition.md'), 'rule/ttsr-overrides').severity).toBe('error');
  });

  it('HTML comments (warning inside code) and merge-conflict markers', () => {
    const comments = seed('.xcsh/rules/comments.md').filter((f) => f.code === 'rule/html-comment');
    expect(comments.map((f) => f.severity)).toEqual(['information', 'warning']);
    expect(one(seed('.xcsh/rules/conflict.md'), 'rule/merge-conflict').range.start.line).toBe(3);
  });

  it('files the agent never reads: legacy files, upper-case extensions, nested folders, hidden files, misplaced folders', () => {
    expect(one(seed('.cursorrules'), 'rule/not-read').severity).toBe('warning');
    expect(one(seed('.windsurfrules'), 'rule/not-read').message).toContain('.windsurf/rules/');
    expect(one(seed('.xcsh/rules/UPPER.MD'), 'rule/not-read').severity).toBe('error');
    expect(one(seed('.xcsh/rules/nested/deep.md'), 'rule/not-read').message).toContain('nested folders');
    expect(one(seed('.xcsh/rules/.hidden.md'), 'rule/not-read').severity).toBe('information');
    expect(one(seed('packages/app/.cursor/rules/sub.mdc'), 'rule/not-read').message).toContain('only at the workspace root');
  });

  it('rule:// names in any Markdown: unknown (with the available list), wrong case, not resolvable', () => {
    const guide = seed('docs/guide.md');
    const unknown = guide.filter((f) => f.code === 'rule-url/unknown');
    expect(unknown.map((f) => f.message.slice(0, 35))).toEqual(['The xcsh agent knows no rule `Style', 'The xcsh agent knows no rule `missi']);
    expect(unknown[0].message).toContain('names are case-sensitive: `style`?');
    expect(unknown[1].message).toMatch(/Available: comments, conflict, odd, style, twin, personal, /);
    const notResolvable = guide.filter((f) => f.code === 'rule-url/not-resolvable');
    expect(notResolvable.map((f) => f.message)).toEqual([
      expect.stringContaining('rule://no-log: the rule goes to TTSR'),
      expect.stringContaining('rule://ghost: every file with this name is dropped'),
    ]);
  });
});

describe('engine answers', () => {
  it('the user-level rule counts in every workspace folder and only the first-listed file of a name wins', async () => {
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, rules: XCSH_ONLY }));
    session.addFolder(ws);
    const engine = new RulesEngine(session, session.ruleFs);
    await engine.refresh();
    expect(engine.nameState(ws, 'personal')?.effective?.level).toBe('user');
    expect(engine.nameState(ws, 'style')?.entries.map((c) => path.relative(ws, c.path))).toEqual(['.xcsh/rules/style.md', path.relative(ws, path.join(home, '.cursor/rules/style.mdc')), '.cursor/rules/style.mdc']);
  });
});

describe('more rule lints on small trees', () => {
  async function codesOf(tree: Record<string, string>, settings: Record<string, unknown> = {}) {
    const root = writeTree(tempDir(), tree);
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir(), ...settings, rules: { ...XCSH_ONLY, ...(settings.rules as object | undefined) } }));
    session.addFolder(root);
    const engine = new RulesEngine(session, session.ruleFs);
    await engine.refresh();
    return (rel: string) => engine.findings(path.join(root, rel));
  }

  it('a glob that matches nothing as written; an error when it filters a TTSR rule', async () => {
    const get = await codesOf({
      '.cursor/rules/a.mdc': '---\ndescription: a\nglobs: ["src/[abc.ts"]\n---\nA\n',
      '.xcsh/rules/t.md': '---\ncondition: "TODO"\nglobs: "src/{a,b.ts"\n---\nT\n',
    });
    expect(one(get('.cursor/rules/a.mdc'), 'frontmatter/invalid-glob')).toMatchObject({ severity: 'warning', range: { start: { line: 2, character: 8 } } });
    expect(one(get('.xcsh/rules/t.md'), 'frontmatter/invalid-glob').severity).toBe('error');
  });

  it('a second frontmatter block below the first: the xcsh agent reads the first, so a rule the second makes always-apply is never shown', async () => {
    const get = await codesOf({
      '.xcsh/rules/tabs.md': '---\ndescription:\n---\n---\nalwaysApply: true\n---\nAlways tabs.\n',
      // The same bucket either way: nothing to say.
      '.xcsh/rules/same.md': '---\nalwaysApply: true\n---\n---\nalwaysApply: true\n---\nTabs.\n',
    });
    const repeated = one(get('.xcsh/rules/tabs.md'), 'frontmatter/repeated');
    expect(repeated).toMatchObject({ severity: 'warning', range: { start: { line: 3 }, end: { line: 5 } } });
    expect(repeated.message).toBe(
      'The xcsh agent reads only the first frontmatter block of a rule file. This second block below it is sent as rule text, and its keys change nothing: the rule is never shown to the model, not applied always. Merge the two blocks into one.',
    );
    expect(get('.xcsh/rules/same.md').map((f) => f.code)).not.toContain('frontmatter/repeated');
  });

  it('a second frontmatter block both Cursor and the xcsh agent pass over is one diagnostic naming both, its advice said once', async () => {
    const get = await codesOf(
      {
        '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBase.\n',
        '.cursor/rules/style.mdc': '---\ndescription:\nglobs:\nalwaysApply: false\n---\n---\ndescription: Style\nalwaysApply: true\n---\nStyle.\n',
      },
      { rules: { agents: 'auto' } },
    );
    const message = one(get('.cursor/rules/style.mdc'), 'frontmatter/repeated').message;
    expect(message).toMatch(/^Cursor reads only the first frontmatter block.*applied only when @-mentioned, not applied always\. The xcsh agent reads only the first frontmatter block.*never shown to the model, not applied always\. Merge the two blocks into one\.$/);
    expect(message.split('Merge the two blocks into one.').length).toBe(2);
  });

  it('a BOM before --- is marked on the first line without its line break, CRLF or LF', async () => {
    const get = await codesOf({ '.xcsh/rules/crlf.md': '\uFEFF---\r\ndescription: d\r\n---\r\nBody\r\n', '.xcsh/rules/lf.md': '\uFEFF---\ndescription: d\n---\nBody\n' });
    for (const rel of ['.xcsh/rules/crlf.md', '.xcsh/rules/lf.md']) expect(one(get(rel), 'frontmatter/bom').range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 4 } });
  });

  it('a glob past what agentls expands is said to be unchecked, not misread, once for every agent that reads it', async () => {
    const bomb = '{a,b}'.repeat(11) + '.ts';
    const get = await codesOf(
      {
        '.xcsh/rules/base.md': `---\ndescription: Base\nglobs: ["${bomb}"]\n---\nBase.\n`,
        '.cursor/rules/style.mdc': `---\ndescription: Style\nglobs: ${bomb}\nalwaysApply: false\n---\nStyle.\n`,
      },
      { rules: { agents: 'auto' } },
    );
    for (const rel of ['.xcsh/rules/base.md', '.cursor/rules/style.mdc']) expect(get(rel).map((f) => f.code)).not.toContain('frontmatter/invalid-glob');
    const xcsh = one(get('.xcsh/rules/base.md'), 'frontmatter/glob-not-checked');
    expect(xcsh.severity).toBe('information');
    expect(xcsh.message).toBe(`agentls does not check the glob \`${bomb}\`: its {…} alternatives make more than 1,024 patterns, more than agentls expands, so which files it matches for the xcsh agent is not checked.`);
    expect(one(get('.cursor/rules/style.mdc'), 'frontmatter/glob-not-checked').message).toMatch(/so which files it matches for Cursor and the xcsh agent is not checked\.$/);
  });

  it('a scalar as frontmatter spreads into one key per character', async () => {
    const get = await codesOf({ '.xcsh/rules/s.md': '---\nhello\n---\nBody\n' });
    expect(one(get('.xcsh/rules/s.md'), 'frontmatter/not-a-mapping').message).toContain('a single value');
  });

  it('no-bucket under the YAML fallback: a rule with a description and alwaysApply: true is told about the YAML, not to add them', async () => {
    const get = await codesOf({ '.xcsh/rules/ts.md': '---\ndescription: TypeScript\nglobs: *.ts\nalwaysApply: true\n---\nStrict.\n' });
    const f = one(get('.xcsh/rules/ts.md'), 'rule/no-bucket');
    expect(f.message).toContain('its alwaysApply is read as the string "true", not true');
    expect(f.message).toContain('The frontmatter is not valid YAML');
    expect(f.message).not.toContain('Add a description');
  });

  it('no-bucket behind a frontmatter the agent does not see (BOM, text before ---) points at the delimiter and offers no second block', async () => {
    const get = await codesOf({ '.xcsh/rules/b.md': '\uFEFF---\ndescription: has one\n---\nB\n', '.xcsh/rules/c.md': '<!-- note -->\n---\ndescription: has one\n---\nC\n' });
    for (const rel of ['.xcsh/rules/b.md', '.xcsh/rules/c.md']) {
      const f = one(get(rel), 'rule/no-bucket');
      expect(f.message).toContain('sees no frontmatter in this file');
      expect(f.data).toBeUndefined();
    }
  });

  it("no-bucket on Cursor's template (empty description, unquoted glob) asks for a description, not for the YAML", async () => {
    const get = await codesOf({ '.cursor/rules/t.mdc': '---\ndescription:\nglobs: *.ts\nalwaysApply: false\n---\nT\n' });
    const f = one(get('.cursor/rules/t.mdc'), 'rule/no-bucket');
    expect(f.message).toContain('Give it a non-empty description or `alwaysApply: true`');
    expect(f.message).not.toContain('not valid YAML');
  });

  it("no-bucket says what Cursor does with the rule: attached by globs, not 'manual'", async () => {
    const get = await codesOf({ '.cursor/rules/g.mdc': '---\nglobs: ["*.ts"]\n---\nG\n', '.cursor/rules/m.mdc': '---\nalwaysApply: false\n---\nM\n' });
    expect(one(get('.cursor/rules/g.mdc'), 'rule/no-bucket').message).toContain('Cursor attaches it to files matching its globs');
    expect(one(get('.cursor/rules/m.mdc'), 'rule/no-bucket').message).toContain('In Cursor such a rule is "manual"');
  });

  it('field checks survive the YAML fallback; an empty description under it is no error', async () => {
    const get = await codesOf({ '.xcsh/rules/f.md': '---\ndescription:\nglobs: *.ts\nalwaysApply: "true"\n---\nF\n' });
    const found = get('.xcsh/rules/f.md');
    expect(one(found, 'frontmatter/wrong-type').message).toContain('alwaysApply is the string "true"');
    expect(found.filter((f) => f.code === 'frontmatter/fallback-string' && f.message.includes('description'))).toEqual([]);
  });

  it("Windsurf's manual, model_decision and glob triggers", async () => {
    const get = await codesOf({
      '.windsurf/rules/m.md': '---\ntrigger: manual\ndescription: only when asked\n---\nM\n',
      '.windsurf/rules/d.md': '---\ntrigger: model_decision\n---\nD\n',
      '.windsurf/rules/g.md': '---\ntrigger: glob\ndescription: g\n---\nG\n',
    }, { rules: { agents: ['xcsh', 'windsurf'] } });
    expect(one(get('.windsurf/rules/m.md'), 'rule/windsurf-trigger').message).toContain('the xcsh agent has no manual rules');
    expect(one(get('.windsurf/rules/d.md'), 'rule/inactive').message).toContain('needs a description: Windsurf decides from it');
    expect(one(get('.windsurf/rules/d.md'), 'rule/no-bucket').message).toContain('The xcsh agent loads rule `d` but never shows it');
    expect(one(get('.windsurf/rules/g.md'), 'rule/inactive').message).toContain('needs globs, and there are none: Windsurf never attaches this rule');
  });

  it('a rule switched off in settings', async () => {
    const get = await codesOf({ '.xcsh/rules/off.md': '---\ndescription: d\n---\nO\n' }, { rules: { disabledRules: ['rule:off'] } });
    expect(one(get('.xcsh/rules/off.md'), 'rule/disabled').severity).toBe('information');
  });

  it('a condition whose every pattern fails falls through to another bucket under xcsh, stays TTSR (never firing) under seed', async () => {
    const tree = { '.xcsh/rules/r.md': '---\ncondition: "(("\ndescription: d\n---\nR\n' };
    const seedGet = await codesOf(tree);
    expect(one(seedGet('.xcsh/rules/r.md'), 'rule/ttsr-invalid-regex').message).toContain('this TTSR rule never fires');
    const xcshGet = await codesOf(tree, { rules: { profile: 'xcsh' } });
    expect(one(xcshGet('.xcsh/rules/r.md'), 'rule/ttsr-invalid-regex').message).toContain('it goes to the rulebook');
  });

  it('with two workspace folders, the user Cursor rule hides each project copy', async () => {
    const home = writeTree(tempDir(), { '.cursor/rules/fmt.mdc': '---\ndescription: user\n---\nU\n' });
    const a = writeTree(tempDir(), { '.cursor/rules/fmt.mdc': '---\ndescription: a\n---\nA\n' });
    const b = writeTree(tempDir(), { '.cursor/rules/fmt.mdc': '---\ndescription: b\n---\nB\n' });
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, rules: XCSH_ONLY }));
    session.addFolder(a);
    session.addFolder(b);
    const engine = new RulesEngine(session, session.ruleFs);
    await engine.refresh();
    for (const root of [a, b]) expect(one(engine.findings(path.join(root, '.cursor/rules/fmt.mdc')), 'rule/shadowed').message).toContain("user rules in ~/.cursor/rules are read before project rules");
    expect(engine.findings(path.join(home, '.cursor/rules/fmt.mdc'))).toEqual([]);
  });
});
