import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A rule file in a folder inside a home rule folder, which the xcsh agent skips (it reads
 * only the files directly in a rule folder): rule/not-read names the folder as users know it,
 * from the home (`~/.cursor/rules/`, `~/.xcsh/agent/rules/`), not by its last two path parts
 * (`.cursor/rules/`, which reads as the project's, or `agent/rules/`).
 */

const notRead = (folder: string) => `The xcsh agent never reads this file: only files directly in ${folder} are loaded, not those in nested folders.`;
const RULE = '---\nalwaysApply: true\n---\nNested.\n';

describe('a rule file in a folder inside a home rule folder', () => {
  it('is said to be skipped in the home folder named from the home', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/rules/more/b.md': RULE });
    const home = writeTree(tempDir('agentls-home-'), { '.cursor/rules/more/a.mdc': RULE, '.xcsh/agent/rules/more/c.md': RULE });
    const files = [path.join(home, '.cursor', 'rules', 'more', 'a.mdc'), path.join(home, '.xcsh', 'agent', 'rules', 'more', 'c.md'), path.join(ws, '.xcsh', 'rules', 'more', 'b.md')];
    const found = (JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', ...files).stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code, d.message]);
    // JSON gives a file outside the workspace by its absolute path.
    expect(found).toEqual([
      // The project's folder is named from the workspace root, as before.
      ['.xcsh/rules/more/b.md', 'rule/not-read', notRead('.xcsh/rules/')],
      [files[0], 'rule/not-read', notRead('~/.cursor/rules/')],
      [files[1], 'rule/not-read', notRead('~/.xcsh/agent/rules/')],
    ]);
  });
});
