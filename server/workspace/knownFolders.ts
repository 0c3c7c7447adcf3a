import * as fs from 'node:fs';

/**
 * Folders kept by one analysis's real-path resolution: a workspace of 100,000 folders keeps
 * them all, and a larger one resolves the rest name by name, as without them.
 */
const MAX_KEPT = 100_000;
/**
 * Characters kept (each folder's path as written and its real path): 100,000 folders of
 * 3,800-character paths would otherwise hold over half a gigabyte (20,000 of them kept 119
 * MiB, measured). Past it the rest are resolved name by name, as without them.
 */
export const MAX_KEPT_CHARS = 8_000_000;

interface Kept {
  real: string;
  hops: number;
}

/**
 * The real path of each folder resolved while one analysis runs (`Confinement.resolvingOnce`),
 * by its absolute path as written (POSIX): a path below one is resolved from there, the names
 * above it not looked at again. A kept folder is used only while its real path is still the one
 * kept (`realPathNow`); a folder swapped for a link, a link for a folder, or a folder moved out
 * (same device and inode) with a link to it left in its place, is dropped and resolved anew.
 */
export class KnownFolders {
  private readonly kept = new Map<string, Kept>();
  private chars = 0;
  private closed = false;
  /** Kept folders looked at on disk (`realPathNow`: one each on Linux, else one a name) since `takeChecks` last asked. */
  private checks = 0;

  /** `folder` (a folder) leads to `real` through `hops` symbolic links. */
  keep(folder: string, real: string, hops: number): void {
    if (this.closed || this.kept.size >= MAX_KEPT) return;
    const before = this.kept.get(folder);
    const chars = folder.length + real.length - (before ? folder.length + before.real.length : 0);
    if (this.chars + chars > MAX_KEPT_CHARS) return;
    this.chars += chars;
    this.kept.set(folder, { real, hops });
  }

  /** The deepest kept folder that is `p` or holds it and still leads where it did, with its real path; undefined when none is. */
  nearest(p: string): { folder: string; real: string; hops: number } | undefined {
    if (this.kept.size === 0) return undefined;
    // Each step drops one name: as many steps as `p` has names, and a warm walk stops at the first.
    for (let at = p; at.length > 1; at = at.slice(0, at.lastIndexOf('/'))) {
      const kept = this.kept.get(at);
      if (kept === undefined) continue;
      this.checks += procFdNames() ? 1 : at.split('/').length - 1;
      if (realPathNow(at) === kept.real) return { folder: at, real: kept.real, hops: kept.hops };
      this.kept.delete(at);
      this.chars -= at.length + kept.real.length;
    }
    return undefined;
  }

  /** How many kept folders were looked at on disk since last asked (counted with the names resolved). */
  takeChecks(): number {
    const n = this.checks;
    this.checks = 0;
    return n;
  }

  /** The analysis ended: nothing is kept or used any more (work it started that runs on sees none). */
  close(): void {
    this.closed = true;
    this.kept.clear();
    this.chars = 0;
  }

  get open(): boolean {
    return !this.closed;
  }

  /** Characters kept (paths as written and real paths), for tests. */
  get keptChars(): number {
    return this.chars;
  }
}

let procFd: boolean | undefined;

/** Whether the kernel names the file an open descriptor holds (`/proc/self/fd/N`, Linux). */
function procFdNames(): boolean {
  return (procFd ??= process.platform === 'linux' && fs.existsSync('/proc/self/fd'));
}

/**
 * The real path `folder` leads to now, undefined when it cannot be told (missing, not a
 * folder, not readable). On Linux the folder is opened and the kernel asked which one it
 * opened: three system calls whatever its depth, where comparing the device and inode would
 * miss a folder moved out of the workspace with a link to it left in its place. Elsewhere
 * `realpath(3)`, one look a name.
 */
function realPathNow(folder: string): string | undefined {
  if (procFdNames()) {
    let fd: number | undefined;
    try {
      fd = fs.openSync(folder, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }
  try {
    return fs.realpathSync.native(folder);
  } catch {
    return undefined;
  }
}
