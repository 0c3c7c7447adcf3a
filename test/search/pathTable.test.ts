import { describe, expect, it } from 'vitest';
import { compactTable, packTable, unpackTable } from '../../server/search/packing';
import { MAX_PATH_LENGTH, PathTable } from '../../server/search/pathTable';
import { tableFromRows } from '../../server/search/pathTableRows';
import { decodeSnapshot, encodeSnapshot } from '../../server/search/snapshot';

/** Paths shaped like a real repository: about four files a folder, folders four to six deep. */
function synthetic(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const dir = i >> 2;
    out.push(`area${dir % 20}/pkg.part${dir % 400}/src/org/module${dir}/SomeFile${i}Name.java`);
  }
  return out;
}

describe('PathTable', () => {
  it('adds, finds, names and removes files; adding twice keeps one row', () => {
    const t = new PathTable();
    const a = t.add('src/auth.ts', 10, 1000);
    const b = t.add('src/util/log.ts');
    expect(t.add('src/auth.ts')).toBe(a);
    expect(t.liveCount).toBe(2);
    expect(t.find('src/auth.ts')).toBe(a);
    expect(t.find('src/util/log.ts')).toBe(b);
    expect(t.find('src/util')).toBe(-1);
    expect(t.find('nope.ts')).toBe(-1);
    expect(t.path(b)).toBe('src/util/log.ts');
    expect(t.name(b)).toBe('log.ts');
    expect(t.hasMeta(a)).toBe(true);
    expect(t.hasMeta(b)).toBe(false);
    expect(t.remove('src/auth.ts')).toBe(true);
    expect(t.remove('src/auth.ts')).toBe(false);
    expect(t.find('src/auth.ts')).toBe(-1);
    expect(t.liveCount).toBe(1);
    // A removed path can come back.
    const again = t.add('src/auth.ts');
    expect(t.find('src/auth.ts')).toBe(again);
  });

  it('keeps names outside the Basic Multilingual Plane and accents intact', () => {
    const t = new PathTable();
    const id = t.add('unicode/🙂smile.txt');
    const id2 = t.add('unicode/naïve-café.md');
    expect(t.path(id)).toBe('unicode/🙂smile.txt');
    expect(t.path(id2)).toBe('unicode/naïve-café.md');
    expect(t.find('unicode/🙂smile.txt')).toBe(id);
  });

  it('refuses empty, folder-like and over-long paths', () => {
    const t = new PathTable();
    expect(t.add('')).toBe(-1);
    expect(t.add('a/')).toBe(-1);
    expect(t.add('x'.repeat(MAX_PATH_LENGTH + 1))).toBe(-1);
    expect(t.liveCount).toBe(0);
  });

  it('removes everything under a folder (a deleted directory), and nothing else', () => {
    const t = new PathTable();
    for (const p of ['a/x.ts', 'a/b/y.ts', 'a/b/c/z.ts', 'ab/w.ts', 'root.ts']) t.add(p);
    expect(t.removeUnder('a')).toBe(3);
    expect([...t.liveIds()].map((id) => t.path(id)).sort()).toEqual(['ab/w.ts', 'root.ts']);
  });

  it('records every folder with its parent, parents before children', () => {
    const t = new PathTable();
    t.add('a/b/c/file.ts');
    expect(t.dirCount).toBe(4); // "", a/, a/b/, a/b/c/
    for (let d = 0; d < t.dirCount; d++) {
      const parent = t.dirParent[d];
      if (d === 0) expect(parent).toBe(-1);
      else {
        expect(parent).toBeLessThan(d);
        expect(t.dirPath(d).startsWith(t.dirPath(parent))).toBe(true);
      }
    }
  });

  it('compacts dead rows, keeping paths, metadata and pick lifts', () => {
    const t = new PathTable();
    const paths = synthetic(20_000);
    for (const p of paths) t.add(p, 5, 7);
    const kept = t.find(paths[19_999]);
    t.boost[kept] = 9;
    for (let i = 0; i < 15_000; i++) t.remove(paths[i]);
    expect(t.needsCompaction).toBe(true);
    const structure = t.structure;
    compactTable(t);
    expect(t.structure).toBeGreaterThan(structure);
    expect(t.slotCount).toBe(5000);
    expect(t.liveCount).toBe(5000);
    const id = t.find(paths[19_999]);
    expect(t.boost[id]).toBe(9);
    expect(t.size[id]).toBe(5);
    expect(t.find(paths[0])).toBe(-1);
    for (let i = 15_000; i < 20_000; i += 997) expect(t.path(t.find(paths[i]))).toBe(paths[i]);
  });

  it('files added folder after folder, across a compaction that renumbers folders, land in their own folders', () => {
    const t = new PathTable();
    // Folders that compaction drops (all their files removed) shift the ids of the ones after.
    for (let i = 0; i < 5000; i++) t.add(`gone${i}/a/x.ts`);
    t.add('keep/a/one.ts');
    t.add('keep/a/two.ts');
    for (let i = 0; i < 5000; i++) t.remove(`gone${i}/a/x.ts`);
    expect(t.needsCompaction).toBe(true);
    compactTable(t);
    // The same folder as the last file added before the compaction: found afresh, not remembered.
    const three = t.add('keep/a/three.ts');
    expect(t.path(three)).toBe('keep/a/three.ts');
    expect(t.path(t.find('keep/a/one.ts'))).toBe('keep/a/one.ts');
    // Sorted and unsorted, deeper and shallower, a root file between: each path exactly as given.
    const order = ['keep/a/four.ts', 'keep/b.ts', 'keep/a/five.ts', 'top.ts', 'keep/a/b/six.ts', 'keep/a/seven.ts', 'keep/ab/eight.ts', 'keep/a/nine.ts'];
    const ids = order.map((p) => t.add(p));
    expect(ids.map((id) => t.path(id))).toEqual(order);
    expect(new Set(ids).size).toBe(order.length);
    const restored = tableFromRows(decodeSnapshot([...encodeSnapshot(t)]));
    expect(restored.path(restored.add('keep/a/ten.ts'))).toBe('keep/a/ten.ts');
    expect(restored.find('keep/a/three.ts')).toBeGreaterThanOrEqual(0);
  });

  it('round-trips through a snapshot', () => {
    const t = new PathTable();
    const paths = [...synthetic(3000), 'unicode/🙂smile.txt', 'README.md'];
    paths.forEach((p, i) => t.add(p, i, 1_700_000_000_000 + i));
    t.remove(paths[10]);
    const restored = tableFromRows(decodeSnapshot(encodeSnapshot(t)));
    expect(restored.liveCount).toBe(t.liveCount);
    for (const p of paths) {
      const a = t.find(p);
      const b = restored.find(p);
      if (a < 0) expect(b).toBe(-1);
      else {
        expect(restored.path(b)).toBe(p);
        expect(restored.size[b]).toBe(t.size[a]);
        expect(restored.mtime[b]).toBe(t.mtime[a]);
      }
    }
  });

  it('rejects a snapshot that is not one, or is cut short, with a RangeError', () => {
    expect(() => decodeSnapshot([new Uint8Array([1, 2, 3])])).toThrow(RangeError);
    expect(() => decodeSnapshot([new Uint8Array(64)])).toThrow(RangeError);
    const t = new PathTable();
    for (const p of synthetic(100)) t.add(p);
    const blob = encodeSnapshot(t);
    expect(blob).toHaveLength(1);
    expect(() => decodeSnapshot([blob[0].subarray(0, blob[0].length - 100)])).toThrow(RangeError);
    // Consistent lengths but rows pointing outside the pool, or at a folder that is not there.
    const rows = decodeSnapshot(blob);
    rows.uniqueStart[5] = rows.chars.length + 10;
    expect(() => tableFromRows(rows)).toThrow(RangeError);
    const again = decodeSnapshot(blob);
    again.fileDir[3] = again.dirParent.length;
    expect(() => tableFromRows(again)).toThrow(RangeError);
    // The same table through packing (what compaction does) stays consistent too.
    const packed = packTable(t);
    packed.nameStart[5] = packed.pool.length + 10;
    expect(() => unpackTable(packed)).toThrow(RangeError);
  });

  it('gives each extension one id, whatever the order and however many, also after a restore', () => {
    const exts = Array.from({ length: 700 }, (_, i) => `.e${i.toString(36)}${i % 3 === 0 ? 'X' : ''}`);
    const paths = Array.from({ length: 5000 }, (_, i) => `d${i % 50}/name${i}${exts[(i * 7919) % exts.length]}`);
    const check = (t: PathTable, upTo: number) => {
      for (const p of paths.slice(0, upTo)) {
        const want = p.slice(p.lastIndexOf('.')).toLowerCase();
        const id = t.find(p);
        expect(t.extensions[t.extId[id]]).toBe(want);
        expect(t.extensionId(want)).toBe(t.extId[id]);
      }
      expect(new Set(t.extensions).size).toBe(t.extensions.length);
    };
    const t = new PathTable();
    paths.slice(0, 2500).forEach((p) => t.add(p));
    check(t, 2500);
    const restored = tableFromRows(decodeSnapshot(encodeSnapshot(t)));
    paths.slice(2500).forEach((p) => restored.add(p));
    check(restored, 5000);
  });

  it('filled within the room it reserved, never grows its arrays', () => {
    const paths = synthetic(20_000);
    const t = new PathTable();
    t.reserve({ chars: 600_000, folders: 10_000, files: 20_000 });
    const arrays = [t.chars, t.lower, t.kind, t.dirParent, t.fileDir, t.uniqueStart];
    paths.forEach((p) => t.add(p));
    expect([t.chars, t.lower, t.kind, t.dirParent, t.fileDir, t.uniqueStart].every((a, i) => a === arrays[i])).toBe(true);
    expect(t.poolLength).toBeLessThan(600_000);
    for (const p of paths) expect(t.path(t.find(p))).toBe(p);
    // Reserving again below what it holds changes nothing; above, it keeps every row.
    t.reserve({ chars: 10, folders: 10, files: 10 });
    expect(t.chars).toBe(arrays[0]);
    t.reserve({ chars: 2_000_000, folders: 20_000, files: 50_000 });
    for (const p of paths) expect(t.path(t.find(p))).toBe(p);
    t.add('late/added.ts');
    expect(t.liveCount).toBe(20_001);
  });

  it('grows linearly and stays well under 40 MiB per 100k paths', () => {
    const perPath = (n: number) => {
      const t = new PathTable();
      for (const p of synthetic(n)) t.add(p);
      return t.memoryBytes() / n;
    };
    const small = perPath(25_000);
    const large = perPath(100_000);
    // Capacity doubling makes the per-path figure wobble, not grow.
    expect(large).toBeLessThan(small * 1.6);
    expect(large * 100_000).toBeLessThan(40 * 1024 * 1024);
  });
});
