import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/* The refusal of a patch without a §PATH header quotes its first line, cut at 120 characters (hashline.md §3.1): never inside an emoji. */
describe('hashline apply of a patch that does not start with a header', () => {
  it('quotes its first line cut before an emoji, not half of it', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '' });
    const first = `${'a'.repeat(119)}😀`;
    const r = builtCli(['hashline', 'apply'], { cwd: ws, stdin: `${first}\n` });
    expect(r.status).toBe(10);
    expect(r.stderr).toContain(`got: "${'a'.repeat(119)}". Example`);
  });
});
