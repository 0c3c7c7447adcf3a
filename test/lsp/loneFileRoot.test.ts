import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../helpers/lspClient';
import { status, until } from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';

const start = useLspClients(afterEach);

/**
 * A client that names no workspace folder (Neovim without a root_dir) gets the project of the
 * first file opened as its root, found as the command line finds its own
 * (server/workspace/projectRoot.ts).
 */
describe('the root of a lone file', () => {
  it("is the git repository's, not that of the package holding a stray .rules (a name other tools use; Zed reads it at a worktree's root alone)", async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/r.mdc': '---\nglobs: nothere/**\n---\nR.\n',
      'packages/api/.rules': 'deny from all\n',
      'packages/api/src/a.ts': 'export const a = 1;\n',
    });
    const c = await start({ folders: [], client: 'neovim' });
    await c.open(path.join(ws, 'packages', 'api', 'src', 'a.ts'));
    expect((await until('a root', () => status(c), (s) => s.roots.length > 0, 10_000)).roots).toEqual([ws]);
  });

  it('is the folder holding .rules where no folder above holds .git or another agent file', async () => {
    const ws = writeTree(tempDir(), {
      '.rules': 'Use tabs.\n',
      'pkg/.claude/settings.local.json': '{}\n',
      'pkg/src/a.ts': 'export const a = 1;\n',
    });
    const c = await start({ folders: [], client: 'neovim' });
    await c.open(path.join(ws, 'pkg', 'src', 'a.ts'));
    expect((await until('a root', () => status(c), (s) => s.roots.length > 0, 10_000)).roots).toEqual([ws]);
  });
});
