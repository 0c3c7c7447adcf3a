import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { PROJECT_CONFIG_FILE } from './projectConfig';

/**
 * What marks a project root: the agents' rule folders and files, agentls's own config,
 * and a `.git` entry (a folder, or the file a worktree has). The same list as the Neovim
 * set-up's `root_markers` (editors/nvim), plus `agentls.json`.
 */
export const ROOT_MARKERS = ['.xcsh', '.cursor', '.windsurf', '.clinerules', '.agents', PROJECT_CONFIG_FILE, '.git'];

/**
 * The nearest folder at or above `start` holding a root marker; `start` itself when there
 * is none. The home directory and the file system root are never chosen: the agents'
 * user-level folders live in the home directory, and neither is a project.
 */
export async function findProjectRoot(start: string, home: string): Promise<string> {
  return (await findMarkedRoot(start, home)) ?? path.resolve(start);
}

/** The nearest folder at or above `start` holding a root marker, below the home directory and the file system root; undefined when there is none. */
export async function findMarkedRoot(start: string, home: string): Promise<string | undefined> {
  const stop = path.resolve(home);
  for (let dir = path.resolve(start); ; ) {
    if (dir === stop) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    for (const marker of ROOT_MARKERS) {
      try {
        await fsp.lstat(path.join(dir, marker));
        return dir;
      } catch {
        // absent or unreadable: try the next marker
      }
    }
    dir = parent;
  }
}

/** Why `dir` cannot be a workspace root (missing, not a folder), or undefined when it can. */
export async function rootProblem(dir: string): Promise<string | undefined> {
  try {
    const st = await fsp.stat(dir);
    return st.isDirectory() ? undefined : `${dir} is not a folder`;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `${dir} does not exist` : `cannot open ${dir}: ${(err as Error).message}`;
  }
}
