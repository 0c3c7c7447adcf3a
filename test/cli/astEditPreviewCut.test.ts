import { describe, expect, it } from 'vitest';
import { lineHash } from '../../server/hashline/hash';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * The preview shows the first 120 characters of a changed line (ast-edit.md §4). A cut that
 * fell between the two halves of a surrogate pair printed U+FFFD where the line holds an emoji:
 * the cut now keeps the pair whole, one character shorter.
 */
describe('ast-edit preview of a long line', () => {
  it('never cuts an emoji in half', () => {
    const line = `foo("${'a'.repeat(114)}😀😀😀");`;
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'long.ts': `${line}\n` });
    const r = builtCli(['ast-edit', '--pat', 'foo($X)', '--out', 'bar($X)', 'long.ts'], { cwd: ws });
    expect(r.status).toBe(0);
    // The hash is of the whole matched text; 119 characters before the first emoji: the 120th would be its first half.
    const before = line.slice(0, -1);
    const after = `bar${before.slice(3)}`;
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([`-1${lineHash(before)}|${before.slice(0, 119)}`, `+1${lineHash(after)}|${after.slice(0, 119)}`]);
    expect(r.stdout).not.toContain('\ufffd');
  });
});

describe('ast-edit refusal of overlapping edits on a long line', () => {
  it('quotes the line cut before an emoji, not inside it', () => {
    // 58 characters before the emoji: a cut at 59 would keep its first half.
    const line = `foo(foo("${'a'.repeat(49)}😀"));`;
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'nest.ts': `${line}\n` });
    const r = builtCli(['ast-edit', '--pat', 'foo($X)', '--out', 'bar($X)', 'nest.ts', '--apply'], { cwd: ws });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`(\`${line.slice(0, 58)}…\`)`);
    expect(r.stderr).not.toContain('\ufffd');
  });
});
