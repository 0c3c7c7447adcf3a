import { fillKinds, foldCode, maskBit } from './chars';
import { FILLER, matchedUnits } from './normal';
import { grow, grown } from './typedArrays';

/** Paths longer than this (UTF-16 units) are not indexed: no one picks them from a popup. */
export const MAX_PATH_LENGTH = 4096;

/** Row flags of a file. */
export const ALIVE = 1;
export const HAS_META = 2;

const EMPTY = 0;
const TOMBSTONE = -1;

const NAME_SEED = 0x9e3779b9;

/** The root folder's id. */
export const ROOT_DIR = 0;

/**
 * The file list of one workspace folder in a packed layout. Every string lives once in
 * one character pool (original and folded copies side by side): a folder is a row
 * (parent, its own segment with the trailing `/`), a file a row (folder, name). No
 * object per path: memory and load time grow linearly, and a scan touches a few flat
 * arrays. Folders and files are found through open-addressing hash tables that are
 * themselves typed arrays. File ids are stable until `compact()`.
 */
export class PathTable {
  /** Original characters of folder segments (each with its trailing `/`) and file names. */
  chars = new Uint16Array(1 << 12);
  /** The same characters folded to lower case. */
  lower = new Uint16Array(1 << 12);
  /** The word boundary each character sits on (`BOUNDARY`); a folder path and a name are each read from a `/`. */
  kind = new Uint8Array(1 << 12);
  poolLength = 0;

  dirCount = 0;
  /** The parent folder's id (always smaller), -1 for the root. */
  dirParent = new Int32Array(64);
  /** Where the folder's own segment (`name/`) lies in the pool. */
  segStart = new Uint32Array(64);
  segLen = new Uint16Array(64);
  /** Length of the whole folder path with its trailing `/` ("" for the root). */
  dirLen = new Uint32Array(64);
  /** Presence mask of the whole folder path. */
  dirMask = new Int32Array(64);
  /** Live files directly in each folder. */
  dirLive = new Uint32Array(64);
  private dirHash = new Int32Array(256);
  private dirHashUsed = 0;

  /**
   * Distinct file names: each is stored once (`Bundle.properties` in 2,000 folders is one
   * string), and a search reads each distinct name once.
   */
  uniqueCount = 0;
  uniqueStart = new Uint32Array(256);
  uniqueLen = new Uint16Array(256);
  uniqueMask = new Int32Array(256);
  /** Presence mask of the characters on a word boundary in the name (for score bounds). */
  uniqueBoundaryMask = new Int32Array(256);
  uniqueExt = new Uint16Array(256);
  private nameHash = new Int32Array(512);
  private nameHashUsed = 0;

  /** Number of file rows, live or dead. */
  slotCount = 0;
  fileDir = new Uint32Array(256);
  /** The file's distinct name (index into the `unique…` arrays). */
  nameId = new Uint32Array(256);
  /** Copies of the distinct name's facts, per file, for the scans. */
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
  /** Extension ids (plus one) by a hash of their characters, the last seen in each slot (`extIdOf`). */
  private readonly extCache = new Int32Array(EXT_CACHE_SLOTS);

  private hash = new Int32Array(512);
  private hashUsed = 0;
  /** The three hash tables lag behind the rows (a restored table builds them on first lookup). */
  private hashesStale = false;
  /** The folder `dirFor` met last (its path with the trailing `/`, and its id). Folder ids change only when the table is replaced or compacted, which resets these. */
  private lastDir = '';
  private lastDirId = ROOT_DIR;

  liveCount = 0;
  /** Bumped by every change, so caches know when to recompute. */
  generation = 0;
  /** Bumped only when files are added or removed or ids change (the folder tree's cache key). */
  structure = 0;
  /**
   * Bumped only when files are removed or ids change, not when they are added: while it holds,
   * what was made from the rows then (the folder tree) holds of them still, and only the rows
   * added since are new to it (a first index adds files batch by batch, and searches go on).
   */
  reshapes = 0;

  /** `expected` sizes the arrays up front when the size is known (loading a stored table). */
  constructor(expected?: { chars: number; folders: number; files: number }) {
    if (expected) this.reserve(expected);
    this.newDir(-1, '', 0, 0);
  }

