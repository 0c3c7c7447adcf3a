import Database from 'better-sqlite3';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CancellationSource } from '../../server/core/cancel';
import { PathTable } from '../../server/search/pathTable';
import { tableFromRows } from '../../server/search/pathTableRows';
import { decodeSnapshot, encodeSnapshot } from '../../server/search/snapshot';
import { saveInSlices } from '../../server/search/snapshotSave';
import { SqliteStore } from '../../server/search/sqliteStore';
import { MemoryStore } from '../../server/search/store';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const ROOT = '/work/project';

/** A table of `count` files under `prefix` (a few hundred folders). */
function table(count: number, prefix = 'src'): PathTable {
  const t = new PathTable();
  for (let i = 0; i < count; i++) t.add(`${prefix}/module${i % 300}/part${i % 7}/File${i}.ts`, i, 1_700_000_000_000 + i);
  return t;
}

async function openStore(cacheDir = tempDir('agentls-cache-')): Promise<{ store: SqliteStore; cacheDir: string }> {
  const store = await SqliteStore.open(cacheDir, new WorkspaceSession().log);
  cleanups.push(() => store.close());
  return { store, cacheDir };
}

/** What the store gives back for the folder: the number of files of the saved list, or undefined. */
function savedFiles(store: SqliteStore): number | undefined {
  const chunks = store.loadSnapshot(ROOT);
  return chunks && tableFromRows(decodeSnapshot(chunks)).liveCount;
}

