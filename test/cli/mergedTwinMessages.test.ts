import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A finding a Cursor rule draws for Cursor and for the xcsh agent alike is said once, naming
 * both: where the names open the sentence they are its subject, so the verb after them is plural.
 */
describe('one message for two agents', () => {
  it('reads "Cursor and the xcsh agent read …", not "Cursor and The xcsh agent reads …"', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/rules/.keep': '',
      '.cursor/rules/e.mdc': '---\ndescription: d\n---\n---\nalwaysApply: true\n---\nBody.\n',
    });
    const report = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const repeated = report.diagnostics.find((d) => d.code === 'frontmatter/repeated');
    expect(repeated?.message).toMatch(/^Cursor and the xcsh agent read only the first frontmatter block/);
  });
});
