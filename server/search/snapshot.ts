import { ALIVE, type PathTable } from './pathTable';
import { roomFor, type TableRows } from './pathTableRows';
import { currentFolderTree, treeFields, type TreeFields } from './tree';

const MAGIC = 0x49464741; // "AGFI"
/**
 * Version 6: stored in chunks, read straight into the table's arrays, with the folder tree
 * of the table; decomposed names folded composed (`normal.ts`); the header's last word says
 * whether the listing stopped at `search.maxFiles` (a table of exactly that many files may
 * be whole). Older snapshots are rebuilt, never misread.
 */
export const SNAPSHOT_VERSION = 6;
const HEADER_WORDS = 10;
/** Bit of the header's last word: the listing the table came from stopped at `search.maxFiles`. */
const TRUNCATED = 1;

/** What a stored list says of the listing it was saved from. */
export interface ListingFacts {
  /** It stopped at `search.maxFiles`: files past it are not in the list. */
  truncated: boolean;
}

/**
 * Largest chunk of a snapshot being written. glibc's malloc serves blocks from 128 KiB up
 * with their own mmap, and freeing one raises its mmap and trim thresholds for the rest of
 * the process (to that block's size and twice it), after which memory freed at the top of
 * each arena is kept rather than returned: a 2.6 MB snapshot copied and freed once at
 * start-up left the server 15-30 MiB larger after every burst of work (issue 13). Chunks
 * well under 128 KiB, made one at a time, never make such a block; a stored list is read
 * straight into the table's arrays, which the table keeps.
 */
export const SNAPSHOT_CHUNK_BYTES = 64 * 1024;

type Section = keyof Omit<TableRows, 'extensions' | 'tree'>;
type Count = 'pool' | 'dirs' | 'names' | 'files';
type Column = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** The arrays of a stored table, in snapshot order, with the header count that gives their length. */
const SECTIONS: { key: Section; count: Count; make: (n: number) => Column }[] = [
  { key: 'chars', count: 'pool', make: (n) => new Uint16Array(n) },
  { key: 'lower', count: 'pool', make: (n) => new Uint16Array(n) },
  { key: 'kind', count: 'pool', make: (n) => new Uint8Array(n) },
  { key: 'dirParent', count: 'dirs', make: (n) => new Int32Array(n) },
  { key: 'segStart', count: 'dirs', make: (n) => new Uint32Array(n) },
  { key: 'segLen', count: 'dirs', make: (n) => new Uint16Array(n) },
  { key: 'dirMask', count: 'dirs', make: (n) => new Int32Array(n) },
  { key: 'uniqueStart', count: 'names', make: (n) => new Uint32Array(n) },
  { key: 'uniqueLen', count: 'names', make: (n) => new Uint16Array(n) },
  { key: 'uniqueMask', count: 'names', make: (n) => new Int32Array(n) },
  { key: 'uniqueBoundaryMask', count: 'names', make: (n) => new Int32Array(n) },
  { key: 'uniqueExt', count: 'names', make: (n) => new Uint16Array(n) },
  { key: 'fileDir', count: 'files', make: (n) => new Uint32Array(n) },
  { key: 'nameId', count: 'files', make: (n) => new Uint32Array(n) },
  { key: 'size', count: 'files', make: (n) => new Float64Array(n) },
  { key: 'mtime', count: 'files', make: (n) => new Float64Array(n) },
];

/** The typed arrays a stored folder tree may hold, by constructor name. */
const TREE_ARRAYS: Record<string, { new (n: number): Column; readonly BYTES_PER_ELEMENT: number }> = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float64Array };

/** What says which arrays the stored folder tree holds: each by field, type and length, then the tree's roots. */
interface TreeLayout {
  fields: [name: string, type: string, length: number][];
  roots: number[];
}

type FileSection = 'fileDir' | 'nameId' | 'size' | 'mtime';
const FILE_SECTIONS = new Set<Section>(['fileDir', 'nameId', 'size', 'mtime']);

/**
 * A table as stored: a header of counts and the total length, then each array back to
 * back on an 8-byte boundary, then the extension list as JSON, then (when the table has no
 * dead rows, so that its file ids are the stored ones) its folder tree: a layout as JSON
 * and the tree's arrays. The whole is cut into chunks of `SNAPSHOT_CHUNK_BYTES`, written
 * from views of the table's own arrays (the live files' columns a piece at a time), so
 * saving copies nothing larger than a chunk.
 */
export function encodeSnapshot(table: PathTable, listing: ListingFacts = { truncated: false }): Uint8Array[] {
  return [...snapshotChunks(table, listing)];
}

/**
 * `encodeSnapshot`'s chunks one at a time, made as they are asked for, so that a save can
 * write some and let the thread go between them. The table must not change until the last
 * chunk is taken (a caller that pauses checks `table.generation`).
 */