  /**
   * Makes room for about this many characters, folders and files (distinct names counted
   * as files) before they are added: growing by half as they come copied the 92k-file
   * tree's arrays about twice over, 150 ms of a first index on memory touched for the
   * first time. Hash tables are sized only while they are empty (filling them again costs
   * more than it saves).
   */
  reserve(expected: { chars: number; folders: number; files: number }): void {
    const chars = Math.max(1024, expected.chars + 64);
    if (chars > this.chars.length) {
      this.chars = grow(this.chars, chars);
      this.lower = grow(this.lower, chars);
      this.kind = grow(this.kind, chars);
    }
    const folders = Math.max(64, expected.folders + 1);
    if (folders > this.dirParent.length) this.growDirs(folders);
    if (this.dirHashUsed === 0) this.dirHash = new Int32Array(Math.max(this.dirHash.length, hashCapacityFor(expected.folders)));
    const files = Math.max(256, expected.files);
    if (files > this.fileDir.length) this.growFiles(files);
    if (this.hashUsed === 0) this.hash = new Int32Array(Math.max(this.hash.length, hashCapacityFor(expected.files)));
    if (files > this.uniqueStart.length) {
      this.uniqueStart = grow(this.uniqueStart, files);
      this.uniqueLen = grow(this.uniqueLen, files);
      this.uniqueMask = grow(this.uniqueMask, files);
      this.uniqueBoundaryMask = grow(this.uniqueBoundaryMask, files);
      this.uniqueExt = grow(this.uniqueExt, files);
    }
    if (this.nameHashUsed === 0) this.nameHash = new Int32Array(Math.max(this.nameHash.length, hashCapacityFor(expected.files)));
  }

  /** The id of a path, or -1. */
  find(rel: string): number {
    if (this.hashesStale) this.rebuildHashes();
    const slash = rel.lastIndexOf('/');
    const dirId = this.findDir(rel, slash + 1);
    if (dirId < 0) return -1;
    const uid = this.findName(rel, slash + 1, rel.length);
    return uid < 0 ? -1 : this.findIn(dirId, uid);
  }

  /** The distinct-name id (`nameId`) of a file name, or -1 when no file was ever indexed so named. */
  nameIdOf(name: string): number {
    if (this.hashesStale) this.rebuildHashes();
    return this.findName(name, 0, name.length);
  }

  /** The id of a folder (its path with the trailing `/`, or "" for the root), or -1 when no file was ever indexed under it. */
  folderId(relDir: string): number {
    if (this.hashesStale) this.rebuildHashes();
    return relDir === '' || relDir.endsWith('/') ? this.findDir(relDir, relDir.length) : -1;
  }

  /** The folder holding `rel.slice(0, end)` (a folder path ending with `/`, or empty), or -1. */
  private findDir(rel: string, end: number): number {
    let dir = ROOT_DIR;
    let from = 0;
    while (from < end) {
      const slash = rel.indexOf('/', from);
      dir = this.childOf(dir, rel, from, slash + 1);
      if (dir < 0) return -1;
      from = slash + 1;
    }
    return dir;
  }

  private childOf(parent: number, rel: string, from: number, to: number): number {
    const mask = this.dirHash.length - 1;
    for (let h = hashRange(parent, rel, from, to) & mask; ; h = (h + 1) & mask) {
      const v = this.dirHash[h];
      if (v === EMPTY) return -1;
      const d = v - 1;
      if (this.dirParent[d] === parent && this.poolEquals(this.segStart[d], this.segLen[d], rel, from, to)) return d;
    }
  }

  private findIn(dirId: number, uid: number): number {
    const mask = this.hash.length - 1;
    for (let h = hashPair(dirId, uid) & mask; ; h = (h + 1) & mask) {
      const v = this.hash[h];
      if (v === EMPTY) return -1;
      if (v !== TOMBSTONE) {
        const id = v - 1;
        if (this.fileDir[id] === dirId && this.nameId[id] === uid) return id;
      }
    }
  }

  private findName(text: string, from: number, to: number): number {
    const mask = this.nameHash.length - 1;
    for (let h = hashRange(NAME_SEED, text, from, to) & mask; ; h = (h + 1) & mask) {
      const v = this.nameHash[h];
      if (v === EMPTY) return -1;
      const uid = v - 1;
      if (this.poolEquals(this.uniqueStart[uid], this.uniqueLen[uid], text, from, to)) return uid;
    }
  }

