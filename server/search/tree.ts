import { maskBit } from './chars';
import { PathTable, ROOT_DIR } from './pathTable';

/**
 * The folder tree of a table, for depth-first scans: each folder's subfolders and live
 * files as ranges of two flat arrays, and a mask of every character below each folder
 * so a scan skips whole subtrees that cannot match. Built in linear time from the table
 * and rebuilt only when files were added or removed (`PathTable.structure`).
 */
export class FolderTree {
  /** Subfolders of folder d: `children[childStart[d] .. childStart[d + 1])`. */
  readonly childStart: Uint32Array;
  readonly children: Uint32Array;
  /** Live files of folder d: `files[fileStart[d] .. fileStart[d + 1])`, in id order. */
  readonly fileStart: Uint32Array;
  readonly files: Int32Array;
  /** Presence mask of what follows the folder's path in the paths below it: deeper segments and file names. */
  readonly belowMask: Int32Array;
  /** Presence mask of the names of the folder's own files. */
  readonly namesMask: Int32Array;
  /**
   * Per file id, the first character of its name, folded: a scan compares it for every
   * file, and reading it from the character pool is a cache miss per file.
   */
  readonly nameFirst: Uint16Array;
  /** Presence mask of the folder's own path segment: a scan skips reading a segment that holds nothing it looks for. */
  readonly segmentMask: Int32Array;
  /** Folders without a parent (the root folder, normally just one). */
  readonly roots: number[] = [];
  /** Per folder, its place in the chain from the root folder (0) down to it, as a narrowed scan enters folders. */
  readonly chainDepth: Uint16Array;

  constructor(table: PathTable) {
    // The tree of this table as it stands may be known already: stored with a restored table
    // (`restoreFolderTree`), or built for a snapshot before any search asked for it.
    const stored = known.get(table);
    if (stored && stored.structure === table.structure) {
      const t = stored.tree;
      this.childStart = t.childStart;
      this.children = t.children;
      this.fileStart = t.fileStart;
      this.files = t.files;
      this.belowMask = t.belowMask;
      this.namesMask = t.namesMask;
      this.nameFirst = t.nameFirst;
      this.segmentMask = t.segmentMask;
      this.roots = t.roots;
      this.chainDepth = t.chainDepth;
      known.set(table, { structure: table.structure, tree: this });
      return;
    }
    const dirs = table.dirCount;
    this.childStart = new Uint32Array(dirs + 1);
    this.fileStart = new Uint32Array(dirs + 1);
    for (let d = 0; d < dirs; d++) {
      const parent = table.dirParent[d];
      if (parent >= 0) this.childStart[parent + 1]++;
      else this.roots.push(d);
    }
    for (let id = 0; id < table.slotCount; id++) if (table.isAlive(id)) this.fileStart[table.fileDir[id] + 1]++;
    for (let d = 0; d < dirs; d++) {
      this.childStart[d + 1] += this.childStart[d];
      this.fileStart[d + 1] += this.fileStart[d];
    }
    this.children = new Uint32Array(this.childStart[dirs]);
    this.files = new Int32Array(this.fileStart[dirs]);
    const childFill = this.childStart.slice(0, dirs);
    const fileFill = this.fileStart.slice(0, dirs);
    for (let d = 0; d < dirs; d++) {
      const parent = table.dirParent[d];
      if (parent >= 0) this.children[childFill[parent]++] = d;
    }
    this.namesMask = new Int32Array(dirs);
    this.nameFirst = new Uint16Array(table.slotCount);
    for (let id = 0; id < table.slotCount; id++) {
      if (!table.isAlive(id)) continue;
      const d = table.fileDir[id];
      this.files[fileFill[d]++] = id;
      this.namesMask[d] |= table.nameMask[id];
      this.nameFirst[id] = table.lower[table.nameStart[id]];
    }
    // Children have larger ids than their parents: one forward sweep gives depths, one backward sweep folds masks upward.
    this.chainDepth = new Uint16Array(dirs);
    for (let d = 0; d < dirs; d++) {
      const parent = table.dirParent[d];
      this.chainDepth[d] = d === ROOT_DIR ? 0 : parent < 0 || parent === ROOT_DIR ? 1 : this.chainDepth[parent] + 1;
    }
    this.belowMask = new Int32Array(dirs);
    this.segmentMask = new Int32Array(dirs);
    for (let d = dirs - 1; d >= 0; d--) {
      this.belowMask[d] |= this.namesMask[d];
      let segment = 0;
      for (let x = table.segStart[d], end = x + table.segLen[d]; x < end; x++) segment |= maskBit(table.lower[x]);
      this.segmentMask[d] = segment;
      const parent = table.dirParent[d];
      if (parent >= 0) this.belowMask[parent] |= segment | this.belowMask[d];
    }
    known.set(table, { structure: table.structure, tree: this });
  }
}


/** The last tree of each table (built, or stored with it) and the structure it is the tree of. */
const known = new WeakMap<PathTable, { structure: number; tree: FolderTree }>();

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
  known.set(table, { structure: table.structure, tree });
  return true;
}
