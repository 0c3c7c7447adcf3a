import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { FolderIndex } from '../../server/search/folderIndex';
import { PathTable } from '../../server/search/pathTable';
import { tableFromRows } from '../../server/search/pathTableRows';
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_CHUNK_BYTES, SNAPSHOT_VERSION } from '../../server/search/snapshot';
import { SqliteStore } from '../../server/search/sqliteStore';
import { MemoryStore, type IndexStore } from '../../server/search/store';
import { FolderTree } from '../../server/search/tree';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A table of `count` files in a few hundred folders, some with sizes and times, `dead` of them removed again. */
function table(count: number, dead = 0): { t: PathTable; paths: string[] } {
  const t = new PathTable();
  const paths: string[] = [];
  for (let i = 0; i < count; i++) paths.push(`part${i % 7}/module${(i >> 3) % 300}/deeper${i % 5}/File${i}Näme.${['ts', 'md', 'java'][i % 3]}`);
  paths.forEach((p, i) => (i % 4 === 0 ? t.add(p) : t.add(p, i * 3, 1_700_000_000_000 + i)));
  for (let i = 0; i < dead; i++) t.remove(paths[i * 5]);
  return { t, paths };
}

/** The same bytes cut at other places: a decoder must not depend on where chunks end. */
function recut(chunks: Uint8Array[], sizes: number[]): Uint8Array[] {
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  const out: Uint8Array[] = [];
  for (let from = 0, i = 0; from < all.byteLength; i++) {
    const n = sizes[i % sizes.length];
    out.push(all.slice(from, from + n));
    from += n;
  }
  return out;
}

function expectSameFiles(restored: PathTable, original: PathTable, paths: string[]): void {
  expect(restored.liveCount).toBe(original.liveCount);
  for (const p of paths) {
    const a = original.find(p);
    const b = restored.find(p);
    if (a < 0) {
      expect(b).toBe(-1);
      continue;
    }
    expect(restored.path(b)).toBe(p);
    expect(restored.hasMeta(b)).toBe(original.hasMeta(a));
    if (original.hasMeta(a)) expect([restored.size[b], restored.mtime[b]]).toEqual([original.size[a], original.mtime[a]]);
  }
}

