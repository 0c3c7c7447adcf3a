import { describe, expect, it } from 'vitest';
import { findingsOf, lintWorkspaceRules, ruleWorkspace } from './agentFixtures';

/**
 * Shapes found in public repositories' rule files (an audit of real files for false
 * alarms), each written here as a small synthetic file of the same shape and linted
 * through the engine as `agentls check` does. Correct files stay quiet; the true finding
 * beside each one is still reported.
 */
const workspace = ruleWorkspace;

const lint = lintWorkspaceRules;

const of = findingsOf;

describe('real-world rule shapes', () => {
  it('Cursor: a misspelt alwaysApply (always_apply, always) is named with its rename; the real key or another key is left alone', async () => {
    const ws = workspace({
      '.cursor/rules/snake.mdc': '---\ndescription: House style\nalways_apply: true\n---\nUse tabs.\n',
      '.cursor/rules/short.mdc': '---\nalways: true\n---\nUse tabs.\n',
      '.cursor/rules/both.mdc': '---\nalwaysApply: true\nalways_apply: true\n---\nUse tabs.\n',
      '.cursor/rules/other.mdc': '---\ndescription: Tests\nauthor: me\nal: true\n---\nUse vitest.\n',
    });
    const all = await lint(ws);
    const slips = (rel: string) => of(all, ws, rel).filter((f) => f.code === 'frontmatter/unknown-key' && /Cursor reads/.test(f.message));
    expect(slips('.cursor/rules/snake.mdc').map((f) => [f.severity, f.message, f.data])).toEqual([
      ['warning', 'Cursor reads `alwaysApply`, not `always_apply`: it ignores this key, so the rule is not activated the way the file says. Rename it to `alwaysApply`.', { fix: 'rename-key', to: 'alwaysApply' }],
    ]);
    expect(slips('.cursor/rules/short.mdc').map((f) => f.data)).toEqual([{ fix: 'rename-key', to: 'alwaysApply' }]);
    expect(slips('.cursor/rules/both.mdc')).toEqual([]);
    expect(slips('.cursor/rules/other.mdc')).toEqual([]);
  });

  it('GitHub Copilot: excludeAgent as a YAML list (block or flow) is accepted; a mapping is still reported', async () => {
    const ws = workspace({
      '.github/instructions/review.instructions.md': '---\napplyTo: "**"\nexcludeAgent:\n  - "coding-agent"\n---\nReview for security first.\n',
      '.github/instructions/web.instructions.md': '---\napplyTo: "web/**/*.ts"\nexcludeAgent: ["code-review"]\n---\nUse the fetch wrapper.\n',
      '.github/instructions/none.instructions.md': '---\napplyTo: "lib/**"\nexcludeAgent: []\n---\nKeep it small.\n',
      '.github/instructions/odd.instructions.md': '---\napplyTo: "**"\nexcludeAgent:\n  agent: code-review\n---\nOdd.\n',
    });
    const all = await lint(ws);
    for (const rel of ['review', 'web', 'none']) expect(of(all, ws, `.github/instructions/${rel}.instructions.md`)).toEqual([]);
    const odd = of(all, ws, '.github/instructions/odd.instructions.md').filter((f) => f.code === 'frontmatter/wrong-type');
    expect(odd).toHaveLength(1);
    expect(odd[0].message).toContain('GitHub Copilot expects `excludeAgent` to be text or a list of text');
  });

  it("Cline: .clinerules/workflows, hooks and skills are not rules, for Cline or the xcsh agent; other nested files are Cline 3.x's alone", async () => {
    const ws = workspace({
      '.xcsh/': '',
      '.clinerules/style.md': '---\ndescription: House style\nalwaysApply: true\n---\nShort functions.\n',
      '.clinerules/workflows/release.md': '---\ndescription: Cut a release\n---\n1. Bump the version.\n',
      '.clinerules/hooks/notes.md': 'Hook notes.\n',
      '.clinerules/skills/review.md': '---\nname: review\n---\nReview steps.\n',
      '.clinerules/team/extra.md': 'Extra rules.\n',
    });
    const all = await lint(ws);
    for (const rel of ['workflows/release.md', 'hooks/notes.md', 'skills/review.md']) expect(of(all, ws, `.clinerules/${rel}`)).toEqual([]);
    // A nested folder only Cline 3.x read: Cline 4, the Cline CLI and the xcsh agent read only files directly in .clinerules.
    const nested = of(all, ws, '.clinerules/team/extra.md').filter((f) => f.code === 'rule/not-read');
    expect(nested.map((f) => f.severity).sort()).toEqual(['information', 'warning']);
    expect(nested.find((f) => f.severity === 'warning')?.message).toMatch(/^The xcsh agent never reads this file/);
    expect(nested.find((f) => f.severity === 'information')?.message).toContain('Cline 3.x read it');
  });

  it('a comma list of globs in a Windsurf rule: the message does not say Windsurf (or Cursor) reads that file', async () => {
    const ws = workspace({
      '.windsurf/rules/native.md': '---\ntrigger: glob\ndescription: Mobile screens\nglobs: "app/**/*.jsx,app/**/*.tsx"\n---\nUse hooks.\n',
      '.cursor/rules/web.mdc': '---\ndescription: Web\nglobs: "web/*.ts,web/*.tsx"\n---\nUse fetch.\n',
    });
    const all = await lint(ws, { rules: { agents: ['windsurf', 'cursor', 'xcsh'] } });
    const windsurf = of(all, ws, '.windsurf/rules/native.md').filter((f) => f.code === 'frontmatter/comma-globs');
    expect(windsurf).toHaveLength(1);
    expect(windsurf[0].message).toContain('the xcsh agent does not split globs at commas');
    expect(windsurf[0].message).not.toContain('Cursor splits');
    const cursor = of(all, ws, '.cursor/rules/web.mdc').filter((f) => f.code === 'frontmatter/comma-globs');
    expect(cursor).toHaveLength(1);
    expect(cursor[0].message).toContain('Cursor splits globs at commas, the xcsh agent does not');
  });

  it('invalid YAML from a leading `*` in a description: the note does not call it a glob', async () => {
    const ws = workspace({
      '.xcsh/rules/notes.md': '---\ndescription: **Version**: 2 | notes\nalwaysApply: true\n---\nNotes.\n',
      '.xcsh/rules/ts.md': '---\ndescription: TypeScript\nglobs: *.ts\n---\nStrict mode.\n',
    });
    const all = await lint(ws);
    const notes = of(all, ws, '.xcsh/rules/notes.md').find((f) => f.code === 'frontmatter/yaml-error');
    expect(notes?.message).toContain('YAML reads a leading `*` as an alias)');
    expect(notes?.message).not.toContain('write globs this way');
    expect(of(all, ws, '.xcsh/rules/ts.md').find((f) => f.code === 'frontmatter/yaml-error')?.message).toContain('Cursor and Windsurf write globs this way');
  });

  it('GitHub Copilot: applyTo as a YAML list is an error (VS Code ignores it), with the one-string form as its fix; a comma string is quiet', async () => {
    const ws = workspace({
      '.github/instructions/review.instructions.md': '---\napplyTo:\n  - "**/*.cs"\n  - "**/*.ts"\n---\nCheck async code.\n',
      '.github/instructions/web.instructions.md': '---\napplyTo: "**/*.cs, **/*.ts"\n---\nCheck async code.\n',
    });
    const all = await lint(ws);
    const list = of(all, ws, '.github/instructions/review.instructions.md').filter((f) => f.code === 'frontmatter/wrong-type');
    expect(list).toHaveLength(1);
    expect(list[0].severity).toBe('error');
    expect(list[0].message).toContain('GitHub Copilot');
    expect((list[0].data as { newText?: string }).newText).toBe('"**/*.cs, **/*.ts"');
    expect(of(all, ws, '.github/instructions/web.instructions.md')).toEqual([]);
  });

  it('globs a tool never consults (always_on, alwaysApply: true) are not checked; under trigger: glob they are, and the fix drops quotes and the leading /', async () => {
    const rule = (trigger: string) => `---\ntrigger: ${trigger}\nglobs: "/setup.cfg", "**/tox.ini"\n---\nPackaging rules.\n`;
    const ws = workspace({
      '.windsurf/rules/always.md': rule('always_on'),
      '.windsurf/rules/scoped.md': rule('glob'),
      '.cursor/rules/always.mdc': '---\nglobs: **.cs\nalwaysApply: true\n---\nC# rules.\n',
      '.cursor/rules/scoped.mdc': '---\nglobs: **.cs\n---\nC# rules.\n',
    });
    const all = await lint(ws);
    const globs = (rel: string) => of(all, ws, rel).filter((f) => f.code === 'frontmatter/invalid-glob');
    expect(globs('.windsurf/rules/always.md')).toEqual([]);
    expect(globs('.cursor/rules/always.mdc')).toEqual([]);
    const scoped = globs('.windsurf/rules/scoped.md');
    expect(scoped).toHaveLength(1);
    expect(scoped[0].message).toContain('leading `/`');
    expect((scoped[0].data as { newText?: string }).newText).toBe('setup.cfg, **/tox.ini');
    expect(globs('.cursor/rules/scoped.mdc')).toHaveLength(1);
  });

  it('Windsurf: globs beside trigger model_decision, always_on or manual do nothing, a note that names trigger: glob; under trigger: glob, or without globs, nothing is said', async () => {
    const ws = workspace({
      '.windsurf/rules/react.md': '---\ntrigger: model_decision\nglobs: "**/*.tsx,**/*.jsx"\ndescription: "Apply when working in React"\n---\nHooks at the top.\n',
      '.windsurf/rules/always.md': '---\ntrigger: always_on\nglobs:\n  - "**/*.py"\n---\nType hints.\n',
      '.windsurf/rules/bare.md': '---\ntrigger: model_decision\nglobs: **/*.test.ts\n---\nVitest only.\n',
      '.windsurf/rules/scoped.md': '---\ntrigger: glob\nglobs: "**/*.tsx"\n---\nHooks at the top.\n',
      '.windsurf/rules/described.md': '---\ntrigger: model_decision\ndescription: When writing SQL\n---\nUse migrations.\n',
    });
    const all = await lint(ws);
    const react = of(all, ws, '.windsurf/rules/react.md');
    expect(react.map((f) => [f.code, f.severity, f.range.start.line])).toEqual([['rule/foreign-key', 'information', 2]]);
    expect(react[0].message).toBe(
      'Windsurf reads `globs` only with `trigger: glob`; under `trigger: model_decision` it decides from the description, so these globs do nothing. To attach the rule by path, use `trigger: glob`; otherwise remove `globs`.',
    );
    expect(of(all, ws, '.windsurf/rules/always.md').map((f) => f.message)).toEqual([expect.stringContaining('under `trigger: always_on` it applies the rule always')]);
    // Without a description the rule never fires: one warning, which names the trigger the globs need.
    const bare = of(all, ws, '.windsurf/rules/bare.md');
    expect(bare.map((f) => [f.code, f.severity])).toEqual([['rule/inactive', 'warning']]);
    expect(bare[0].message).toContain('to attach the rule by path, use `trigger: glob`');
    expect(of(all, ws, '.windsurf/rules/scoped.md')).toEqual([]);
    expect(of(all, ws, '.windsurf/rules/described.md')).toEqual([]);
  });

  it('GitHub Copilot: an applyTo brace group whose alternatives hold `**/` as a segment is not a glued `**`; one glued inside an alternative still is', async () => {
    const ws = workspace({
      '.github/instructions/docs.instructions.md': '---\ndescription: "Documentation standards"\napplyTo: "{README.md,CHANGELOG.md,docs/**/*.md,**/design.md}"\n---\n\n## Content Rules\n',
      '.github/instructions/glued.instructions.md': '---\napplyTo: "{docs/**.md,README.md}"\n---\nText.\n',
      'README.md': '',
      'docs/a.md': '',
    });
    const all = await lint(ws);
    expect(of(all, ws, '.github/instructions/docs.instructions.md')).toEqual([]);
    expect(of(all, ws, '.github/instructions/glued.instructions.md').map((f) => f.code)).toEqual(['frontmatter/invalid-glob']);
  });

  it('Windsurf trigger: glob with a `glob:` key: the inactive rule names the key Windsurf reads', async () => {
    const ws = workspace({ '.windsurf/rules/style.md': "---\ntrigger: glob\nglob: '**/*.{ts,tsx}'\n---\nNo any.\n" });
    const inactive = of(await lint(ws), ws, '.windsurf/rules/style.md').filter((f) => f.code === 'rule/inactive');
    expect(inactive).toHaveLength(1);
    expect(inactive[0].message).toContain('Windsurf reads `globs`, not `glob`');
  });

  it('GitHub Copilot: with a description and no applyTo, the note says VS Code may load the file on demand; without a description it says Copilot does not apply it', async () => {
    const ws = workspace({
      '.github/instructions/telemetry.instructions.md': '---\ndescription: Read when adding telemetry events\n---\nName events in kebab-case.\n',
      '.github/instructions/bare.instructions.md': '---\nname: bare\n---\nNo scope at all.\n',
    });
    const all = await lint(ws);
    const described = of(all, ws, '.github/instructions/telemetry.instructions.md');
    expect(described.map((f) => [f.code, f.severity])).toEqual([['rule/inactive', 'information']]);
    expect(described[0].message).toContain('In VS Code its agent may load it on demand from its description');
    const bare = of(all, ws, '.github/instructions/bare.instructions.md');
    expect(bare.map((f) => f.code)).toEqual(['rule/inactive']);
    expect(bare[0].message).toContain('does not apply it by itself');
  });

  it('one rule kept for several tools (same body, each with its own frontmatter): the copy the xcsh agent skips loses nothing, so it is no error', async () => {
    const body = '# Go\n\n- Return errors last.\n';
    const ws = workspace({
      '.xcsh/': '',
      '.cursor/rules/go.mdc': `---\ndescription: Go idioms\nalwaysApply: true\n---\n${body}`,
      '.windsurf/rules/go.md': `---\ntrigger: always_on\n---\n\n${body}\n`,
      '.cursor/rules/sql.mdc': '---\nalwaysApply: true\n---\nUse migrations.\n',
      '.windsurf/rules/sql.md': '---\ntrigger: always_on\nalwaysApply: true\n---\nUse raw SQL.\n',
    });
    const all = await lint(ws);
    const go = of(all, ws, '.windsurf/rules/go.md');
    expect(go.map((f) => [f.code, f.severity])).toEqual([['rule/shadowed', 'information']]);
    expect(go[0].message).toContain('the same body, so nothing is lost');
    // Another body: the xcsh agent never reads this text, a true error.
    expect(of(all, ws, '.windsurf/rules/sql.md').filter((f) => f.code === 'rule/shadowed').map((f) => f.severity)).toEqual(['error']);
  });

  it('a copy that would reach the model more often than the winner is still an error, even with the same body', async () => {
    const ws = workspace({
      '.xcsh/': '',
      '.cursor/rules/go.mdc': '---\nglobs: ["**/*.go"]\n---\nReturn errors last.\n',
      '.windsurf/rules/go.md': '---\ntrigger: always_on\nalwaysApply: true\n---\nReturn errors last.\n',
    });
    const shadowed = of(await lint(ws), ws, '.windsurf/rules/go.md').filter((f) => f.code === 'rule/shadowed');
    expect(shadowed.map((f) => f.severity)).toEqual(['error']);
  });
});

