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

  get size(): number {
    return this.all.length;
  }

  /** Replaces the whole list (the index's paths). */
  reset(paths: Iterable<string>): void {
    // The default sort orders by UTF-16 code units, as `<` does (and is much faster than a comparator).
    this.all = [...paths].sort();
    this.byExt.clear();
    for (const p of this.all) {
      const ext = lastExtension(p);
      const list = this.byExt.get(ext);
      if (list) list.push(p);
      else this.byExt.set(ext, [p]);
    }
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
    }
    return removed;
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

  /** Up to `n` paths sorted next to `text`: those sharing the longest prefix with it. */
  static neighbours(list: readonly string[], text: string, n: number): string[] {
    const at = lowerBound(list, text);
    const around = list.slice(Math.max(0, at - n), at + n);
    return around
      .map((p) => ({ p, shared: sharedPrefix(p, text) }))
      .sort((a, b) => b.shared - a.shared || compare(a.p, b.p))
      .slice(0, n)
      .map((x) => x.p);
  }
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
