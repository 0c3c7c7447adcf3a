import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeImportBeingTyped, findClaudeImports, looksLikeFile } from '../../server/rules/claudeImports';
import { copyFixture, tempDir, writeTree } from '../helpers/repo';
import { builtCliAsync } from '../helpers/cliWithHome';


interface CheckJson {
  diagnostics: { path: string; range: { start: { line: number; character: number } }; severity: string; code: string; message: string }[];
}

/** Where a finding of `agentls check --format json` is: file, code, line and column. */
const placed = (d: CheckJson['diagnostics'][number]) => [d.path, d.code, d.range.start.line, d.range.start.character];

describe('Claude Code memory imports', () => {
  it('finds imports at word starts, outside code, without sentence punctuation', () => {
    const text = 'See @README, @docs/a.md. Mail me@example.com.\n`@in/code.md`\n```\n@fenced.md\n```\n(@not-an-import.md) @~/.claude/x.md <!-- @hidden.md --> <!-- @unclosed.md';
    expect(findClaudeImports(text).map((i) => i.path)).toEqual(['README', 'docs/a.md', '~/.claude/x.md']);
  });

  it('looks at the first mebibyte of a memory file only', () => {
    const filler = 'x'.repeat(1024 * 1024);
    expect(findClaudeImports(`@early.md ${filler} @late.md`).map((i) => i.path)).toEqual(['early.md']);
  });

  it('tells file paths from mentions and package names', () => {
    expect(['docs/a.md', './README', '../x', '~/.claude/x.md', '/abs/file', 'notes.txt'].map(looksLikeFile)).toEqual([true, true, true, true, true, true]);
    expect(['alice', 'types/node', 'README', 'angular/core@17.0', 'https://x.io/a.md', '@scope', 'pytest.fixture', 'app.route', 'functools.lru_cache'].map(looksLikeFile)).toEqual(Array(9).fill(false));
  });

  it('reads a line of 200,000 @ signs, a 200,000-character token and one of 200,000 words without trouble, capped at 200 imports', () => {
    // Claude Code takes no token that starts with `@` for a path.
    expect(findClaudeImports('@'.repeat(200_000))).toEqual([]);
    expect(findClaudeImports('@' + '.'.repeat(200_000) + 'x')).toEqual([{ path: '.'.repeat(200_000) + 'x', start: 0, end: 200_002 }]);
    expect(findClaudeImports('@x' + ')'.repeat(200_000))).toEqual([{ path: 'x', start: 0, end: 2, kept: ')'.repeat(200_000) }]);
    expect(findClaudeImports(' @a.md'.repeat(200_000))).toHaveLength(200);
  });

  it('cuts a token at `#` and reads `\\ ` as a space, as Claude Code does', () => {
    const text = 'Setup: @./guide.md#install and @docs/api.md#L10.\nNotes in @./my\\ notes.md today';
    expect(findClaudeImports(text).map((i) => [i.path, text.slice(i.start, i.end)])).toEqual([
      ['./guide.md', '@./guide.md'],
      ['docs/api.md', '@docs/api.md'],
      ['./my notes.md', '@./my\\ notes.md'],
    ]);
  });

  it('takes no token Claude Code would not take for a path: quoted, bracketed, templated, or cut at a backslash', () => {
    const text = 'Use @"C:\\temp\\out.txt" or @(docs/a.md) or @{{root}}/x.md or @<file>.md or @$HOME/x.md or @*.md; @docs\\guide.md';
    expect(findClaudeImports(text).map((i) => i.path)).toEqual(['docs']);
  });

  it('finds an import just inside emphasis, where Claude Code scans the emphasised text', () => {
    expect(findClaudeImports('- **@AGENTS.md** is shared; _@docs/a.md_ too; not in foo**@b.md**').map((i) => i.path)).toEqual(['AGENTS.md', 'docs/a.md']);
  });

  it('completes an import typed inside emphasis, up to the closing marks, and not one after a parenthesis', () => {
    expect(claudeImportBeingTyped('See **@AG** now', 9)).toEqual({ start: 6, end: 9, query: 'AG' });
    expect(claudeImportBeingTyped('See **@AGxx** now', 9)).toEqual({ start: 6, end: 11, query: 'AG' });
    expect(claudeImportBeingTyped('See @doc', 8)).toEqual({ start: 4, end: 8, query: 'doc' });
    expect(claudeImportBeingTyped('See (@doc', 9)).toBeUndefined();
  });

  it('skips imports in HTML blocks, which Claude Code never scans, but not inline HTML or a tag inside a paragraph', () => {
    const text = [
      '<details>',
      '<summary>More</summary>',
      '@./in-details.md',
      '</details>',
      '',
      '<rules>',
      '@./in-rules.md',
      '</rules>',
      '',
      '<pre>',
      '',
      '@./in-pre.md',
      '</pre>',
      'Text <b>bold</b> @./inline.md',
      'and a tag',
      '<rules>',
      '@./in-paragraph.md',
      '',
      '## Heading',
      '<div>',
      '@./after-heading.md',
      '',
      '@./after-blank.md',
    ].join('\n');
    expect(findClaudeImports(text).map((i) => i.path)).toEqual(['./inline.md', './in-paragraph.md', './after-blank.md']);
  });

  async function check(ws: string, ...args: string[]) {
    const { stdout } = await builtCliAsync(['check', '--format', 'json', ...args], { cwd: ws, home: null });
    return (JSON.parse(stdout) as CheckJson).diagnostics.filter((d) => d.code.startsWith('claude/'));
  }

  it('agentls check reports them with the CLI, in JSON, unless Claude Code is not a targeted agent', async () => {
    const ws = copyFixture('claude-imports');
    const found = await check(ws);
    expect(found.map((d) => [d.path, d.code, d.severity, d.range.start.line, d.range.start.character])).toEqual([
      ['CLAUDE.md', 'claude/import-missing', 'warning', 2, 32],
      ['CLAUDE.md', 'claude/import-too-deep', 'warning', 10, 7],
    ]);
    expect(await check(ws, '--agents', 'cursor,copilot')).toEqual([]);
    expect((await check(ws, '--agents', 'claude')).length).toBe(2);
  });

  it('tells, on an import written from the project root in a memory file below it, the path Claude Code would load', async () => {
    // A real shape: .claude/CLAUDE.md importing `@.claude/conventions.md`. Claude Code reads a relative path
    // from the folder of the file holding the import (its memory docs), so it looks for .claude/.claude/conventions.md.
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/CLAUDE.md': '# Memory\n\n@.claude/conventions.md\n@.claude/gone.md\n',
      '.claude/conventions.md': '# Conventions\n',
    });
    const found = (await check(ws)).map((d) => [d.range.start.line, d.message]);
    expect(found).toEqual([
      [2, 'Claude Code imports .claude/.claude/conventions.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model. Claude Code reads a relative path from the folder of the file that holds the import; .claude/conventions.md is this path read from the workspace folder. Write `@conventions.md`.'],
      [3, 'Claude Code imports .claude/.claude/gone.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.'],
    ]);
  });

  it('reports `@import PATH` and `@include PATH` once, as the import of a file named import, unless such a file exists or no path follows', async () => {
    const ws = writeTree(tempDir(), {
      // A real shape (a public CLAUDE.md): the import written as CSS and Sass write theirs, to a file outside the repository.
      'CLAUDE.md':
        '# Notes\n\n@import ../../shared/go/CLAUDE.md\n@include README.md.\nSee @import for the syntax; @import docs is a folder.\n' +
        // About CSS, not an import meant for Claude Code: in a sentence, a table, indented code, with a backslash.
        'Partials come in with @import styles/_vars.scss at the top.\n| @import a.css | CSS import |\n\n    @import theme.css;\n\n@import docs\\guide.md\n',
      'README.md': '# Readme\n',
      'sub/CLAUDE.md': '@import docs/a.md\n',
      // Here a file named `import` exists, and Claude Code imports it.
      'sub/import': 'imported\n',
    });
    const found = await check(ws);
    expect(found.map(placed)).toEqual([
      ['CLAUDE.md', 'claude/import-missing', 2, 0],
      ['CLAUDE.md', 'claude/import-missing', 3, 0],
    ]);
    const text = (await builtCliAsync(['check'], { cwd: ws, home: null })).stdout;
    expect(text).toContain('CLAUDE.md:3:1: warning [claude/import-missing] Claude Code reads `@import` as an import of a file named import, which does not exist, and ../../shared/go/CLAUDE.md after it as plain text: that file is never loaded. Write `@../../shared/go/CLAUDE.md`.');
    expect(text).toContain('and README.md after it as plain text');
  });

  it('warns when punctuation right after an import makes Claude Code look for another file, but not after emphasis or a space, or when the file is imported cleanly too', async () => {
    expect(findClaudeImports('See @a.md. In @b.md): **@c.md**, @d.md . _@e.md_.').map((i) => [i.path, i.kept])).toEqual([
      ['a.md', '.'],
      ['b.md', '):'],
      ['c.md', undefined],
      ['d.md', undefined],
      ['e.md', undefined],
    ]);
    const ws = writeTree(tempDir(), {
      // The last line names the file itself, as prose (a real shape): nothing to load, nothing to say.
      'CLAUDE.md': 'See @README.md. Setup in @docs/a.md: all of it.\nShared: **@AGENTS.md**, and @docs/b.md\n(see @docs/c.md)\nRules in @docs/d.md. Keep @docs/d.md up to date.\nThis file is for tools that still look for @CLAUDE.md.\n',
      'README.md': '# Readme\n',
      'AGENTS.md': '# Agents\n',
      'docs/a.md': 'A\n',
      'docs/b.md': 'B, and in turn see @c.md.\n',
      'docs/c.md': 'C\n',
      'docs/d.md': 'D\n',
    });
    const found = await check(ws);
    expect(found.map(placed)).toEqual([
      ['CLAUDE.md', 'claude/import-missing', 0, 4],
      ['CLAUDE.md', 'claude/import-missing', 0, 25],
      ['CLAUDE.md', 'claude/import-missing', 1, 28],
      ['CLAUDE.md', 'claude/import-missing', 2, 5],
    ]);
    expect((await builtCliAsync(['check', '--format', 'json'], { cwd: ws, home: null })).stdout).toContain('docs/c.md.');
  });

  it('says when Claude Code passes an AGENTS.md over for the CLAUDE.md beside it or above it, and not for a shim, a symlinked or a copied CLAUDE.md', async () => {
    const ws = copyFixture('claude-agents-md');
    fs.mkdirSync(path.join(ws, 'linked'));
    fs.writeFileSync(path.join(ws, 'linked', 'AGENTS.md'), '# Linked\n');
    fs.symlinkSync('AGENTS.md', path.join(ws, 'linked', 'CLAUDE.md'));
    fs.mkdirSync(path.join(ws, 'copied'));
    fs.writeFileSync(path.join(ws, 'copied', 'AGENTS.md'), '# Same\n');
    fs.writeFileSync(path.join(ws, 'copied', 'CLAUDE.md'), '# Same\n\n');
    const found = await check(ws);
    // solo/ has no CLAUDE.md of its own, but the root's is above it.
    expect(found.map((d) => [d.path, d.code, d.severity])).toEqual([
      ['AGENTS.md', 'claude/agents-md-unread', 'information'],
      ['solo/AGENTS.md', 'claude/agents-md-unread', 'information'],
    ]);
    expect(await check(ws, '--agents', 'cursor')).toEqual([]);
  });

  it('notes an AGENTS.md below a folder whose CLAUDE.md keeps Claude Code from reading it, unless that CLAUDE.md imports it', async () => {
    // Claude Code's memory docs: AGENTS.md is read only when no CLAUDE.md is in the working directory or above it.
    const ws = writeTree(tempDir(), {
      'CLAUDE.md': '# Claude\n\n@packages/kept/AGENTS.md\n',
      'packages/api/AGENTS.md': '# API\n',
      'packages/kept/AGENTS.md': '# Kept\n',
      'tools/CLAUDE.md': '# Tools\n\nRead AGENTS.md first.\n',
      'tools/cli/AGENTS.md': '# CLI\n',
    });
    const found = await check(ws);
    expect(found.map((d) => [d.path, d.message])).toEqual([
      ['packages/api/AGENTS.md', 'Claude Code does not read this file: it reads AGENTS.md only where no CLAUDE.md is in the working folder or above it, and CLAUDE.md is in a folder above this one and does not import it. If Claude Code should follow these instructions too, add a CLAUDE.md holding `@AGENTS.md` beside this file: Claude Code loads it when it works in this folder, as this file is meant. (`@packages/api/AGENTS.md` in CLAUDE.md would load it in every session.)'],
      // The nearest CLAUDE.md above is the one named: its "AGENTS.md" is one beside it, not this one.
      ['tools/cli/AGENTS.md', 'Claude Code does not read this file: it reads AGENTS.md only where no CLAUDE.md is in the working folder or above it, and tools/CLAUDE.md is in a folder above this one and does not import it. If Claude Code should follow these instructions too, add a CLAUDE.md holding `@AGENTS.md` beside this file: Claude Code loads it when it works in this folder, as this file is meant. (`@cli/AGENTS.md` in tools/CLAUDE.md would load it in every session.)'],
    ]);
    const alone = writeTree(tempDir(), { 'packages/api/AGENTS.md': '# API\n', 'docs/CLAUDE.md': '# Docs\n' });
    expect(await check(alone)).toEqual([]);
  });

  it('says nothing of an AGENTS.md that the CLAUDE.md beside it sends Claude to by name, and still notes one that only another folder\'s AGENTS.md is named beside', async () => {
    // Real shape (audit of whole repositories): a short CLAUDE.md that tells Claude to read
    // AGENTS.md in prose or a link rather than importing it with @.
    const ws = writeTree(tempDir(), {
      'prose/CLAUDE.md': '# Claude\n\nRead `AGENTS.md` first: it is the full guide.\n',
      'prose/AGENTS.md': '# Guide\n',
      'link/CLAUDE.md': '# Claude\n\nThe shared rules are in [the agents guide](./AGENTS.md).\n',
      'link/AGENTS.md': '# Guide\n',
      'other/CLAUDE.md': '# Claude\n\nSee docs/AGENTS.md for the docs site, and AGENTS.mdx for nothing.\n',
      'other/AGENTS.md': '# Guide\n',
    });
    const found = await check(ws);
    expect(found.map((d) => [d.path, d.code])).toEqual([['other/AGENTS.md', 'claude/agents-md-unread']]);
  });

  it("says nothing of a package's AGENTS.md that a CLAUDE.md above sends Claude to by its path, and still notes the packages it does not name", async () => {
    // Real shape (an audit of correct mixed-team monorepos): the root CLAUDE.md imports the root
    // AGENTS.md and lists each package's guide by path in a link or a code span, for Claude to
    // read when it works there; every package's AGENTS.md was reported as unread.
    const ws = writeTree(tempDir(), {
      'CLAUDE.md': '@AGENTS.md\n\nBefore changing a package, read its guide:\n- API: [the API guide](packages/api/AGENTS.md).\n- Web: `./packages/web/agents.md`\n- The vendored copy: vendor/packages/db/AGENTS.md\n',
      'AGENTS.md': '# Team guide\n',
      'packages/api/AGENTS.md': '# API\n',
      'packages/web/AGENTS.md': '# Web\n',
      // Named only as part of a longer path: not this file.
      'packages/db/AGENTS.md': '# DB\n',
      // A personal CLAUDE.local.md beside the CLAUDE.md that keeps them out names one of its packages.
      'tools/CLAUDE.local.md': 'Read cli/AGENTS.md before touching the CLI.\n',
      'tools/CLAUDE.md': '# Tools\n',
      'tools/cli/AGENTS.md': '# CLI\n',
      'tools/gen/AGENTS.md': '# Gen\n',
    });
    const found = await check(ws);
    expect(found.map((d) => [d.path, d.code])).toEqual([
      ['packages/db/AGENTS.md', 'claude/agents-md-unread'],
      ['tools/gen/AGENTS.md', 'claude/agents-md-unread'],
    ]);
  });

  // Claude Code's memory docs ("Manage Claude's memory"): CLAUDE.md and CLAUDE.local.md in the
  // working folder and each folder above it are loaded at launch, with their imports, which
  // may import in turn up to 5 hops deep.
  it('says nothing of an AGENTS.md that a CLAUDE.local.md or a CLAUDE.md loads through a chain of imports, in its folder or above, and still notes one past Claude Code\'s five hops', async () => {
    // deep/CLAUDE.local.md → 1.md → … → 5.md → AGENTS.md: six hops, one more than Claude Code follows.
    const deep = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`deep/${n}.md`, `@${n === 5 ? 'AGENTS' : n + 1}.md\n`]));
    const ws = writeTree(tempDir(), {
      ...deep,
      'deep/CLAUDE.local.md': '@1.md\n',
      'deep/AGENTS.md': '# Deep\n',
      // Kept out of git, a common set-up: the personal file brings in the shared guide through a note of its own.
      '.gitignore': 'CLAUDE.local.md\n',
      'CLAUDE.md': '# Claude\n\nUse bun.\n',
      'CLAUDE.local.md': '# Mine\n\n@notes/ai.md\n',
      'notes/ai.md': 'The shared guide: @../AGENTS.md\n',
      'AGENTS.md': '# Guide\n',
      // A package's own CLAUDE.local.md imports the AGENTS.md beside it; the CLAUDE.md above would keep it out.
      'pkg/CLAUDE.local.md': '@AGENTS.md\n',
      'pkg/AGENTS.md': '# Pkg\n',
      // The CLAUDE.md beside it reaches it in two hops.
      'chain/CLAUDE.md': '# Chain\n\n@docs/a.md\n',
      'chain/docs/a.md': '@b.md\n',
      'chain/docs/b.md': '@../AGENTS.md\n',
      'chain/AGENTS.md': '# Chain\n',
      'other/AGENTS.md': '# Other\n',
    });
    fs.mkdirSync(path.join(ws, '.git'));
    fs.writeFileSync(path.join(ws, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const found = await check(ws, '--home', tempDir('agentls-home-'));
    expect(found.filter((d) => d.code === 'claude/agents-md-unread').map((d) => d.path)).toEqual(['deep/AGENTS.md', 'other/AGENTS.md']);
  });
});
