import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

/**
 * A rule saved on Windows has CRLF line ends: `check --fix` must write the lines it adds
 * with them, or the file is left with mixed line ends (git shows every such line as changed
 * and some tools read the `---` with a trailing `\r` as no delimiter).
 */
describe('agentls check --fix keeps a CRLF rule file CRLF', () => {
  it('closes an unclosed frontmatter with ---\\r\\n', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/rules/unclosed.md': '---\r\ndescription: never closed\r\n\r\nBody text.\r\n',
    });
    const r = await cli(['check', '--fix', '--home', home], ws);
    expect(r.stdout).toContain('fixed [frontmatter/unclosed]');
    const fixed = fs.readFileSync(path.join(ws, '.xcsh/rules/unclosed.md'), 'utf8');
    expect(fixed).toBe('---\r\ndescription: never closed\r\n---\r\n\r\nBody text.\r\n');
  });
});
