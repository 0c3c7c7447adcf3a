import { fillKinds, foldCode, maskBit } from './chars';

/** Paths longer than this (UTF-16 units) are not indexed: no one picks them from a popup. */
export const MAX_PATH_LENGTH = 4096;

const ALIVE = 1;
const HAS_META = 2;

const EMPTY = 0;
const TOMBSTONE = -1;

/**
 * The file list of one workspace folder in a packed layout: every folder path and file
 * name lives once in one character pool (original and folded copies side by side), and a
 * file is a row of typed arrays (its folder, where its name lies in the pool, masks, size,
 * time). No object per path: memory and load time grow linearly, and a scan touches a few
 * flat arrays. Files are found by path through an open-addressing hash table that is
 * itself a typed array. Ids are stable until `compact()`.
 */
export class PathTable {
  /** Original characters of folder paths (with their trailing `/`) and file names. */
  chars = new Uint16Array(1 << 12);
  /** The same characters folded to lower case. */
  lower = new Uint16Array(1 << 12);
  /** The word boundary each character sits on (`BOUNDARY`), each string read as if after a `/`. */
  kind = new Uint8Array(1 << 12);
  poolLength = 0;

  dirCount = 0;
  dirStart = new Uint32Array(64);
  dirLen = new Uint32Array(64);
  /** Presence mask of each folder path. */
  dirMask = new Int32Array(64);
  /** Live files directly in each folder. */
  dirLive = new Uint32Array(64);
  /** The parent folder's id (always smaller), -1 for the root. */
  dirParent = new Int32Array(64);
  private readonly dirIds = new Map<string, number>();

  /** Number of file rows, live or dead. */
  slotCount = 0;
  fileDir = new Uint32Array(256);
  nameStart = new Uint32Array(256);
  nameLen = new Uint16Array(256);
  nameMask = new Int32Array(256);
  /** Index into `extensions` (0 = none). */
  extId = new Uint16Array(256);
  /** Bytes; -1 until known. */
  size = new Float64Array(256);
  /** Milliseconds since the epoch; 0 until known. */
  mtime = new Float64Array(256);
  /** Ranking lift from the user's pick history (0 = none). */
  boost = new Float32Array(256);
  flags = new Uint8Array(256);

  /** Lower-case extensions with their dot; index 0 is "no extension". */
  readonly extensions: string[] = [''];
  private readonly extIds = new Map<string, number>([['', 0]]);

  private hash = new Int32Array(512);
  private hashUsed = 0;

  liveCount = 0;
  /** Bumped by every change, so caches (filters, empty-query answers) know when to recompute. */
  generation = 0;
  /** Bumped only when files are added or removed or ids change (the folder tree's cache key). */
  structure = 0;

  /** The id of a path, or -1. */
  find(rel: string): number {
    const slash = rel.lastIndexOf('/');
    const dirId = this.dirIds.get(slash < 0 ? '' : rel.slice(0, slash + 1));
    if (dirId === undefined) return -1;
    return this.findIn(dirId, rel, slash + 1);
  }

  private findIn(dirId: number, rel: string, nameFrom: number): number {
    const mask = this.hash.length - 1;
    let h = hashName(dirId, rel, nameFrom) & mask;
    for (;;) {
      const v = this.hash[h];
      if (v === EMPTY) return -1;
      if (v !== TOMBSTONE) {
        const id = v - 1;
        if (this.fileDir[id] === dirId && this.nameEquals(id, rel, nameFrom)) return id;
      }
      h = (h + 1) & mask;
    }
  }

  private nameEquals(id: number, rel: string, nameFrom: number): boolean {
    const len = this.nameLen[id];
    if (len !== rel.length - nameFrom) return false;
    const start = this.nameStart[id];
    for (let i = 0; i < len; i++) if (this.chars[start + i] !== rel.charCodeAt(nameFrom + i)) return false;
    return true;
  }

