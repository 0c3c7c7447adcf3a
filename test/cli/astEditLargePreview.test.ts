import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A codemod over a big generated file has hundreds of thousands of replacements: the preview
 * (two lines each) must be printed, not crash with "Maximum call stack size exceeded" (exit 3)
 * as it did from 100,000 replacements in one file or 70,000 in each of two.
 */
describe('agentls ast-edit with a very large preview', () => {
  it('one file of 100,000 matches: the whole preview and its summary, exit 0', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'gen.ts': 'x;\n'.repeat(100_000) });
    const run = builtCli(['ast-edit', '--pat', 'x', '--out', 'y', 'gen.ts'], { cwd: ws });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('+')).length).toBe(100_000);
    expect(run.stdout).toContain('100000 replacements in 1 file (1 file searched, typescript).');
  });

  it('two files of 70,000 matches each, applied: both written whole', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'gen/a.ts': 'x;\n'.repeat(70_000), 'gen/b.ts': 'x;\n'.repeat(70_000) });
    const run = builtCli(['ast-edit', '--pat', 'x', '--out', 'y', 'gen', '--apply'], { cwd: ws });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Applied 140000 replacements in 2 files.');
    for (const f of ['a.ts', 'b.ts']) expect(fs.readFileSync(path.join(ws, 'gen', f), 'utf8')).toBe('y;\n'.repeat(70_000));
  });
});
