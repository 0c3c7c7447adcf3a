import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { PROJECT_CONFIG_FILE } from './projectConfig';
import { realOr } from './roots';

/**
 * What marks a project root: the agents' rule folders and files (those the VS Code extension
 * activates on, editors/vscode/package.json), agentls's own config, and a `.git` entry (a
 * folder, or the file a worktree has). The Neovim set-up's `root_markers` (editors/nvim) are
 * the same list: test/cli/projectRootMarkers.test.ts holds them equal. The single rule files
 * here each carry one agent's own name and are read at the workspace root alone (Cursor's
 * `.cursorrules`, agents/cursor.ts; Windsurf's `.windsurfrules`, agents/windsurf.ts; Cline's
 * `.clinerules`, agents/cline.ts, which the xcsh agent reads as the nearest above where it runs,
 * agents/xcsh.ts; Roo Code's `.roorules`, agents/roo.ts; Zed reads the first three too, at its
 * root, agents/zed.ts): a package holding one is opened as that agent's workspace, and rooting
 * there checks the file as that agent reads it.
 */
export const ROOT_MARKERS = [
  '.xcsh',
  '.cursorrules',
  '.windsurfrules',
  '.agent',
  '.agents',
  '.clinerules',
  '.cline',
  '.roorules',
  PROJECT_CONFIG_FILE,
  '.git',
];

/**
 * Files that mark a root only where no folder above holds one of ROOT_MARKERS, but before
 * SECONDARY_ROOT_MARKERS: Zed reads its `.rules` at a worktree's root alone (agents/zed.ts), so
 * where nothing else marks a project it is the top of one, over a package's `.claude`; but the
 * name is one other tools and people give their own files too, and a stray one in a package of
 * a repository must not take the root from its `.git`. The Neovim set-up's `generic_root_markers`.
 */
export const GENERIC_ROOT_MARKERS = ['.rules'];

/**
 * Folders that mark a root only where no folder above holds one of ROOT_MARKERS or
 * GENERIC_ROOT_MARKERS: they sit in a package of a repository too (Cursor reads a package's nested `.cursor/rules`, Windsurf a
 * subfolder's `.windsurf/rules` (agents/cursor.ts, agents/windsurf.ts); Claude Code writes
 * `.claude/settings.local.json` in whatever folder it is started in; a package may keep a
 * `.github` or `.devin` of its own; `.continue` holds Continue's settings too, and a package may
 * keep one as a `.kiro` or `.roo`), and must not take the root from the repository's `.git`,
 * whose rules those tools apply there too. The Neovim set-up's `secondary_root_markers`.
 */
export const SECONDARY_ROOT_MARKERS = ['.cursor', '.windsurf', '.devin', '.claude', '.github', '.kiro', '.gemini', '.codex', '.roo', '.continue'];

/**
 * Files that mark a root only where no folder above holds one of the markers above: Claude Code
 * reads CLAUDE.md and CLAUDE.local.md in subfolders too, and AGENTS.md readers read nested
 * ones, so such a file in a package of a git project must not take the root from `.git`. The
 * Neovim set-up's `fallback_root_markers`.
 */
export const FALLBACK_ROOT_MARKERS = ['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'GEMINI.md'];

/**
 * The nearest folder at or above `start` holding a root marker; `start` itself when there
 * is none. The home directory and the file system root are never chosen: the agents'
 * user-level folders live in the home directory, and neither is a project.
 */
export async function findProjectRoot(start: string, home: string): Promise<string> {
  return (await findMarkedRoot(start, home)) ?? path.resolve(start);
}

/**
 * The nearest folder at or above `start` holding one of ROOT_MARKERS, else the nearest holding
 * one of GENERIC_ROOT_MARKERS, then SECONDARY_ROOT_MARKERS, then FALLBACK_ROOT_MARKERS, below the
 * home directory and the file system root; undefined when there is none.
 */
export async function findMarkedRoot(start: string, home: string): Promise<string | undefined> {
  return (
    (await findOwnProjectRoot(start, home)) ??
    (await nearestHolding(start, home, SECONDARY_ROOT_MARKERS)) ??
    (await nearestHolding(start, home, FALLBACK_ROOT_MARKERS))
  );
}

/**
 * The nearest folder at or above `start` holding one of ROOT_MARKERS (a repository, agentls.json,
 * an agent's own folder), else one of GENERIC_ROOT_MARKERS, below the home directory and the file
 * system root: a project of its own, never a package's `.cursor` or `CLAUDE.md`, which sit in packages too.
 */
export async function findOwnProjectRoot(start: string, home: string): Promise<string | undefined> {
  return (await nearestHolding(start, home, ROOT_MARKERS)) ?? (await nearestHolding(start, home, GENERIC_ROOT_MARKERS));
}

/** The nearest folder at or above `start` holding one of `markers`, below `home` and the file system root. */
async function nearestHolding(start: string, home: string, markers: readonly string[]): Promise<string | undefined> {
  const stop = path.resolve(home);
  // Any spelling of the home stops the climb: a working folder is its real path, a HOME that is a link names it otherwise, and a
  // path given through a link to the home names it a third way (a realpath a level: the climb is a few levels).
  const realStop = realOr(stop);
  for (let dir = path.resolve(start); ; ) {
    if (dir === stop || dir === realStop || realOr(dir) === realStop) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    for (const marker of markers) {
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
