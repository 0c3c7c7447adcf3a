import type { TableRows } from './pathTableRows';

const MAGIC = 0x49464741; // "AGFI"
const VERSION = 3;
const HEADER_WORDS = 8;

type Section = keyof Omit<TableRows, 'extensions'>;

/** The arrays of a stored table, in blob order, with the header word that counts their rows. */
const SECTIONS: { key: Section; count: 'pool' | 'dirs' | 'names' | 'files'; make: (b: ArrayBuffer, at: number, n: number) => ArrayBufferView; width: number }[] = [
  { key: 'chars', count: 'pool', make: (b, at, n) => new Uint16Array(b, at, n), width: 2 },
  { key: 'lower', count: 'pool', make: (b, at, n) => new Uint16Array(b, at, n), width: 2 },
  { key: 'kind', count: 'pool', make: (b, at, n) => new Uint8Array(b, at, n), width: 1 },
  { key: 'dirParent', count: 'dirs', make: (b, at, n) => new Int32Array(b, at, n), width: 4 },
  { key: 'segStart', count: 'dirs', make: (b, at, n) => new Uint32Array(b, at, n), width: 4 },
  { key: 'segLen', count: 'dirs', make: (b, at, n) => new Uint16Array(b, at, n), width: 2 },
  { key: 'dirMask', count: 'dirs', make: (b, at, n) => new Int32Array(b, at, n), width: 4 },
  { key: 'uniqueStart', count: 'names', make: (b, at, n) => new Uint32Array(b, at, n), width: 4 },
  { key: 'uniqueLen', count: 'names', make: (b, at, n) => new Uint16Array(b, at, n), width: 2 },
  { key: 'uniqueMask', count: 'names', make: (b, at, n) => new Int32Array(b, at, n), width: 4 },
  { key: 'uniqueBoundaryMask', count: 'names', make: (b, at, n) => new Int32Array(b, at, n), width: 4 },
  { key: 'uniqueExt', count: 'names', make: (b, at, n) => new Uint16Array(b, at, n), width: 2 },
  { key: 'fileDir', count: 'files', make: (b, at, n) => new Uint32Array(b, at, n), width: 4 },
  { key: 'nameId', count: 'files', make: (b, at, n) => new Uint32Array(b, at, n), width: 4 },
  { key: 'size', count: 'files', make: (b, at, n) => new Float64Array(b, at, n), width: 8 },
  { key: 'mtime', count: 'files', make: (b, at, n) => new Float64Array(b, at, n), width: 8 },
];

/**
 * A stored table as one blob (what the store keeps): a header of counts, then each
 * array back to back on an 8-byte boundary, then the extension list as JSON. Loading is
 * a handful of copies, not a row per file, and no character is read again.
 */
export function encodeSnapshot(rows: TableRows): Uint8Array {
  const extensions = new TextEncoder().encode(JSON.stringify(rows.extensions));
  let length = HEADER_WORDS * 4;
  for (const s of SECTIONS) length = align8(length) + (rows[s.key] as ArrayBufferView).byteLength;
  length = align8(length) + extensions.byteLength;
  const out = new Uint8Array(align8(length));
  new Uint32Array(out.buffer, 0, HEADER_WORDS).set([
    MAGIC,
    VERSION,
    rows.chars.length,
    rows.dirParent.length,
    rows.uniqueStart.length,
    rows.fileDir.length,
    extensions.byteLength,
    0,
  ]);
  let at = HEADER_WORDS * 4;
  for (const s of SECTIONS) {
    const part = rows[s.key] as ArrayBufferView;
    at = align8(at);
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), at);
    at += part.byteLength;
  }
  out.set(extensions, align8(at));
  return out;
}

/** Reads a blob written by `encodeSnapshot`; throws `RangeError` for anything else. */
export function decodeSnapshot(blob: Uint8Array): TableRows {
  if (blob.byteLength < HEADER_WORDS * 4) throw new RangeError('file index snapshot: too short');
  // Copy into a fresh, aligned buffer: the blob may sit at any offset of a larger one.
  const bytes = new Uint8Array(blob.byteLength);
  bytes.set(blob);
  const header = new Uint32Array(bytes.buffer, 0, HEADER_WORDS);
  if (header[0] !== MAGIC) throw new RangeError('file index snapshot: not a snapshot');
  if (header[1] !== VERSION) throw new RangeError(`file index snapshot: version ${header[1]} is not ${VERSION}`);
  const counts = { pool: header[2], dirs: header[3], names: header[4], files: header[5] };
  const rows: Partial<TableRows> = {};
  let at = HEADER_WORDS * 4;
  for (const s of SECTIONS) {
    at = align8(at);
    const n = counts[s.count];
    if (at + n * s.width > bytes.byteLength) throw new RangeError('file index snapshot: truncated');
    (rows as Record<string, unknown>)[s.key] = s.make(bytes.buffer, at, n);
    at += n * s.width;
  }
  at = align8(at);
  const extLength = header[6];
  if (at + extLength > bytes.byteLength) throw new RangeError('file index snapshot: truncated');
  let extensions: unknown;
  try {
    extensions = JSON.parse(new TextDecoder().decode(bytes.subarray(at, at + extLength)));
  } catch {
    throw new RangeError('file index snapshot: unreadable extension list');
  }
  if (!Array.isArray(extensions) || !extensions.every((e) => typeof e === 'string')) throw new RangeError('file index snapshot: unreadable extension list');
  rows.extensions = extensions as string[];
  return rows as TableRows;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
