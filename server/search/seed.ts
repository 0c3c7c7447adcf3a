import { CHECK_EVERY, LIFT, type YieldClock } from './lift';
import type { PathTable } from './pathTable';
import type { QueryTerm } from './query';
import { borrowInt32, giveBack } from './scratch';
import { kindPoints, POINTS } from './score';
import { TopK } from './topK';
import { runToEnd, treeOrigin, type FolderTree } from './tree';

/**
 * A strict scan's starting bar: before the walk reaches the files that will rank, it has
 * no top to compare bounds with, so it scores files a full top would have turned away
 * (the bar of a finished scan from the start saves about an eighth of a broad query).
 * The bar here is the `limit`-th best of scores known to be within reach: the files whose
 * name starts with the term's first character and holds the rest of it in order, each
 * read along that one alignment (the term's first character on the name's first, each
 * later one on its first occurrence after the previous). A file scores at least that
 * alignment plus its lift without recency, so at least `limit` files score at least the
 * bar, and a file whose bound is below it cannot rank.
 */

/**
 * Per folder tree, the live files whose name starts with a given character (folded), found
 * when a query first needs that character's: one pass comparing one array, where grouping
 * every file by its first character up front cost the first search after a warm start
 * about 15 ms of cold code on the 92k bench list (about 11 in a table of every code unit
 * instead of a `Map`), where one character's pass costs about 4.
 */
const groups = new WeakMap<FolderTree, Map<number, Int32Array>>();
/** A group being found a slice at a time (a tree never changes: a build is only ever continued). */
const building = new WeakMap<FolderTree, Map<number, Generator<void, Int32Array>>>();
/**
 * The last group made for each table and character, and which of the table's rows it holds
 * (`treeOrigin`, the row count): a later tree that only adds rows gets it with the added files put in.
 */
const latest = new WeakMap<PathTable, Map<number, { reshapes: number; slots: number; ids: Int32Array }>>();
/** Files between two pause points of a build. */
const STEP = 4096;

function firstGroup(tree: FolderTree, c: number): Int32Array {
  return groups.get(tree)?.get(c) ?? remember(tree, c, runToEnd(building.get(tree)?.get(c) ?? groupSteps(tree, c)));
}

/** `firstGroup`, found with `clock` looked at between steps; a search cancelled meanwhile leaves the build to the next. */
async function firstGroupInSlices(tree: FolderTree, c: number, clock: YieldClock): Promise<Int32Array> {
  // Looked up again after every pause: another search may have taken the build further, or finished it.
  for (;;) {
    const known = groups.get(tree)?.get(c);
    if (known) return known;
    let builds = building.get(tree);
    if (!builds) building.set(tree, (builds = new Map()));
    let steps = builds.get(c);
    if (!steps) {
      steps = groupSteps(tree, c);
      builds.set(c, steps);
    }
    const step = steps.next();
    if (step.done) return remember(tree, c, step.value);
    await clock.check();
  }
}

function remember(tree: FolderTree, c: number, ids: Int32Array): Int32Array {
  building.get(tree)?.delete(c);
  let known = groups.get(tree);
  if (!known) groups.set(tree, (known = new Map()));
  known.set(c, ids);
  const origin = treeOrigin(tree);
  if (origin) {
    let last = latest.get(origin.table);
    if (!last) latest.set(origin.table, (last = new Map()));
    last.set(c, { reshapes: origin.reshapes, slots: tree.nameFirst.length, ids });
  }
  return ids;
}

/**
 * The steps that find a tree's files starting with `c`: the last group of its table for `c`
 * with the files added since put in after it, when the tree only adds rows to the one that
 * group was made for (a first index adds its files batch by batch while searches go on);
 * else every file of the tree looked at. The order of a group does not change a bar (`TopK`
 * keeps the same entries whatever order they come in).
 */
function* groupSteps(tree: FolderTree, c: number): Generator<void, Int32Array> {
  const origin = treeOrigin(tree);
  const last = origin && latest.get(origin.table)?.get(c);
  const slots = tree.nameFirst.length;
  if (!last || last.reshapes !== origin.reshapes || last.slots > slots) return yield* filesStartingWith(tree, c, tree.files, 0, tree.files.length, NO_FILES);
  const added = new Int32Array(slots - last.slots);
  for (let i = 0; i < added.length; i++) added[i] = last.slots + i;
  return yield* filesStartingWith(tree, c, added, 0, added.length, last.ids);
}

