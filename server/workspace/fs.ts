import * as fs from 'node:fs';
import { constants as fsConstants, lstatSync, type Stats } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { PathGuard } from './confine';
import { goesRoundInALoop } from './links';
import { countWork } from './testCounts';

/**
 * File access as every engine sees it. Engines never import `node:fs`: they take a
 * `FileSystem`, so the LSP layer can overlay open buffers and tests can confine or
 * fake it. Nothing here throws for user data: failures are values.
 */
export interface FileSystem {
  /** Reads a text file. See `ReadOptions` for the caps. */
  readText(path: string, options?: ReadOptions): Promise<ReadResult>;
  /** Reads raw bytes (binary files, SQLite); same confinement and size cap. */
  readBytes(path: string, options?: { maxBytes?: number }): Promise<BytesResult>;
  /** `lstat`: symlinks are reported as such, never followed. Undefined when absent or unreadable. */
  stat(path: string): Promise<FileStat | undefined>;
  /**
   * `lstat` of entries of one folder, as `stat` gives them (undefined where `stat` would
   * give undefined), in the order of `names`. For many files at once (the index re-reading
   * every size and time after a restart): the folder's real path is checked once instead of
   * each file's. Keep `names` to a few hundred: the disk may be read synchronously.
   */
  statEntries(folder: string, names: readonly string[]): Promise<(FileStat | undefined)[]>;
  /** Directory entries, unsorted; undefined when absent, unreadable or not a directory. */
  readDir(path: string, options?: ReadDirOptions): Promise<DirEntry[] | undefined>;
}

export interface ReadDirOptions {
  /**
   * The caller reached this folder as a `directory` entry (not a symlink) of a folder it
   * listed through this file system, so it lies where its parent does: the confinement
   * check is skipped. Only walkers that never follow symlinks may say so.
   */
  parentChecked?: boolean;
  /**
   * Read at most this many entries, in the order the system lists them, and stop: a folder
   * of a million entries costs no more than this to look into. Unset, every entry.
   */
  max?: number;
}

export interface ReadOptions {
  /** Larger files are not read: `too-large`. Default `DEFAULT_MAX_TEXT_BYTES`. */
  maxBytes?: number;
  /** Decode invalid UTF-8 with U+FFFD instead of failing with `invalid-utf8`. */
  lossy?: boolean;
}

export const DEFAULT_MAX_TEXT_BYTES = 16 * 1024 * 1024;

export type ReadFailure = 'not-found' | 'outside-workspace' | 'is-directory' | 'too-large' | 'binary' | 'invalid-utf8' | 'unreadable';

export type ReadResult =
  | { ok: true; text: string; size: number; mtimeMs: number; /** Text of an open buffer, not the disk. */ fromBuffer?: boolean }
  | { ok: false; reason: ReadFailure; message: string; size?: number };

export type BytesResult =
  | { ok: true; bytes: Uint8Array; size: number; mtimeMs: number }
  | { ok: false; reason: ReadFailure; message: string; size?: number };

export interface FileStat {
  kind: 'file' | 'directory' | 'symlink' | 'other';
  size: number;
  mtimeMs: number;
}

export interface DirEntry {
  name: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
}

const BINARY_SNIFF_BYTES = 8000;

