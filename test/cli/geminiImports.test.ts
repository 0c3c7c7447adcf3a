import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** A GEMINI.md's `@path` imports (Gemini CLI's Memory Import Processor docs, geminicli.com/docs/reference/memport): a missing one is said. */
const GEMINI = ['# Context', '', '@./docs/style.md', '@./docs/gone.md', 'Not in code: `@./docs/in-code.md`', '@~/personal.md', 'Ask @alice.', ''].join('\n');

describe('a GEMINI.md import of a missing file', () => {
  it('check warns on it, naming Gemini CLI, and on nothing else', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': GEMINI, 'docs/style.md': 'Style.\n' });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import-missing'))).toEqual([
      'GEMINI.md:4:1: warning [gemini/import-missing] Gemini CLI imports docs/gone.md here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
  });

  it('says nothing where every import is there', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./docs/style.md\n', 'docs/style.md': 'Style.\n' });
    expect(builtCli(['check'], { cwd: ws }).stdout).toContain('no problems');
  });

  it('follows context.fileName: warns in the AGENTS.md Gemini CLI reads, not in a GEMINI.md it does not', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gemini/settings.json': JSON.stringify({ context: { fileName: 'AGENTS.md' } }),
      'GEMINI.md': '@./docs/gone.md\n',
      'AGENTS.md': '# Agents\n\n@./docs/missing.md\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import-missing')).map((l) => l.slice(0, l.indexOf(' warning')))).toEqual(['AGENTS.md:3:1:']);
  });

  it('follows imports of imports: a missing one down the chain is said on the import that leads to it, naming the file that holds it', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'GEMINI.md': '# Context\n\n@./docs/a.md\n',
      'docs/a.md': 'A.\n@./b.md\n',
      'docs/b.md': 'B.\n`@./in-code.md`\n@./gone.md\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import'))).toEqual([
      'GEMINI.md:3:1: warning [gemini/import-missing] Through this import (docs/a.md → docs/b.md), Gemini CLI imports docs/gone.md, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
  });

  it('an import past the 5 levels Gemini CLI follows is said; a cycle is not', () => {
    const chain: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./d/1.md\n' };
    for (let i = 1; i <= 6; i++) chain[`d/${i}.md`] = i < 6 ? `@./${i + 1}.md\n` : 'Six.\n';
    const deep = writeTree(tempDir(), chain);
    expect(builtCli(['check'], { cwd: deep }).stdout.split('\n').filter((l) => l.includes('gemini/import'))).toEqual([
      'GEMINI.md:1:1: warning [gemini/import-too-deep] Gemini CLI follows imports 5 levels deep; through this import, d/6.md is level 6, where Gemini CLI does not read it: its `@` line is sent as plain text (d/1.md → d/2.md → d/3.md → d/4.md → d/5.md → d/6.md).',
    ]);
    chain['d/5.md'] = 'Five.\n';
    const five = writeTree(tempDir(), chain);
    expect(builtCli(['check'], { cwd: five }).stdout).toContain('no problems');
    const cycle = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./a.md\n', 'a.md': '@./b.md\n', 'b.md': '@./a.md\n@./GEMINI.md\n' });
    expect(builtCli(['check'], { cwd: cycle }).stdout).toContain('no problems');
  });

  // Gemini CLI's processImports (google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts) walks
  // every chain with its own copy of processedFiles: a file a long chain reaches at level 6 is read all the same
  // where a shorter chain reaches it within 5 levels.
  it('a diamond: a file one chain reaches at level 6 and a shorter one at level 5 is read, so not said; past it, what no chain reaches within 5 levels is', () => {
    const files: Record<string, string> = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'GEMINI.md': '# Context\n@./docs/a.md\n',
      'docs/a.md': '@./b.md\n@./c.md\n',
      'docs/b.md': '@./c.md\n',
      'docs/c.md': '@./d1.md\n',
      'docs/d1.md': '@./d2.md\n',
      'docs/d2.md': '@./d3.md\n',
      'docs/d3.md': 'Level 5 by a → c, level 6 by a → b → c.\n',
    };
    expect(builtCli(['check'], { cwd: writeTree(tempDir(), files) }).stdout).toContain('no problems');
    files['docs/d3.md'] = '@./d4.md\n';
    files['docs/d4.md'] = 'Level 6 by every chain.\n';
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), files) }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import'))).toEqual([
      'GEMINI.md:2:1: warning [gemini/import-too-deep] Gemini CLI follows imports 5 levels deep; through this import, docs/d4.md is level 6, where Gemini CLI does not read it: its `@` line is sent as plain text (docs/a.md → docs/c.md → docs/d1.md → docs/d2.md → docs/d3.md → docs/d4.md).',
    ]);
  });

  // Same source: a file processed at level 5 is returned as it is before its imports are looked at, so an import
  // of a missing file in it gets no error comment: its `@` line is sent as plain text, as for a file that is there.
  it('an import of a missing file inside a level-5 file is past the depth, not an error comment', () => {
    const chain: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./l1.md\n' };
    for (let i = 1; i <= 5; i++) chain[`l${i}.md`] = i < 5 ? `@./l${i + 1}.md\n` : 'Five.\n@./nope.md\n';
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), chain) }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import'))).toEqual([
      'GEMINI.md:1:1: warning [gemini/import-too-deep] Gemini CLI follows imports 5 levels deep; through this import, nope.md would be level 6, where Gemini CLI does not look for it (there is no such file either): its `@` line is sent as plain text (l1.md → l2.md → l3.md → l4.md → l5.md → nope.md).',
    ]);
  });

  // Gemini CLI's findImports (google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts) runs a token to
  // the next white space, so `@./a.md.` looks for `a.md.` and fails where only a.md is there.
  it('a top-level import with a full stop after it is said where only the file without it is there, not where it is imported cleanly too', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '# Context\n\nRead @./docs/a.md.\n', 'docs/a.md': 'A.\n' });
    expect(builtCli(['check'], { cwd: ws }).stdout.split('\n').filter((l) => l.includes('gemini/import'))).toEqual([
      'GEMINI.md:3:6: warning [gemini/import-missing] Gemini CLI reads this import with the `.` after it, as docs/a.md., and there is no such file: it puts an error comment in its place, so this import never brings in docs/a.md. Put a space between the path and the punctuation.',
    ]);
    const clean = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./docs/a.md\n\nRead @./docs/a.md.\n', 'docs/a.md': 'A.\n' });
    expect(builtCli(['check'], { cwd: clean }).stdout).toContain('no problems');
    const spaced = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': 'Read @./docs/a.md .\n', 'docs/a.md': 'A.\n' });
    expect(builtCli(['check'], { cwd: spaced }).stdout).toContain('no problems');
  });

  // Each context file's imports are processed on their own (memoryDiscovery.ts, `readGeminiMdFiles`): a file a chain of
  // GEMINI.md reaches at level 6 is read all the same where AGENTS.md, a context file too, imports it.
  it('a chain past the depth does not call the file never read: another context file may read it', () => {
    const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', '.gemini/settings.json': '{ "context": { "fileName": ["GEMINI.md", "AGENTS.md"] } }\n', 'GEMINI.md': '@./d/1.md\n', 'AGENTS.md': '@./d/6.md\n' };
    for (let i = 1; i <= 6; i++) files[`d/${i}.md`] = i < 6 ? `@./${i + 1}.md\n` : 'Six.\n';
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), files) }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import'))).toEqual([
      'GEMINI.md:1:1: warning [gemini/import-too-deep] Gemini CLI follows imports 5 levels deep; through this import, d/6.md is level 6, where Gemini CLI does not read it: its `@` line is sent as plain text (d/1.md → d/2.md → d/3.md → d/4.md → d/5.md → d/6.md).',
    ]);
    expect(out).not.toContain('never');
  });
});

