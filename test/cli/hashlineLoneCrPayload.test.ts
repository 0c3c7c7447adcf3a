import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineHash } from '../../server/hashline/hash';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A payload line holding a carriage return that no line feed follows (`B\rC`): written, the file
 * would break lines with a lone CR, which hashline then refuses to edit (plan.ts, refusingLoneCr:
 * a read shows the line whole while an apply would split it), so one patch would leave a file
 * no later patch can touch. The patch is refused as a parse error (11) and nothing is written.
 */
describe('hashline apply of a payload line with a lone carriage return', () => {
  it('refuses it, naming the line, and writes nothing, in an LF and in a CRLF file, at the dry run too', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = `a${eol}b${eol}c${eol}`;
      const ws = writeTree(tempDir(), { '.git/HEAD': '', 'g.txt': text });
      for (const args of [['hashline', 'apply'], ['hashline', 'apply', '--dry-run']]) {
        const r = builtCli(args, { cwd: ws, stdin: `§g.txt\n≔2${lineHash('b')}\nB\rC\n` });
        expect(r.status).toBe(11);
        expect(r.stderr).toContain('patch line 3: this payload line holds a carriage return (CR) with no line feed after it');
        expect(r.stdout).toBe('');
        expect(fs.readFileSync(path.join(ws, 'g.txt'), 'utf8')).toBe(text);
      }
    }
  });

  it('still applies payload lines of a patch written with CRLF line ends', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'g.txt': 'a\nb\n' });
    const r = builtCli(['hashline', 'apply'], { cwd: ws, stdin: `§g.txt\r\n≔2${lineHash('b')}\r\nB\r\n` });
    expect(r.status).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'g.txt'), 'utf8')).toBe('a\nB\n');
  });
});
