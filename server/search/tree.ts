import { maskBit } from './chars';
import { PathTable, ROOT_DIR } from './pathTable';
import { grownCopy } from './typedArrays';

/**
 * The folder tree of a table, for depth-first scans: each folder's subfolders and live
 * files as ranges of two flat arrays, and a mask of every character below each folder
 * so a scan skips whole subtrees that cannot match. Built in linear time from the table
 * and rebuilt only when files were added or removed (`PathTable.structure`).
 */
export class FolderTree {
  /** Subfolders of folder d: `children[childStart[d] .. childStart[d + 1])`. */
  readonly childStart!: Uint32Array;
  readonly children!: Uint32Array;
  /** Live files of folder d: `files[fileStart[d] .. fileStart[d + 1])`, in id order. */
  readonly fileStart!: Uint32Array;
  readonly files!: Int32Array;
  /** Presence mask of what follows the folder's path in the paths below it: deeper segments and file names. */
  readonly belowMask!: Int32Array;
  /** Presence mask of the names of the folder's own files. */
  readonly namesMask!: Int32Array;
  /**
   * Per file id, the first character of its name, folded: a scan compares it for every
   * file, and reading it from the character pool is a cache miss per file.
   */
  readonly nameFirst!: Uint16Array;
  /** Presence mask of the folder's own path segment: a scan skips reading a segment that holds nothing it looks for. */
  readonly segmentMask!: Int32Array;
  /** Folders without a parent (the root folder, normally just one). */
  readonly roots!: number[];
  /** Per folder, its place in the chain from the root folder (0) down to it, as a narrowed scan enters folders. */
  readonly chainDepth!: Uint16Array;
  /**
   * Every folder in the order a depth-first walk enters it (roots in order, subfolders in
   * `children` order), and per place in that order the place past its subtree: a walk then
   * reads folders in one pass and skips a subtree with one jump, without a stack.
   */
  readonly walkOrder!: Int32Array;
  readonly walkSkip!: Int32Array;

  constructor(table: PathTable) {
    // The tree of this table as it stands may be known already: stored with a restored table
    // (`restoreFolderTree`), built for a snapshot before any search asked for it, or built a slice at a time.
    const stored = known.get(table);
    const structure = table.structure;
    Object.assign(this, stored && stored.structure === structure ? stored.tree : runToEnd(stepsFor(table)));
    adopt(table, structure, this);
  }
}

/** Items between two pause points of a build in steps. */
const STEP = 4096;

/**
 * The tree's arrays, built in steps: the generator pauses every `STEP` items, so that a
 * search can build it a slice at a time (`folderTreeInSlices`). Linear in folders and files.
 */
function* treeSteps(table: PathTable): Generator<void, TreeFields> {
  const dirs = table.dirCount;
  const slots = table.slotCount;
  const roots: number[] = [];
  const childStart = new Uint32Array(dirs + 1);
  const fileStart = new Uint32Array(dirs + 1);
  for (let d = 0; d < dirs; d++) {
    const parent = table.dirParent[d];
    if (parent >= 0) childStart[parent + 1]++;
    else roots.push(d);
    if (d % STEP === STEP - 1) yield;
  }
  for (let id = 0; id < slots; id++) {
    if (table.isAlive(id)) fileStart[table.fileDir[id] + 1]++;
    if (id % STEP === STEP - 1) yield;
  }
  for (let d = 0; d < dirs; d++) {
    childStart[d + 1] += childStart[d];
    fileStart[d + 1] += fileStart[d];
  }
  const children = new Uint32Array(childStart[dirs]);
  const files = new Int32Array(fileStart[dirs]);
  const childFill = childStart.slice(0, dirs);
  const fileFill = fileStart.slice(0, dirs);
  for (let d = 0; d < dirs; d++) {
    const parent = table.dirParent[d];
    if (parent >= 0) children[childFill[parent]++] = d;
  }
  yield;
  const namesMask = new Int32Array(dirs);
  const nameFirst = new Uint16Array(slots);
  for (let id = 0; id < slots; id++) {
    if (id % STEP === STEP - 1) yield;
    if (!table.isAlive(id)) continue;
    const d = table.fileDir[id];
    files[fileFill[d]++] = id;
    namesMask[d] |= table.nameMask[id];
    nameFirst[id] = table.lower[table.nameStart[id]];
  }
  const chainDepth = new Uint16Array(dirs);
  const segmentMask = new Int32Array(dirs);
  yield* describeFolders(table, 0, chainDepth, segmentMask);
  const belowMask = yield* foldBelow(table, namesMask, segmentMask);
  const { walkOrder, walkSkip } = yield* walkPlaces(roots, childStart, children);
  return { childStart, children, fileStart, files, belowMask, namesMask, nameFirst, segmentMask, roots, chainDepth, walkOrder, walkSkip };
}

