import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingsOf, lintWorkspaceRules, ruleWorkspace } from './agentFixtures';
import { builtCliAsync } from '../helpers/cliWithHome';

/**
 * Shapes found by running `agentls check` on whole public repositories (rule files with
 * the rest of the tree), each written here as a small synthetic workspace of the same
 * shape and linted through the engine as `agentls check` does.
 */
const workspace = ruleWorkspace;

const of = findingsOf;

/** A finding's code, severity and first and last lines. */
const where = (f: { code: string; severity: string; range: { start: { line: number }; end: { line: number } } }) => [f.code, f.severity, f.range.start.line, f.range.end.line];

const body = '# Project notes\n\n## Overview\nA shower-timer app with a Go backend.\n\n- Keep handlers thin.\n';

describe('whole-repository rule shapes', () => {
  it('Cursor and Windsurf: a frontmatter block left at the end of the file is reported when its keys would change how the rule applies', async () => {
    const ws = workspace({
      // The block says "always"; the tool sees no frontmatter and makes the rule manual.
      '.cursor/rules/project.mdc': `${body}description:\nglobs:\nalwaysApply: true\n---\n`,
      '.cursor/rules/globbed.mdc': `${body}description: Backend\nglobs: backend/**/*.go\nalwaysApply: false\n---\n\n`,
      '.windsurf/rules/team.md': `${body}trigger: always_on\n---\n`,
      // Empty defaults at the end: the tool does what the block says (manual), so nothing to say.
      '.cursor/rules/quiet.mdc': `${body}description:\nglobs:\nalwaysApply: false\n---\n`,
      // A horizontal rule under a line that merely looks like a key is no frontmatter.
      '.cursor/rules/byline.mdc': `---\nalwaysApply: true\n---\n${body}Author: the team\n---\n`,
      '.cursor/rules/plain.mdc': `${body}Status: done\n---\n`,
    });
    const stranded = await strandedIn(ws);
    const project = stranded('.cursor/rules/project.mdc');
    expect(project.map((f) => [f.severity, f.range.start.line])).toEqual([['error', 6]]);
    expect(project[0].message).toBe(
      "Cursor reads frontmatter only at the top of a rule file, and this file's block comes at the end, after the rule text, with no `---` on the first line: Cursor sees no frontmatter, so the rule is applied only when @-mentioned instead of applied always, and the block is sent as rule text. Move the block to the top, between two `---` lines.",
    );
    expect(stranded('.cursor/rules/globbed.mdc').map((f) => f.message)).toEqual([expect.stringContaining('instead of attached to files matching "backend/**/*.go"')]);
    expect(stranded('.windsurf/rules/team.md').map((f) => f.message)).toEqual([expect.stringMatching(/^Windsurf reads frontmatter only at the top.*instead of applied always/)]);
    for (const rel of ['quiet', 'byline', 'plain']) expect(stranded(`.cursor/rules/${rel}.mdc`)).toEqual([]);
  });

  it('Cursor and Windsurf: a block of keys at the top without its opening --- is reported, with the one-line fix, and not as "at the end"', async () => {
    const ws = workspace({
      // Keys first, the closing line, the rule text: only the opening `---` is missing.
      '.cursor/rules/no-opener.mdc': 'description: Backend\nglobs: backend/**/*.go\nalwaysApply: false\n---\nKeep handlers thin.\n',
      // Nothing but the block.
      '.cursor/rules/only-block.mdc': 'description:\nglobs:\nalwaysApply: true\n---\n',
      '.windsurf/rules/team.md': 'trigger: always_on\n---\nUse tabs.\n',
      // A body line that merely looks like a key, above a horizontal rule: no frontmatter meant.
      '.cursor/rules/note.mdc': 'Note: read the README first\n---\nUse tabs.\n',
    });
    const stranded = await strandedIn(ws);
    const noOpener = stranded('.cursor/rules/no-opener.mdc');
    expect(noOpener.map((f) => [f.severity, f.range.start.line, f.range.end.line, f.data])).toEqual([['error', 0, 3, { fix: 'open-frontmatter' }]]);
    expect(noOpener[0].message).toBe(
      'Cursor reads frontmatter only between two `---` lines at the top of a rule file, and this file\'s block has no `---` above it: Cursor sees no frontmatter, so the rule is applied only when @-mentioned instead of attached to files matching "backend/**/*.go", and the block is sent as rule text. Add a `---` line at the top.',
    );
    expect(stranded('.cursor/rules/only-block.mdc').map((f) => f.message)).toEqual([expect.stringContaining("this file's block has no `---` above it")]);
    expect(stranded('.windsurf/rules/team.md').map((f) => f.message)).toEqual([expect.stringMatching(/^Windsurf reads frontmatter only between two `---` lines.*instead of applied always/)]);
    expect(stranded('.cursor/rules/note.mdc')).toEqual([]);
  });

  it('GitHub Copilot and Cursor: a whole block set below a line of text or blank lines is reported, with a fix that moves it to the top', async () => {
    const ws = workspace({
      // Real shape (a public .github/instructions file): a line of prose, a blank line, then the header.
      '.github/instructions/pr.instructions.md': 'This instruction applies to files matching the pattern: .github/workflows/**\n\n---\napplyTo: ".github/workflows/**"\n---\n\n# PR workflow\nOpen small PRs.\n',
      '.cursor/rules/titled.mdc': '# Backend rules\n---\nalwaysApply: true\n---\nKeep handlers thin.\n',
      '.cursor/rules/blank.mdc': '\n\n---\nglobs: src/**\nalwaysApply: false\n---\nUse tabs.\n',
      // A byte-order mark before the title: it stays first when the block moves up.
      '.cursor/rules/bom.mdc': '\uFEFF# Title\n---\nalwaysApply: true\n---\nUse tabs.\n',
      // A horizontal rule around a line that merely looks like a key, and a block far down the text: no header meant.
      '.cursor/rules/byline.mdc': '# Notes\n---\nStatus: done\n---\nText.\n',
      '.cursor/rules/deep.mdc': '# One\n\nTwo.\n\nThree.\n\n---\nalwaysApply: true\n---\nMore text.\n',
      'src/a.ts': '',
    });
    const all = await lint(ws);
    const pr = of(all, ws, '.github/instructions/pr.instructions.md');
    // Reported once, by its cause: not also as a file without applyTo.
    expect(pr.map(where)).toEqual([['frontmatter/not-at-start', 'error', 0, 4]]);
    expect(pr[0].message).toBe(
      'GitHub Copilot reads frontmatter only when the first line of the file is `---`, and 2 lines come before this file\'s block: GitHub Copilot sees no frontmatter, so the rule is not applied by itself (only attached by hand) instead of attached to files matching ".github/workflows/**", and the block is sent as rule text. Move the block to the top.',
    );
    expect(pr[0].data).toEqual({ fix: 'replace', title: 'Move the frontmatter to the top (the text above it goes below it)', newText: '---\napplyTo: ".github/workflows/**"\n---\nThis instruction applies to files matching the pattern: .github/workflows/**' });
    const titled = of(all, ws, '.cursor/rules/titled.mdc').filter((f) => f.code === 'frontmatter/not-at-start');
    expect(titled.map((f) => f.message)).toEqual([expect.stringMatching(/^Cursor reads frontmatter only when the first line of the file is `---`, and a line comes before this file's block: .*instead of applied always/)]);
    const blank = of(all, ws, '.cursor/rules/blank.mdc').filter((f) => f.code === 'frontmatter/not-at-start' && f.message.startsWith('Cursor'));
    expect(blank.map((f) => [f.message.includes('2 blank lines come before'), f.data])).toEqual([[true, { fix: 'replace', title: 'Remove the blank lines above the frontmatter', newText: '---\nglobs: src/**\nalwaysApply: false\n---' }]]);
    for (const rel of ['byline', 'deep']) expect(of(all, ws, `.cursor/rules/${rel}.mdc`).filter((f) => f.code === 'frontmatter/not-at-start')).toEqual([]);
    const bom = of(all, ws, '.cursor/rules/bom.mdc').filter((f) => f.code === 'frontmatter/not-at-start' && f.message.startsWith('Cursor'));
    expect(bom.map((f) => (f.data as { newText: string }).newText)).toEqual(['\uFEFF---\nalwaysApply: true\n---\n# Title']);
  });

  it('Cursor and Windsurf: a second frontmatter block right below the first is reported when its keys would change how the rule applies', async () => {
    const ws = workspace({
      // A generator's header above the author's: Cursor attaches by the first block's globs, the second is rule text.
      '.cursor/rules/validation.mdc':
        '---\ndescription:\nglobs: **/agent/validation/*.md,**/releases/*/agent_validation.md\nalwaysApply: false\n---\n---\ndescription: "Validation guidance"\nglobs: "**/agent/validation/*.md"\nalwaysApply: false\n---\n\n# Validation\nCheck the release.\n',
      // An empty header, a blank line, then the block the author meant (always on).
      '.windsurf/rules/team.md': '---\n---\n\n---\ntrigger: always_on\n---\nUse tabs.\n',
      // The same settings twice: nothing the tool does changes.
      '.cursor/rules/twice.mdc': '---\nalwaysApply: true\n---\n---\nalwaysApply: true\n---\nUse tabs.\n',
      // A horizontal rule, a line that merely looks like a key, another rule: no frontmatter meant.
      '.cursor/rules/note.mdc': '---\nalwaysApply: true\n---\n---\nNote: read the README first\n---\nUse tabs.\n',
      // A second block further down the text is an example, not a header.
      '.cursor/rules/example.mdc': `---\nalwaysApply: true\n---\n${body}---\nalwaysApply: false\nglobs: src/**\n---\n`,
      // An empty header, then the keys the author meant, closed by `---` with no opening one.
      '.cursor/rules/unopened.mdc': '---\ndescription:\nglobs:\nalwaysApply: false\n---\nname: Editing\ndescription: How edits are made.\nglobs: ["**/*.ts", "**/*.tsx"]\n\n---\n\n- One file at a time.\n',
      // Prose that opens with a word and a colon, above a horizontal rule: no header meant.
      '.cursor/rules/prose.mdc': '---\nalwaysApply: true\n---\nSummary: keep functions short.\n---\nUse tabs.\n',
      // A glossary of the keys, in prose, above a thematic break.
      // A key line, then notes set off by blank lines above a rule: not a block without its opener (its fix would move the notes into the frontmatter).
      '.cursor/rules/notes.mdc': 'alwaysApply: true\n\nNote: read the README.\n\nImportant: run the tests.\n---\nUse tabs.\n',
      '.cursor/rules/glossary.mdc': '---\nalwaysApply: true\n---\nglobs: file patterns a rule attaches to, like src/**/*.ts.\n\n---\nUse tabs.\n',
    });
    const all = await lint(ws);
    const repeated = (rel: string) => of(all, ws, rel).filter((f) => f.code === 'frontmatter/repeated');
    const validation = repeated('.cursor/rules/validation.mdc');
    expect(validation.map((f) => [f.severity, f.range.start.line, f.range.end.line])).toEqual([['warning', 5, 9]]);
    expect(validation[0].message).toBe(
      'Cursor reads only the first frontmatter block of a rule file. This second block below it is sent as rule text, and its keys change nothing: the rule is attached to files matching "**/agent/validation/*.md", "**/releases/*/agent_validation.md", not attached to files matching "**/agent/validation/*.md". Merge the two blocks into one.',
    );
    expect(repeated('.windsurf/rules/team.md').map((f) => f.message)).toEqual([expect.stringMatching(/^Windsurf reads only the first frontmatter block.*not applied always/)]);
    const unopened = repeated('.cursor/rules/unopened.mdc');
    expect(unopened.map((f) => [f.severity, f.range.start.line, f.range.end.line])).toEqual([['warning', 5, 9]]);
    expect(unopened[0].message).toBe(
      'Cursor reads only the first frontmatter block of a rule file. These keys below it (closed by `---`, with no `---` above them) are sent as rule text, and their keys change nothing: the rule is applied only when @-mentioned, not attached to files matching "**/*.ts", "**/*.tsx". Merge the two blocks into one.',
    );
    for (const rel of ['twice', 'note', 'example', 'prose', 'glossary']) expect(repeated(`.cursor/rules/${rel}.mdc`)).toEqual([]);
    expect(of(all, ws, '.cursor/rules/notes.mdc').filter((f) => f.code === 'frontmatter/not-at-start' && f.data !== undefined)).toEqual([]);
  });

  it('a long run of whitespace before a stranded block costs linear time (a trailing-space regex was quadratic: 50,000 spaces took 1.3 s)', async () => {
    // 400,000 spaces: linear work is milliseconds; the quadratic scan would take minutes, past the test's timeout.
    const ws = workspace({
      '.cursor/rules/padded.mdc': `${body}${' '.repeat(400_000)}x\nalwaysApply: true\n---\n${' '.repeat(400_000)}`,
      // The same run inside a line above a whole block (its fix moves that line below the block).
      '.cursor/rules/titled.mdc': `# Rules${' '.repeat(400_000)}x\n---\nalwaysApply: true\n---\nUse tabs.\n`,
    });
    const all = await lint(ws);
    expect(of(all, ws, '.cursor/rules/padded.mdc').map((f) => f.code)).toContain('frontmatter/not-at-start');
    expect(of(all, ws, '.cursor/rules/titled.mdc').map((f) => f.code)).toContain('frontmatter/not-at-start');
  }, 20_000);

  it('a broken frontmatter read again as meant costs linear time: over the size agentls parses, or with long runs of spaces (a 500 KB block took the YAML parser hours, 40,000 spaces a second)', async () => {
    // Each was minutes or more before: a second YAML parse with no size cap, and repair patterns that retried every space.
    const ws = workspace({
      '.cursor/rules/huge.mdc': `---\ndescription: ${']'.repeat(400_000)}\nglobs: src/**\nalwaysApply: false\n---\nBody.\n`,
      '.cursor/rules/spaces.mdc': `---\ndescription: *a${' '.repeat(400_000)}b\nglobs: src/**, ${' '.repeat(400_000)}x,\n---\nBody.\n`,
      'src/a.ts': '',
    });
    // Linear work is milliseconds here; the test's timeout stands for "never".
    const all = await lint(ws);
    // Its short lines are still read as meant: `alwaysApply: false` is the boolean, not a string Cursor would misread.
    expect(of(all, ws, '.cursor/rules/huge.mdc').map((f) => f.code)).not.toContain('frontmatter/wrong-type');
  }, 20_000);

  it('GitHub Copilot: a copilot-instructions.md in a subfolder\'s .github is never read, like the other tools\' root-only files beside it', async () => {
    // Real shape: a monorepo whose packages each carry the whole set of agent files.
    const ws = workspace({
      '.github/copilot-instructions.md': '# Team\n\nUse pnpm.\n',
      'runner/.github/copilot-instructions.md': '# Runner\n\nUse node --test.\n',
      'runner/.clinerules': '# Runner\n\nUse node --test.\n',
      'runner/package.json': '{}\n',
    });
    const all = await lint(ws);
    expect(of(all, ws, '.github/copilot-instructions.md')).toEqual([]);
    expect(of(all, ws, 'runner/.github/copilot-instructions.md').map((f) => [f.code, f.severity, f.message])).toEqual([
      // Copilot CLI run in runner/ reads it (GitHub's Copilot CLI docs): a note, not a warning.
      ['rule/not-read', 'information', 'GitHub Copilot in VS Code and on github.com reads `.github/copilot-instructions.md` only at the root of the repository or workspace; Copilot CLI reads it too when it runs in this folder or below it, or works on a file there.'],
    ]);
    expect(of(all, ws, 'runner/.clinerules').map((f) => f.code)).toEqual(['rule/not-read']);
    // Only for the agents the user targets.
    const cursorOnly = await lint(ws, { rules: { agents: ['cursor'] } });
    expect(of(cursorOnly, ws, 'runner/.github/copilot-instructions.md')).toEqual([]);
  });

  it('GitHub Copilot: an instructions file wrapped whole in a code fence (Copilot Chat\'s ````instructions) has its applyTo hidden: reported by that cause, not as a file with no applyTo', async () => {
    const ws = workspace({
      // Real shape (Cratis/Chronicle): the fence opens line 1 and closes on the last line.
      '.github/instructions/orleans.instructions.md': '````instructions\n---\napplyTo: "**/*.cs"\n---\n\n# Orleans\n\n```csharp\nvar x = 1;\n```\n\n````\n',
      // Frontmatter shown as an example at the top of the rule text, the fence closed after it: not this file's block.
      '.github/instructions/example.instructions.md': '```markdown\n---\napplyTo: "**/*.ts"\n---\n```\n\nWrite the header like the one above.\n',
      'src/Grain.cs': '',
    });
    const all = await lint(ws);
    const fenced = of(all, ws, '.github/instructions/orleans.instructions.md');
    expect(fenced.map(where)).toEqual([['frontmatter/not-at-start', 'error', 0, 3]]);
    expect(fenced[0].message).toBe(
      'GitHub Copilot reads frontmatter only when the first line of the file is `---`, and this file opens with a code fence around its block (its first line is ````instructions): GitHub Copilot sees no frontmatter, so the rule is not applied by itself (only attached by hand) instead of attached to files matching "**/*.cs", and the block is sent as rule text. Remove the fence\'s opening line and its closing line.',
    );
    expect(of(all, ws, '.github/instructions/example.instructions.md').map((f) => f.code)).toEqual(['rule/inactive']);
  });

  // A rule file saved beside the folder its tool reads: never read, reported (with the move) only when its frontmatter has the tool's keys.
  it.each<{ what: string; files: Record<string, string>; misplaced: string; message: string; to: string; alsoMisplaced: Record<string, string>; quiet: string[] }>([
    {
      what: 'GitHub Copilot: a NAME.instructions.md put in .github itself, not in .github/instructions/',
      files: {
        // Real shape (withroka/roka, before the file was moved into instructions/).
        '.github/coding.instructions.md': '---\napplyTo: "**"\nexcludeAgent: "code-review"\n---\n\nYou are a coding agent.\n',
        '.github/instructions/review.instructions.md': '---\napplyTo: "**"\nexcludeAgent: ["coding-agent"]\n---\n\nReview kindly.\n',
        // Without applyTo it is not taken for an instructions file.
        '.github/notes.instructions.md': '# Notes\n',
        // Nor with one only in an example (real shape: a README beside the instruction files, Euricom/ai-template-copilot-typescript).
        '.github/instructions/_README.md': '# Instructions\n\nWrite them as `NAME.instructions.md`:\n\n```\n---\napplyTo: "app/models/**/*.ts"\n---\n```\n',
        '.github/instructions/backend.md': '---\napplyTo: "src/**"\n---\nUse the logger.\n',
      },
      misplaced: '.github/coding.instructions.md',
      message: 'GitHub Copilot reads `NAME.instructions.md` files only within `.github/instructions/`: GitHub Copilot never reads this file. Move it to `.github/instructions/coding.instructions.md`.',
      to: '.github/instructions/coding.instructions.md',
      alsoMisplaced: { '.github/instructions/backend.md': '.github/instructions/backend.instructions.md' },
      quiet: ['.github/instructions/review.instructions.md', '.github/notes.instructions.md', '.github/instructions/_README.md'],
    },
    {
      what: 'Cursor: a rule saved in .cursor itself, beside the rules folder',
      files: {
        // Real shape (Bothire-Agent-Marketplace/omni-mcp): `.cursor/index.mdc` with `alwaysApply: true`.
        '.cursor/index.mdc': '---\ndescription: Project overview\nalwaysApply: true\n---\nUse pnpm.\n',
        'packages/api/.cursor/api.mdc': '---\nglobs: src/**\n---\nThin handlers.\n',
        // No Cursor key in a frontmatter: not taken for a rule.
        '.cursor/notes.mdc': '# Scratch notes\n\nalwaysApply: is what the rules use.\n',
      },
      misplaced: '.cursor/index.mdc',
      message: 'Cursor reads rule files from `.cursor/rules/`, and this one is in `.cursor/` itself: Cursor never reads this file. Move it to `.cursor/rules/index.mdc`.',
      to: '.cursor/rules/index.mdc',
      alsoMisplaced: { 'packages/api/.cursor/api.mdc': 'packages/api/.cursor/rules/api.mdc' },
      quiet: ['.cursor/notes.mdc'],
    },
  ])('$what is never read (reported when its frontmatter has the tool\'s key, with the move)', async ({ files, misplaced, message, to, alsoMisplaced, quiet }) => {
    const ws = workspace({ ...files, 'src/main.ts': '' });
    const all = await lint(ws);
    const found = of(all, ws, misplaced);
    expect(found.map((f) => [f.code, f.severity, f.message])).toEqual([['rule/not-read', 'warning', message]]);
    expect(found[0].data).toEqual({ fix: 'move-to', to: path.join(ws, ...to.split('/')) });
    for (const [rel, moved] of Object.entries(alsoMisplaced)) expect(of(all, ws, rel).map((f) => f.message)).toEqual([expect.stringContaining(`Move it to \`${moved}\``)]);
    for (const rel of quiet) expect(of(all, ws, rel)).toEqual([]);
  });

  it('a dead glob that starts with a wildcard names no "nearest" path unless a file name starts like its last segment (not the first paths of the list: the rule folders)', async () => {
    // Real shapes: a Python repository's `test_*.py,*_test.py` (only test_ files exist); a Go and Docker
    // repository's `**/Dockerfile,**/Dockerfile.*` (only plain Dockerfiles exist).
    const ws = workspace({
      '.cursor/rules/testing.mdc': '---\nglobs: test_*.py,*_test.py\n---\nUse pytest.\n',
      '.github/instructions/docker.instructions.md': '---\napplyTo: "**/Dockerfile,**/Dockerfile.*"\n---\nPin base images.\n',
      // A file-name glob is near the files whose names share its start (kynoptic/wikipedia-reliable-sources).
      '.windsurf/rules/rules-style.md': '---\ntrigger: glob\nglobs: ".windsurf/rules/*.md,global_rules.md"\n---\nStart with frontmatter.\n',
      '.windsurf/rules/global-rules.md': '---\ntrigger: always_on\n---\nUse gh.\n',
      'tests/test_parser.py': '',
      'build/linux/Dockerfile': '',
      'build/windows/Dockerfile': '',
      'src/app.py': '',
    });
    // Glob reach is a workspace check: run as `agentls check` runs it.
    const dead = await deadGlobMessages(ws);
    expect(dead('.cursor/rules/testing.mdc')).toEqual([expect.stringContaining('the glob "*_test.py" matches none')]);
    expect(dead('.cursor/rules/testing.mdc')[0]).not.toContain('Nearest existing');
    expect(dead('.windsurf/rules/rules-style.md')).toEqual([expect.stringContaining('the glob "global_rules.md" matches none of the 8 files of the workspace; the rule\'s other globs still match. Nearest existing: .windsurf/rules/global-rules.md.')]);
    expect(dead('.github/instructions/docker.instructions.md')).toEqual([
      expect.stringContaining("the glob \"**/Dockerfile.*\" matches none of the 8 files of the workspace; the rule's other globs still match. Nearest existing: build/linux/Dockerfile."),
    ]);
  });

  it('a glob far longer than agentls matches is reported by its length, quoted short, and the check goes on (minimatch threw "pattern is too long" and `agentls check` stopped)', async () => {
    const ws = workspace({
      // Under Windsurf's 12,000 characters a file, over agentls's 4,096 a glob.
      '.windsurf/rules/spaces.md': `---\ntrigger: glob\nglobs: *a${' '.repeat(6_000)}b\n---\nBody.\n`,
      '.cursor/rules/fine.mdc': '---\nglobs: lib/**\n---\nBody.\n',
      'src/a.ts': '',
    });
    const diagnostics = await checkDiagnostics(ws);
    const invalid = diagnostics.filter((d) => d.path === '.windsurf/rules/spaces.md' && d.code === 'frontmatter/invalid-glob');
    expect(invalid.map((d) => d.message)).toEqual([expect.stringContaining('the glob has 6,003 characters; agentls reads up to 4,096 characters, so it matches nothing here')]);
    expect(invalid[0].message.length).toBeLessThan(400);
    // The other rules are still checked.
    expect(diagnostics.filter((d) => d.path === '.cursor/rules/fine.mdc').map((d) => d.code)).toEqual(['context/dead-glob']);
  });

  it('a dead glob is not shown the agents\' own files as "nearest" unless it ends in their extension (a Docker rule was shown the Windsurf rules beside it)', async () => {
    const ws = workspace({
      '.windsurf/rules/docker.md': '---\ntrigger: glob\nglobs: docker-compose*.yml\n---\nPin base images.\n',
      '.windsurf/rules/docker2.md': '---\ntrigger: glob\nglobs: deploy/**\n---\nUse the registry.\n',
      'services/api/main.go': '',
    });
    const dead = await deadGlobMessages(ws);
    expect(dead('.windsurf/rules/docker.md')).toEqual([expect.stringContaining('Windsurf never attaches this rule by its globs: "docker-compose*.yml" matches none')]);
    expect(dead('.windsurf/rules/docker.md')[0]).not.toContain('Nearest existing');
    // A project file near the glob is still named, whatever its extension.
    fs.writeFileSync(path.join(ws, 'docker-compose.yaml'), 'services: {}\n');
    const again = await deadGlobMessages(ws);
    expect(again('.windsurf/rules/docker.md')).toEqual([expect.stringContaining('Nearest existing: docker-compose.yaml.')]);
  });
});

const lint = lintWorkspaceRules;

/** The frontmatter/not-at-start findings of one file of a linted workspace. */
async function strandedIn(ws: string): Promise<(rel: string) => ReturnType<typeof of>> {
  const all = await lint(ws);
  return (rel) => of(all, ws, rel).filter((f) => f.code === 'frontmatter/not-at-start');
}

/** Every diagnostic of `agentls check --format json` on a workspace (run as CI runs it). */
async function checkDiagnostics(ws: string): Promise<{ path: string; code: string; message: string }[]> {
  const { stdout } = await builtCliAsync(['check', '--format', 'json', '--max-severity', 'error', ws], { root: ws, mustSucceed: true });
  return (JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] }).diagnostics;
}

/** The context/dead-glob messages of `agentls check --format json` on a workspace, by file. */
async function deadGlobMessages(ws: string): Promise<(rel: string) => string[]> {
  const diagnostics = await checkDiagnostics(ws);
  return (rel) => diagnostics.filter((d) => d.path === rel && d.code === 'context/dead-glob').map((d) => d.message);
}
