import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lineHash } from '../../server/hashline/hash';
import { copyFixture, tempDir, writeTree } from '../helpers/repo';
import { ownedDir, unprivileged } from '../helpers/unprivileged';
import { builtCli } from '../helpers/cliWithHome';

const runAs = unprivileged();

/** Runs the built `agentls` in `cwd`. */
function agentls(cwd: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = builtCli(args, { cwd, home: null });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const read = (ws: string, rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');

describe('agentls ast-edit', () => {
  it('takes a path named as it is on disk as that file, though it reads as a glob (Next.js app/[id]/page.tsx)', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'app/[id]/page.tsx': 'foo(1);\n', 'app/i/page.tsx': 'foo(2);\n', 'app/d/page.tsx': 'foo(3);\n', 'src/[id].tsx': 'foo(4);\n', 'src/i.tsx': 'foo(5);\n' });
    const r = agentls(ws, 'ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'app/[id]/page.tsx', 'src/[id].tsx', '--apply');
    expect(r.code).toBe(0);
    expect(read(ws, 'app/[id]/page.tsx')).toBe('bar(1);\n');
    expect(read(ws, 'src/[id].tsx')).toBe('bar(4);\n');
    // What the same text would match as a glob is left alone.
    expect([read(ws, 'app/i/page.tsx'), read(ws, 'app/d/page.tsx'), read(ws, 'src/i.tsx')]).toEqual(['foo(2);\n', 'foo(3);\n', 'foo(5);\n']);
  });

  it('prints the preview and writes nothing without --apply', () => {
    const ws = copyFixture('astedit-basic');
    const before = read(ws, 'src/app.ts');
    const r = agentls(ws, 'ast-edit', '--pat', 'console.log($$$ARGS)', '--out', 'logger.info($$$ARGS)', 'src/**/*.ts');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      '# src/',
      '## app.ts (2 replacements)',
      `-4${lineHash("console.log('starting', args.length)")}|console.log('starting', args.length)`,
      `+4${lineHash("logger.info('starting', args.length)")}|logger.info('starting', args.length)`,
    ]);
    expect(r.stdout).toContain('3 replacements in 2 files (3 files searched, typescript).');
    expect(read(ws, 'src/app.ts')).toBe(before);
  });

  it('applies with --apply, several ops at once, paths relative to the current folder', () => {
    const ws = copyFixture('astedit-basic');
    const r = agentls(path.join(ws, 'py'), 'ast-edit', '--pat', 'print($$$A)', '--out', 'log.info($$$A)', '--pat', 'from $M import $N', '--out', 'from .$M import $N', 'main.py', '--apply');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Applied 3 replacements in 1 file\.\n$/);
    expect(read(ws, 'py/main.py')).toBe('from .helpers import greet\n\n\ndef run(names):\n    for name in names:\n        log.info(greet(name))\n    log.info("done", len(names))\n');
  });

  it('writes a multi-line replacement with the line breaks of a CRLF file, captures and template alike', () => {
    const ws = copyFixture('astedit-basic');
    fs.writeFileSync(path.join(ws, 'src/crlf.ts'), 'function f() {\r\n  call(a,\r\n    b);\r\n}\r\n');
    const r = agentls(ws, 'ast-edit', '--pat', 'call($$$A)', '--out', 'wrapped(\n  $$$A\n)', 'src/crlf.ts', '--apply');
    expect(r.code).toBe(0);
    expect(read(ws, 'src/crlf.ts')).toBe('function f() {\r\n  wrapped(\r\n    a,\r\n      b\r\n  );\r\n}\r\n');
  });

  it('refuses overlapping edits with nothing written, and reports request mistakes with exit code 2', () => {
    const ws = copyFixture('astedit-basic');
    const before = { app: read(ws, 'src/app.ts'), nested: read(ws, 'src/nested.ts') };
    const overlap = agentls(ws, 'ast-edit', '--pat', 'wrap($A)', '--out', 'w($A)', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src', '--apply');
    expect(overlap.code).toBe(1);
    expect(overlap.stderr).toContain('Overlapping replacements detected in src/nested.ts');
    expect(read(ws, 'src/app.ts')).toBe(before.app);
    expect(read(ws, 'src/nested.ts')).toBe(before.nested);

    const mistake = agentls(ws, 'ast-edit', '--pat', 'f($$A)', '--out', 'g($A)', 'src');
    expect(mistake.code).toBe(2);
    expect(mistake.stderr).toContain('--pat #1: `$$A` in pat is not a valid metavariable');
    const outside = agentls(ws, 'ast-edit', '--pat', 'f($A)', '--out', 'g($A)', '/etc');
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('/etc: /etc lies outside the workspace folders');
    expect(agentls(ws, 'ast-edit', '--pat', 'f($A)', 'src').code).toBe(2);
  });

  it('takes a file: URI as the file it names, confined like a path (internal URLs: ruleUrl.test.ts)', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/o.ts': 'console.log(1);\n' });
    const elsewhere = writeTree(tempDir(), { 'o.ts': 'console.log(2);\n' });
    const inside = agentls(ws, 'ast-edit', '--pat', 'console.log($A)', '--out', 'x', pathToFileURL(path.join(ws, 'src/o.ts')).href, '--apply');
    expect(inside.stderr).toBe('');
    expect(inside.code).toBe(0);
    expect(read(ws, 'src/o.ts')).toBe('x;\n');

    const outsideUri = pathToFileURL(path.join(elsewhere, 'o.ts')).href;
    const outside = agentls(ws, 'ast-edit', '--pat', 'console.log($A)', '--out', 'x', outsideUri, '--apply');
    expect(outside.code).toBe(2);
    // The words the server answers for the same entry (collect.ts, shared by both).
    expect(outside.stderr).toContain(`${outsideUri} lies outside the workspace folders; ast-edit reads and writes only inside them`);
    expect(outside.stderr).not.toContain('Path not found');
    expect(fs.readFileSync(path.join(elsewhere, 'o.ts'), 'utf8')).toBe('console.log(2);\n');

  });

  it.skipIf('skip' in runAs)(`exits 2 and writes nothing when a folder under a path cannot be read (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    // Root reads every folder: the built CLI runs as an unprivileged user, in a workspace it owns.
    const ws = ownedDir(runAs, { '.git/HEAD': '', 'src/a.ts': 'foo(1);\n', 'src/locked/b.ts': 'foo(2);\n' });
    fs.chmodSync(path.join(ws, 'src', 'locked'), 0);
    try {
      const r = builtCli(['ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'src', '--apply'], { cwd: ws, home: null, user: runAs.user });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('src/locked');
      expect(r.stderr).toContain('nothing was written');
      expect(read(ws, 'src/a.ts')).toBe('foo(1);\n');
    } finally {
      fs.chmodSync(path.join(ws, 'src', 'locked'), 0o755);
    }
  });

  it('exits 2 when a file named on the command line cannot be read: it was not checked, so never "nothing matched"', () => {
    const ws = copyFixture('astedit-basic');
    fs.writeFileSync(path.join(ws, 'src', 'bad.ts'), Buffer.concat([Buffer.from('const b = foo(2); // '), Buffer.from([0xff]), Buffer.from('\n')]));
    const named = agentls(ws, 'ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'src/bad.ts', '--apply');
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('agentls ast-edit: src/bad.ts: cannot be read (');
    expect(named.stderr).toContain('nothing was written');
    // A FIFO named alone: what it is, said once, not also that the paths match no file.
    execFileSync('mkfifo', [path.join(ws, 'src', 'pipe.ts')]);
    const fifo = agentls(ws, 'ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'src/pipe.ts');
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toBe('agentls ast-edit: src/pipe.ts: src/pipe.ts is not a file or folder\n');
    // Beside a file that matches, as a missing path is: it was not checked, so neither a success nor written.
    const before = read(ws, 'src/app.ts');
    const besideFifo = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src/app.ts', 'src/pipe.ts', '--apply');
    expect(besideFifo.code).toBe(2);
    expect(besideFifo.stderr).toBe('agentls ast-edit: src/pipe.ts: src/pipe.ts is not a file or folder\nagentls ast-edit: nothing was written\n');
    // So is a link named, which ast-edit does not follow.
    fs.symlinkSync('app.ts', path.join(ws, 'src', 'link.ts'));
    const besideLink = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src/app.ts', 'src/link.ts', '--apply');
    expect(besideLink.code).toBe(2);
    expect(besideLink.stderr).toBe('agentls ast-edit: src/link.ts: src/link.ts is a symbolic link; ast-edit does not follow links\nagentls ast-edit: nothing was written\n');
    // Named alone, or beside the pipe, each is said once, and nothing else.
    const links = agentls(ws, 'ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'src/link.ts', 'src/pipe.ts', '--apply');
    expect(links.code).toBe(2);
    expect(links.stderr).toBe('agentls ast-edit: src/link.ts: src/link.ts is a symbolic link; ast-edit does not follow links\nagentls ast-edit: src/pipe.ts: src/pipe.ts is not a file or folder\n');
    expect(read(ws, 'src/app.ts')).toBe(before);
    fs.rmSync(path.join(ws, 'src', 'link.ts'));
    fs.rmSync(path.join(ws, 'src', 'pipe.ts'));
    // A link that goes round in a loop is said to be one, not to lie outside the workspace.
    fs.symlinkSync('loop2.ts', path.join(ws, 'src', 'loop1.ts'));
    fs.symlinkSync('loop1.ts', path.join(ws, 'src', 'loop2.ts'));
    const loop = agentls(ws, 'ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'src/loop1.ts');
    expect(loop.code).toBe(2);
    expect(loop.stderr).toBe(`agentls ast-edit: src/loop1.ts: ${path.join(ws, 'src/loop1.ts')} is a symbolic link that goes round in a loop; ast-edit does not follow links\n`);
    fs.rmSync(path.join(ws, 'src', 'loop1.ts'));
    fs.rmSync(path.join(ws, 'src', 'loop2.ts'));
    // Met in a folder it was asked to search, it is listed among the files not parsed, as before.
    const inFolder = agentls(ws, 'ast-edit', '--pat', 'foo($A)', '--out', 'bar($A)', 'src');
    expect(inFolder.code).toBe(0);
    expect(inFolder.stdout).toContain('src/bad.ts');
  });

  it('exits 2 when a glob or path matches no file, beside ones that do: it checked nothing there, so never "nothing matched"', () => {
    const ws = copyFixture('astedit-basic');
    const before = read(ws, 'src/app.ts');
    const glob = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src/**/*.ts', 'src/**/*.tsx', '--apply');
    expect(glob.code).toBe(2);
    expect(glob.stderr).toContain(`agentls ast-edit: src/**/*.tsx: No file matches: ${path.join(ws, 'src/**/*.tsx')}`);
    expect(glob.stderr).toContain('nothing was written');
    expect(glob.stdout).toContain('3 replacements in 2 files (3 files searched, typescript).');
    expect(read(ws, 'src/app.ts')).toBe(before);
    // A literal path that is not there is the same mistake.
    const missing = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src', 'src/gone.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('agentls ast-edit: src/gone.ts: Path not found: ');
    // Alone, with the language forced (no extension to disagree), it used to say "0 files searched" and exit 0.
    const alone = agentls(ws, 'ast-edit', '--pat', 'f($A)', '--out', 'g($A)', '--lang', 'ts', 'src/**/*.tsx');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('agentls ast-edit: src/**/*.tsx: No file matches: ');
    // An empty folder named is searched and found empty: said too.
    fs.mkdirSync(path.join(ws, 'empty'));
    const empty = agentls(ws, 'ast-edit', '--pat', 'f($A)', '--out', 'g($A)', 'src', 'empty');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('agentls ast-edit: empty: No file matches: ');
  });

  it('says a pattern that does not parse once, on stderr: the report on stdout keeps the rewrite of the other patterns', () => {
    const ws = copyFixture('astedit-basic');
    const r = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', '--pat', 'h(', '--out', 'i(', 'src');
    expect(r.code).toBe(2);
    expect(r.stderr.match(/h\(: Invalid pattern: /g)).toHaveLength(1);
    expect(r.stdout).not.toContain('Invalid pattern');
    expect(r.stdout).toContain('3 replacements in 2 files (3 files searched, typescript).');
    // A path that matched no file, said on stderr, is not repeated among the report's warnings either.
    const glob = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src', 'src/**/*.tsx');
    expect(glob.code).toBe(2);
    expect(glob.stderr.match(/No file matches: /g)).toHaveLength(1);
    expect(glob.stdout).not.toContain('No file matches');
  });

  it('exits 2 when a glob or folder matches only files of another language than --lang: none of them was checked', () => {
    const ws = copyFixture('astedit-basic');
    const before = read(ws, 'src/app.ts');
    // `py` holds two Python files: with --lang ts they were dropped in silence and the .ts rewrite reported alone, exit 0.
    const beside = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', '--lang', 'ts', 'src/**/*.ts', 'py/**/*.py', '--apply');
    expect(beside.code).toBe(2);
    expect(beside.stderr).toContain(`agentls ast-edit: py/**/*.py: No TypeScript file matches: ${path.join(ws, 'py/**/*.py')} (it matches 2 files, none of them TypeScript)`);
    expect(beside.stderr).toContain('nothing was written');
    expect(read(ws, 'src/app.ts')).toBe(before);
    // Alone, it said "0 files searched" and exited 0.
    const alone = agentls(ws, 'ast-edit', '--pat', 'f($A)', '--out', 'g($A)', '--lang', 'ts', 'py');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('agentls ast-edit: py: No TypeScript file matches: ');
    expect(alone.stdout).toBe('');
    // A file named outright is parsed as --lang says, whatever its extension: not a mismatch.
    const named = agentls(ws, 'ast-edit', '--pat', 'f($A)', '--out', 'g($A)', '--lang', 'ts', 'py/main.py');
    expect(named.stderr).not.toContain('No TypeScript file matches');
    // Without --lang, a folder of files in no language ast-edit parses, beside one that has some.
    fs.mkdirSync(path.join(ws, 'docs'));
    fs.writeFileSync(path.join(ws, 'docs', 'notes.md'), 'console.log(1)\n');
    const docs = agentls(ws, 'ast-edit', '--pat', 'console.log($$$A)', '--out', 'log($$$A)', 'src', 'docs');
    expect(docs.code).toBe(2);
    expect(docs.stderr).toContain('agentls ast-edit: docs: No file ast-edit parses matches: ');
    expect(docs.stderr).toContain('(it matches 1 file, none in a language ast-edit parses by extension)');
  });

  it('a recipe whose glob matches only files of another language than its lang is told so in agentls check', () => {
    const ws = copyFixture('astedit-basic');
    fs.writeFileSync(path.join(ws, 'recipes', 'lang.astedit.yaml'), 'lang: ts\nops:\n  - pat: console.log($$$A)\n    out: log($$$A)\npaths:\n  - src\n  - py/**/*.py\n');
    const r = agentls(ws, 'check', '--format', 'json');
    const found = (JSON.parse(r.stdout) as { diagnostics: { path: string; code: string; severity: string; message: string; range: { start: { line: number } } }[] }).diagnostics.filter(
      (d) => d.path === 'recipes/lang.astedit.yaml',
    );
    expect(found.map((d) => `${d.range.start.line} ${d.severity} ${d.code}: ${d.message}`)).toEqual([
      '6 warning astedit/path-matches-no-file: No TypeScript file matches: py/**/*.py (it matches 2 files, none of them TypeScript)',
    ]);
  });

  it('lints recipes in agentls check, with the dry run (no matches, missing paths)', () => {
    const ws = copyFixture('astedit-basic');
    fs.writeFileSync(path.join(ws, 'recipes', 'stale.astedit.yaml'), 'ops:\n  - pat: neverCalled($A)\n    out: called($A)\npaths:\n  - src\n  - gone\n  - src/**/*.tsx\n');
    const r = agentls(ws, 'check', '--format', 'json');
    expect(r.code).toBe(0);
    const found = (JSON.parse(r.stdout) as { diagnostics: { path: string; code: string; severity: string; range: { start: { line: number } } }[] }).diagnostics
      .filter((d) => d.path.startsWith('recipes/'))
      .map((d) => `${d.path}:${d.range.start.line} ${d.severity} ${d.code}`);
    expect(found).toEqual([
      'recipes/stale.astedit.yaml:1 information astedit/no-matches',
      'recipes/stale.astedit.yaml:5 warning astedit/path-not-found',
      'recipes/stale.astedit.yaml:6 warning astedit/path-matches-no-file',
    ]);
  });
});
