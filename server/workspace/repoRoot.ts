import * as fsp from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The nearest folder at or above `start` holding a `.git` entry (a folder, or the file a
 * worktree has), or undefined. Only existence is checked, nothing is read, so this may
 * look above the workspace roots, as the agent does when it looks for the repository root.
 */
export async function findRepoRoot(start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    try {
      await fsp.lstat(path.join(dir, '.git'));
      return dir;
    } catch {
      // absent or unreadable: keep looking upwards
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
