import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';


/**
 * Files git's index still lists that are not on disk: a tracked file deleted and not yet
 * committed, and one a sparse checkout leaves out. A search lists files to open: it never
 * offers one of these, with or without its cache, and still answers in full.
 */
describe('agentls search QUERY in a git work tree with tracked files missing from the disk', () => {
  it('leaves out a deleted tracked file and a file outside the sparse checkout, and still lists the rest', async () => {
    const ws = writeTree(tempDir(), {
      'keep/beta-one.ts': 'x\n',
      'keep/beta-two.ts': 'x\n',
      'drop/beta-three.ts': 'x\n',
      'keep/beta-gone.ts': 'x\n',
    });
    git(ws, 'init', '-q');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '-m', 'all');
    git(ws, 'sparse-checkout', 'set', 'keep');
    fs.rmSync(path.join(ws, 'keep/beta-gone.ts'));
    expect(fs.existsSync(path.join(ws, 'drop'))).toBe(false);
    const home = tempDir('agentls-home-');
    for (const cache of [['--no-cache'], [], []]) {
      const r = await cli(['search', 'beta', ...cache, '--home', home], ws);
      expect([cache, r.code, r.stdout.split('\n').filter(Boolean).sort()]).toEqual([cache, 0, ['keep/beta-one.ts', 'keep/beta-two.ts']]);
    }
    const gone = await cli(['search', 'beta-gone', '--no-cache', '--home', home], ws);
    expect(gone.stdout).not.toContain('beta-gone');
  });
});
