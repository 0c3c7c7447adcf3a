import * as path from 'node:path';
import { realpathOrUndefined } from './confine';
import { isInside, pathToUri, relativeInside, uriToPath } from './paths';

export interface WorkspaceFolder {
  /** Absolute path. */
  path: string;
  uri: string;
  name: string;
}

/**
 * The workspace folders of a session (one for the CLI, several in an editor, added and
 * removed at run time). The innermost folder containing a path owns it.
 */
export class Roots {
  private list: WorkspaceFolder[] = [];

  get folders(): readonly WorkspaceFolder[] {
    return this.list;
  }

  get paths(): string[] {
    return this.list.map((f) => f.path);
  }

  /** Adds a folder given as a `file:` URI or an absolute path; ignores duplicates and other schemes. */
  add(uriOrPath: string, name?: string): WorkspaceFolder | undefined {
    const p = uriOrPath.includes('://') ? uriToPath(uriOrPath) : path.resolve(uriOrPath);
    if (!p) return undefined;
    const existing = this.list.find((f) => f.path === p);
    if (existing) return existing;
    const folder = { path: p, uri: pathToUri(p), name: name ?? path.basename(p) };
    this.list.push(folder);
    return folder;
  }

  remove(uriOrPath: string): WorkspaceFolder | undefined {
    const p = uriOrPath.includes('://') ? uriToPath(uriOrPath) : path.resolve(uriOrPath);
    const i = this.list.findIndex((f) => f.path === p);
    if (i < 0) return undefined;
    return this.list.splice(i, 1)[0];
  }

  /** The innermost folder containing `target`, if any. */
  folderOf(target: string): WorkspaceFolder | undefined {
    let best: WorkspaceFolder | undefined;
    for (const f of this.list) {
      if (isInside(f.path, target) && (!best || f.path.length > best.path.length)) best = f;
    }
    return best;
  }

  /** `target` relative to its folder, `/`-separated. */
  relative(target: string): { folder: WorkspaceFolder; rel: string } | undefined {
    const folder = this.folderOf(target);
    if (!folder) return undefined;
    return { folder, rel: relativeInside(folder.path, target)! };
  }
}

/**
 * Why a folder must not be indexed (walked in full), or undefined when it may be. The
 * file system root and the home directory are refused: walking them takes minutes and
 * reads far more than any workspace should.
 */
export function indexRefusal(folder: string, home: string): string | undefined {
  const abs = path.resolve(folder);
  // By name, then where links lead: a folder linked to the home (`--root ~/link`), or a home that is a link, is the same walk.
  const real = realOr(abs);
  if (path.dirname(abs) === abs || path.dirname(real) === real) return `${abs} is the file system root; agentls does not index it. Open a project folder instead.`;
  if (abs === path.resolve(home) || real === realOr(path.resolve(home))) return `${abs} is the home directory; agentls does not index it. Open a project folder instead.`;
  return undefined;
}

/** Where `abs` leads with its links followed, or `abs` itself where it cannot be resolved (missing, unreadable). */
export function realOr(abs: string): string {
  return realpathOrUndefined(abs) ?? abs;
}