describe('file index snapshot', () => {
  it('is cut into chunks no larger than the chunk size, and reads back whatever the cuts', () => {
    const { t, paths } = table(6000, 200);
    const chunks = encodeSnapshot(t);
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.byteLength).toBeLessThanOrEqual(SNAPSHOT_CHUNK_BYTES);
    expect(SNAPSHOT_CHUNK_BYTES).toBeLessThan(128 * 1024);
    expectSameFiles(tableFromRows(decodeSnapshot(chunks)), t, paths);
    // Cuts at odd places, inside values and across section boundaries.
    for (const sizes of [[4093], [SNAPSHOT_CHUNK_BYTES - 1, 2], [100_000]]) {
      expectSameFiles(tableFromRows(decodeSnapshot(recut(chunks, sizes))), t, paths);
    }
    // A few bytes at a time, through the header too.
    const small = table(300, 10);
    expectSameFiles(tableFromRows(decodeSnapshot(recut(encodeSnapshot(small.t), [1, 3, 5, 7, 11]))), small.t, small.paths);
  });

  it('keeps the folder tree of a table without dead rows, adopted by its first search as built then', () => {
    const { t } = table(3000);
    const rows = decodeSnapshot(encodeSnapshot(t));
    expect(rows.tree).toBeDefined();
    const restored = tableFromRows(rows);
    const adopted = new FolderTree(restored);
    expect(adopted.files).toBe(rows.tree!.files);
    // The same table restored without its tree builds one: the same as the stored one.
    const bare = decodeSnapshot(encodeSnapshot(t));
    delete bare.tree;
    const rebuilt = new FolderTree(tableFromRows(bare));
    expect(rebuilt.files).not.toBe(adopted.files);
    expect({ ...adopted }).toEqual({ ...rebuilt });
    // Once a file is added the stored tree is not the table's any more.
    restored.add('part0/new/Added.ts');
    const grown = new FolderTree(restored);
    expect(grown.files).not.toBe(adopted.files);
    expect(grown.files.length).toBe(3001);
  });

  it('stores no tree for a table with dead rows (its ids change), and adopts none that does not fit', () => {
    const { t: withDead } = table(3000, 50);
    expect(decodeSnapshot(encodeSnapshot(withDead)).tree).toBeUndefined();
    const { t } = table(3000);
    const rows = decodeSnapshot(encodeSnapshot(t));
    rows.tree!.files = (rows.tree!.files as Int32Array).subarray(1);
    const restored = tableFromRows(rows);
    const built = new FolderTree(restored);
    expect(built.files).not.toBe(rows.tree!.files);
    expect(built.files.length).toBe(3000);
  });

  it('says whether the listing it was saved from stopped at search.maxFiles, whatever the count', () => {
    const { t } = table(10);
    expect(decodeSnapshot(encodeSnapshot(t)).truncated).toBe(false);
    expect(decodeSnapshot(encodeSnapshot(t, { truncated: true })).truncated).toBe(true);
  });

  it('rejects another version, a missing chunk and a stray chunk with a RangeError', () => {
    const { t } = table(12_000);
    const chunks = encodeSnapshot(t);
    const older = chunks.map((c) => c.slice());
    new Uint32Array(older[0].buffer, 0, 2)[1] = SNAPSHOT_VERSION - 1;
    expect(() => decodeSnapshot(older)).toThrow(`version ${SNAPSHOT_VERSION - 1} is not ${SNAPSHOT_VERSION}`);
    expect(() => decodeSnapshot([...chunks.slice(0, 2), ...chunks.slice(3)])).toThrow(RangeError);
    expect(() => decodeSnapshot([...chunks, new Uint8Array(8)])).toThrow(RangeError);
  });

  it('rejects counts larger than its bytes can hold before allocating anything that size', () => {
    const chunks = encodeSnapshot(table(500).t);
    // Header words 2-5 count the pool, folders, names and files; word 6 is the extension list's length.
    for (const word of [2, 3, 4, 5, 6]) {
      const damaged = chunks.map((c) => c.slice());
      new Uint32Array(damaged[0].buffer, 0, 10)[word] = 0xfffffff0;
      expect(() => decodeSnapshot(damaged)).toThrow(/truncated/);
    }
  });

  it('rejects a boundary kind above 4 wherever it sits in the pool', () => {
    const chunks = encodeSnapshot(table(500).t);
    const n = decodeSnapshot(chunks).kind.length;
    for (const at of [0, 1, 2, 3, Math.floor(n / 2), n - 1]) {
      for (const value of [5, 6, 7, 8, 128]) {
        const rows = decodeSnapshot(chunks);
        rows.kind[at] = value;
        expect(() => tableFromRows(rows)).toThrow(/unknown boundary kind/);
      }
    }
    expect(tableFromRows(decodeSnapshot(chunks)).liveCount).toBe(500);
  });
});

/** A folder index over a small tree, with `store`. */
function folderIndex(store: IndexStore): { index: FolderIndex; root: string } {
  const root = writeTree(tempDir(), { 'a.txt': 'x', 'src/b.ts': 'x', 'src/c/d.md': 'x' });
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
  session.addFolder(root);
  const index = new FolderIndex({ root, fs: session.diskFs, ignore: () => session.ignoreFor(root), maxFiles: () => 1000, store, log: session.log, useGit: false, reconcileDelayMs: 0 });
  cleanups.push(() => (index.dispose(), session.dispose()));
  return { index, root };
}

