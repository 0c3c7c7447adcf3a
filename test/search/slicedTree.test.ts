import { describe, expect, it } from 'vitest';
import { CancelledError, type Cancellation } from '../../server/core/cancel';
import { YieldClock } from '../../server/search/lift';
import { compactTable } from '../../server/search/packing';
import { PathTable } from '../../server/search/pathTable';
import { parseQuery } from '../../server/search/query';
import { seedThreshold } from '../../server/search/seed';
import { currentFolderTree, folderTreeInSlices, FolderTree, restoreFolderTree, treeFields, type TreeFields } from '../../server/search/tree';

/** A table of `count` files in a few hundred folders, every seventh removed again. */
function table(count: number): PathTable {
  const t = new PathTable();
  for (let i = 0; i < count; i++) t.add(`part${i % 7}/module${(i >> 3) % 300}/deeper${i % 5}/File${i}.${['ts', 'md', 'java'][i % 3]}`);
  for (let i = 0; i < count; i += 7) t.remove(`part${i % 7}/module${(i >> 3) % 300}/deeper${i % 5}/File${i}.${['ts', 'md', 'java'][i % 3]}`);
  return t;
}

/** The tree of the same files built in one go, on a table of its own. */
function builtInOneGo(count: number, extra: string[] = []): FolderTree {
  const t = table(count);
  for (const p of extra) t.add(p);
  return new FolderTree(t);
}

/** A pause that counts, and throws `CancelledError` at the `cancelAt`-th call (as a cancelled search's clock does). */
function pauses(cancelAt = Infinity, onPause: (n: number) => void = () => undefined): { pause: () => Promise<void>; count: () => number } {
  let n = 0;
  return {
    pause: async () => {
      n++;
      onPause(n);
      if (n === cancelAt) throw new CancelledError();
    },
    count: () => n,
  };
}

describe('the folder tree built a slice at a time', () => {
  it('pauses between steps and is the tree built in one go', async () => {
    const t = table(30_000);
    const p = pauses();
    await folderTreeInSlices(t, p.pause);
    expect(p.count()).toBeGreaterThan(5);
    expect({ ...currentFolderTree(t) }).toEqual({ ...builtInOneGo(30_000) });
    // Known now: asking again builds nothing.
    const again = pauses();
    await folderTreeInSlices(t, again.pause);
    expect(again.count()).toBe(0);
  });

  it('is taken further by the next search when one is cancelled part-way', async () => {
    const whole = pauses();
    await folderTreeInSlices(table(30_000), whole.pause);
    const t = table(30_000);
    const first = pauses(3);
    await expect(folderTreeInSlices(t, first.pause)).rejects.toBeInstanceOf(CancelledError);
    const second = pauses();
    await folderTreeInSlices(t, second.pause);
    // The second went on where the first stopped: the two paused as often as one whole build.
    expect(first.count() + second.count()).toBe(whole.count());
    expect({ ...currentFolderTree(t) }).toEqual({ ...builtInOneGo(30_000) });
  });

  it('starts again when files come or go under it, and after two restarts finishes in one go', async () => {
    const t = table(30_000);
    const added: string[] = [];
    // A file arrives at every pause: no build in slices could ever finish.
    const p = pauses(Infinity, (n) => {
      const rel = `part1/new/Added${n}.ts`;
      added.push(rel);
      t.add(rel);
    });
    await folderTreeInSlices(t, p.pause);
    expect(added.length).toBe(2);
    const tree = currentFolderTree(t);
    expect(tree.files.length).toBe(t.liveCount);
    expect({ ...tree }).toEqual({ ...builtInOneGo(30_000, added) });
  });
});

describe("the bar's first-character index built a slice at a time", () => {
  it('gives the bar of the index built in one go, after a search cancelled part-way', async () => {
    const t = new PathTable();
    for (let i = 0; i < 40_000; i++) t.add(`d${i % 90}/s${i}.txt`);
    const term = parseQuery('s1').terms[0];
    const inOneGo = await seedThreshold(t, new FolderTree(t), term, 50, undefined, 1e9);
    expect(inOneGo).toBeGreaterThan(-Infinity);
    const tree = new FolderTree(t);
    // A clock whose search is cancelled once the build has paused a few times.
    let reads = 0;
    const cancelled: Cancellation = {
      get isCancellationRequested() {
        return ++reads > 3;
      },
    };
    await expect(seedThreshold(t, tree, term, 50, undefined, 1e9, new YieldClock(cancelled))).rejects.toBeInstanceOf(CancelledError);
    expect(await seedThreshold(t, tree, term, 50, undefined, 1e9, new YieldClock({ isCancellationRequested: false }))).toBe(inOneGo);
  });
});

