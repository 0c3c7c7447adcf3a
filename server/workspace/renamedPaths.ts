import * as path from 'node:path';
import { relativeInside, toPosix } from './paths';
import { countWork } from './testCounts';

/**
 * Files or folders being renamed (LSP `workspace/willRenameFiles`), and where a path goes
 * with them. Pure path arithmetic: nothing here reads the disk.
 */
export interface PathMove {
  /** Absolute path before the rename. */
  from: string;
  /** Absolute path after it. */
  to: string;
}

/**
 * Where `p` lies after the moves: the new name of the file, or of the folder holding it (the
 * nearest one moved); `p` itself when none touches it. Each of `p`'s folders is looked up in
 * the moves indexed by old path, so a reference costs the depth of its path, not the length of
 * the request (an editor sends one entry per file of a selection dragged elsewhere: thousands).
 */
export function afterMoves(p: string, moves: readonly PathMove[]): string {
  const byOldPath = indexOf(moves);
  let steps = 0;
  try {
    // Absolute and normalized, as every path here is (`uriToPath`, `path.resolve`): each `dirname` is one folder up, to the file system's root.
    for (let at = p, rest: string[] = []; ; at = path.dirname(at)) {
      steps++;
      const to = byOldPath.get(at);
      if (to !== undefined) return rest.length === 0 ? to : path.join(to, ...rest.reverse());
      if (path.dirname(at) === at) return p;
      rest.push(path.basename(at));
    }
  } finally {
    countWork('rename-path-steps', steps);
  }
}

/** The moves of one request by old path, made once for the request: the first move of a path wins. */
const indexes = new WeakMap<readonly PathMove[], Map<string, string>>();

function indexOf(moves: readonly PathMove[]): Map<string, string> {
  let index = indexes.get(moves);
  if (!index) {
    index = new Map();
    for (const m of moves) if (!index.has(m.from)) index.set(m.from, m.to);
    indexes.set(moves, index);
  }
  return index;
}

/**
 * One file's replacements for a rename, or none and why: a file holding more references than
 * agentls reads gets no edit, `overLimit` saying so, rather than one that moves only some of them.
 */
export interface FileRenames {
  edits: Replacement[];
  overLimit?: string;
}

/** A replacement of `text.slice(start, end)` by `text`, in UTF-16 offsets. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/**
 * How a path `written` as a reference names `target` (absolute) from `base`, in the form it
 * was written: absolute stays absolute, `~/` stays under `home`, a relative path stays
 * relative to `base` and keeps a leading `./` and a trailing `/`. Always `/`-separated when relative.
 */
export function writtenLike(written: string, target: string, base: string, home?: string): string {
  if (written.startsWith('~/') && home !== undefined) {
    const rel = relativeInside(home, target);
    if (rel !== undefined) return `~/${rel}`;
  }
  if (path.isAbsolute(written) || /^[A-Za-z]:[\\/]/.test(written)) return target;
  let rel = toPosix(path.relative(base, target)) || '.';
  if (/^\.\/./.test(written) && !rel.startsWith('../') && rel !== '.') rel = `./${rel}`;
  if (written.endsWith('/') && !rel.endsWith('/')) rel += '/';
  return rel;
}