/**
 * The tree of `table` grown from `last`, the tree of its rows before files (and folders) were
 * added, none removed since (`PathTable.reshapes`): the old folders' subfolders and files are
 * copied in runs with the added ones after them, each list still in id order (added rows have
 * the larger ids), so it is the tree `treeSteps` builds. Linear in the folders and the rows
 * added, plus a copy of the rest: a first index adds its files batch by batch while searches
 * go on, and each of them built the whole tree again (about 20 ms of the 92k bench tree, warm).
 */
function* grownSteps(table: PathTable, last: FolderTree): Generator<void, TreeFields> {
  const dirs = table.dirCount;
  const slots = table.slotCount;
  const oldDirs = last.childStart.length - 1;
  const oldSlots = last.nameFirst.length;
  const roots = [...last.roots];
  const addedChildren = new Uint32Array(dirs);
  const addedFiles = new Uint32Array(dirs);
  for (let d = oldDirs; d < dirs; d++) {
    const parent = table.dirParent[d];
    if (parent >= 0) addedChildren[parent]++;
    else roots.push(d);
  }
  for (let id = oldSlots; id < slots; id++) addedFiles[table.fileDir[id]]++;
  yield;
  const subfolders = withAdded(last.childStart, last.children, addedChildren);
  for (let d = oldDirs; d < dirs; d++) {
    const parent = table.dirParent[d];
    if (parent >= 0) subfolders.items[subfolders.fill[parent]++] = d;
  }
  const ownFiles = withAdded(last.fileStart, last.files, addedFiles);
  const namesMask = grownCopy(last.namesMask, dirs);
  const nameFirst = grownCopy(last.nameFirst, slots);
  for (let id = oldSlots; id < slots; id++) {
    if ((id - oldSlots) % STEP === STEP - 1) yield;
    const d = table.fileDir[id];
    ownFiles.items[ownFiles.fill[d]++] = id;
    namesMask[d] |= table.nameMask[id];
    nameFirst[id] = table.lower[table.nameStart[id]];
  }
  const chainDepth = grownCopy(last.chainDepth, dirs);
  const segmentMask = grownCopy(last.segmentMask, dirs);
  yield* describeFolders(table, oldDirs, chainDepth, segmentMask);
  const belowMask = yield* foldBelow(table, namesMask, segmentMask);
  const { walkOrder, walkSkip } = yield* walkPlaces(roots, subfolders.start, subfolders.items);
  const { start: childStart, items: children } = subfolders;
  const { start: fileStart, items: files } = ownFiles;
  return { childStart, children, fileStart, files, belowMask, namesMask, nameFirst, segmentMask, roots, chainDepth, walkOrder, walkSkip };
}

/**
 * Lists by folder (`start` and `items`, as `childStart` and `children`) with room for `added[d]`
 * more items at the end of folder d's list, for folders old and new (`added` has one count a
 * folder); `fill[d]` is where folder d's next item goes. The old items are copied in runs: a
 * run ends at a folder that gains items.
 */
function withAdded<T extends Uint32Array | Int32Array>(oldStart: Uint32Array, oldItems: T, added: Uint32Array): { start: Uint32Array; items: T; fill: Uint32Array } {
  const dirs = added.length;
  const oldDirs = oldStart.length - 1;
  const start = new Uint32Array(dirs + 1);
  const fill = new Uint32Array(dirs);
  for (let d = 0; d < dirs; d++) {
    fill[d] = start[d] + (d < oldDirs ? oldStart[d + 1] - oldStart[d] : 0);
    start[d + 1] = fill[d] + added[d];
  }
  const items = new (oldItems.constructor as new (n: number) => T)(start[dirs]);
  let from = 0;
  let shift = 0;
  for (let d = 0; d < oldDirs; d++) {
    if (added[d] === 0) continue;
    const end = oldStart[d + 1];
    items.set(oldItems.subarray(from, end) as never, from + shift);
    shift += added[d];
    from = end;
  }
  items.set(oldItems.subarray(from) as never, from + shift);
  return { start, items, fill };
}