describe('a folder tree restored from a store', () => {
  /** A new table of the same files, and the stored fields of a tree built on the first. */
  function stored(): { table: PathTable; fields: TreeFields } {
    return { table: table(3_000), fields: treeFields(new FolderTree(table(3_000))) };
  }

  it('is adopted when its fields fit the table', () => {
    const { table: t, fields } = stored();
    expect(restoreFolderTree(t, fields)).toBe(true);
  });

  it('is not adopted when its walk would go backwards or past the folders (a damaged store): the tree is built again', () => {
    for (const damage of [
      (f: TreeFields) => ((f.walkSkip as Int32Array)[5] = 5),
      (f: TreeFields) => ((f.walkSkip as Int32Array)[3] = 1),
      (f: TreeFields) => ((f.walkSkip as Int32Array)[0] = (f.walkSkip as Int32Array).length + 1),
      (f: TreeFields) => ((f.walkOrder as Int32Array)[2] = (f.walkOrder as Int32Array).length),
      (f: TreeFields) => ((f.walkOrder as Int32Array)[2] = -1),
    ]) {
      const { table: t, fields } = stored();
      const copy = { ...fields, walkOrder: Int32Array.from(fields.walkOrder as Int32Array), walkSkip: Int32Array.from(fields.walkSkip as Int32Array) };
      damage(copy);
      expect(restoreFolderTree(t, copy)).toBe(false);
      // The search then builds its own tree, whole and walkable.
      expect(currentFolderTree(t).walkOrder.length).toBe(t.dirCount);
    }
  });
});

describe('a folder tree grown with its table', () => {
  /** Files of a table listed batch by batch, as a first index adds them: into folders it has and new ones. */
  const batch = (n: number) => Array.from({ length: 500 }, (_, i) => (i % 3 === 0 ? `part${i % 7}/module${i % 300}/deeper${i % 5}/Late${n}x${i}.ts` : `batch${n}/sub${i % 11}/x${i % 4}/Late${n}x${i}.md`));

  it('is the tree built in one go after every batch, and pauses less than a whole build', async () => {
    const t = table(12_000);
    const added: string[] = [];
    await folderTreeInSlices(t, pauses().pause);
    for (let n = 0; n < 4; n++) {
      for (const p of batch(n)) t.add(p);
      added.push(...batch(n));
      const grown = pauses();
      await folderTreeInSlices(t, grown.pause);
      expect({ ...currentFolderTree(t) }).toEqual({ ...builtInOneGo(12_000, added) });
      const whole = pauses();
      await folderTreeInSlices(builtTable(12_000, added), whole.pause);
      expect(grown.count()).toBeLessThan(whole.count());
    }
  });

  it('is built whole again once a file was removed or the table compacted', async () => {
    const t = table(12_000);
    await folderTreeInSlices(t, pauses().pause);
    t.add('late/One.ts');
    t.remove('late/One.ts');
    t.add('late/Two.ts');
    const afterRemoval = pauses();
    await folderTreeInSlices(t, afterRemoval.pause);
    const same = builtTable(12_000, ['late/One.ts', 'late/Two.ts'], ['late/One.ts']);
    expect({ ...currentFolderTree(t) }).toEqual({ ...new FolderTree(same) });
    const whole = pauses();
    await folderTreeInSlices(builtTable(12_000, ['late/One.ts', 'late/Two.ts'], ['late/One.ts']), whole.pause);
    expect(afterRemoval.count()).toBe(whole.count());
    // Compaction renumbers the files: the tree after it is that of the compacted table built whole.
    compactTable(t);
    compactTable(same);
    t.add('late/Three.ts');
    same.add('late/Three.ts');
    await folderTreeInSlices(t, pauses().pause);
    expect({ ...currentFolderTree(t) }).toEqual({ ...new FolderTree(same) });
  });

  it("keeps the bar's first-character index: the bar of a grown tree is that of the tree built in one go", async () => {
    const t = new PathTable();
    const one = new PathTable();
    const term = parseQuery('s1').terms[0];
    for (let n = 0; n < 5; n++) {
      for (let i = 0; i < 8_000; i++) {
        const rel = `d${(i * 7 + n) % 90}/${'sStTx'[(i + n) % 5]}${n}x${i}.txt`;
        t.add(rel);
        one.add(rel);
      }
      await folderTreeInSlices(t, pauses().pause);
      const bar = await seedThreshold(t, currentFolderTree(t), term, 50, undefined, 1e9);
      // A table of its own: its tree and index are built whole.
      const fresh = new PathTable();
      for (const id of one.liveIds()) fresh.add(one.path(id));
      expect(bar).toBe(await seedThreshold(fresh, new FolderTree(fresh), term, 50, undefined, 1e9));
      if (n > 0) expect(bar).toBeGreaterThan(-Infinity);
    }
  });
});

/** `table(count)` with `extra` added and `removed` removed after. */
function builtTable(count: number, extra: string[], removed: string[] = []): PathTable {
  const t = table(count);
  for (const p of extra) t.add(p);
  for (const p of removed) t.remove(p);
  return t;
}