export function* snapshotChunks(table: PathTable, listing: ListingFacts = { truncated: false }): Generator<Uint8Array, void, undefined> {
  const text = new TextEncoder();
  const extensions = text.encode(JSON.stringify(table.extensions));
  const counts: Record<Count, number> = { pool: table.poolLength, dirs: table.dirCount, names: table.uniqueCount, files: table.liveCount };
  const tree = table.slotCount === table.liveCount ? treeArrays(treeFields(currentFolderTree(table))) : undefined;
  const layout = tree ? text.encode(JSON.stringify(tree.layout)) : new Uint8Array(0);
  let length = HEADER_WORDS * 4;
  for (const s of SECTIONS) length = align8(length) + counts[s.count] * s.make(0).BYTES_PER_ELEMENT;
  length = align8(length) + extensions.byteLength;
  length = align8(length) + layout.byteLength;
  for (const a of tree?.arrays ?? []) length = align8(length) + a.byteLength;
  const out = new ChunkWriter();
  out.write(new Uint32Array([MAGIC, SNAPSHOT_VERSION, counts.pool, counts.dirs, counts.names, counts.files, extensions.byteLength, length, layout.byteLength, listing.truncated ? TRUNCATED : 0]));
  for (const s of SECTIONS) {
    out.pad8();
    if (FILE_SECTIONS.has(s.key)) {
      for (const piece of liveColumn(table, s.key as FileSection, s.make(Math.floor(SNAPSHOT_CHUNK_BYTES / 8)))) {
        out.write(piece);
        yield* out.takeFull();
      }
    } else out.write((table[s.key] as Column).subarray(0, counts[s.count]));
    yield* out.takeFull();
  }
  out.pad8();
  out.write(extensions);
  out.pad8();
  out.write(layout);
  for (const a of tree?.arrays ?? []) {
    out.pad8();
    out.write(a);
    yield* out.takeFull();
  }
  yield* out.finish();
}

/** A tree's fields as a layout and its arrays in layout order; undefined when a field is of a kind not stored. */
function treeArrays(fields: TreeFields): { layout: TreeLayout; arrays: Column[] } | undefined {
  const layout: TreeLayout = { fields: [], roots: [] };
  const arrays: Column[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'roots' && Array.isArray(value)) layout.roots = value as number[];
    else if (ArrayBuffer.isView(value) && TREE_ARRAYS[value.constructor.name] === value.constructor) {
      layout.fields.push([name, value.constructor.name, (value as Column).length]);
      arrays.push(value as Column);
    } else return undefined;
  }
  return { layout, arrays };
}

/** The bytes of a stored snapshot, read in order: chunks in memory, or a file read as it goes. */
export interface SnapshotBytes {
  readonly total: number;
  /** Fills `into` with the next bytes; false when there are not enough. */
  read(into: Uint8Array): boolean;
}

/**
 * Reads a snapshot written by `encodeSnapshot` (its chunks, or the same bytes from a file)
 * straight into arrays with room to grow (see `roomFor`: `tableFromRows` adopts them
 * without another copy); throws `RangeError` for anything else, a snapshot of another
 * version included.
 */
export function decodeSnapshot(from: readonly Uint8Array[] | SnapshotBytes): TableRows & ListingFacts {
  const input = new Cursor(Array.isArray(from) ? new ChunkReader(from) : (from as SnapshotBytes));
  const header = new Uint32Array(HEADER_WORDS);
  if (!input.read(bytesOf(header))) throw new RangeError('file index snapshot: too short');
  if (header[0] !== MAGIC) throw new RangeError('file index snapshot: not a snapshot');
  if (header[1] !== SNAPSHOT_VERSION) throw new RangeError(`file index snapshot: version ${header[1]} is not ${SNAPSHOT_VERSION}`);
  if (header[7] !== input.total) throw new RangeError(`file index snapshot: ${input.total} bytes where ${header[7]} were written`);
  const counts: Record<Count, number> = { pool: header[2], dirs: header[3], names: header[4], files: header[5] };
  const rows: Partial<TableRows> = {};
  for (const s of SECTIONS) {
    const n = counts[s.count];
    // Counts that the bytes cannot hold are damage: refused before anything that size is allocated.
    if (n * s.make(0).BYTES_PER_ELEMENT > input.remaining) throw new RangeError('file index snapshot: truncated');
    const array = s.make(roomFor(n));
    if (!input.pad8() || !input.read(bytesOf(array, n))) throw new RangeError('file index snapshot: truncated');
    (rows as Record<string, unknown>)[s.key] = array.subarray(0, n);
  }
  if (header[6] > input.remaining) throw new RangeError('file index snapshot: truncated');
  const text = new Uint8Array(header[6]);
  if (!input.pad8() || !input.read(text)) throw new RangeError('file index snapshot: truncated');
  let extensions: unknown;
  try {
    extensions = JSON.parse(new TextDecoder().decode(text));
  } catch {
    throw new RangeError('file index snapshot: unreadable extension list');
  }
  if (!Array.isArray(extensions) || !extensions.every((e) => typeof e === 'string')) throw new RangeError('file index snapshot: unreadable extension list');
  rows.extensions = extensions as string[];
  if (header[8] > 0) rows.tree = readTree(input, header[8]);
  return { ...(rows as TableRows), truncated: (header[9] & TRUNCATED) !== 0 };
}

