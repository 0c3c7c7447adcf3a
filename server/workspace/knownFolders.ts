/**
 * Folders kept by one analysis's real-path resolution: a workspace of 100,000 folders keeps
 * them all, and a larger one resolves the rest name by name, as without them.
 */
const MAX_KEPT = 100_000;

/**
 * The real path of each folder resolved while one analysis runs (`Confinement.resolvingOnce`),
 * by its absolute path as written (POSIX): a path below one is resolved from there, the names
 * above it not looked at again.
 */
export class KnownFolders {
  private readonly kept = new Map<string, { real: string; hops: number }>();

  /** `folder` leads to `real`, through `hops` symbolic links. */
  keep(folder: string, real: string, hops: number): void {
    if (this.kept.size < MAX_KEPT) this.kept.set(folder, { real, hops });
  }

  /** The deepest kept folder that is `p` or holds it, with its real path; undefined when none is. */
  nearest(p: string): { folder: string; real: string; hops: number } | undefined {
    if (this.kept.size === 0) return undefined;
    // Each step drops one name: as many steps as `p` has names, and a warm walk stops at the first.
    for (let at = p; at.length > 1; at = at.slice(0, at.lastIndexOf('/'))) {
      const kept = this.kept.get(at);
      if (kept !== undefined) return { folder: at, ...kept };
    }
    return undefined;
  }
}