  /** The distinct name `text[from, to)`, stored on first sight. */
  private internName(text: string, from: number, to: number): number {
    const known = this.findName(text, from, to);
    if (known >= 0) return known;
    const uid = this.uniqueCount;
    if (uid === this.uniqueStart.length) {
      const capacity = grown(uid);
      this.uniqueStart = grow(this.uniqueStart, capacity);
      this.uniqueLen = grow(this.uniqueLen, capacity);
      this.uniqueMask = grow(this.uniqueMask, capacity);
      this.uniqueBoundaryMask = grow(this.uniqueBoundaryMask, capacity);
      this.uniqueExt = grow(this.uniqueExt, capacity);
    }
    const length = to - from;
    const start = this.appendChars(text, from, length);
    this.uniqueStart[uid] = start;
    this.uniqueLen[uid] = length;
    this.uniqueMask[uid] = this.maskOf(start, length);
    let boundaries = 0;
    for (let x = start; x < start + length; x++) if (this.kind[x] !== 0) boundaries |= maskBit(this.lower[x]);
    this.uniqueBoundaryMask[uid] = boundaries;
    this.uniqueExt[uid] = this.extIdOf(start, length);
    this.uniqueCount++;
    if ((this.nameHashUsed + 1) * 2 > this.nameHash.length) {
      this.nameHash = new Int32Array(this.nameHash.length * 2);
      this.nameHashUsed = 0;
      for (let other = 0; other < uid; other++) this.insertNameHash(other);
    }
    this.insertNameHash(uid);
    return uid;
  }

  private insertNameHash(uid: number): void {
    const mask = this.nameHash.length - 1;
    // The same hash as `hashRange(NAME_SEED, …)` over the stored characters.
    let h = (0x811c9dc5 ^ NAME_SEED) >>> 0;
    const start = this.uniqueStart[uid];
    for (let i = start, end = start + this.uniqueLen[uid]; i < end; i++) h = Math.imul(h ^ this.chars[i], 0x01000193);
    let i = (h >>> 0) & mask;
    while (this.nameHash[i] !== EMPTY) i = (i + 1) & mask;
    this.nameHash[i] = uid + 1;
    this.nameHashUsed++;
  }

  private poolEquals(start: number, length: number, text: string, from: number, to: number): boolean {
    if (length !== to - from) return false;
    for (let i = 0; i < length; i++) if (this.chars[start + i] !== text.charCodeAt(from + i)) return false;
    return true;
  }

  /**
   * Adds a file (a `/`-separated path relative to the folder) or returns the id it
   * already has; -1 for an empty, folder-like or over-long path.
   */
  add(rel: string, size = -1, mtime = 0): number {
    if (this.hashesStale) this.rebuildHashes();
    if (rel.length === 0 || rel.length > MAX_PATH_LENGTH || rel.endsWith('/') || rel.startsWith('/') || rel.includes('//')) return -1;
    const slash = rel.lastIndexOf('/');
    const dirId = this.dirFor(rel, slash + 1);
    const uid = this.internName(rel, slash + 1, rel.length);
    const existing = this.findIn(dirId, uid);
    if (existing >= 0) {
      if (size >= 0 || mtime > 0) this.setMeta(existing, size, mtime);
      return existing;
    }
    return this.newFile(dirId, uid, size, mtime);
  }

  private newFile(dirId: number, uid: number, size: number, mtime: number): number {
    const id = this.slotCount;
    if (id === this.fileDir.length) this.growFiles(grown(id));
    this.writeFileRow(id, dirId, uid, size, mtime);
    this.slotCount++;
    this.liveCount++;
    this.insertFileHash(id);
    this.generation++;
    this.structure++;
    return id;
  }

  /** The folder of `rel.slice(0, end)`, created (with its parents) as needed. */
  private dirFor(rel: string, end: number): number {
    // Listings come folder by folder (git's sorted, the walker's per folder): the folder of the
    // last file is usually this one's, found by one comparison instead of a lookup per segment.
    if (end === this.lastDir.length && rel.startsWith(this.lastDir)) return this.lastDirId;
    let dir = ROOT_DIR;
    let from = 0;
    while (from < end) {
      const slash = rel.indexOf('/', from);
      const child = this.childOf(dir, rel, from, slash + 1);
      dir = child >= 0 ? child : this.newDir(dir, rel, from, slash + 1);
      from = slash + 1;
    }
    this.lastDir = rel.slice(0, end);
    this.lastDirId = dir;
    return dir;
  }