/** Decides binary the way git does: a NUL byte near the start. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossyDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Decodes UTF-8 keeping a BOM as U+FEFF (engines that care, like hashline, strip it themselves). */
export function decodeUtf8(bytes: Uint8Array, lossy: boolean): string | undefined {
  if (lossy) return lossyDecoder.decode(bytes);
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The calls a read makes, waited for on the thread pool or made on the spot (`NodeFileSystem`'s `blocking`). */
interface ReadCalls {
  stat(p: string): Promise<Stats>;
  open(p: string, flags: number): Promise<number>;
  fstat(fd: number): Promise<Stats>;
  readAll(fd: number): Promise<Buffer>;
  close(fd: number): Promise<void>;
}

const WAITED: ReadCalls = { stat: promisify(fs.stat), open: promisify(fs.open), fstat: promisify(fs.fstat), readAll: promisify(fs.readFile), close: promisify(fs.close) };

const ON_THE_SPOT: ReadCalls = {
  stat: async (p) => fs.statSync(p),
  open: async (p, flags) => fs.openSync(p, flags),
  fstat: async (fd) => fs.fstatSync(fd),
  readAll: async (fd) => fs.readFileSync(fd),
  close: async (fd) => fs.closeSync(fd),
};

/** The real disk, confined to what the guard allows when one is given (a `Confinement` or its rule reader). */
export class NodeFileSystem implements FileSystem {
  private readonly calls: ReadCalls;

  /**
   * `blocking`: reads are made on the spot rather than on the thread pool, for a command that
   * reads file after file and has nothing else to do meanwhile (`agentls check`): four round
   * trips a file through the pool cost 20,000 notes about 5 s of waiting. Never in the server,
   * whose thread must stay free for requests.
   */
  constructor(
    private readonly confinement?: PathGuard,
    options: { blocking?: boolean } = {},
  ) {
    this.calls = options.blocking ? ON_THE_SPOT : WAITED;
  }

  private refuse(p: string): { ok: false; reason: 'outside-workspace' | 'unreadable'; message: string } | undefined {
    if (this.confinement && !this.confinement.allows(p)) {
      // A loop of links has no real path either, so confinement refuses it too; it leads nowhere, and that is said,
      // of a path named inside the areas only: outside them the disk is not asked (a CLAUDE.md's `@/etc/…`).
      if (this.confinement.covers(p) && goesRoundInALoop(p)) return { ok: false, reason: 'unreadable', message: `${p} is a symbolic link that goes round in a loop` };
      return { ok: false, reason: 'outside-workspace', message: `${p} lies outside the workspace` };
    }
    return undefined;
  }

  async readBytes(p: string, options: { maxBytes?: number } = {}): Promise<BytesResult> {
    const refused = this.refuse(p);
    if (refused) return refused;
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_TEXT_BYTES;
    const calls = this.calls;
    countWork('disk-read', 1, p);
    let fd: number | undefined;
    try {
      // Not opened unless a file: opening a FIFO, even without blocking, lets a writer waiting on it go on and lose what it writes.
      const before = await calls.stat(p);
      if (before.isDirectory()) return { ok: false, reason: 'is-directory', message: `${p} is a directory` };
      if (!before.isFile()) return { ok: false, reason: 'unreadable', message: `${p} is not a regular file` };
      // O_NONBLOCK keeps a FIFO put in its place since the stat from hanging the open.
      fd = await calls.open(p, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
      const st = await calls.fstat(fd);
      if (st.isDirectory()) return { ok: false, reason: 'is-directory', message: `${p} is a directory` };
      if (!st.isFile()) return { ok: false, reason: 'unreadable', message: `${p} is not a regular file` };
      if (st.size > maxBytes) {
        return { ok: false, reason: 'too-large', message: `${p} is ${st.size} bytes, over the ${maxBytes}-byte limit`, size: st.size };
      }
      const bytes = await calls.readAll(fd);
      if (bytes.length > maxBytes) {
        return { ok: false, reason: 'too-large', message: `${p} grew over the ${maxBytes}-byte limit while read`, size: bytes.length };
      }
      return { ok: true, bytes, size: bytes.length, mtimeMs: st.mtimeMs };
    } catch (err) {
      return failure(p, err);
    } finally {
      if (fd !== undefined) await calls.close(fd).catch(() => undefined);
    }
  }

  async readText(p: string, options: ReadOptions = {}): Promise<ReadResult> {
    const read = await this.readBytes(p, options);
    if (!read.ok) return read;
    if (looksBinary(read.bytes)) return { ok: false, reason: 'binary', message: `${p} is a binary file`, size: read.size };
    const text = decodeUtf8(read.bytes, options.lossy ?? false);
    if (text === undefined) return { ok: false, reason: 'invalid-utf8', message: `${p} is not valid UTF-8`, size: read.size };
    return { ok: true, text, size: read.size, mtimeMs: read.mtimeMs };
  }

  async stat(p: string): Promise<FileStat | undefined> {
    if (this.refuse(p)) return undefined;
    countWork('disk-stat', 1, p);
    try {
      const st = await fsp.lstat(p);
      return { kind: kindOf(st), size: st.size, mtimeMs: st.mtimeMs };
    } catch {
      return undefined;
    }
  }

  async statEntries(folder: string, names: readonly string[]): Promise<(FileStat | undefined)[]> {
    // Checked once for the folder; only when it is refused is each entry checked (a rule file
    // allowed alone, such as Windsurf's global_rules.md, in a folder that is not).
    const folderAllowed = this.refuse(folder) === undefined;
    // Synchronous on purpose: after a restart the index stats every file again, and a promise
    // per file cost the event loop about 25 µs each (2.5 s of CPU for 92k files, against
    // about 0.9 s this way). A symlink is reported as one (lstat), never followed.
    return names.map((name) => {
      // A backslash is a separator only on Windows; elsewhere `new\file.md` is a file's name like any other.
      if (name === '' || name === '.' || name === '..' || name.includes('/') || (path.sep === '\\' && name.includes('\\'))) return undefined;
      const entry = path.join(folder, name);
      if (!folderAllowed && this.refuse(entry)) return undefined;
      try {
        const st = lstatSync(entry, { throwIfNoEntry: false });
        if (!st) return undefined;
        // A symlink is judged by its target, as `stat` judges it (rare: checked one by one).
        if (st.isSymbolicLink() && folderAllowed && this.refuse(entry)) return undefined;
        return { kind: kindOf(st), size: st.size, mtimeMs: st.mtimeMs };
      } catch {
        return undefined;
      }
    });
  }

  async readDir(p: string, options?: ReadDirOptions): Promise<DirEntry[] | undefined> {
    if (!options?.parentChecked && this.refuse(p)) return undefined;
    countWork('disk-readdir', 1, p);
    try {
      if (options?.max !== undefined) return await readDirUpTo(p, options.max);
      const entries = await fsp.readdir(p, { withFileTypes: true });
      return entries.map((e) => ({ name: e.name, kind: kindOf(e) }));
    } catch {
      return undefined;
    }
  }
}

/** The first `max` entries of a folder as `opendir` streams them (a few dozen at a time), the rest never read. */
async function readDirUpTo(p: string, max: number): Promise<DirEntry[]> {
  const out: DirEntry[] = [];
  if (max <= 0) return out;
  // Leaving the loop early closes the folder: "the fs.Dir object will be automatically closed after the iterator exits" (Node's fs documentation, `fsPromises.opendir`).
  for await (const e of await fsp.opendir(p)) {
    out.push({ name: e.name, kind: kindOf(e) });
    if (out.length >= max) break;
  }
  return out;
}

function kindOf(st: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FileStat['kind'] {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'directory';
  return 'other';
}

function failure(p: string, err: unknown): { ok: false; reason: ReadFailure; message: string } {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      // A name that is not valid UTF-8 reaches Node as U+FFFD, and that spelling names no file: the file is there, unopenable.
      if (p.includes(UNDECODABLE_NAME)) return { ok: false, reason: 'unreadable', message: undecodableNameMessage(p) };
      return { ok: false, reason: 'not-found', message: `${p} does not exist` };
    case 'EISDIR':
      return { ok: false, reason: 'is-directory', message: `${p} is a directory` };
    case 'ELOOP':
      return { ok: false, reason: 'unreadable', message: `${p} is a symlink loop` };
    default:
      return { ok: false, reason: 'unreadable', message: `${p} cannot be read (${code ?? String(err)})` };
  }
}

/** What stands in a path for bytes of a file name that are not valid UTF-8. */
export const UNDECODABLE_NAME = '\uFFFD';

/** Why a path listed with an undecodable name cannot be opened. */
export function undecodableNameMessage(p: string): string {
  return `${p}: the name is not valid UTF-8 (shown with �), and agentls cannot open a file by such a name; rename it`;
}