describe('the stored index across versions', () => {
  it('lists the folder again when the stored snapshot is of an older version', async () => {
    const store = new MemoryStore();
    const { index, root } = folderIndex(store);
    const chunks = encodeSnapshot(table(10).t);
    new Uint32Array(chunks[0].buffer, 0, 2)[1] = 3;
    store.saveSnapshot(root, chunks);
    const report = await index.build({ useSnapshot: true });
    expect(report?.fromSnapshot).toBe(false);
    expect(report?.files).toBe(3);
  });

  it('drops the snapshots of a version 1 database (one blob a folder), keeps its picks, and restores from the list file next time', async () => {
    const cacheDir = tempDir('agentls-cache-');
    const file = path.join(cacheDir, 'file-index.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE snapshots (root TEXT PRIMARY KEY, saved_ms INTEGER NOT NULL, blob BLOB NOT NULL);
      CREATE TABLE picks (root TEXT NOT NULL, path TEXT NOT NULL, count INTEGER NOT NULL, last_ms INTEGER NOT NULL, PRIMARY KEY (root, path));`);
    old.prepare('INSERT INTO snapshots VALUES (?, ?, ?)').run('/x', 1, Buffer.alloc(64, 7));
    old.prepare('INSERT INTO picks VALUES (?, ?, ?, ?)').run('/x', 'src/b.ts', 3, 1000);
    old.pragma('user_version = 1');
    old.close();

    const log = new WorkspaceSession().log;
    const store = await SqliteStore.open(cacheDir, log);
    cleanups.push(() => store.close());
    expect(store.loadSnapshot('/x')).toBeUndefined();
    expect(store.loadPicks('/x')).toEqual([{ path: 'src/b.ts', count: 3, lastMs: 1000 }]);

    const { t, paths } = table(20_000);
    store.saveSnapshot('/x', encodeSnapshot(t));
    store.close();
    const again = await SqliteStore.open(cacheDir, log);
    cleanups.push(() => again.close());
    expectSameFiles(tableFromRows(decodeSnapshot(again.loadSnapshot('/x')!)), t, paths);
    // A second save replaces the first whole (a smaller table leaves nothing of the larger behind).
    again.saveSnapshot('/x', encodeSnapshot(table(10).t));
    expect(tableFromRows(decodeSnapshot(again.loadSnapshot('/x')!)).liveCount).toBe(10);
  });

  it('checks the whole database before its first write, not before the first answer, and replaces it when damaged', async () => {
    const cacheDir = tempDir('agentls-cache-');
    const file = path.join(cacheDir, 'file-index.sqlite');
    const warnings: string[] = [];
    const log = { error() {}, warn: (m: string) => warnings.push(m), info() {}, debug() {} };
    const first = await SqliteStore.open(cacheDir, log);
    first.savePick('/x', { path: 'a.ts', count: 1, lastMs: 5 });
    for (let i = 0; i < 3000; i++) first.savePick('/y', { path: `src/some/longer/folder/name/file${i}.ts`, count: 1, lastMs: i });
    first.close();
    // Garble the last pages: rows of '/y' written last, which a read of the picks of '/x' never touches.
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBeGreaterThan(20 * 4096);
    bytes.fill(0xff, bytes.length - 4 * 4096);
    fs.writeFileSync(file, bytes);

    const store = await SqliteStore.open(cacheDir, log);
    cleanups.push(() => store.close());
    expect(store.loadPicks('/x')).toEqual([{ path: 'a.ts', count: 1, lastMs: 5 }]);
    expect(warnings).toEqual([]);
    expect(fs.existsSync(`${file}.broken`)).toBe(false);
    store.savePick('/x', { path: 'b.ts', count: 2, lastMs: 9 });
    expect(warnings).toEqual([expect.stringMatching(/cannot be read \(the database is damaged: .+\); starting a new one$/)]);
    expect(fs.existsSync(`${file}.broken`)).toBe(true);
    expect(store.loadPicks('/x')).toEqual([{ path: 'b.ts', count: 2, lastMs: 9 }]);
    // The file lists live beside the database and are not touched by its damage.
    store.saveSnapshot('/x', encodeSnapshot(table(10).t));
    // The write went to the new database.
    expect(tableFromRows(decodeSnapshot(store.loadSnapshot('/x')!)).liveCount).toBe(10);
  });
});