  private newDir(parent: number, text: string, from: number, to: number): number {
    const id = this.dirCount;
    if (id === this.dirParent.length) this.growDirs(grown(id));
    const start = this.appendChars(text, from, to - from);
    this.dirParent[id] = parent;
    this.segStart[id] = start;
    this.segLen[id] = to - from;
    this.dirLen[id] = (parent < 0 ? 0 : this.dirLen[parent]) + to - from;
    this.dirMask[id] = (parent < 0 ? 0 : this.dirMask[parent]) | this.maskOf(start, to - from);
    // A folder path is read as one string: its first segment follows a `/`, the next ones their own `/`.
    this.dirLive[id] = 0;
    this.dirCount++;
    if (parent >= 0) this.insertDirHash(id);
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
    if (this.hashesStale) this.rebuildHashes();
    if (!(this.flags[id] & ALIVE)) return;
    this.flags[id] = 0;
    this.reshapes++;
    this.liveCount--;
    this.dirLive[this.fileDir[id]]--;
    const mask = this.hash.length - 1;
    for (let h = this.hashOfFile(id) & mask; ; h = (h + 1) & mask) {
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
    if (this.hashesStale) this.rebuildHashes();
    const target = relDir === '' ? ROOT_DIR : this.findDir(relDir + '/', relDir.length + 1);
    if (target < 0) return 0;
    const doomed = new Uint8Array(this.dirCount);
    for (let d = target; d < this.dirCount; d++) {
      if (d === target || (this.dirParent[d] >= 0 && doomed[this.dirParent[d]])) doomed[d] = 1;
    }
    let removed = 0;
    for (let id = 0; id < this.slotCount; id++) {
      if (this.flags[id] & ALIVE && doomed[this.fileDir[id]]) {
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

  /** A folder's own segment with its trailing `/` (`src/`). */
  segment(dirId: number): string {
    return decode(this.chars, this.segStart[dirId], this.segLen[dirId]);
  }

  /** A folder's path with its trailing `/` ("" for the root). */
  dirPath(dirId: number): string {
    let out = '';
    for (let d = dirId; d > ROOT_DIR; d = this.dirParent[d]) out = this.segment(d) + out;
    return out;
  }

  /** The folders from the root's first child down to `dirId` (for reading a whole folder path). */
  chain(dirId: number): number[] {
    const out: number[] = [];
    for (let d = dirId; d > ROOT_DIR; d = this.dirParent[d]) out.push(d);
    return out.reverse();
  }

  /** Ids of live files, in id order. */
  *liveIds(): IterableIterator<number> {
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) yield id;
  }

  /** True when dead rows or spare capacity are worth dropping (`compact`). */
  get needsCompaction(): boolean {
    const dead = this.slotCount - this.liveCount;
    return (dead > 4096 && dead > this.liveCount / 4) || (this.fileDir.length > 65_536 && this.fileDir.length > this.liveCount * 1.6);
  }

  /** Bytes held by the table's arrays: what the index costs in memory. */
  memoryBytes(): number {
    const arrays = [
      this.chars, this.lower, this.kind, this.dirParent, this.segStart, this.segLen, this.dirLen, this.dirMask, this.dirLive,
      this.dirHash, this.uniqueStart, this.uniqueLen, this.uniqueMask, this.uniqueBoundaryMask, this.uniqueExt, this.nameHash, this.fileDir, this.nameId,
      this.nameStart, this.nameLen, this.nameMask, this.extId, this.size, this.mtime, this.boost, this.flags, this.hash,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, 0) + this.extensions.reduce((sum, e) => sum + 2 * e.length + 64, 0);
  }

  /**
   * Adds a folder row under `parent` for the segment `text[from, to)` (one folder name with
   * its trailing `/`), or returns the one there is (for loading a packed table).
   */
  addFolder(parent: number, text: string, from = 0, to = text.length): number {
    if (this.hashesStale) this.rebuildHashes();
    const known = this.childOf(parent, text, from, to);
    return known >= 0 ? known : this.newDir(parent, text, from, to);
  }

  /** Adds a file in folder `dir` with a distinct name the table already has (`nameId` of another file). */
  addFileNamed(dir: number, uid: number, size = -1, mtime = 0): number {
    if (this.hashesStale) this.rebuildHashes();
    const existing = this.findIn(dir, uid);
    if (existing >= 0) return existing;
    return this.newFile(dir, uid, size, mtime);
  }

  /** Adds a file named `text[from, to)` in folder `dir`, or returns the id it has (for loading a packed table). */
  addFile(dir: number, text: string, from = 0, to = text.length, size = -1, mtime = 0): number {
    if (this.hashesStale) this.rebuildHashes();
    const uid = this.internName(text, from, to);
    const existing = this.findIn(dir, uid);
    if (existing >= 0) return existing;
    return this.newFile(dir, uid, size, mtime);
  }

  /**
   * Takes the extension list of stored rows and marks the hash tables stale (they are
   * built on the first lookup). For `tableFromRows` only, after it filled the arrays.
   */
  adoptRestored(extensions: readonly string[], files: number): void {
    this.extensions.length = 0;
    this.extIds.clear();
    this.extCache.fill(0);
    extensions.forEach((ext, i) => {
      this.extensions.push(ext);
      this.extIds.set(ext, i);
    });
    this.slotCount = files;
    this.liveCount = files;
    this.hashesStale = true;
  }

  /**
   * Fills file row `id` (room already made) as a live file of folder `dirId` named by
   * distinct name `uid`, copying the name's facts; counts it in its folder. The caller
   * keeps the row counts and the hash tables.
   */
  writeFileRow(id: number, dirId: number, uid: number, size: number, mtime: number): void {
    this.fileDir[id] = dirId;
    this.nameId[id] = uid;
    this.nameStart[id] = this.uniqueStart[uid];
    this.nameLen[id] = this.uniqueLen[uid];
    this.nameMask[id] = this.uniqueMask[uid];
    this.extId[id] = this.uniqueExt[uid];
    this.size[id] = size;
    this.mtime[id] = mtime;
    this.boost[id] = 0;
    this.flags[id] = ALIVE | (size >= 0 && mtime > 0 ? HAS_META : 0);
    this.dirLive[dirId]++;
  }

  /** Makes room for `capacity` file rows (loading a stored table). */
  reserveFiles(capacity: number): void {
    this.growFiles(capacity);
  }

  /** Builds the folder, name and file hash tables from the rows (a restored table, on first lookup). */
  private rebuildHashes(): void {
    this.hashesStale = false;
    this.dirHash = new Int32Array(hashCapacityFor(this.dirCount));
    this.dirHashUsed = 0;
    for (let d = 1; d < this.dirCount; d++) this.insertDirHash(d);
    this.nameHash = new Int32Array(hashCapacityFor(this.uniqueCount));
    this.nameHashUsed = 0;
    for (let uid = 0; uid < this.uniqueCount; uid++) this.insertNameHash(uid);
    this.hash = new Int32Array(hashCapacityFor(this.liveCount));
    this.hashUsed = 0;
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) this.insertFileHash(id);
  }

  private hashOfFile(id: number): number {
    return hashPair(this.fileDir[id], this.nameId[id]);
  }

  private hashOfDir(d: number): number {
    let h = (0x811c9dc5 ^ this.dirParent[d]) >>> 0;
    const start = this.segStart[d];
    for (let i = start, end = start + this.segLen[d]; i < end; i++) h = Math.imul(h ^ this.chars[i], 0x01000193);
    return h >>> 0;
  }

  private insertFileHash(id: number): void {
    if ((this.hashUsed + 1) * 2 > this.hash.length) this.rehashFiles(this.hash.length * 2);
    const mask = this.hash.length - 1;
    let i = this.hashOfFile(id) & mask;
    while (this.hash[i] > 0) i = (i + 1) & mask;
    if (this.hash[i] === EMPTY) this.hashUsed++;
    this.hash[i] = id + 1;
  }

  private rehashFiles(capacity: number): void {
    this.hash = new Int32Array(Math.max(capacity, hashCapacityFor(this.liveCount)));
    this.hashUsed = 0;
    for (let id = 0; id < this.slotCount; id++) if (this.flags[id] & ALIVE) this.insertFileHash(id);
  }

  private insertDirHash(d: number): void {
    if ((this.dirHashUsed + 1) * 2 > this.dirHash.length) {
      this.dirHash = new Int32Array(this.dirHash.length * 2);
      this.dirHashUsed = 0;
      for (let other = 1; other < d; other++) this.insertDirHash(other);
    }
    const mask = this.dirHash.length - 1;
    let i = this.hashOfDir(d) & mask;
    while (this.dirHash[i] !== EMPTY) i = (i + 1) & mask;
    this.dirHash[i] = d + 1;
    this.dirHashUsed++;
  }

  private maskOf(start: number, length: number): number {
    let mask = 0;
    for (let i = start; i < start + length; i++) mask |= maskBit(this.lower[i]);
    return mask;
  }

  private appendChars(text: string, from: number, length: number): number {
    const start = this.poolLength;
    if (start + length > this.chars.length) {
      const capacity = Math.max(grown(this.chars.length), start + length + 1024);
      this.chars = grow(this.chars, capacity);
      this.lower = grow(this.lower, capacity);
      this.kind = grow(this.kind, capacity);
    }
    let high = 0;
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(from + i);
      this.chars[start + i] = c;
      this.lower[start + i] = foldCode(c);
      high |= c;
    }
    this.poolLength += length;
    // Only a name with a unit from U+0300 up can be matched in another spelling (`high` may say so of others too).
    const matched = high >= 0x300 ? matchedUnits(text.slice(from, from + length)) : undefined;
    if (matched) foldMatched(matched, this.lower, this.kind, start);
    else fillKinds(this.chars, this.lower, start, length, this.kind, start);
    return start;
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
    // Most names repeat an extension already seen: found through a hash of its characters
    // without making a string (making one per distinct name cost 47 ms of the 92k-file tree's first index).
    const from = nameStart + dot;
    const to = nameStart + nameLength;
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ this.lower[i], 0x01000193);
    const slot = (h >>> 0) & (EXT_CACHE_SLOTS - 1);
    const cached = this.extCache[slot] - 1;
    if (cached > 0 && this.poolMatches(this.extensions[cached], from, to)) return cached;
    const ext = decode(this.lower, from, to - from);
    let id = this.extIds.get(ext);
    if (id === undefined) {
      if (this.extensions.length >= 0xffff) return 0;
      id = this.extensions.length;
      this.extensions.push(ext);
      this.extIds.set(ext, id);
    }
    this.extCache[slot] = id + 1;
    return id;
  }