/** The stored folder tree's fields (checked against the table by `restoreFolderTree`). */
function readTree(input: Cursor, layoutBytes: number): TreeFields {
  if (layoutBytes > input.remaining) throw new RangeError('file index snapshot: truncated');
  const text = new Uint8Array(layoutBytes);
  if (!input.pad8() || !input.read(text)) throw new RangeError('file index snapshot: truncated');
  let layout: TreeLayout;
  try {
    layout = JSON.parse(new TextDecoder().decode(text)) as TreeLayout;
  } catch {
    throw new RangeError('file index snapshot: unreadable folder tree');
  }
  const fields: TreeFields = { roots: layout.roots };
  if (!Array.isArray(layout.fields) || !Array.isArray(layout.roots) || !layout.roots.every((r) => Number.isInteger(r))) throw new RangeError('file index snapshot: unreadable folder tree');
  for (const [name, type, length] of layout.fields) {
    const make = TREE_ARRAYS[type];
    if (!make || !Number.isInteger(length) || length < 0 || length * make.BYTES_PER_ELEMENT > input.remaining) throw new RangeError('file index snapshot: unreadable folder tree');
    const array = new make(length);
    if (!input.pad8() || !input.read(bytesOf(array))) throw new RangeError('file index snapshot: truncated');
    fields[name] = array;
  }
  return fields;
}

/** The live files' values of one column (ids renumbered densely), handed out a scratch-full at a time (the same scratch each time). */
function* liveColumn(table: PathTable, key: FileSection, scratch: Column): Generator<Column, void, undefined> {
  let k = 0;
  for (let id = 0; id < table.slotCount; id++) {
    if (!(table.flags[id] & ALIVE)) continue;
    // A file whose size and time are not known yet is stored as such (-1 and 0).
    if (key === 'size') scratch[k++] = table.hasMeta(id) ? table.size[id] : -1;
    else if (key === 'mtime') scratch[k++] = table.hasMeta(id) ? table.mtime[id] : 0;
    else scratch[k++] = table[key][id];
    if (k === scratch.length) {
      yield scratch;
      k = 0;
    }
  }
  if (k > 0) yield scratch.subarray(0, k);
}

/** Bytes appended into chunks of `SNAPSHOT_CHUNK_BYTES`. */
class ChunkWriter {
  private readonly chunks: Uint8Array[] = [];
  private current = new Uint8Array(SNAPSHOT_CHUNK_BYTES);
  private used = 0;
  private total = 0;

  write(view: ArrayBufferView): void {
    let bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    while (bytes.byteLength > 0) {
      const n = Math.min(bytes.byteLength, SNAPSHOT_CHUNK_BYTES - this.used);
      this.current.set(bytes.subarray(0, n), this.used);
      this.used += n;
      this.total += n;
      bytes = bytes.subarray(n);
      if (this.used === SNAPSHOT_CHUNK_BYTES) this.flush();
    }
  }

  pad8(): void {
    if (this.total % 8 !== 0) this.write(new Uint8Array(8 - (this.total % 8)));
  }

  /** The chunks filled since the last take, handed over. */
  takeFull(): Uint8Array[] {
    return this.chunks.splice(0);
  }

  /** The chunks not taken yet, the last one partly filled. */
  finish(): Uint8Array[] {
    if (this.used > 0) this.chunks.push(this.current.slice(0, this.used));
    this.used = 0;
    return this.takeFull();
  }

  private flush(): void {
    this.chunks.push(this.current);
    this.current = new Uint8Array(SNAPSHOT_CHUNK_BYTES);
    this.used = 0;
  }
}

/** Bytes read in order across chunks (of any sizes). */
export class ChunkReader implements SnapshotBytes {
  readonly total: number;
  private chunk = 0;
  private offset = 0;
  private position = 0;

  constructor(private readonly chunks: readonly Uint8Array[]) {
    this.total = chunks.reduce((sum, c) => sum + c.byteLength, 0);
  }

  read(into: Uint8Array): boolean {
    if (this.total - this.position < into.byteLength) return false;
    let at = 0;
    while (at < into.byteLength) {
      const from = this.chunks[this.chunk];
      const n = Math.min(into.byteLength - at, from.byteLength - this.offset);
      into.set(from.subarray(this.offset, this.offset + n), at);
      at += n;
      this.offset += n;
      if (this.offset === from.byteLength) {
        this.chunk++;
        this.offset = 0;
      }
    }
    this.position += into.byteLength;
    return true;
  }
}

/** Where the decoder is in a snapshot's bytes, for the padding that puts each array on an 8-byte boundary. */
class Cursor {
  readonly total: number;
  private position = 0;

  constructor(private readonly bytes: SnapshotBytes) {
    this.total = bytes.total;
  }

  read(into: Uint8Array): boolean {
    if (!this.bytes.read(into)) return false;
    this.position += into.byteLength;
    return true;
  }

  get remaining(): number {
    return this.total - this.position;
  }

  pad8(): boolean {
    return this.position % 8 === 0 || this.read(new Uint8Array(8 - (this.position % 8)));
  }
}

function bytesOf(array: Column, n = array.length): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, n * array.BYTES_PER_ELEMENT);
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