const NO_FILES = new Int32Array(0);

/** `kept`, then the files of `files[from .. to)` whose name starts with `c`, in order. */
function* filesStartingWith(tree: FolderTree, c: number, files: Int32Array, from: number, to: number, kept: Int32Array): Generator<void, Int32Array> {
  const { nameFirst } = tree;
  const found = borrowInt32(kept.length + to - from);
  found.set(kept);
  let n = kept.length;
  for (let f = from; f < to; f += STEP) {
    n = collect(nameFirst, c, files, f, Math.min(to, f + STEP), found, n);
    if (f + STEP < to) yield;
  }
  const ids = found.slice(0, n);
  giveBack([found]);
  return ids;
}

/** Puts the files of `files[from .. to)` whose first character is `c` into `into` from `at`; where the next one would go. */
function collect(nameFirst: Uint16Array, c: number, files: Int32Array, from: number, to: number, into: Int32Array, at: number): number {
  for (let f = from; f < to; f++) {
    const id = files[f];
    if (nameFirst[id] === c) into[at++] = id;
  }
  return at;
}

/**
 * The bar (see above) for a one-term query without `/`, or -Infinity when fewer than
 * `limit` files qualify, or when reading them would cost more than it can save: a scan
 * of `scanned` files pays one look at each file of the first character's group. Reading
 * a large group looks at `clock` between slices, as the scan does (a million paths put
 * tens of thousands of names in one group).
 */
export async function seedThreshold(table: PathTable, tree: FolderTree, term: QueryTerm, limit: number, allowed: Uint8Array | undefined, scanned: number, clock?: YieldClock): Promise<number> {
  const m = term.length;
  if (limit <= 0 || m === 0 || term.hasSlash) return -Infinity;
  // Found once per tree, and every file that comes or goes makes a new tree: a slice at a time when the scan has a clock.
  const ids = clock === undefined ? firstGroup(tree, term.lower[0]) : await firstGroupInSlices(tree, term.lower[0], clock);
  if (ids.length < limit || ids.length * 4 > scanned) return -Infinity;
  const { lower, chars, kind, nameStart, nameLen, nameMask, boost, dirLen, fileDir } = table;
  const tl = term.lower;
  const tu = term.upper;
  const termMask = term.suffixMask[0];
  const points = kindPoints();
  const extraFirst = POINTS.firstMultiplier - 1;
  const toBoundary = Math.min(POINTS.gapToBoundary, POINTS.gapMax);
  const top = new TopK(limit);
  for (let f = 0; f < ids.length; f++) {
    if (clock !== undefined && f % CHECK_EVERY === CHECK_EVERY - 1 && clock.due()) await clock.check();
    const id = ids[f];
    if ((termMask & ~nameMask[id]) !== 0 || !table.isAlive(id) || (allowed !== undefined && allowed[id] === 0)) continue;
    const start = nameStart[id];
    if (tu[0] === 1 && chars[start] === lower[start]) continue;
    // The term's first character on the name's first: the name start's bonus, counted twice.
    const first = points[kind[start]] + POINTS.inName + POINTS.nameStart;
    let score = POINTS.match + first + first * extraFirst;
    let k = 1;
    let last = start;
    for (let x = start + 1, end = start + nameLen[id]; x < end && k < m; x++) {
      if (lower[x] !== tl[k] || (tu[k] === 1 && chars[x] === lower[x])) continue;
      const skipped = x - last - 1;
      // Back to back earns `consecutive`; a gap costs the cheaper of its length and a jump (`ColumnState.advance`).
      const jump = kind[x] !== 0 ? toBoundary : POINTS.gapMax;
      const gap = POINTS.gapStart + POINTS.gapExtend * (skipped - 1);
      score += (skipped === 0 ? POINTS.consecutive : -(gap < jump ? gap : jump)) + POINTS.match + points[kind[x]] + POINTS.inName;
      last = x;
      k++;
    }
    if (k < m) continue;
    // `lift` without its recency share, which is never negative.
    const lifted = boost[id] - LIFT.perNameChar * nameLen[id] - LIFT.perFolderChar * dirLen[fileDir[id]];
    const floor = score + lifted;
    if (top.admits(floor, id)) top.push(id, floor);
  }
  return top.threshold;
}
