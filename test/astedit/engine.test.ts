import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstBackend } from '../../server/astedit/backend';
import { previewAstEdit, type EngineOptions } from '../../server/astedit/engine';
import { NapiBackend } from '../../server/astedit/napiBackend';
import type { AstEditOutcome, AstEditPreview, AstEditProblem, AstEditRequest } from '../../server/astedit/types';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

const sessions: WorkspaceSession[] = [];
afterEach(() => sessions.splice(0).forEach((s) => s.dispose()));

/** A backend that records whether anything was scanned. */
function spyBackend(): AstBackend & { scans: number } {
  const real = new NapiBackend();
  const spy = {
    scans: 0,
    checkPattern: real.checkPattern.bind(real),
    async scan(...args: Parameters<AstBackend['scan']>) {
      spy.scans += args[2].length;
      return real.scan(...args);
    },
  };
  return spy;
}

function workspace(tree: Record<string, string>): { root: string; run: (req: Omit<AstEditRequest, 'root'>, options?: Partial<EngineOptions>) => Promise<AstEditOutcome>; backend: ReturnType<typeof spyBackend> } {
  const root = writeTree(tempDir('agentls-astedit-'), tree);
  const session = new WorkspaceSession(DEFAULT_SETTINGS);
  session.addFolder(root);
  sessions.push(session);
  const backend = spyBackend();
  return {
    root,
    backend,
    run: (req, options = {}) => previewAstEdit({ root, ...req }, { fs: session.diskFs, workspace: session, backend, maxFiles: 1000, ...options }),
  };
}

function ok(outcome: AstEditOutcome): AstEditPreview {
  if (!outcome.ok) throw new Error(`expected a preview, got problems: ${outcome.problems.map((p) => p.message).join('; ')}`);
  return outcome.preview;
}

function problems(outcome: AstEditOutcome): AstEditProblem[] {
  if (outcome.ok) throw new Error('expected problems, got a preview');
  return outcome.problems;
}

describe('mistakes are reported before anything runs', () => {
  const tree = { 'src/a.ts': 'console.log(1);\n' };

  it('rejects empty and duplicate patterns', async () => {
    const w = workspace(tree);
    const found = problems(await w.run({ ops: [{ pat: ' ', out: 'x' }, { pat: 'a($A)', out: 'b($A)' }, { pat: 'a($A)', out: 'c($A)' }], paths: ['src'] }));
    expect(found.map((p) => [p.code, p.field])).toEqual([
      ['astedit/empty-pattern', 'ops[0].pat'],
      ['astedit/duplicate-pattern', 'ops[2].pat'],
    ]);
    expect(found[0].message).toBe('`ops[0].pat` must be a non-empty pattern');
    expect(found[1].message).toContain('Duplicate rewrite pattern: a($A)');
    expect(w.backend.scans).toBe(0);
  });

  it('rejects metavariable mistakes: $$NAME, lower-case names, captures out uses but pat lacks', async () => {
    const w = workspace(tree);
    const found = problems(
      await w.run({
        ops: [
          { pat: 'console.log($$ARG)', out: 'logger.info($ARG)' },
          { pat: 'foo($value)', out: 'bar($value)' },
          { pat: 'baz($A)', out: 'qux($B, $$$A)' },
          { pat: 'x($_)', out: 'y($_)' },
        ],
        paths: ['src'],
      }),
    );
    const byField = found.map((p) => `${p.field} ${p.code} ${p.start}-${p.end}`);
    expect(byField).toEqual([
      'ops[0].pat astedit/double-dollar 12-17',
      'ops[0].out astedit/unknown-capture 12-16',
      'ops[1].pat astedit/metavar-case 4-10',
      'ops[1].out astedit/metavar-case 4-10',
      'ops[2].out astedit/unknown-capture 4-6',
      'ops[2].out astedit/capture-kind 8-12',
      'ops[3].out astedit/unknown-capture 2-4',
    ]);
    expect(found[2].message).toContain('`$value` in pat is not a metavariable');
    expect(found[4].message).toBe('`$B` in out is not captured by pat `baz($A)`: it would be replaced by nothing');
    expect(w.backend.scans).toBe(0);
  });

  it('accepts $name in shell patterns, where it is a variable', async () => {
    const w = workspace({ 'run.sh': 'echo $home\n' });
    const preview = ok(await w.run({ ops: [{ pat: 'echo $home', out: 'printf %s $home' }], paths: ['run.sh'] }));
    expect(preview.files[0].changes[0].after).toBe('printf %s $home');
  });

  it('needs lang when the paths hold several languages, and refuses unknown ones', async () => {
    const w = workspace({ 'src/a.ts': 'f(1);\n', 'src/b.js': 'f(2);\n', 'README.md': '# f(3)\n' });
    const mixed = problems(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['src', 'README.md'] }));
    expect(mixed[0].message).toBe('`lang` is required when paths resolve to multiple languages: javascript, typescript');
    const forced = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['src'], lang: 'ts' }));
    expect(forced.files.map((f) => f.display)).toEqual(['src/a.ts', 'src/b.js']);
    expect(problems(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['src'], lang: 'cobol' }))[0].code).toBe('astedit/unknown-language');
  });

  it('refuses paths outside the workspace and reports missing ones', async () => {
    const w = workspace(tree);
    expect(problems(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['../elsewhere'] }))[0].code).toBe('astedit/outside-workspace');
    expect(problems(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['/etc/passwd'] }))[0].code).toBe('astedit/outside-workspace');
    expect(problems(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['nope'] }))[0].message).toBe('Path not found: nope');
    const partly = ok(await w.run({ ops: [{ pat: 'console.log($A)', out: 'log($A)' }], paths: ['nope', 'src'] }));
    expect(partly.warnings.map((p) => p.message)).toEqual(['Path not found: nope']);
    expect(partly.totals.replacements).toBe(1);
  });
});

