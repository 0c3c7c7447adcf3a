import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Logger } from '../core/log';
import { closeQuietly, StagedFile } from '../workspace/stagedFile';
import { isTempBeside } from '../workspace/write';
import type { SnapshotWrite, StoredList } from './store';

/** "AGFL": a stored file list; then the format of this preamble, the root's length in bytes, and a spare word. */
const MAGIC = 0x4c464741;
const PREAMBLE_VERSION = 1;
const PREAMBLE_WORDS = 4;
/** Longer roots are not paths any file system gives (PATH_MAX is 4,096 on Linux): such a preamble is damage. */
const MAX_ROOT_BYTES = 64 * 1024;
/** A temporary file this old was left by a server that stopped mid-save: a save takes seconds. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * The file lists of workspace folders, one file each in `<cacheDir>/file-lists/`, named
 * by a hash of the folder's path (which the file repeats, so that a name never answers for
 * another folder). A warm start reads a list straight into the table's arrays: from the
 * SQLite store it took 60 ms to copy the 92k-file tree's 16 MB out as blobs and 55 ms more
 * to copy those into the arrays, against 50 ms for the file. A save is written beside the
 * list and renamed over it, so a reader (another editor's server too) sees a whole list,
 * the old one or the new, and two servers saving at once leave one of their lists.
 */
export class SnapshotFiles {
  private failureLogged = false;

  private constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  /** The lists of a cache folder, created as needed; undefined (said once) when it cannot be. */
  static open(cacheDir: string, log: Logger): SnapshotFiles | undefined {
    const dir = path.join(cacheDir, 'file-lists');
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (err) {
      log.warn(`file index: file lists not persisted: cannot create ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      return undefined;
    }
    removeStaleTemps(dir);
    return new SnapshotFiles(dir, log);
  }

  /** The stored list of a folder (its bytes after the preamble, read as the decoder asks), or undefined (none, unreadable, or another folder's). The caller closes it. */
  load(root: string): StoredList | undefined {
    const file = this.fileFor(root);
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn(`file index: ${file} cannot be read (${(err as Error).message}); listing the folder`);
      return undefined;
    }
    try {
      const size = fs.fstatSync(fd).size;
      const head = new Uint32Array(PREAMBLE_WORDS);
      const headBytes = new Uint8Array(head.buffer);
      if (!readAt(fd, headBytes, 0) || head[0] !== MAGIC || head[1] !== PREAMBLE_VERSION || head[2] > MAX_ROOT_BYTES) return closed(fd);
      const stored = new Uint8Array(head[2]);
      if (!readAt(fd, stored, headBytes.byteLength) || Buffer.from(stored).toString('utf8') !== root) return closed(fd);
      let position = preambleLength(head[2]);
      return {
        total: Math.max(0, size - position),
        read(into: Uint8Array): boolean {
          if (!readAt(fd, into, position)) return false;
          position += into.byteLength;
          return true;
        },
        close: () => closeQuietly(fd),
      };
    } catch (err) {
      this.log.warn(`file index: ${file} cannot be read (${(err as Error).message}); listing the folder`);
      return closed(fd);
    }
  }

  /** Replaces a folder's list in one go, holding the thread throughout (at shutdown). */
  save(root: string, chunks: readonly Uint8Array[]): boolean {
    const staged = this.stage(root);
    if (!staged) return false;
    if (!chunks.every((c) => staged.append(c)) || !staged.commitSync()) return this.failed(root);
    return true;
  }

  /** Starts replacing a folder's list a few chunks at a time; the old one stays in place until `commit`. */
  begin(root: string): SnapshotWrite {
    const staged = this.stage(root);
    return {
      add: (chunks) => staged !== undefined && (chunks.every((c) => staged.append(c)) || this.failed(root)),
      commit: async () => staged !== undefined && ((await staged.commit()) || this.failed(root)),
      abandon: () => staged?.discard(),
    };
  }

  private stage(root: string): StagedFile | undefined {
    let staged: StagedFile;
    try {
      staged = new StagedFile(this.fileFor(root));
    } catch {
      this.failed(root);
      return undefined;
    }
    const rootBytes = Buffer.from(root, 'utf8');
    const preamble = new Uint8Array(preambleLength(rootBytes.byteLength));
    new Uint32Array(preamble.buffer, 0, PREAMBLE_WORDS).set([MAGIC, PREAMBLE_VERSION, rootBytes.byteLength, 0]);
    preamble.set(rootBytes, PREAMBLE_WORDS * 4);
    return staged.append(preamble) ? staged : (this.failed(root), undefined);
  }

  /** Says once per store that saving failed (a full disk fails every save after it); always false. */
  private failed(root: string): false {
    if (!this.failureLogged) this.log.warn(`file index: the list of ${root} could not be saved in ${this.dir} (later failures are not reported); the index keeps working from the disk`);
    this.failureLogged = true;
    return false;
  }

  private fileFor(root: string): string {
    return path.join(this.dir, `${createHash('sha256').update(root).digest('hex').slice(0, 32)}.list`);
  }
}

/** The preamble's bytes: its words and the root, padded so that the snapshot after it starts on an 8-byte boundary. */
function preambleLength(rootBytes: number): number {
  return (PREAMBLE_WORDS * 4 + rootBytes + 7) & ~7;
}

/** Fills `into` from `position`; false at the end of the file. */
function readAt(fd: number, into: Uint8Array, position: number): boolean {
  for (let at = 0; at < into.byteLength; ) {
    const n = fs.readSync(fd, into, at, into.byteLength - at, position + at);
    if (n === 0) return false;
    at += n;
  }
  return true;
}

function closed(fd: number): undefined {
  closeQuietly(fd);
  return undefined;
}

/** Temporary files of saves that never finished (a server killed mid-save), once they are old enough not to be one in progress. */
function removeStaleTemps(dir: string): void {
  try {
    const now = Date.now();
    for (const name of fs.readdirSync(dir)) {
      if (!isTempBeside(name)) continue;
      const file = path.join(dir, name);
      const st = fs.statSync(file, { throwIfNoEntry: false });
      if (st && now - st.mtimeMs > STALE_TEMP_MS) fs.rmSync(file, { force: true });
    }
  } catch {
    // a later open tries again
  }
}
