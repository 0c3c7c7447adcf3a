import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A user-level rule location that is a symbolic link to nothing (`~/.cline/rules → ../gone`,
 * or the folder above it, `~/.cline → ../gone`): a check of the project leaves its finding
 * out in one note naming the command that reports it, and that command, run as given,
 * reports it (the link is told by lstat, never followed).
 */

function setUp(link: string): { ws: string; home: string; located: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n' });
  const home = tempDir('agentls-home-');
  const located = path.join(home, ...link.split('/'));
  fs.mkdirSync(path.dirname(located), { recursive: true });
  fs.symlinkSync('../gone', located);
  return { ws, home, located };
}

describe('a user-level rule location that is a link to nothing', () => {
  for (const link of ['.cline/rules', '.cline']) {
    it(`~/${link}: the note's command reports its finding`, () => {
      const { ws, home, located } = setUp(link);
      const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain(`in your user-level rules (~/${link}) is not reported`);
      expect(run.stderr).toContain(`agentls check --home ${home} ${located} reports it`);
      const named = agentlsWithHome(ws, home, 'check', '--format', 'json', located);
      expect(named.stderr).toBe('');
      // What the project's check left out, one problem, on the link: Cline reads no rules there.
      const diagnostics = (JSON.parse(named.stdout) as CheckJson).diagnostics;
      expect(diagnostics.map((d) => [d.path, d.code, d.severity])).toEqual([[located, 'rule/unreadable', 'error']]);
      expect(diagnostics[0].message).toContain('leads to ../gone, which does not exist');
      expect(named.status).toBe(1);
    });
  }
});