/** `chainDepth` and `segmentMask` of folders `from` on (those before are filled): parents have smaller ids, so one forward sweep. */
function* describeFolders(table: PathTable, from: number, chainDepth: Uint16Array, segmentMask: Int32Array): Generator<void, void> {
  for (let d = from; d < chainDepth.length; d++) {
    const parent = table.dirParent[d];
    chainDepth[d] = d === ROOT_DIR ? 0 : parent < 0 || parent === ROOT_DIR ? 1 : chainDepth[parent] + 1;
    let segment = 0;
    for (let x = table.segStart[d], end = x + table.segLen[d]; x < end; x++) segment |= maskBit(table.lower[x]);
    segmentMask[d] = segment;
    if (d % STEP === STEP - 1) yield;
  }
}

/** `belowMask` from the folders' own names and segments: children have larger ids than their parents, so one backward sweep folds masks upward. */
function* foldBelow(table: PathTable, namesMask: Int32Array, segmentMask: Int32Array): Generator<void, Int32Array> {
  const dirs = namesMask.length;
  const belowMask = new Int32Array(dirs);
  for (let d = dirs - 1; d >= 0; d--) {
    belowMask[d] |= namesMask[d];
    const parent = table.dirParent[d];
    if (parent >= 0) belowMask[parent] |= segmentMask[d] | belowMask[d];
    if (d % STEP === 0) yield;
  }
  return belowMask;
}

/** `FolderTree.walkOrder` and `walkSkip`, with a stack of folders whose subtree is still open: linear in folders. */
function* walkPlaces(roots: readonly number[], childStart: Uint32Array, children: Uint32Array): Generator<void, { walkOrder: Int32Array; walkSkip: Int32Array }> {
  const dirs = childStart.length - 1;
  const walkOrder = new Int32Array(dirs);
  const walkSkip = new Int32Array(dirs);
  // Per open folder, its place and the next of its subfolders to enter.
  const openPlace = new Int32Array(dirs);
  const openNext = new Uint32Array(dirs);
  let placed = 0;
  for (const root of roots) {
    let open = 0;
    walkOrder[placed] = root;
    openPlace[open] = placed++;
    openNext[open++] = childStart[root];
    while (open > 0) {
      const top = open - 1;
      const dir = walkOrder[openPlace[top]];
      if (openNext[top] < childStart[dir + 1]) {
        const child = children[openNext[top]++];
        if (placed % STEP === 0) yield;
        walkOrder[placed] = child;
        openPlace[open] = placed++;
        openNext[open++] = childStart[child];
      } else {
        walkSkip[openPlace[top]] = placed;
        open--;
      }
    }
  }
  return { walkOrder, walkSkip };
}

/** Runs a build in steps to its end without pausing. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A tree being built a slice at a time, for the table as it stood when the build began. */
const building = new WeakMap<PathTable, { structure: number; steps: Generator<void, TreeFields>; restarts: number }>();

/** Builds begun again because files came or went under them, after which a build runs in one go. */
const MAX_RESTARTS = 2;

/**
 * Makes the folder tree of `table` as it stands known (what `new FolderTree` then takes),
 * building it a step at a time with `pause` between steps: on a big tree a build takes
 * milliseconds (30 ms on a million paths), and every file that comes or goes calls for a
 * new one, which the next search used to build in one turn in front of every cancel.
 * A search cancelled meanwhile (`pause` throws) leaves the build for the next one to go
 * on with; files that come or go under it start it again, at most `MAX_RESTARTS` times
 * in a row, after which it is finished in one go so that churn cannot starve it.
 */
export async function folderTreeInSlices(table: PathTable, pause: () => Promise<void>): Promise<void> {
  // Looked up again after every pause: files may have come or gone, or another search taken the build further.
  for (;;) {
    const structure = table.structure;
    const last = known.get(table);
    if (last && last.structure === structure) return;
    let build = building.get(table);
    if (!build || build.structure !== structure) {
      build = { structure, steps: stepsFor(table), restarts: build ? build.restarts + 1 : 0 };
      building.set(table, build);
    }
    if (build.restarts >= MAX_RESTARTS) {
      building.delete(table);
      new FolderTree(table);
      return;
    }
    const step = build.steps.next();
    if (step.done) {
      building.delete(table);
      adopt(table, structure, Object.assign(Object.create(FolderTree.prototype) as FolderTree, step.value));
      return;
    }
    await pause();
  }
}

