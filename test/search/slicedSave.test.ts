import Database from 'better-sqlite3';
import * as fs from 'node:fs';
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
  const stored = store.loadSnapshot(ROOT);
  try {
    return stored && tableFromRows(decodeSnapshot(stored)).liveCount;
  } finally {
    stored?.close();
  }
}

/** The files of the cache's list folder: one list, and no temporary file once no save runs. */
function listFolder(cacheDir: string): { lists: number; others: string[] } {
  const names = fs.readdirSync(path.join(cacheDir, 'file-lists'));
  return { lists: names.filter((n) => n.endsWith('.list')).length, others: names.filter((n) => !n.endsWith('.list')) };
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
  it('lets the event loop run between writes, keeps the old list loadable until the last one, and leaves nothing else behind', async () => {
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
    expect(listFolder(cacheDir)).toEqual({ lists: 1, others: [] });
  });

  it('is dropped when the table changes under it: the old list stays, nothing of the dropped one is left, and the next save goes through', async () => {
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
    expect(listFolder(cacheDir)).toEqual({ lists: 1, others: [] });
    expect(await saveInSlices(big, store, ROOT, new CancellationSource())).toBe('saved');
    expect(savedFiles(store)).toBe(30_001);
  });

  it('stops when its owner says so, writing nothing in place of the saved list', async () => {
    const { store, cacheDir } = await openStore();
    store.saveSnapshot(ROOT, encodeSnapshot(table(10)));
    const stop = new CancellationSource();
    const { value } = await everyTurnUntil(saveInSlices(table(30_000), store, ROOT, stop, { sliceMs: 0 }), () => stop.cancel());
    expect(value).toBe('stopped');
    expect(savedFiles(store)).toBe(10);
    expect(listFolder(cacheDir)).toEqual({ lists: 1, others: [] });
  });

  it('never mixes two servers saving the same folder: the list saved is one of theirs, whole', async () => {
    const { store: first, cacheDir } = await openStore();
    const { store: second } = await openStore(cacheDir);
    const mine = table(30_000, 'mine');
    let theirs = false;
    const { value } = await everyTurnUntil(saveInSlices(mine, first, ROOT, new CancellationSource(), { sliceMs: 0 }), () => {
      // The other editor's server writes its list (in one go) while this one is half way.
      if (!theirs) {
        second.saveSnapshot(ROOT, encodeSnapshot(table(20, 'theirs')));
        expect(savedFiles(first)).toBe(20);
      }
      theirs = true;
    });
    // This one finished last: its list replaced theirs whole.
    expect(value).toBe('saved');
    const stored = second.loadSnapshot(ROOT)!;
    const restored = tableFromRows(decodeSnapshot(stored));
    stored.close();
    expect(restored.liveCount).toBe(30_000);
    expect(restored.find('mine/module0/part0/File0.ts')).toBeGreaterThanOrEqual(0);
    expect(restored.find('theirs/module0/part0/File0.ts')).toBe(-1);
    expect(listFolder(cacheDir)).toEqual({ lists: 1, others: [] });
  });

  it('that fails on the way leaves the saved list and no half-written file', async () => {
    const { store, cacheDir } = await openStore();
    store.saveSnapshot(ROOT, encodeSnapshot(table(10)));
    let adds = 0;
    const failing: typeof store = Object.create(store);
    failing.beginSnapshot = (root: string) => {
      const real = store.beginSnapshot(root);
      return { ...real, add: (chunks) => (++adds === 3 ? (() => { throw new Error('disk went away'); })() : real.add(chunks)) };
    };
    await expect(saveInSlices(table(30_000), failing, ROOT, new CancellationSource(), { sliceMs: 0 })).rejects.toThrow('disk went away');
    expect(savedFiles(store)).toBe(10);
    expect(listFolder(cacheDir)).toEqual({ lists: 1, others: [] });
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

describe('the cache database of an earlier version (file lists inside it)', () => {
  it('is opened with its file lists dropped (and their space given back) and its picks kept', async () => {
    const cacheDir = tempDir('agentls-cache-');
    const file = path.join(cacheDir, 'file-index.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE snapshots (root TEXT PRIMARY KEY, saved_ms INTEGER NOT NULL, gen INTEGER NOT NULL, chunks INTEGER NOT NULL);
      CREATE TABLE snapshot_chunks (root TEXT NOT NULL, gen INTEGER NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (root, gen, seq));
      CREATE TABLE picks (root TEXT NOT NULL, path TEXT NOT NULL, count INTEGER NOT NULL, last_ms INTEGER NOT NULL, PRIMARY KEY (root, path));`);
    old.prepare('INSERT INTO snapshots VALUES (?, ?, ?, ?)').run(ROOT, 1, 7, 32);
    for (let seq = 0; seq < 32; seq++) old.prepare('INSERT INTO snapshot_chunks VALUES (?, ?, ?, ?)').run(ROOT, 7, seq, Buffer.alloc(64 * 1024, 7));
    old.prepare('INSERT INTO picks VALUES (?, ?, ?, ?)').run(ROOT, 'src/b.ts', 3, 1000);
    old.pragma('user_version = 3');
    old.close();
    expect(fs.statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
    const { store } = await openStore(cacheDir);
    expect(store.loadSnapshot(ROOT)).toBeUndefined();
    expect(store.loadPicks(ROOT)).toEqual([{ path: 'src/b.ts', count: 3, lastMs: 1000 }]);
    expect(fs.statSync(file).size).toBeLessThan(64 * 1024);
    expect(await saveInSlices(table(100), store, ROOT, new CancellationSource())).toBe('saved');
    expect(savedFiles(store)).toBe(100);
  });
});
