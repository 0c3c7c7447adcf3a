import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NapiBackend } from '../../server/astedit/napiBackend';
import { capturesOf, lineIndentBefore, parseTemplate, scanPatternMetavars } from '../../server/astedit/metavars';
import { renderReplacement, type MatchCaptures, type Span } from '../../server/astedit/render';
import type { LanguageId } from '../../server/astedit/languages';
import { repoRoot, tempDir } from '../helpers/repo';

/** Renders every match of `pat` in `source` with our renderer (via the real matcher). */
async function ours(lang: LanguageId, source: string, pat: string, out: string): Promise<string[]> {
  const tokens = scanPatternMetavars(pat);
  const { singles, multis } = capturesOf(tokens);
  const [scan] = await new NapiBackend().scan(lang, [{ pattern: pat, singles, multis }], [{ text: source, ops: [0] }]);
  const template = parseTemplate(out);
  return scan.matches.map((m) => {
    const captures: MatchCaptures = {
      singles: new Map(singles.flatMap((n, i) => (m.singles[i] ? [[n, m.singles[i]!] as [string, Span]] : []))),
      multis: new Map(multis.map((n, i) => [n, m.multis[i] ?? undefined] as [string, Span | undefined])),
    };
    return renderReplacement(source, m.start, template, captures);
  });
}

/** What the ast-grep CLI (the reference) writes for the same rewrite: the file after `--update-all`, per match. */
function theirs(ext: string, source: string, pat: string, out: string): string {
  const dir = tempDir('agentls-sg-');
  const file = path.join(dir, `case.${ext}`);
  fs.writeFileSync(file, source);
  execFileSync(path.join(repoRoot(), 'node_modules', '.bin', 'ast-grep'), ['run', '-p', pat, '-r', out, '--update-all', file], { stdio: 'pipe' });
  return fs.readFileSync(file, 'utf8');
}

/** Applies our renderings to the source (non-nested matches only, as the CLI does). */
async function oursApplied(lang: LanguageId, source: string, pat: string, out: string): Promise<string> {
  const tokens = scanPatternMetavars(pat);
  const { singles, multis } = capturesOf(tokens);
  const [scan] = await new NapiBackend().scan(lang, [{ pattern: pat, singles, multis }], [{ text: source, ops: [0] }]);
  const rendered = await ours(lang, source, pat, out);
  let result = source;
  scan.matches
    .map((m, i) => ({ ...m, text: rendered[i] }))
    .sort((a, b) => b.start - a.start)
    .forEach((m) => (result = result.slice(0, m.start) + m.text + result.slice(m.end)));
  return result;
}

const CASES: { name: string; lang: LanguageId; ext: string; source: string; pat: string; out: string }[] = [
  { name: 'single capture', lang: 'typescript', ext: 'ts', source: 'foo(1);\nbar(foo(x + 2));\n', pat: 'foo($A)', out: 'baz($A, $A)' },
  { name: 'multi capture keeps separators', lang: 'typescript', ext: 'ts', source: "console.log('a',  b,\n  c);\n", pat: 'console.log($$$ARGS)', out: 'logger.info($$$ARGS)' },
  { name: 'empty multi capture', lang: 'typescript', ext: 'ts', source: 'f();\n', pat: 'f($$$A)', out: 'g($$$A)' },
  {
    name: 'multi-line capture re-indented into a multi-line template',
    lang: 'typescript',
    ext: 'ts',
    source: 'if (true) {\n  a(\n    1\n      + 2\n      + 3\n  )\n}\n',
    pat: 'a($B)',
    out: 'c(\n  $B\n)',
  },
  {
    name: 'multi-line statement capture moved deeper',
    lang: 'typescript',
    ext: 'ts',
    source: 'function f() {\n    if (x) {\n        run(\n            1,\n            2,\n        );\n    }\n}\n',
    pat: 'if ($C) { $$$BODY }',
    out: 'if (!($C)) {\n  return;\n}\n$$$BODY',
  },
  {
    name: 'python block re-indented',
    lang: 'python',
    ext: 'py',
    source: 'def f():\n    with open(p) as fh:\n        data = fh.read()\n        use(data)\n',
    pat: 'with open($P) as $F:\n    $$$BODY',
    out: 'with io.open($P) as $F:\n    $$$BODY',
  },
  { name: 'deletion', lang: 'typescript', ext: 'ts', source: 'a();\ndebugger;\nb();\n', pat: 'debugger', out: '' },
  { name: 'two captures on one template line', lang: 'typescript', ext: 'ts', source: 'assertEqual(\n  foo,\n  bar(\n    1,\n  ),\n);\n', pat: 'assertEqual($A, $B)', out: 'pair($A  $B)' },
  { name: 'astral characters before a match', lang: 'typescript', ext: 'ts', source: "const s = '😀😀'; foo(1);\n", pat: 'foo($A)', out: 'bar($A)' },
  { name: 'CRLF line breaks', lang: 'typescript', ext: 'ts', source: 'if (x) {\r\n  a(\r\n    1,\r\n  );\r\n}\r\n', pat: 'a($B)', out: 'c(\n  $B\n)' },
  { name: 'tab indentation is not re-based', lang: 'typescript', ext: 'ts', source: 'if (x) {\n\ta(\n\t\t1\n\t\t+ 2);\n}\n', pat: 'a($B)', out: 'c(\n  $B\n)' },
  { name: 'go call', lang: 'go', ext: 'go', source: 'package main\n\nfunc main() {\n\tfoo(1, 2)\n}\n', pat: 'foo($A, $B)', out: 'bar($B, $A)' },
];

describe('rendering matches ast-grep', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      expect((await ours(c.lang, c.source, c.pat, c.out)).length).toBeGreaterThan(0);
      expect(await oursApplied(c.lang, c.source, c.pat, c.out)).toBe(theirs(c.ext, c.source, c.pat, c.out));
    });
  }
});

describe('indentation base', () => {
  it('counts the leading spaces of the line, not tabs, and gives up on very long lines', () => {
    expect(lineIndentBefore('  a = b', 6)).toBe(2);
    expect(lineIndentBefore('x\n    y', 6)).toBe(4);
    expect(lineIndentBefore('x\n\ty', 3)).toBeUndefined();
    expect(lineIndentBefore('noindent', 3)).toBeUndefined();
    expect(lineIndentBefore('  ' + 'x'.repeat(600), 600)).toBeUndefined();
  });
});