  /**
   * Adds a file (a `/`-separated path relative to the folder) or returns the id it
   * already has; -1 for an empty or over-long path.
   */
  add(rel: string, size = -1, mtime = 0): number {
    if (rel.length === 0 || rel.length > MAX_PATH_LENGTH || rel.endsWith('/')) return -1;
    const slash = rel.lastIndexOf('/');
    const dirId = this.dirIdFor(slash < 0 ? '' : rel.slice(0, slash + 1));
    const existing = this.findIn(dirId, rel, slash + 1);
    if (existing >= 0) {
      if (size >= 0 || mtime > 0) this.setMeta(existing, size, mtime);
      return existing;
    }
    const id = this.slotCount;
    if (id === this.fileDir.length) this.growFiles(id * 2);
    const nameLength = rel.length - slash - 1;
    const start = this.appendChars(rel, slash + 1, nameLength);
    let mask = 0;
    for (let i = start; i < start + nameLength; i++) mask |= maskBit(this.lower[i]);
    this.fileDir[id] = dirId;
    this.nameStart[id] = start;
    this.nameLen[id] = nameLength;
    this.nameMask[id] = mask;
    this.extId[id] = this.extIdOf(start, nameLength);
    this.size[id] = size;
    this.mtime[id] = mtime;
    this.boost[id] = 0;
    this.flags[id] = ALIVE | (size >= 0 && mtime > 0 ? HAS_META : 0);
    this.slotCount++;
    this.liveCount++;
    this.dirLive[dirId]++;
    this.insertHash(id, hashName(dirId, rel, slash + 1));
    this.generation++;
    this.structure++;
    return id;
  }

  /** Removes a file; false when it was not indexed. */
  remove(rel: string): boolean {
    const id = this.find(rel);
    if (id < 0) return false;
    this.removeId(id);
    return true;
  }

  removeId(id: number): void {
    if (!(this.flags[id] & ALIVE)) return;
    this.flags[id] = 0;
    this.liveCount--;
    this.dirLive[this.fileDir[id]]--;
    const mask = this.hash.length - 1;
    for (let h = this.hashOf(id) & mask; ; h = (h + 1) & mask) {
      const v = this.hash[h];
      if (v === EMPTY) break;
      if (v === id + 1) {
        this.hash[h] = TOMBSTONE;
        break;
      }
    }
    this.generation++;
    this.structure++;
  }

  /** Removes every file under a folder (relative, no trailing slash; "" = all); returns how many. */
  removeUnder(relDir: string): number {
    const prefix = relDir === '' ? '' : relDir + '/';
    const doomed = new Set<number>();
    for (const [dir, id] of this.dirIds) if (dir.startsWith(prefix) && this.dirLive[id] > 0) doomed.add(id);
    if (doomed.size === 0) return 0;
    let removed = 0;
    for (let id = 0; id < this.slotCount; id++) {
      if (this.flags[id] & ALIVE && doomed.has(this.fileDir[id])) {
        this.removeId(id);
        removed++;
      }
    }
    return removed;
  }

  isAlive(id: number): boolean {
    return (this.flags[id] & ALIVE) !== 0;
  }

  hasMeta(id: number): boolean {
    return (this.flags[id] & HAS_META) !== 0;
  }

  setMeta(id: number, size: number, mtime: number): void {
    if (this.size[id] === size && this.mtime[id] === mtime && this.hasMeta(id)) return;
    this.size[id] = size;
    this.mtime[id] = mtime;
    this.flags[id] = (this.flags[id] & ALIVE) | HAS_META;
    this.generation++;
  }

  /** Path of a file relative to the folder, `/`-separated. */
  path(id: number): string {
    return this.dirPath(this.fileDir[id]) + this.name(id);
  }

  name(id: number): string {
    return decode(this.chars, this.nameStart[id], this.nameLen[id]);
  }

  /** A folder's path with its trailing `/` ("" for the root). */
  dirPath(dirId: number): string {
    return decode(this.chars, this.dirStart[dirId], this.dirLen[dirId]);
  }