/** Chunk rows in the database, of any generation. */
function chunkRows(cacheDir: string): number {
  const db = new Database(path.join(cacheDir, 'file-index.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM snapshot_chunks').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Runs `each` once per turn of the event loop until `done` settles; returns how many turns ran. */
async function everyTurnUntil<T>(done: Promise<T>, each: () => void): Promise<{ value: T; turns: number }> {
  let settled = false;
  let turns = 0;
  const tick = () => {
    if (settled) return;
    turns++;
    each();
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await done.finally(() => (settled = true));
  return { value, turns };
}

/**
 * Writing the 92k-file tree's list held the thread 60-140 ms in one go (issue 13: a cancel
 * must be answered within 5 ms): a save now writes a few chunks per turn of the event loop
 * beside the saved list, and replaces it in its last write.
 */
describe('a file list saved a slice at a time', () => {
  it('lets the event loop run between writes, keeps the old list loadable until the last one, and leaves no old rows', async () => {
    const { store, cacheDir } = await openStore();
    store.saveSnapshot(ROOT, encodeSnapshot(table(10)));
    const big = table(30_000);
    const chunks = encodeSnapshot(big).length;
    const seen = new Set<number | undefined>();
    const { value, turns } = await everyTurnUntil(saveInSlices(big, store, ROOT, new CancellationSource(), { sliceMs: 0 }), () => seen.add(savedFiles(store)));
    expect(value).toBe('saved');
    // Eight chunks a write, one write a turn when the slice is 0 ms (the first before any turn, the last with the commit).
    expect(chunks).toBeGreaterThan(40);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(chunks / 8) - 2);
    expect([...seen][0]).toBe(10);
    expect([...seen].every((n) => n === 10 || n === 30_000)).toBe(true);
    expect(savedFiles(store)).toBe(30_000);
    expect(chunkRows(cacheDir)).toBe(chunks);
  });

  it('is dropped when the table changes under it: the old list stays, and the next save leaves no rows of the dropped one', async () => {
    const { store, cacheDir } = await openStore();
    store.saveSnapshot(ROOT, encodeSnapshot(table(10)));
    const big = table(30_000);
    let changed = false;
    const { value } = await everyTurnUntil(saveInSlices(big, store, ROOT, new CancellationSource(), { sliceMs: 0 }), () => {
      if (!changed) big.add('src/new-file.ts');
      changed = true;
    });
    expect(value).toBe('changed');
    expect(savedFiles(store)).toBe(10);
    expect(await saveInSlices(big, store, ROOT, new CancellationSource())).toBe('saved');
    expect(savedFiles(store)).toBe(30_001);
    expect(chunkRows(cacheDir)).toBe(encodeSnapshot(big).length);
  });

  it('stops when its owner says so, writing nothing in place of the saved list', async () => {
    const { store } = await openStore();
    store.saveSnapshot(ROOT, encodeSnapshot(table(10)));
    const stop = new CancellationSource();
    const { value } = await everyTurnUntil(saveInSlices(table(30_000), store, ROOT, stop, { sliceMs: 0 }), () => stop.cancel());
    expect(value).toBe('stopped');
    expect(savedFiles(store)).toBe(10);
  });

  it('never mixes two servers saving the same folder: the one whose rows the other removed is not saved', async () => {
    const { store: first, cacheDir } = await openStore();
    const { store: second } = await openStore(cacheDir);
    const mine = table(30_000, 'mine');
    let theirs = false;
    const { value } = await everyTurnUntil(saveInSlices(mine, first, ROOT, new CancellationSource(), { sliceMs: 0 }), () => {
      // The other editor's server writes its list (in one go) while this one is half way.
      if (!theirs) second.saveSnapshot(ROOT, encodeSnapshot(table(20, 'theirs')));
      theirs = true;
    });
    expect(value).toBe('failed');
    const restored = tableFromRows(decodeSnapshot(second.loadSnapshot(ROOT)!));
    expect(restored.liveCount).toBe(20);
    expect(restored.find('theirs/module0/part0/File0.ts')).toBeGreaterThanOrEqual(0);
    expect(await saveInSlices(mine, first, ROOT, new CancellationSource())).toBe('saved');
    expect(savedFiles(second)).toBe(30_000);
  });

  it('with the chunks made first, is not dropped by a change (for a table that changes too often otherwise)', async () => {
    const { store } = await openStore();
    const big = table(30_000);
    let changed = false;
    const { value, turns } = await everyTurnUntil(saveInSlices(big, store, ROOT, new CancellationSource(), { sliceMs: 0, copyFirst: true }), () => {
      if (!changed) big.add('src/new-file.ts');
      changed = true;
    });
    expect(value).toBe('saved');
    expect(turns).toBeGreaterThan(2);
    expect(savedFiles(store)).toBe(30_000);
  });

  it('goes through the memory store too (the CLI without a cache)', async () => {
    const store = new MemoryStore();
    expect(await saveInSlices(table(30_000), store, ROOT, new CancellationSource(), { sliceMs: 0 })).toBe('saved');
    expect(tableFromRows(decodeSnapshot(store.loadSnapshot(ROOT)!)).liveCount).toBe(30_000);
  });
});

describe('the cache database of the previous version (chunks without generations)', () => {
  it('is opened with its file lists dropped and its picks kept', async () => {
    const cacheDir = tempDir('agentls-cache-');
    const old = new Database(path.join(cacheDir, 'file-index.sqlite'));
    old.exec(`CREATE TABLE snapshots (root TEXT PRIMARY KEY, saved_ms INTEGER NOT NULL, chunks INTEGER NOT NULL);
      CREATE TABLE snapshot_chunks (root TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (root, seq));
      CREATE TABLE picks (root TEXT NOT NULL, path TEXT NOT NULL, count INTEGER NOT NULL, last_ms INTEGER NOT NULL, PRIMARY KEY (root, path));`);
    old.prepare('INSERT INTO snapshots VALUES (?, ?, ?)').run(ROOT, 1, 1);
    old.prepare('INSERT INTO snapshot_chunks VALUES (?, ?, ?)').run(ROOT, 0, Buffer.alloc(64, 7));
    old.prepare('INSERT INTO picks VALUES (?, ?, ?, ?)').run(ROOT, 'src/b.ts', 3, 1000);
    old.pragma('user_version = 2');
    old.close();
    const { store } = await openStore(cacheDir);
    expect(store.loadSnapshot(ROOT)).toBeUndefined();
    expect(store.loadPicks(ROOT)).toEqual([{ path: 'src/b.ts', count: 3, lastMs: 1000 }]);
    expect(await saveInSlices(table(100), store, ROOT, new CancellationSource())).toBe('saved');
    expect(savedFiles(store)).toBe(100);
  });
});
