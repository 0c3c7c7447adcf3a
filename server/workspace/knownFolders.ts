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
  /** What `real` was on disk when kept, to see that the folder still leads to it. */
  dev: number;
  ino: number;
  /** The folder's last name was a link (followed to `real`); otherwise it must still be the folder itself, no link. */
  viaLink: boolean;
}

/**
 * The real path of each folder resolved while one analysis runs (`Confinement.resolvingOnce`),
 * by its absolute path as written (POSIX): a path below one is resolved from there, the names
 * above it not looked at again. A kept folder is used only while it still leads to the very
 * folder it led to (one `lstat`, or `stat` where its last name was a link, compared by device
 * and inode); a folder swapped for a link, or a link for a folder, is dropped and resolved anew.
 */
export class KnownFolders {
  private readonly kept = new Map<string, Kept>();
  private chars = 0;
  private closed = false;
  /** Kept folders looked at on disk (`stillLeadsThere`) since `takeChecks` last asked. */
  private checks = 0;

  /** `folder` leads to `real` (whose `lstat` is `st`), through `hops` symbolic links, its last name one when `viaLink`. */
  keep(folder: string, real: string, hops: number, st: fs.Stats, viaLink: boolean): void {
    if (this.closed || this.kept.size >= MAX_KEPT) return;
    const before = this.kept.get(folder);
    const chars = folder.length + real.length - (before ? folder.length + before.real.length : 0);
    if (this.chars + chars > MAX_KEPT_CHARS) return;
    this.chars += chars;
    this.kept.set(folder, { real, hops, dev: st.dev, ino: st.ino, viaLink });
  }

  /** The deepest kept folder that is `p` or holds it and still leads where it did, with its real path; undefined when none is. */
  nearest(p: string): { folder: string; real: string; hops: number } | undefined {
    if (this.kept.size === 0) return undefined;
    // Each step drops one name: as many steps as `p` has names, and a warm walk stops at the first.
    for (let at = p; at.length > 1; at = at.slice(0, at.lastIndexOf('/'))) {
      const kept = this.kept.get(at);
      if (kept === undefined) continue;
      this.checks++;
      if (stillLeadsThere(at, kept)) return { folder: at, real: kept.real, hops: kept.hops };
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

function stillLeadsThere(folder: string, kept: Kept): boolean {
  try {
    const st = kept.viaLink ? fs.statSync(folder, { throwIfNoEntry: false }) : fs.lstatSync(folder, { throwIfNoEntry: false });
    return st !== undefined && st.ino === kept.ino && st.dev === kept.dev && st.isDirectory();
  } catch {
    return false;
  }
}