  /** Ids of live files, in id order. */
  *liveIds(): IterableIterator<number> {
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) yield id;
  }

  /** True when dead rows are worth dropping (`compact`). */
  get needsCompaction(): boolean {
    const dead = this.slotCount - this.liveCount;
    return dead > 4096 && dead > this.liveCount / 4;
  }

  /**
   * Rebuilds the table from its live files, dropping dead rows and empty folders. Ids
   * change; arrays are replaced, not mutated, so a search holding the old ones finishes
   * on a consistent (if slightly old) view.
   */
  compact(): void {
    const boosts: number[] = [];
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) boosts.push(this.boost[id]);
    const { generation, structure } = this;
    Object.assign(this, PathTable.fromPacked(this.pack()));
    // pack() keeps live files in id order, so the i-th live file is the new id i.
    for (let id = 0; id < boosts.length; id++) this.boost[id] = boosts[id];
    this.generation = generation + 1;
    this.structure = structure + 1;
  }

  /** Bytes held by the table's arrays (what the index costs in memory, beside the folder map). */
  memoryBytes(): number {
    const arrays = [
      this.chars, this.lower, this.kind, this.dirStart, this.dirLen, this.dirMask, this.dirLive, this.dirParent, this.fileDir, this.nameStart, this.nameLen,
      this.nameMask, this.extId, this.size, this.mtime, this.boost, this.flags, this.hash,
    ];
    let bytes = arrays.reduce((sum, a) => sum + a.byteLength, 0);
    // The folder map: one string (two-byte worst case) and one entry per folder.
    for (const dir of this.dirIds.keys()) bytes += 2 * dir.length + 64;
    return bytes;
  }

  /** The live files as plain packed arrays (for storage and compaction). */
  pack(): PackedTable {
    // Keep folders with live files and their ancestors (matching walks the parent chain).
    const needed = new Uint8Array(this.dirCount);
    for (let d = this.dirCount - 1; d >= 0; d--) {
      if (this.dirLive[d] > 0) needed[d] = 1;
      if (needed[d] && this.dirParent[d] >= 0) needed[this.dirParent[d]] = 1;
    }
    const dirMap = new Int32Array(this.dirCount).fill(-1);
    let dirCount = 0;
    let poolLength = 0;
    for (let d = 0; d < this.dirCount; d++) {
      if (needed[d]) {
        dirMap[d] = dirCount++;
        poolLength += this.dirLen[d];
      }
    }
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) poolLength += this.nameLen[id];
    const packed: PackedTable = {
      pool: new Uint16Array(poolLength),
      dirStart: new Uint32Array(dirCount),
      dirLen: new Uint32Array(dirCount),
      fileDir: new Uint32Array(this.liveCount),
      nameStart: new Uint32Array(this.liveCount),
      nameLen: new Uint16Array(this.liveCount),
      size: new Float64Array(this.liveCount),
      mtime: new Float64Array(this.liveCount),
    };
    let at = 0;
    for (let d = 0; d < this.dirCount; d++) {
      const to = dirMap[d];
      if (to < 0) continue;
      packed.pool.set(this.chars.subarray(this.dirStart[d], this.dirStart[d] + this.dirLen[d]), at);
      packed.dirStart[to] = at;
      packed.dirLen[to] = this.dirLen[d];
      at += this.dirLen[d];
    }
    let f = 0;
    for (let id = 0; id < this.slotCount; id++) {
      if (!(this.flags[id] & ALIVE)) continue;
      const len = this.nameLen[id];
      packed.pool.set(this.chars.subarray(this.nameStart[id], this.nameStart[id] + len), at);
      packed.fileDir[f] = dirMap[this.fileDir[id]];
      packed.nameStart[f] = at;
      packed.nameLen[f] = len;
      packed.size[f] = this.hasMeta(id) ? this.size[id] : -1;
      packed.mtime[f] = this.hasMeta(id) ? this.mtime[id] : 0;
      at += len;
      f++;
    }
    return packed;
  }

  /** Builds a table from packed arrays; throws `RangeError` when they are inconsistent. */
  static fromPacked(p: PackedTable): PathTable {
    const t = new PathTable();
    const files = p.fileDir.length;
    if (p.dirStart.length !== p.dirLen.length || p.nameStart.length !== files || p.nameLen.length !== files || p.size.length !== files || p.mtime.length !== files) {
      throw new RangeError('packed file table: array lengths disagree');
    }
    t.chars = new Uint16Array(Math.max(1024, p.pool.length + (p.pool.length >> 3)));
    t.chars.set(p.pool);
    t.lower = new Uint16Array(t.chars.length);
    t.kind = new Uint8Array(t.chars.length);
    for (let i = 0; i < p.pool.length; i++) t.lower[i] = foldCode(p.pool[i]);
    t.poolLength = p.pool.length;
    const dirs = p.dirStart.length;
    t.growDirs(Math.max(64, dirs + 16));
    for (let d = 0; d < dirs; d++) {
      const start = p.dirStart[d];
      const len = p.dirLen[d];
      if (start + len > p.pool.length) throw new RangeError('packed file table: folder outside the pool');
      const path = decode(p.pool, start, len);
      if (t.dirIds.has(path)) throw new RangeError('packed file table: duplicate folder');
      const parent = path === '' ? -1 : t.dirIds.get(parentDir(path));
      if (parent === undefined) throw new RangeError('packed file table: folder without its parent');
      t.dirIds.set(path, d);
      t.dirParent[d] = parent;
      t.dirStart[d] = start;
      t.dirLen[d] = len;
      let mask = 0;
      for (let i = start; i < start + len; i++) mask |= maskBit(t.lower[i]);
      t.dirMask[d] = mask;
      t.computeKinds(start, len);
    }
    t.dirCount = dirs;
    t.growFiles(Math.max(256, files + (files >> 3)));
    t.hash = new Int32Array(hashCapacityFor(files));
    for (let id = 0; id < files; id++) {
      const dir = p.fileDir[id];
      const start = p.nameStart[id];
      const len = p.nameLen[id];
      if (dir >= dirs || start + len > p.pool.length || len === 0) throw new RangeError('packed file table: file row out of range');
      t.fileDir[id] = dir;
      t.nameStart[id] = start;
      t.nameLen[id] = len;
      let mask = 0;
      for (let i = start; i < start + len; i++) mask |= maskBit(t.lower[i]);
      t.nameMask[id] = mask;
      t.computeKinds(start, len);
      t.extId[id] = t.extIdOf(start, len);
      t.size[id] = p.size[id];
      t.mtime[id] = p.mtime[id];
      t.flags[id] = ALIVE | (p.size[id] >= 0 && p.mtime[id] > 0 ? HAS_META : 0);
      t.dirLive[dir]++;
      const h = t.hashOf(id);
      if (t.probeDuplicate(id, h)) throw new RangeError('packed file table: duplicate file');
      t.insertHash(id, h);
    }
    t.slotCount = files;
    t.liveCount = files;
    return t;
  }

  private probeDuplicate(id: number, h: number): boolean {
    const mask = this.hash.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = this.hash[i];
      if (v === EMPTY) return false;
      if (v > 0) {
        const other = v - 1;
        if (this.fileDir[other] === this.fileDir[id] && this.sameName(other, id)) return true;
      }
    }
  }

  private sameName(a: number, b: number): boolean {
    const len = this.nameLen[a];
    if (len !== this.nameLen[b]) return false;
    const sa = this.nameStart[a];
    const sb = this.nameStart[b];
    for (let i = 0; i < len; i++) if (this.chars[sa + i] !== this.chars[sb + i]) return false;
    return true;
  }

  private hashOf(id: number): number {
    let h = (0x811c9dc5 ^ this.fileDir[id]) >>> 0;
    const start = this.nameStart[id];
    for (let i = start, end = start + this.nameLen[id]; i < end; i++) h = Math.imul(h ^ this.chars[i], 0x01000193);
    return h >>> 0;
  }

  private insertHash(id: number, h: number): void {
    if ((this.hashUsed + 1) * 2 > this.hash.length) this.rehash(this.hash.length * 2);
    const mask = this.hash.length - 1;
    let i = h & mask;
    while (this.hash[i] > 0) i = (i + 1) & mask;
    if (this.hash[i] === EMPTY) this.hashUsed++;
    this.hash[i] = id + 1;
  }

  private rehash(capacity: number): void {
    this.hash = new Int32Array(Math.max(capacity, hashCapacityFor(this.liveCount)));
    this.hashUsed = 0;
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) this.insertHash(id, this.hashOf(id));
  }

  private dirIdFor(dir: string): number {
    const known = this.dirIds.get(dir);
    if (known !== undefined) return known;
    const parent = dir === '' ? -1 : this.dirIdFor(parentDir(dir));
    const id = this.dirCount;
    if (id === this.dirStart.length) this.growDirs(id * 2);
    const start = this.appendChars(dir, 0, dir.length);
    let mask = 0;
    for (let i = start; i < start + dir.length; i++) mask |= maskBit(this.lower[i]);
    this.dirStart[id] = start;
    this.dirLen[id] = dir.length;
    this.dirMask[id] = mask;
    this.dirLive[id] = 0;
    this.dirParent[id] = parent;
    this.dirIds.set(dir, id);
    this.dirCount++;
    return id;
  }

  private appendChars(text: string, from: number, length: number): number {
    const start = this.poolLength;
    if (start + length > this.chars.length) {
      const capacity = Math.max(this.chars.length * 2, start + length + 1024);
      this.chars = grow(this.chars, capacity);
      this.lower = grow(this.lower, capacity);
      this.kind = grow(this.kind, capacity);
    }
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(from + i);
      this.chars[start + i] = c;
      this.lower[start + i] = foldCode(c);
    }
    this.poolLength += length;
    this.computeKinds(start, length);
    return start;
  }

  private computeKinds(start: number, length: number): void {
    fillKinds(this.chars, this.lower, start, length, this.kind, start);
  }

  private extIdOf(nameStart: number, nameLength: number): number {
    let dot = -1;
    for (let i = nameLength - 1; i > 0; i--) {
      if (this.lower[nameStart + i] === 46) {
        dot = i;
        break;
      }
    }
    if (dot < 0 || nameLength - dot > 16) return 0;
    const ext = decode(this.lower, nameStart + dot, nameLength - dot);
    let id = this.extIds.get(ext);
    if (id === undefined) {
      if (this.extensions.length >= 0xffff) return 0;
      id = this.extensions.length;
      this.extensions.push(ext);
      this.extIds.set(ext, id);
    }
    return id;
  }

  /** The id of a lower-case extension with its dot, or undefined when no file has it. */
  extensionId(ext: string): number | undefined {
    return this.extIds.get(ext);
  }

  private growDirs(capacity: number): void {
    this.dirStart = grow(this.dirStart, capacity);
    this.dirLen = grow(this.dirLen, capacity);
    this.dirMask = grow(this.dirMask, capacity);
    this.dirLive = grow(this.dirLive, capacity);
    this.dirParent = grow(this.dirParent, capacity);
  }

  private growFiles(capacity: number): void {
    this.fileDir = grow(this.fileDir, capacity);
    this.nameStart = grow(this.nameStart, capacity);
    this.nameLen = grow(this.nameLen, capacity);
    this.nameMask = grow(this.nameMask, capacity);
    this.extId = grow(this.extId, capacity);
    this.size = grow(this.size, capacity);
    this.mtime = grow(this.mtime, capacity);
    this.boost = grow(this.boost, capacity);
    this.flags = grow(this.flags, capacity);
  }
}

