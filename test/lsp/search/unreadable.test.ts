import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { ownedDir, unprivileged } from '../../helpers/unprivileged';

const start = useLspClients(afterEach);
const runAs = unprivileged();

describe('the file index of a tree with a folder the server cannot read', () => {
  it.skipIf('skip' in runAs)(`says in the log which folder is not searched (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    // Root reads every folder: the server runs as an unprivileged user, in a workspace, home and cache it owns.
    const ws = ownedDir(runAs, { '.git/HEAD': '', 'src/alpha.ts': 'a\n', 'src/locked/beta.ts': 'b\n' });
    fs.chmodSync(path.join(ws, 'src', 'locked'), 0);
    try {
      const c = await start({ folders: [ws], home: ownedDir(runAs), cacheDir: ownedDir(runAs), user: runAs.user });
      const line = await c.waitForLog(/file index: \d+ files? in/);
      expect(line).toMatch(/file index: 1 file in 1 folder.*; cannot read folder src\/locked: the files there are not searched/);
    } finally {
      fs.chmodSync(path.join(ws, 'src', 'locked'), 0o755);
    }
  });
});
