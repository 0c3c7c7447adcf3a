import * as fs from 'node:fs';
import { promisify } from 'node:util';
import { tempBeside } from './write';

const fsyncAsync = promisify(fs.fsync);

/**
 * One of agentls's own files (a cache) written a piece at a time and put in place by one
 * rename: until `commit` the file keeps its previous content, whoever reads it; a process
 * killed meanwhile leaves the previous file and a stray temporary one beside it (see
 * `isTempBeside`). Not for workspace files: those go through `writeFilesAtomically`, which
 * checks what it replaces.
 */
export class StagedFile {
  private fd: number | undefined;
  private readonly temp: string;

  /** Throws when the temporary file cannot be created. */
  constructor(private readonly target: string) {
    this.temp = tempBeside(target);
    this.fd = fs.openSync(this.temp, 'wx', 0o644);
  }

  /** Appends bytes; false (and the staged file removed) when the write failed. */
  append(bytes: Uint8Array): boolean {
    if (this.fd === undefined) return false;
    try {
      for (let at = 0; at < bytes.byteLength; ) at += fs.writeSync(this.fd, bytes, at, bytes.byteLength - at);
      return true;
    } catch {
      this.discard();
      return false;
    }
  }

  /**
   * Puts the staged file in place. Its bytes reach the disk first, on libuv's threads (a
   * 16 MB file takes tens of milliseconds there), so that the rename never exposes a file
   * whose blocks a machine crash could still lose.
   */
  async commit(): Promise<boolean> {
    const fd = this.fd;
    if (fd === undefined) return false;
    try {
      await fsyncAsync(fd);
    } catch {
      this.discard();
      return false;
    }
    return this.finish(fd);
  }

  /** `commit` holding the thread throughout (at shutdown). */
  commitSync(): boolean {
    const fd = this.fd;
    if (fd === undefined) return false;
    try {
      fs.fsyncSync(fd);
    } catch {
      this.discard();
      return false;
    }
    return this.finish(fd);
  }

  /** Removes the staged file; the target keeps its content. */
  discard(): void {
    if (this.fd !== undefined) closeQuietly(this.fd);
    this.fd = undefined;
    try {
      fs.rmSync(this.temp, { force: true });
    } catch {
      // left for `isTempBeside`'s sweep
    }
  }

  private finish(fd: number): boolean {
    // A discard while the bytes were being synced: nothing to put in place.
    if (this.fd !== fd) return false;
    this.fd = undefined;
    closeQuietly(fd);
    try {
      fs.renameSync(this.temp, this.target);
      return true;
    } catch {
      this.discard();
      return false;
    }
  }
}

/** Closes a descriptor whose file is done with; one already closed is no error. */
export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // already closed
  }
}
