import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/** A recipe saved with a UTF-8 BOM (VS Code's "UTF-8 with BOM", common on Windows) is read as the same recipe. */
describe('an ast-edit recipe that starts with a byte-order mark', () => {
  it.each([
    ['json', '{"ops":[{"pat":"foo($A)","out":"bar($A)"}],"paths":["src"],"nope":1}'],
    ['yaml', 'ops:\n  - pat: foo($A)\n    out: bar($A)\npaths:\n  - src\nnope: 1\n'],
  ])('%s: checked as without it, its findings where the editor shows them', (format, body) => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/a.ts': 'foo(1);\n' });
    const recipe = `rename.astedit.${format}`;
    fs.writeFileSync(path.join(ws, recipe), `\uFEFF${body}`);
    const check = builtCli(['check', '--format', 'json', recipe], { cwd: ws });
    const found = (JSON.parse(check.stdout) as { diagnostics: { code: string; range: { start: { line: number; character: number } } }[] }).diagnostics;
    // The one finding is the unknown key, at its place as an editor (which hides the BOM) shows it; no
    // `astedit/no-matches`: the dry run read the ops and matched src/a.ts.
    expect(found.map((d) => d.code)).toEqual(['astedit/unknown-key']);
    expect(found[0].range.start).toEqual(format === 'json' ? { line: 0, character: 59 } : { line: 5, character: 0 });
  });
});
