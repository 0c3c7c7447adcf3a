import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * A rule folder that is a file: the advice "Make … a folder" names the folder as users know
 * it, `~/.xcsh/agent/rules` in the home and the path from the workspace root in the
 * workspace (`packages/web/.cursor/rules`), not its last two names (`agent/rules`).
 */

describe('a rule folder that is a file', () => {
  it('is named from the home or the workspace root in the advice', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n',
      '.windsurf/rules': 'not a folder\n',
      'packages/web/.cursor/rules': 'not a folder\n',
    });
    const home = writeTree(tempDir('agentls-home-'), { '.xcsh/agent/rules': 'not a folder\n' });

    const named = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.xcsh', 'agent', 'rules')).stdout) as CheckJson;
    // JSON names a user-level file by its absolute path, in the message as in `path`; text names it from ~ in both.
    const located = path.join(home, '.xcsh', 'agent', 'rules');
    expect(named.diagnostics.map((d) => [d.path, d.message])).toEqual([[located, expect.stringContaining(` Make ${located} a folder holding the rules: `)]]);
    expect(agentlsWithHome(ws, home, 'check', located).stdout).toContain(' Make ~/.xcsh/agent/rules a folder holding the rules: ');

    const project = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json').stdout) as CheckJson;
    const made = project.diagnostics.filter((d) => d.code === 'rule/unreadable').map((d) => [d.path, /Make (\S+) a folder/.exec(d.message)?.[1]]);
    expect(made).toEqual(
      expect.arrayContaining([
        ['.windsurf/rules', '.windsurf/rules'],
        ['packages/web/.cursor/rules', 'packages/web/.cursor/rules'],
      ]),
    );
    expect(made).toHaveLength(2);
  });
});
