import { PathTable } from './pathTable';
import { restoreFolderTree, type TreeFields } from './tree';
import { grownCopy, type TypedArray } from './typedArrays';

/*
 * The packed file table's stored form: what is written to the index database and read back
 * without touching a character. The table itself is in `pathTable.ts`.
 */

/**
 * A table as stored: the character pool with its folded copy and boundary kinds, the
 * folder rows, the distinct names, the live files, and the extension list; everything a
 * search reads, so restoring reads no character (see `tableFromRows`).
 */
export interface TableRows {
  chars: Uint16Array<ArrayBuffer>;
  lower: Uint16Array<ArrayBuffer>;
  kind: Uint8Array<ArrayBuffer>;
  dirParent: Int32Array<ArrayBuffer>;
  segStart: Uint32Array<ArrayBuffer>;
  segLen: Uint16Array<ArrayBuffer>;
  dirMask: Int32Array<ArrayBuffer>;
  uniqueStart: Uint32Array<ArrayBuffer>;
  uniqueLen: Uint16Array<ArrayBuffer>;
  uniqueMask: Int32Array<ArrayBuffer>;
  uniqueBoundaryMask: Int32Array<ArrayBuffer>;
  uniqueExt: Uint16Array<ArrayBuffer>;
  fileDir: Uint32Array<ArrayBuffer>;
  nameId: Uint32Array<ArrayBuffer>;
  size: Float64Array<ArrayBuffer>;
  mtime: Float64Array<ArrayBuffer>;
  extensions: string[];
  /** The table's folder tree as it was saved, when stored (see `restoreFolderTree`). */
  tree?: TreeFields;
}

/**
 * Capacity a restored array gets: a little spare room, so that the first files added
 * after a restart do not copy every array. `decodeSnapshot` allocates this much and
 * `tableFromRows` adopts such arrays as they are.
 */
export function roomFor(n: number): number {
  return n + (n >> 4) + 64;
}

/** `array` with room for `capacity`: its own buffer when that is large enough (a decoded snapshot's), else a grown copy. */
function withRoom<T extends TypedArray>(array: T, capacity: number): T {
  if (array.byteOffset !== 0 || array.buffer.byteLength < capacity * array.BYTES_PER_ELEMENT) return grownCopy(array, capacity);
  return new (array.constructor as new (b: ArrayBufferLike, at: number, n: number) => T)(array.buffer, 0, capacity);
}

/**
 * Every boundary kind is 0-4. Read four at a time (the pool has millions of characters and
 * this runs cold, on the way to a warm start's first answer): a byte is above 4 when a bit
 * above the third is set, or the third with either of the two below it.
 */
function kindsKnown(kind: Uint8Array): boolean {
  const words = kind.byteOffset % 4 === 0 ? new Uint32Array(kind.buffer, kind.byteOffset, kind.length >> 2) : new Uint32Array(0);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if ((w & 0xf8f8f8f8) !== 0 || ((w >>> 2) & (w | (w >>> 1)) & 0x01010101) !== 0) return false;
  }
  for (let i = words.length * 4; i < kind.length; i++) if (kind[i] > 4) return false;
  return true;
}

/**
 * A table from stored rows, without reading a character: the arrays are taken as they
 * are (after bounds checks, so a damaged blob throws `RangeError` instead of misleading
 * a search) and the hash tables are built on the first lookup.
 */
export function tableFromRows(r: TableRows): PathTable {
  const n = r.chars.length;
  const d = r.dirParent.length;
  const u = r.uniqueStart.length;
  const files = r.fileDir.length;
  const fail = (what: string) => new RangeError(`stored file table: ${what}`);
  if (r.lower.length !== n || r.kind.length !== n) throw fail('pool arrays disagree');
  if (r.segStart.length !== d || r.segLen.length !== d || r.dirMask.length !== d) throw fail('folder arrays disagree');
  if (r.uniqueLen.length !== u || r.uniqueMask.length !== u || r.uniqueBoundaryMask.length !== u || r.uniqueExt.length !== u) throw fail('name arrays disagree');
  if (r.nameId.length !== files || r.size.length !== files || r.mtime.length !== files) throw fail('file arrays disagree');
  if (d === 0 || r.dirParent[0] !== -1 || r.segLen[0] !== 0 || r.extensions[0] !== '') throw fail('no root folder');
  if (!kindsKnown(r.kind)) throw fail('unknown boundary kind');
  const t = new PathTable();
  t.chars = withRoom(r.chars, roomFor(n));
  t.lower = withRoom(r.lower, roomFor(n));
  t.kind = withRoom(r.kind, roomFor(n));
  t.poolLength = n;
  t.dirParent = withRoom(r.dirParent, roomFor(d));
  t.segStart = withRoom(r.segStart, roomFor(d));
  t.segLen = withRoom(r.segLen, roomFor(d));
  t.dirMask = withRoom(r.dirMask, roomFor(d));
  t.dirLen = new Uint32Array(t.dirParent.length);
  t.dirLive = new Uint32Array(t.dirParent.length);
  for (let i = 1; i < d; i++) {
    const parent = r.dirParent[i];
    if (parent < 0 || parent >= i || r.segStart[i] + r.segLen[i] > n || r.segLen[i] === 0) throw fail('malformed folder row');
    t.dirLen[i] = t.dirLen[parent] + r.segLen[i];
  }
  t.dirCount = d;
  t.uniqueStart = withRoom(r.uniqueStart, roomFor(u));
  t.uniqueLen = withRoom(r.uniqueLen, roomFor(u));
  t.uniqueMask = withRoom(r.uniqueMask, roomFor(u));
  t.uniqueBoundaryMask = withRoom(r.uniqueBoundaryMask, roomFor(u));
  t.uniqueExt = withRoom(r.uniqueExt, roomFor(u));
  for (let i = 0; i < u; i++) {
    if (r.uniqueStart[i] + r.uniqueLen[i] > n || r.uniqueLen[i] === 0 || r.uniqueExt[i] >= r.extensions.length) throw fail('malformed name row');
  }
  t.uniqueCount = u;
  // The file columns are adopted too; the per-file copies of the name facts are filled below.
  t.fileDir = withRoom(r.fileDir, roomFor(files));
  t.nameId = withRoom(r.nameId, roomFor(files));
  t.size = withRoom(r.size, roomFor(files));
  t.mtime = withRoom(r.mtime, roomFor(files));
  t.reserveFiles(roomFor(files));
  for (let id = 0; id < files; id++) {
    const dir = r.fileDir[id];
    const uid = r.nameId[id];
    if (dir >= d || uid >= u) throw fail('malformed file row');
    t.writeFileRow(id, dir, uid, r.size[id], r.mtime[id]);
  }
  t.adoptRestored(r.extensions, files);
  // A stored tree that does not fit (another shape, other counts) is left: the first search builds one.
  if (r.tree) restoreFolderTree(t, r.tree);
  return t;
}
