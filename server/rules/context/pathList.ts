import { sortStringsInSlices, type TimeSlicer } from '../../core/slices';
import { lastExtension } from './globMatcher';

/**
 * The workspace's file paths (relative, `/`-separated) kept sorted, in full and per last
 * extension, so a glob is tested only against the paths under its literal folder with
 * its extension: a binary search finds that range. Filled from the file index, then
 * kept current from file events (one insert or removal each).
 */
export class PathList {
  private all: string[] = [];
  private readonly byExt = new Map<string, string[]>();
  /** File names, sorted and unique, with how many paths end in each (globs like `**\/Dockerfile` search these). */
  private names: string[] = [];
  private readonly nameCount = new Map<string, number>();
  /** One path with each file name (a witness for name globs). */
  private readonly pathByName = new Map<string, string>();

  get size(): number {
    return this.all.length;
  }

  /** Replaces the whole list (the index's paths). */
  reset(paths: Iterable<string>): void {
    // The default sort orders by UTF-16 code units, as `<` does (and is much faster than a comparator).
    this.all = [...paths].sort();
    this.byExt.clear();
    this.nameCount.clear();
    this.pathByName.clear();
    for (const p of this.all) this.count(p);
    this.names = [...this.nameCount.keys()].sort();
  }

  /**
   * `reset`, a slice at a time: a 92k-file list took about 100 ms to sort and group in one
   * go. The list must not be used until this resolves (build a new one, then swap it in).
   */
  async resetInSlices(paths: readonly string[], slicer: TimeSlicer): Promise<void> {
    this.all = await sortStringsInSlices(paths, slicer);
    this.byExt.clear();
    this.nameCount.clear();
    this.pathByName.clear();
    for (let i = 0; i < this.all.length; i++) {
      this.count(this.all[i]);
      if (i % 512 === 511) await slicer.breathe();
    }
    this.names = await sortStringsInSlices([...this.nameCount.keys()], slicer);
  }

  /** Files one sorted path in by name and by extension (`reset`'s loop). */
  private count(p: string): void {
    const name = fileName(p);
    const n = this.nameCount.get(name) ?? 0;
    this.nameCount.set(name, n + 1);
    if (n === 0) this.pathByName.set(name, p);
    const ext = lastExtension(p);
    const list = this.byExt.get(ext);
    if (list) list.push(p);
    else this.byExt.set(ext, [p]);
  }

  has(p: string): boolean {
    const i = lowerBound(this.all, p);
    return this.all[i] === p;
  }

  /** Adds a file; false when it was there. */
  add(p: string): boolean {
    if (!insertSorted(this.all, p)) return false;
    const ext = lastExtension(p);
    const list = this.byExt.get(ext);
    if (list) insertSorted(list, p);
    else this.byExt.set(ext, [p]);
    const name = fileName(p);
    const count = this.nameCount.get(name) ?? 0;
    if (count === 0) {
      insertSorted(this.names, name);
      this.pathByName.set(name, p);
    }
    this.nameCount.set(name, count + 1);
    return true;
  }

  /** Removes a file, or every file under a folder; returns what was removed. */
  remove(p: string): string[] {
    const removed: string[] = [];
    if (this.has(p)) removed.push(p);
    else {
      const [from, to] = prefixRange(this.all, p + '/');
      removed.push(...this.all.slice(from, to));
    }
    for (const r of removed) {
      removeSorted(this.all, r);
      const list = this.byExt.get(lastExtension(r));
      if (list) removeSorted(list, r);
      const name = fileName(r);
      const count = (this.nameCount.get(name) ?? 1) - 1;
      if (count > 0) {
        this.nameCount.set(name, count);
        if (this.pathByName.get(name) === r) this.pathByName.delete(name);
      } else {
        this.nameCount.delete(name);
        this.pathByName.delete(name);
        removeSorted(this.names, name);
      }
    }
    return removed;
  }

  /** File names starting with `prefix` (all of them for ''), and how many paths have each. */
  namesStarting(prefix: string): { names: readonly string[]; from: number; to: number; count: (name: string) => number } {
    const [from, to] = prefix === '' ? [0, this.names.length] : prefixRange(this.names, prefix);
    return { names: this.names, from, to, count: (name) => this.nameCount.get(name) ?? 0 };
  }

  /** A path whose file name is `name` (found again by a scan only after the one remembered was removed). */
  pathNamed(name: string): string | undefined {
    const known = this.pathByName.get(name);
    if (known !== undefined || !this.nameCount.has(name)) return known;
    const tail = '/' + name;
    const found = this.all.find((p) => p === name || p.endsWith(tail));
    if (found !== undefined) this.pathByName.set(name, found);
    return found;
  }

  /** The sorted lists a glob's paths are in: one per extension, or the full list. */
  lists(extensions: readonly string[] | undefined): string[][] {
    if (!extensions) return [this.all];
    return extensions.map((e) => this.byExt.get(e)).filter((l): l is string[] => l !== undefined);
  }

  /** `[from, to)` of the paths under `base` (every path when `base` is empty). */
  static range(list: readonly string[], base: string): [number, number] {
    return base === '' ? [0, list.length] : prefixRange(list, base + '/');
  }

  /**
   * Up to `n` paths sorted next to `text`: those sharing the longest prefix with it. One that
   * shares not even a first character is only next to it in the sort, not near it, and is left out.
   */
  static neighbours(list: readonly string[], text: string, n: number): string[] {
    const at = lowerBound(list, text);
    const around = list.slice(Math.max(0, at - n), at + n);
    return around
      .map((p) => ({ p, shared: sharedPrefix(p, text) }))
      .filter((x) => x.shared > 0)
      .sort((a, b) => b.shared - a.shared || compare(a.p, b.p))
      .slice(0, n)
      .map((x) => x.p);
  }

  /**
   * Up to `n` paths of `list` under a folder `folder` (`lib`, `app/lib`) that is not at the top:
   * `src/lib/util.ts`. One pass over the list, stopping at the `n`th.
   */
  static underDeeperFolder(list: readonly string[], folder: string, n: number): string[] {
    const inner = `/${folder}/`;
    const out: string[] = [];
    for (let i = 0; i < list.length && out.length < n; i++) if (list[i].includes(inner)) out.push(list[i]);
    return out;
  }

  /** Up to `n` paths whose file names sort next to `name` and share a prefix with it (one path a name). */
  nameNeighbours(name: string, n: number): string[] {
    return PathList.neighbours(this.names, name, n)
      .map((x) => this.pathNamed(x))
      .filter((p): p is string => p !== undefined);
  }
}

function fileName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function prefixRange(list: readonly string[], prefix: string): [number, number] {
  // Every string starting with `prefix` sorts between `prefix` and `prefix` + the highest code unit.
  return [lowerBound(list, prefix), lowerBound(list, prefix + '\uffff')];
}

function insertSorted(list: string[], p: string): boolean {
  const i = lowerBound(list, p);
  if (list[i] === p) return false;
  list.splice(i, 0, p);
  return true;
}

function removeSorted(list: string[], p: string): void {
  const i = lowerBound(list, p);
  if (list[i] === p) list.splice(i, 1);
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
