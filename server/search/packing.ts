import { PathTable, ROOT_DIR } from './pathTable';

const utf16 = new TextDecoder('utf-16le');

/**
 * A table's live content as flat arrays: folder 0 is the root, a folder is (parent,
 * segment with its trailing `/`), a file (folder, name); every string lies in `pool`,
 * each distinct name once. What the store keeps (see `snapshot.ts`) and what compaction
 * rebuilds from.
 */
export interface PackedTable {
  pool: Uint16Array;
  dirParent: Int32Array;
  segStart: Uint32Array;
  segLen: Uint16Array;
  fileDir: Uint32Array;
  nameStart: Uint32Array;
  nameLen: Uint16Array;
  size: Float64Array;
  mtime: Float64Array;
}

/** The live files of a table, with the folders they need (and their parents). */
export function packTable(t: PathTable): PackedTable {
  const needed = new Uint8Array(t.dirCount);
  needed[ROOT_DIR] = 1;
  for (let d = t.dirCount - 1; d > ROOT_DIR; d--) {
    if (t.dirLive[d] > 0) needed[d] = 1;
    if (needed[d]) needed[t.dirParent[d]] = 1;
  }
  const dirMap = new Int32Array(t.dirCount).fill(-1);
  let dirCount = 0;
  let poolLength = 0;
  for (let d = 0; d < t.dirCount; d++) {
    if (needed[d]) {
      dirMap[d] = dirCount++;
      poolLength += t.segLen[d];
    }
  }
  // Where each distinct name goes in the packed pool (-1: unused, -2: used, not yet written).
  const nameAt = new Int32Array(t.uniqueCount).fill(-1);
  for (let id = 0; id < t.slotCount; id++) {
    if (t.isAlive(id) && nameAt[t.nameId[id]] === -1) {
      nameAt[t.nameId[id]] = -2;
      poolLength += t.nameLen[id];
    }
  }
  const packed: PackedTable = {
    pool: new Uint16Array(poolLength),
    dirParent: new Int32Array(dirCount),
    segStart: new Uint32Array(dirCount),
    segLen: new Uint16Array(dirCount),
    fileDir: new Uint32Array(t.liveCount),
    nameStart: new Uint32Array(t.liveCount),
    nameLen: new Uint16Array(t.liveCount),
    size: new Float64Array(t.liveCount),
    mtime: new Float64Array(t.liveCount),
  };
  let at = 0;
  for (let d = 0; d < t.dirCount; d++) {
    const to = dirMap[d];
    if (to < 0) continue;
    packed.pool.set(t.chars.subarray(t.segStart[d], t.segStart[d] + t.segLen[d]), at);
    packed.dirParent[to] = d === ROOT_DIR ? -1 : dirMap[t.dirParent[d]];
    packed.segStart[to] = at;
    packed.segLen[to] = t.segLen[d];
    at += t.segLen[d];
  }
  let f = 0;
  for (let id = 0; id < t.slotCount; id++) {
    if (!t.isAlive(id)) continue;
    const len = t.nameLen[id];
    const uid = t.nameId[id];
    if (nameAt[uid] < 0) {
      packed.pool.set(t.chars.subarray(t.nameStart[id], t.nameStart[id] + len), at);
      nameAt[uid] = at;
      at += len;
    }
    packed.fileDir[f] = dirMap[t.fileDir[id]];
    packed.nameStart[f] = nameAt[uid];
    packed.nameLen[f] = len;
    packed.size[f] = t.hasMeta(id) ? t.size[id] : -1;
    packed.mtime[f] = t.hasMeta(id) ? t.mtime[id] : 0;
    f++;
  }
  return packed;
}

/** Builds a table from packed arrays; throws `RangeError` when they are inconsistent. */
export function unpackTable(p: PackedTable): PathTable {
  const files = p.fileDir.length;
  const dirs = p.dirParent.length;
  if (p.segStart.length !== dirs || p.segLen.length !== dirs || p.nameStart.length !== files || p.nameLen.length !== files || p.size.length !== files || p.mtime.length !== files) {
    throw new RangeError('packed file table: array lengths disagree');
  }
  if (dirs === 0 || p.dirParent[0] !== -1 || p.segLen[0] !== 0) throw new RangeError('packed file table: no root folder');
  // One flat string for the whole pool: rows are read as ranges of it, never sliced.
  const pool = utf16.decode(p.pool);
  const inPool = (start: number, length: number) => {
    if (start + length > pool.length) throw new RangeError('packed file table: string outside the pool');
  };
  const t = new PathTable({ chars: p.pool.length, folders: dirs, files });
  for (let d = 1; d < dirs; d++) {
    const parent = p.dirParent[d];
    const start = p.segStart[d];
    const end = start + p.segLen[d];
    inPool(start, p.segLen[d]);
    if (parent < 0 || parent >= d || end - start < 2 || slashAt(pool, start, end) !== end - 1) throw new RangeError('packed file table: malformed folder row');
    if (t.addFolder(parent, pool, start, end) !== d) throw new RangeError('packed file table: duplicate folder');
  }
  const nameAt = new Map<number, number>();
  for (let f = 0; f < files; f++) {
    const dir = p.fileDir[f];
    const start = p.nameStart[f];
    const end = start + p.nameLen[f];
    inPool(start, p.nameLen[f]);
    if (dir >= dirs || end === start || slashAt(pool, start, end) >= 0) throw new RangeError('packed file table: malformed file row');
    // Files with the same name share its pool range: the name is looked up once.
    const uid = nameAt.get(start);
    const id = uid === undefined || t.uniqueLen[uid] !== end - start ? t.addFile(dir, pool, start, end, p.size[f], p.mtime[f]) : t.addFileNamed(dir, uid, p.size[f], p.mtime[f]);
    if (id !== f) throw new RangeError('packed file table: duplicate file');
    if (uid === undefined) nameAt.set(start, t.nameId[id]);
  }
  return t;
}

/** The first `/` in `text[start, end)`, or -1. */
function slashAt(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 47) return i;
  return -1;
}

/**
 * Rebuilds a table in place from its live files, dropping dead rows, empty folders and
 * spare capacity. Ids change; arrays are replaced, not mutated, so a search holding the
 * old ones finishes on a consistent (if slightly old) view. Pick lifts are kept.
 */
export function compactTable(t: PathTable): void {
  const boosts: number[] = [];
  for (let id = 0; id < t.slotCount; id++) if (t.isAlive(id)) boosts.push(t.boost[id]);
  const { generation, structure, reshapes } = t;
  Object.assign(t, unpackTable(packTable(t)));
  // Packing keeps live files in id order, so the i-th live file is the new id i.
  for (let id = 0; id < boosts.length; id++) t.boost[id] = boosts[id];
  t.generation = generation + 1;
  t.structure = structure + 1;
  t.reshapes = reshapes + 1;
}
