import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PathTable } from '../../server/search/pathTable';
import { tableFromRows } from '../../server/search/pathTableRows';
import { decodeSnapshot, encodeSnapshot } from '../../server/search/snapshot';
import { SnapshotFiles } from '../../server/search/snapshotFiles';
import type { StoredList } from '../../server/search/store';
import { tempDir } from '../helpers/repo';

function table(count: number, prefix = 'src'): PathTable {
  const t = new PathTable();
  for (let i = 0; i < count; i++) t.add(`${prefix}/module${i % 30}/File${i}.ts`, i, 1_700_000_000_000 + i);
  return t;
}

function openFiles(cacheDir = tempDir('agentls-cache-')): { lists: SnapshotFiles; cacheDir: string; warnings: string[] } {
  const warnings: string[] = [];
  const log = { error() {}, warn: (m: string) => warnings.push(m), info() {}, debug() {} };
  return { lists: SnapshotFiles.open(cacheDir, log)!, cacheDir, warnings };
}

function filesOf(stored: StoredList | undefined): number | undefined {
  if (!stored) return undefined;
  try {
    return tableFromRows(decodeSnapshot(stored)).liveCount;
  } finally {
    stored.close();
  }
}

describe('the file lists kept as files in the cache folder', () => {
  it('gives each folder its own list, read back whole', async () => {
    const { lists, cacheDir } = openFiles();
    lists.save('/a', encodeSnapshot(table(2000, 'a')));
    const writing = lists.begin('/b');
    expect(writing.add(encodeSnapshot(table(30, 'b')))).toBe(true);
    expect(await writing.commit()).toBe(true);
    expect(filesOf(lists.load('/a'))).toBe(2000);
    expect(filesOf(lists.load('/b'))).toBe(30);
    expect(lists.load('/c')).toBeUndefined();
    expect(fs.readdirSync(path.join(cacheDir, 'file-lists')).sort()).toHaveLength(2);
  });

  it("never answers for another folder: a list under another folder's name is not read", () => {
    const { lists, cacheDir, warnings } = openFiles();
    lists.save('/a', encodeSnapshot(table(20, 'a')));
    lists.save('/b', encodeSnapshot(table(30, 'b')));
    const dir = path.join(cacheDir, 'file-lists');
    const before = fs.readdirSync(dir);
    // Which file is whose is known from its content only: copy each over the other.
    const [x, y] = before.map((n) => fs.readFileSync(path.join(dir, n)));
    fs.writeFileSync(path.join(dir, before[0]), y);
    fs.writeFileSync(path.join(dir, before[1]), x);
    expect(lists.load('/a')).toBeUndefined();
    expect(lists.load('/b')).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('reads a damaged list as unusable (a RangeError from the decoder), never as a table', () => {
    const { lists, cacheDir } = openFiles();
    lists.save('/a', encodeSnapshot(table(5000)));
    const [name] = fs.readdirSync(path.join(cacheDir, 'file-lists'));
    const file = path.join(cacheDir, 'file-lists', name);
    const whole = fs.readFileSync(file);
    // Cut short (a disk that filled up), and a preamble overwritten.
    fs.writeFileSync(file, whole.subarray(0, whole.length - 1000));
    expect(() => filesOf(lists.load('/a'))).toThrow(RangeError);
    fs.writeFileSync(file, Buffer.concat([Buffer.alloc(16, 0xff), whole.subarray(16)]));
    expect(lists.load('/a')).toBeUndefined();
    // The next save puts a whole list in its place.
    lists.save('/a', encodeSnapshot(table(10)));
    expect(filesOf(lists.load('/a'))).toBe(10);
  });

  it('removes what a killed save left behind once it is old enough not to be a save in progress', () => {
    const { cacheDir } = openFiles();
    const dir = path.join(cacheDir, 'file-lists');
    const stale = path.join(dir, '.0123456789abcdef0123456789abcdef.list.agentls-0123456789ab.tmp');
    const fresh = path.join(dir, '.0123456789abcdef0123456789abcdef.list.agentls-ba9876543210.tmp');
    const unrelated = path.join(dir, 'notes.txt');
    for (const f of [stale, fresh, unrelated]) fs.writeFileSync(f, 'x');
    const hourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(stale, hourAgo, hourAgo);
    fs.utimesSync(unrelated, hourAgo, hourAgo);
    openFiles(cacheDir);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(fresh), 'notes.txt'].sort());
  });

  it('keeps the old list when a save is abandoned, and leaves nothing of it behind', async () => {
    const { lists, cacheDir } = openFiles();
    lists.save('/a', encodeSnapshot(table(20)));
    const writing = lists.begin('/a');
    expect(writing.add(encodeSnapshot(table(3000)).slice(0, 3))).toBe(true);
    writing.abandon();
    expect(await writing.commit()).toBe(false);
    expect(filesOf(lists.load('/a'))).toBe(20);
    expect(fs.readdirSync(path.join(cacheDir, 'file-lists'))).toHaveLength(1);
  });

  it('says once that it cannot save, and leaves no temporary file behind', async () => {
    const { lists, cacheDir, warnings } = openFiles();
    lists.save('/a', encodeSnapshot(table(20)));
    const dir = path.join(cacheDir, 'file-lists');
    const [name] = fs.readdirSync(dir);
    // A folder where the list goes: the final rename fails, as root too.
    fs.rmSync(path.join(dir, name));
    fs.mkdirSync(path.join(dir, name, 'inside'), { recursive: true });
    expect(lists.save('/a', encodeSnapshot(table(30)))).toBe(false);
    const writing = lists.begin('/a');
    expect(writing.add(encodeSnapshot(table(30)))).toBe(true);
    expect(await writing.commit()).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/^file index: the list of \/a could not be saved in .*file-lists \(later failures are not reported\)/)]);
    expect(fs.readdirSync(dir)).toEqual([name]);
  });
});