describe('file collection', () => {
  it('honours .gitignore, skips node_modules unless named, includes hidden files, and never follows symlinks', async () => {
    const w = workspace({
      '.gitignore': 'dist/\n',
      'src/a.ts': 'f(1);\n',
      'src/.hidden.ts': 'f(2);\n',
      'dist/out.ts': 'f(3);\n',
      'node_modules/pkg/index.ts': 'f(4);\n',
      'other/c.ts': 'f(5);\n',
    });
    fs.symlinkSync(path.join(w.root, 'other'), path.join(w.root, 'src', 'link'));
    const preview = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['**/*.ts'] }));
    expect(preview.files.map((f) => f.display)).toEqual(['other/c.ts', 'src/.hidden.ts', 'src/a.ts']);
    const withModules = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['node_modules/**/*.ts'] }));
    expect(withModules.files.map((f) => f.display)).toEqual(['node_modules/pkg/index.ts']);
  });

  it('skips and reports files it cannot decode, and goes on', async () => {
    const w = workspace({ 'ok.ts': 'f(1);\n' });
    fs.writeFileSync(path.join(w.root, 'latin1.ts'), Buffer.from([0x66, 0x28, 0xe9, 0x29, 0x3b, 0x0a]));
    fs.writeFileSync(path.join(w.root, 'blob.ts'), Buffer.from([0x66, 0x28, 0x00, 0x29]));
    const preview = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['.'] }));
    expect(preview.files.map((f) => f.display)).toEqual(['ok.ts']);
    expect(preview.skipped.map((s) => [s.display, s.reason.includes('binary') || s.reason.includes('UTF-8')])).toEqual([
      ['blob.ts', true],
      ['latin1.ts', true],
    ]);
  });

  it('takes globs with a literal base, folders, files and file: URIs', async () => {
    const w = workspace({ 'packages/a/src/x.ts': 'f(1);\n', 'packages/b/src/y.ts': 'f(2);\n', 'packages/b/test/z.ts': 'f(3);\n' });
    const preview = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['packages/*/src/**/*.ts'] }));
    expect(preview.files.map((f) => f.display)).toEqual(['packages/a/src/x.ts', 'packages/b/src/y.ts']);
    const uri = `file://${path.join(w.root, 'packages/b/test/z.ts')}`;
    const single = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: [uri] }));
    expect(single.singleFile).toBe(true);
    expect(single.files.map((f) => f.display)).toEqual(['packages/b/test/z.ts']);
  });
});

