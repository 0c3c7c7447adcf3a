import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromRows } from '../../server/search/pathTableRows';
import { decodeSnapshot } from '../../server/search/snapshot';
import { SqliteStore } from '../../server/search/sqliteStore';
import { WorkspaceSession } from '../../server/workspace/session';
import { repoRoot, tempDir } from '../helpers/repo';

/**
 * A server saving its file list, a slice at a time, over and over (two lists in turn),
 * that says each time it starts a save: the built code, as the server runs it.
 */
const SAVER = `
const out = process.argv[1];
const { PathTable } = require(out + '/server/search/pathTable');
const { saveInSlices } = require(out + '/server/search/snapshotSave');
const { SqliteStore } = require(out + '/server/search/sqliteStore');
const { CancellationSource } = require(out + '/server/core/cancel');
const table = (n) => { const t = new PathTable(); for (let i = 0; i < n; i++) t.add('src/m' + (i % 97) + '/f' + i + '.ts', i, 1e12 + i); return t; };
const lists = [table(3000), table(5000)];
const log = { info() {}, debug() {}, warn: (m) => process.stderr.write(m + '\\n'), error: (m) => process.stderr.write(m + '\\n') };
(async () => {
  const store = await SqliteStore.open(process.argv[2], log);
  for (let i = 0; ; i++) {
    process.stdout.write('saving\\n');
    await saveInSlices(lists[i % 2], store, '/ws', new CancellationSource(), { sliceMs: 0 });
  }
})();
`;

/** Starts the saver and kills it (SIGKILL) once it has begun its `saves`-th save, a few turns into it. */
function killMidSave(cacheDir: string, saves: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SAVER, path.join(repoRoot(), 'out'), cacheDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let started = 0;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      started += d.toString().split('\n').filter((l) => l === 'saving').length;
      if (started >= saves) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`the saver ended by itself (${code}): ${stderr}`))));
  });
}

/**
 * A save spans many short writes to a file beside the saved list, renamed over it at the
 * end: a server killed at any point must leave a saved list that was saved whole (never a
 * mix, never a part), a sound database, and a later save must still work.
 */
describe('a server killed while it saves its file list', () => {
  it('leaves a whole list and a sound database, and the next start saves again', async () => {
    const cacheDir = tempDir('agentls-cache-');
    const log = new WorkspaceSession().log;
    for (let round = 0; round < 6; round++) {
      await killMidSave(cacheDir, 2 + (round % 3));
      const db = new Database(path.join(cacheDir, 'file-index.sqlite'));
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      db.close();
      const store = await SqliteStore.open(cacheDir, log);
      const stored = store.loadSnapshot('/ws');
      expect(stored).toBeDefined();
      expect([3000, 5000]).toContain(tableFromRows(decodeSnapshot(stored!)).liveCount);
      stored!.close();
      store.close();
    }
    // What the killed saves were writing is left beside the list until it is old enough to be sure no save is writing it.
    expect(fs.readdirSync(path.join(cacheDir, 'file-lists')).filter((n) => n.endsWith('.list'))).toHaveLength(1);
  }, 60_000);
});