/** The table's live content as flat arrays (see `PathTable.pack`). */
export interface PackedTable {
  pool: Uint16Array;
  dirStart: Uint32Array;
  dirLen: Uint32Array;
  fileDir: Uint32Array;
  nameStart: Uint32Array;
  nameLen: Uint16Array;
  size: Float64Array;
  mtime: Float64Array;
}

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

function grow<T extends TypedArray>(array: T, capacity: number): T {
  if (capacity <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array as never);
  return next;
}

/** `a/b/` → `a/`, `a/` → `` (folder paths keep their trailing slash). */
function parentDir(dir: string): string {
  const slash = dir.lastIndexOf('/', dir.length - 2);
  return slash < 0 ? '' : dir.slice(0, slash + 1);
}

function hashCapacityFor(count: number): number {
  let capacity = 512;
  while (capacity < count * 2 + 2) capacity *= 2;
  return capacity;
}

function hashName(dirId: number, rel: string, nameFrom: number): number {
  let h = (0x811c9dc5 ^ dirId) >>> 0;
  for (let i = nameFrom; i < rel.length; i++) h = Math.imul(h ^ rel.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Decodes UTF-16 code units in chunks (argument lists have a length limit). */
export function decode(codes: Uint16Array, start: number, length: number): string {
  if (length <= 0) return '';
  if (length <= 1024) return String.fromCharCode.apply(null, codes.subarray(start, start + length) as unknown as number[]);
  let out = '';
  for (let i = 0; i < length; i += 1024) out += decode(codes, start + i, Math.min(1024, length - i));
  return out;
}