/** The last tree of each table (built, or stored with it) and the structure it is the tree of. */
const known = new WeakMap<PathTable, { structure: number; tree: FolderTree }>();
/** The table each tree is of, and its `reshapes` then: a tree of the same count holds rows the table still has, under the same ids. */
const origins = new WeakMap<FolderTree, TreeOrigin>();

/** Where a tree came from (`treeOrigin`). */
export interface TreeOrigin {
  table: PathTable;
  reshapes: number;
}

/** Makes `tree` the tree of `table` at `structure`, the table as it stands. */
function adopt(table: PathTable, structure: number, tree: FolderTree): void {
  known.set(table, { structure, tree });
  origins.set(tree, { table, reshapes: table.reshapes });
}

/**
 * The table a tree was made of and its `reshapes` then: a newer tree of the same table and
 * count holds every file of this one, under the same ids, and files with higher ids after them.
 */
export function treeOrigin(tree: FolderTree): TreeOrigin | undefined {
  return origins.get(tree);
}

/** The steps that make the tree of `table` as it stands: grown from the last one when files were only added since, else built whole. */
function stepsFor(table: PathTable): Generator<void, TreeFields> {
  const last = known.get(table)?.tree;
  return last && origins.get(last)?.reshapes === table.reshapes ? grownSteps(table, last) : treeSteps(table);
}

/** A tree's arrays by field name (and its roots): what a snapshot stores, so that a restart need not build it. */
export type TreeFields = Record<string, unknown>;

/** The folder tree of `table` as it stands: the last one built or stored, or a new one (which the next search then takes). */
export function currentFolderTree(table: PathTable): FolderTree {
  const last = known.get(table);
  return last && last.structure === table.structure ? last.tree : new FolderTree(table);
}

/** The fields of a tree as stored. */
export function treeFields(tree: FolderTree): TreeFields {
  return { ...tree };
}

/**
 * Whether stored walk arrays can be walked: every place names a folder and skips forward
 * within the order. A damaged store (a bit flipped on disk) must not send the walk, which
 * yields only between files, backwards for good on the server's one thread.
 */
function walkFits(walkOrder: Int32Array, walkSkip: Int32Array, dirs: number): boolean {
  if (walkOrder.length !== dirs || walkSkip.length !== dirs) return false;
  for (let i = 0; i < dirs; i++) {
    const folder = walkOrder[i];
    const past = walkSkip[i];
    if (folder < 0 || folder >= dirs || past <= i || past > dirs) return false;
  }
  return true;
}

let shape: Map<string, string> | undefined;

/** Field names and their types, from a tree of an empty table: a stored tree of another shape (another version) is not adopted. */
function treeShape(): Map<string, string> {
  shape ??= new Map(Object.entries(new FolderTree(new PathTable())).map(([k, v]) => [k, (v as object).constructor.name]));
  return shape;
}

/**
 * Gives a table restored from a snapshot the tree stored with it, so that its first search
 * does not build one (a cold loop over every file, the largest cost of a warm start). Not
 * adopted (false) when the fields are not those of today's tree or do not fit the table.
 */
export function restoreFolderTree(table: PathTable, fields: TreeFields): boolean {
  const want = treeShape();
  const keys = Object.keys(fields);
  if (keys.length !== want.size || !keys.every((k) => want.get(k) === (fields[k] as object | undefined)?.constructor.name)) return false;
  const tree = Object.assign(Object.create(FolderTree.prototype) as FolderTree, fields);
  const dirs = table.dirCount;
  if (tree.childStart.length !== dirs + 1 || tree.fileStart.length !== dirs + 1 || tree.nameFirst.length !== table.slotCount) return false;
  if (tree.childStart[dirs] !== tree.children.length || tree.fileStart[dirs] !== tree.files.length || tree.files.length !== table.liveCount) return false;
  if (!walkFits(tree.walkOrder, tree.walkSkip, dirs)) return false;
  adopt(table, table.structure, tree);
  return true;
}