describe('preview', () => {
  it('renders metavariables over several files, ops sorted by pattern', async () => {
    const w = workspace({
      'src/a.ts': "export function a() {\n  console.log('a', 1);\n  console.error(oops);\n}\n",
      'src/util/b.ts': 'console.log();\n',
      'src/c.ts': 'const untouched = 1;\n',
    });
    const preview = ok(
      await w.run({
        ops: [
          { pat: 'console.log($$$ARGS)', out: 'logger.info($$$ARGS)' },
          { pat: 'console.error($E)', out: 'logger.error($E, { fatal: true })' },
        ],
        paths: ['src/**/*.ts'],
      }),
    );
    expect(preview.totals).toEqual({ replacements: 3, files: 2, filesSearched: 3 });
    const a = preview.files[0];
    expect(a.changes.map((c) => [c.startLine, c.startColumn, c.before, c.after, c.op])).toEqual([
      [2, 3, "console.log('a', 1)", "logger.info('a', 1)", 0],
      [3, 3, 'console.error(oops)', 'logger.error(oops, { fatal: true })', 1],
    ]);
    expect(preview.files[1].changes[0].after).toBe('logger.info()');
  });

  it('skips and reports files with syntax errors, and runs the other patterns when one does not parse', async () => {
    const w = workspace({ 'a.ts': 'f(1);\n', 'broken.ts': 'f(2);\nlet = ;\n' });
    const preview = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }, { pat: 'h(', out: 'i(' }], paths: ['.'] }));
    expect(preview.files.map((f) => f.display)).toEqual(['a.ts']);
    expect(preview.skipped).toEqual([expect.objectContaining({ display: 'broken.ts', reason: 'parse error (syntax tree contains error nodes)' })]);
    expect(preview.patternErrors).toEqual([expect.stringMatching(/^h\(: Invalid pattern: /)]);
  });

  it('counts the file cap in files with changes, not files searched', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 6; i++) tree[`f${i}.ts`] = i % 2 === 0 ? 'f(1);\n' : 'other();\n';
    const w = workspace(tree);
    const preview = ok(await w.run({ ops: [{ pat: 'f($A)', out: 'g($A)' }], paths: ['.'] }, { maxFiles: 2 }));
    expect(preview.files.map((f) => f.display)).toEqual(['f0.ts', 'f2.ts']);
    expect(preview.limitReached).toBe(true);
    expect(preview.totals.filesSearched).toBe(4);
  });

  it('lists overlapping matches, which an apply will refuse', async () => {
    const w = workspace({ 'nested.ts': 'foo(foo(1));\n' });
    const preview = ok(await w.run({ ops: [{ pat: 'foo($A)', out: 'bar($A)' }], paths: ['nested.ts'] }));
    expect(preview.files[0].changes.map((c) => c.before)).toEqual(['foo(foo(1))', 'foo(1)']);
    expect(preview.files[0].overlaps).toEqual([[0, 1]]);
  });

  it('does not parse files that lack a word of the pattern', async () => {
    const w = workspace({ 'a.ts': 'console.log(1);\n', 'b.ts': 'nothing here;\n', 'c.ts': 'console.warn(2);\n' });
    const preview = ok(await w.run({ ops: [{ pat: 'console.log($A)', out: 'log($A)' }], paths: ['.'] }));
    expect(preview.totals).toEqual({ replacements: 1, files: 1, filesSearched: 3 });
    expect(w.backend.scans).toBe(1);
  });

  it('works in Python, with the indentation of multi-line captures re-based', async () => {
    const w = workspace({ 'app/main.py': 'def run():\n    if ready:\n        print("a",\n              "b")\n' });
    const preview = ok(await w.run({ ops: [{ pat: 'print($$$ARGS)', out: 'log.info(\n    $$$ARGS)' }], paths: ['app'] }));
    expect(preview.lang).toBe('python');
    expect(preview.files[0].changes[0].after).toBe('log.info(\n            "a",\n                  "b")');
  });
});
