import * as path from 'node:path';
import type { FileStat, FileSystem } from '../workspace/fs';
import { shortened } from '../core/shortText';
import { resolveRelativeInside } from '../workspace/paths';

/** What the refs engine needs of the workspace to judge a path. */
export interface RefEnvironment {
  /** The confined file system (open buffers overlaid in the server). */
  fs: FileSystem;
  /** The workspace folder of the prompt document: `file_references` paths are relative to it. */
  root: string | undefined;
  /** Whether a path may be read (inside the roots, through symlinks too). */
  allows(p: string): boolean;
  /** Entries looked up on disk at most (default `LIMITS.promptEntriesResolved`); a batch check looks up all. */
  maxEntriesResolved?: number;
}

export type Resolution =
  | { status: 'found'; abs: string; stat: FileStat }
  | { status: 'missing'; abs: string }
  | { status: 'outside'; reason: string };

/** Resolves an entry's path to a file of the workspace, without reading it. */
export async function resolveReference(rel: string, env: RefEnvironment): Promise<Resolution> {
  if (!env.root) return { status: 'outside', reason: 'the document is in no workspace folder' };
  const abs = resolveRelativeInside(env.root, rel);
  if (!abs) {
    // `resolveRelativeInside` refuses a NUL too: no file name can hold one (POSIX, and Node's fs rejects it).
    if (rel.includes('\0')) return { status: 'outside', reason: `${shortened(rel.replaceAll('\0', '\\0'))} holds a NUL character, which no file name can hold` };
    const why = rel.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(rel) ? 'is an absolute path' : 'climbs out of the workspace folder';
    return { status: 'outside', reason: `${shortened(rel)} ${why}; paths are relative to the workspace folder` };
  }
  if (!env.allows(abs)) return { status: 'outside', reason: `${shortened(rel)} resolves outside the workspace (through a symbolic link, or one that cannot be resolved)` };
  const stat = await env.fs.stat(abs);
  return stat ? { status: 'found', abs, stat } : { status: 'missing', abs };
}

/**
 * An entry path as `resolveReference` places it, for telling which entries name one file:
 * `./src/a.ts` and `src/a.ts` are the same file to the agent, so one id serves both.
 */
export function referencePathKey(rel: string): string {
  return path.posix.normalize(rel);
}