/**
 * Which `@` tokens Gemini CLI takes for imports: its own `findImports` and `findCodeRegions`
 * (google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts), not Claude Code's loader.
 */
describe('GEMINI.md imports as Gemini CLI finds them', () => {
  const lint = (files: Record<string, string>) =>
    builtCli(['check'], { cwd: writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'docs/a.md': 'A.\n', ...files }) })
      .stdout.split('\n')
      .filter((l) => l.includes('gemini/import'));

  it('does not cut a path at #: a heading anchor names no file Gemini CLI finds, and a file with # in its name is imported', () => {
    expect(lint({ 'GEMINI.md': '# Context\n\n@./docs/a.md#setup\n' })).toEqual([
      'GEMINI.md:3:1: warning [gemini/import-missing] Gemini CLI imports docs/a.md#setup here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
    expect(lint({ 'GEMINI.md': '@./notes#1.md\n', 'notes#1.md': 'One.\n' })).toEqual([]);
  });

  it('takes an @ only at the start of a line or after a space, tab or line end: not inside emphasis or brackets, nor after a no-break space', () => {
    expect(lint({ 'GEMINI.md': '**@./docs/gone.md**\n\nSee the guide (@./docs/gone.md).\n\nRead\u00a0@./docs/gone.md\n' })).toEqual([]);
  });

  it('reads the punctuation after a path as part of it, emphasis markers too', () => {
    expect(lint({ 'GEMINI.md': '**Read @./docs/a.md**\n' })).toEqual([
      'GEMINI.md:1:8: warning [gemini/import-missing] Gemini CLI reads this import with the `**` after it, as docs/a.md**, and there is no such file: it puts an error comment in its place, so this import never brings in docs/a.md. Put a space between the path and the punctuation.',
    ]);
  });

  it('reads imports in HTML comments and blocks', () => {
    expect(lint({ 'GEMINI.md': '# Context\n\n<!-- @./docs/gone.md -->\n\n<div>\n@./docs/lost.md\n</div>\n' })).toEqual([
      'GEMINI.md:3:6: warning [gemini/import-missing] Gemini CLI imports docs/gone.md here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
      'GEMINI.md:6:1: warning [gemini/import-missing] Gemini CLI imports docs/lost.md here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
  });

  it('counts as code only runs of backticks, to the next run as long, across paragraphs: not a ~~~ fence', () => {
    expect(lint({ 'GEMINI.md': '~~~\n@./docs/gone.md\n~~~\n' })).toEqual([
      'GEMINI.md:2:1: warning [gemini/import-missing] Gemini CLI imports docs/gone.md here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
    expect(lint({ 'GEMINI.md': 'Run `make\n\nthen @./docs/gone.md and `test`.\n' })).toEqual([]);
    expect(lint({ 'GEMINI.md': 'A backslash escapes no backtick: \\` @./docs/lost.md` is code.\n' })).toEqual([]);
  });

  it('follows an import down a chain as Gemini CLI finds it: in an HTML comment of an imported file', () => {
    expect(lint({ 'GEMINI.md': '@./docs/a.md\n', 'docs/a.md': 'A.\n<!-- @./b.md -->\n**@./c.md**\n' })).toEqual([
      'GEMINI.md:1:1: warning [gemini/import-missing] Through this import (docs/a.md), Gemini CLI imports docs/b.md, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
  });
});
