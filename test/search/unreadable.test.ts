import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownedDir, unprivileged } from '../helpers/unprivileged';
import { builtCli } from '../helpers/cliWithHome';

const runAs = unprivileged();

describe('agentls search in a tree with a folder it cannot read', () => {
  it.skipIf('skip' in runAs)(`says the answer is partial and exits 2, on a cold and a warm cache (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    // Root reads every folder: the built CLI runs as an unprivileged user, in a workspace, home and cache it owns.
    const ws = ownedDir(runAs, { '.git/HEAD': '', 'src/alpha.ts': 'a\n', 'src/locked/beta.ts': 'b\n' });
    const home = ownedDir(runAs);
    const cache = ownedDir(runAs);
    const search = (query: string) =>
      builtCli(['search', query], { cwd: ws, home, env: { XDG_CACHE_HOME: cache }, user: runAs.user });
    expect(search('beta').stdout).toBe('src/locked/beta.ts\n');
    fs.chmodSync(path.join(ws, 'src', 'locked'), 0);
    try {
      for (const warm of [false, true]) {
        const found = search('alpha');
        expect([warm, found.status, found.stdout]).toEqual([warm, 2, 'src/alpha.ts\n']);
        expect(found.stderr).toBe('agentls search: cannot read folder src/locked: the files there were not searched\n');
        const none = search('beta');
        expect(none.status).toBe(2);
        expect(none.stderr).toContain('no file matches "beta" among the files that could be read');
      }
    } finally {
      fs.chmodSync(path.join(ws, 'src', 'locked'), 0o755);
    }
    expect(search('beta').status).toBe(0);
  });
});
