import * as path from 'node:path';
import { relativeInside, toPosix } from './paths';

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

/** Where `p` lies after the moves: the new name of the file, or of the folder holding it; `p` itself when none touches it. */
export function afterMoves(p: string, moves: readonly PathMove[]): string {
  for (const m of moves) {
    const rel = relativeInside(m.from, p);
    if (rel === undefined) continue;
    return rel === '' ? m.to : path.join(m.to, ...rel.split('/'));
  }
  return p;
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
