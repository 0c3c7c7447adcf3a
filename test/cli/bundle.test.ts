import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/repo';

/**
 * The installed program is one bundle that every start reads and compiles. A single
 * character outside ASCII (a comment, a regular expression esbuild leaves as it is) makes
 * V8 hold all of its 2 MB as a two-byte string: LSP warm starts took 30-40 ms longer on
 * this project's bench machine. tsc drops comments (`removeComments`), sigils in regular
 * expressions are written as escapes, and esbuild escapes strings (its default ASCII charset).
 */
describe('the bundled program', () => {
  it('is ASCII through and through', () => {
    for (const name of ['main.js', 'agentls.js', 'scanWorker.js', 'wireThread.js']) {
      const text = fs.readFileSync(path.join(repoRoot(), 'out', 'bundle', name), 'latin1');
      const lines = text.split('\n');
      const outside = lines.map((line, i) => ({ line: i + 1, text: line })).filter((l) => /[^\x00-\x7f]/.test(l.text));
      expect(outside.map((l) => `${name}:${l.line}: ${l.text.trim().slice(0, 120)}`)).toEqual([]);
    }
  });
});
