import type { PackedTable } from './packing';

const MAGIC = 0x49464741; // "AGFI"
const VERSION = 2;
const HEADER_WORDS = 6;

/**
 * The file list of a folder as one blob (what the store keeps): a header, then the
 * packed arrays back to back, each starting on an 8-byte boundary so that loading is a
 * handful of copies, not a row per file.
 */
export function encodeSnapshot(p: PackedTable): Uint8Array {
  const parts: ArrayBufferView[] = [p.pool, p.dirParent, p.segStart, p.segLen, p.fileDir, p.nameStart, p.nameLen, p.size, p.mtime];
  let length = HEADER_WORDS * 4;
  for (const part of parts) length = align8(length) + part.byteLength;
  const out = new Uint8Array(align8(length));
  const header = new Uint32Array(out.buffer, 0, HEADER_WORDS);
  header.set([MAGIC, VERSION, p.dirParent.length, p.fileDir.length, p.pool.length, 0]);
  let at = HEADER_WORDS * 4;
  for (const part of parts) {
    at = align8(at);
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), at);
    at += part.byteLength;
  }
  return out;
}

/** Reads a blob written by `encodeSnapshot`; throws `RangeError` for anything else. */
export function decodeSnapshot(blob: Uint8Array): PackedTable {
  if (blob.byteLength < HEADER_WORDS * 4) throw new RangeError('file index snapshot: too short');
  // Copy into a fresh, aligned buffer: the blob may sit at any offset of a larger one.
  const bytes = new Uint8Array(blob.byteLength);
  bytes.set(blob);
  const header = new Uint32Array(bytes.buffer, 0, HEADER_WORDS);
  if (header[0] !== MAGIC) throw new RangeError('file index snapshot: not a snapshot');
  if (header[1] !== VERSION) throw new RangeError(`file index snapshot: version ${header[1]} is not ${VERSION}`);
  const dirs = header[2];
  const files = header[3];
  const poolLength = header[4];
  let at = HEADER_WORDS * 4;
  const take = <T>(make: (buffer: ArrayBuffer, offset: number, length: number) => T, count: number, width: number): T => {
    at = align8(at);
    if (at + count * width > bytes.byteLength) throw new RangeError('file index snapshot: truncated');
    const view = make(bytes.buffer, at, count);
    at += count * width;
    return view;
  };
  return {
    pool: take((b, o, n) => new Uint16Array(b, o, n), poolLength, 2),
    dirParent: take((b, o, n) => new Int32Array(b, o, n), dirs, 4),
    segStart: take((b, o, n) => new Uint32Array(b, o, n), dirs, 4),
    segLen: take((b, o, n) => new Uint16Array(b, o, n), dirs, 2),
    fileDir: take((b, o, n) => new Uint32Array(b, o, n), files, 4),
    nameStart: take((b, o, n) => new Uint32Array(b, o, n), files, 4),
    nameLen: take((b, o, n) => new Uint16Array(b, o, n), files, 2),
    size: take((b, o, n) => new Float64Array(b, o, n), files, 8),
    mtime: take((b, o, n) => new Float64Array(b, o, n), files, 8),
  };
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
