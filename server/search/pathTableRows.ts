import { ALIVE, PathTable } from './pathTable';
import { grownCopy } from './typedArrays';

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
}

/** The live rows of a table as stored; file ids are renumbered densely, folders and names kept. */
export function tableRows(table: PathTable): TableRows {
  const live = table.liveCount;
  const fileDir = new Uint32Array(live);
  const nameId = new Uint32Array(live);
  const size = new Float64Array(live);
  const mtime = new Float64Array(live);
  let f = 0;
  for (let id = 0; id < table.slotCount; id++) {
    if (!(table.flags[id] & ALIVE)) continue;
    fileDir[f] = table.fileDir[id];
    nameId[f] = table.nameId[id];
    size[f] = table.hasMeta(id) ? table.size[id] : -1;
    mtime[f] = table.hasMeta(id) ? table.mtime[id] : 0;
    f++;
  }
  const n = table.poolLength;
  const d = table.dirCount;
  const u = table.uniqueCount;
  return {
    chars: table.chars.slice(0, n),
    lower: table.lower.slice(0, n),
    kind: table.kind.slice(0, n),
    dirParent: table.dirParent.slice(0, d),
    segStart: table.segStart.slice(0, d),
    segLen: table.segLen.slice(0, d),
    dirMask: table.dirMask.slice(0, d),
    uniqueStart: table.uniqueStart.slice(0, u),
    uniqueLen: table.uniqueLen.slice(0, u),
    uniqueMask: table.uniqueMask.slice(0, u),
    uniqueBoundaryMask: table.uniqueBoundaryMask.slice(0, u),
    uniqueExt: table.uniqueExt.slice(0, u),
    fileDir,
    nameId,
    size,
    mtime,
    extensions: [...table.extensions],
  };
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
  for (let i = 0; i < n; i++) if (r.kind[i] > 4) throw fail('unknown boundary kind');
  const t = new PathTable();
  const grownBy = (k: number) => k + (k >> 4) + 64;
  t.chars = grownCopy(r.chars, grownBy(n));
  t.lower = grownCopy(r.lower, grownBy(n));
  t.kind = grownCopy(r.kind, grownBy(n));
  t.poolLength = n;
  t.dirParent = grownCopy(r.dirParent, grownBy(d));
  t.segStart = grownCopy(r.segStart, grownBy(d));
  t.segLen = grownCopy(r.segLen, grownBy(d));
  t.dirMask = grownCopy(r.dirMask, grownBy(d));
  t.dirLen = new Uint32Array(t.dirParent.length);
  t.dirLive = new Uint32Array(t.dirParent.length);
  for (let i = 1; i < d; i++) {
    const parent = r.dirParent[i];
    if (parent < 0 || parent >= i || r.segStart[i] + r.segLen[i] > n || r.segLen[i] === 0) throw fail('malformed folder row');
    t.dirLen[i] = t.dirLen[parent] + r.segLen[i];
  }
  t.dirCount = d;
  t.uniqueStart = grownCopy(r.uniqueStart, grownBy(u));
  t.uniqueLen = grownCopy(r.uniqueLen, grownBy(u));
  t.uniqueMask = grownCopy(r.uniqueMask, grownBy(u));
  t.uniqueBoundaryMask = grownCopy(r.uniqueBoundaryMask, grownBy(u));
  t.uniqueExt = grownCopy(r.uniqueExt, grownBy(u));
  for (let i = 0; i < u; i++) {
    if (r.uniqueStart[i] + r.uniqueLen[i] > n || r.uniqueLen[i] === 0 || r.uniqueExt[i] >= r.extensions.length) throw fail('malformed name row');
  }
  t.uniqueCount = u;
  t.reserveFiles(grownBy(files));
  for (let id = 0; id < files; id++) {
    const dir = r.fileDir[id];
    const uid = r.nameId[id];
    if (dir >= d || uid >= u) throw fail('malformed file row');
    t.writeFileRow(id, dir, uid, r.size[id], r.mtime[id]);
  }
  t.adoptRestored(r.extensions, files);
  return t;
}