  /** Whether the lower-case characters `[from, to)` of the pool spell `text`. */
  private poolMatches(text: string, from: number, to: number): boolean {
    if (text.length !== to - from) return false;
    for (let i = from; i < to; i++) if (this.lower[i] !== text.charCodeAt(i - from)) return false;
    return true;
  }

  /** The id of a lower-case extension with its dot, or undefined when no file has it. */
  extensionId(ext: string): number | undefined {
    return this.extIds.get(ext);
  }

  private growDirs(capacity: number): void {
    this.dirParent = grow(this.dirParent, capacity);
    this.segStart = grow(this.segStart, capacity);
    this.segLen = grow(this.segLen, capacity);
    this.dirLen = grow(this.dirLen, capacity);
    this.dirMask = grow(this.dirMask, capacity);
    this.dirLive = grow(this.dirLive, capacity);
  }

  private growFiles(capacity: number): void {
    this.fileDir = grow(this.fileDir, capacity);
    this.nameId = grow(this.nameId, capacity);
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

const EXT_CACHE_SLOTS = 256;

function hashCapacityFor(count: number): number {
  let capacity = 256;
  while (capacity < count * 2 + 2) capacity *= 2;
  return capacity;
}

function hashPair(a: number, b: number): number {
  let h = Math.imul(a ^ 0x811c9dc5, 0x01000193);
  h = Math.imul(h ^ b, 0x5bd1e995);
  return (h ^ (h >>> 15)) >>> 0;
}

function hashRange(seed: number, text: string, from: number, to: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Writes the folded units and boundary kinds of a name stored at `start` that is matched
 * in another spelling (`matchedUnits`: composed, padded with `FILLER`); its own characters
 * stay in `chars`. The kinds are read as if each filler were the unit before it, so that
 * what follows a composed letter sits on the boundary it would follow the letter. Smart
 * case tells a capital by `chars` differing from `lower`, as they do at a composed letter:
 * a capital typed there meets a small one too (a wider match, never a missed one).
 */
function foldMatched(matched: Uint16Array, lower: Uint16Array, kind: Uint8Array, start: number): void {
  const n = matched.length;
  const chars = new Uint16Array(n);
  const folded = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    chars[i] = matched[i] === FILLER && i > 0 ? chars[i - 1] : matched[i];
    folded[i] = foldCode(chars[i]);
    lower[start + i] = matched[i] === FILLER ? FILLER : folded[i];
  }
  fillKinds(chars, folded, 0, n, kind, start);
}

/** Decodes UTF-16 code units in chunks (argument lists have a length limit). */
export function decode(codes: Uint16Array, start: number, length: number): string {
  if (length <= 0) return '';
  if (length <= 1024) return String.fromCharCode.apply(null, codes.subarray(start, start + length) as unknown as number[]);
  let out = '';
  for (let i = 0; i < length; i += 1024) out += decode(codes, start + i, Math.min(1024, length - i));
  return out;
}
