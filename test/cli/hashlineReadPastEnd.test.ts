import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * `agentls hashline read F:A-B` where B is past the file's last line: the lines from A to the
 * last are shown, exit 0, as agents' read tools cut a limit at the end of the file, and standard
 * error says how many lines the file has, so that the last row is not taken for line B. A start
 * past the end stays a refusal (14).
 */
describe('hashline read of a range that ends past the last line', () => {
  const ws = writeTree(tempDir(), { '.git/HEAD': '', 'six.txt': 'a\nb\nc\nd\ne\nf\n' });
  const read = (range: string) => builtCli(['hashline', 'read', `six.txt:${range}`], { cwd: ws });

  it('shows the lines there are and says the range was cut', () => {
    // Six lines and the empty one after the last line break: seven, as hashline.md §2 counts them.
    const whole = builtCli(['hashline', 'read', 'six.txt'], { cwd: ws, mustSucceed: true }).stdout;
    const cut = read('1-100');
    expect({ status: cut.status, stdout: cut.stdout }).toEqual({ status: 0, stdout: whole });
    expect(cut.stderr).toBe('agentls hashline: note: six.txt has 7 lines, so lines 1-7 are shown of the 1-100 asked\n');
    const tail = read('5-9');
    expect(tail.stdout.split('\n').filter(Boolean).map((row) => row.slice(0, 1))).toEqual(['5', '6', '7']);
    expect(tail.stderr).toBe('agentls hashline: note: six.txt has 7 lines, so lines 5-7 are shown of the 5-9 asked\n');
  });

  it('says nothing of a range inside the file, and still refuses one that starts past the end', () => {
    expect(read('2-7')).toMatchObject({ status: 0, stderr: '' });
    expect(read('8-100')).toMatchObject({ status: 14, stdout: '', stderr: 'agentls hashline: Line 8 does not exist (six.txt has 7 lines)\n' });
  });

  it('names a line number past 2^53 as written, where it was rounded (99999999999999999999 said 100000000000000000000)', () => {
    expect(read('1-99999999999999999999').stderr).toBe('agentls hashline: note: six.txt has 7 lines, so lines 1-7 are shown of the 1-99999999999999999999 asked\n');
    expect(read('99999999999999999999')).toMatchObject({ status: 14, stderr: 'agentls hashline: Line 99999999999999999999 does not exist (six.txt has 7 lines)\n' });
    // Both round to 1e20: the range that ends before it starts was taken.
    expect(read('99999999999999999999-99999999999999999998')).toMatchObject({ status: 2, stderr: expect.stringContaining('bad line range 99999999999999999999-99999999999999999998') });
  });
});
