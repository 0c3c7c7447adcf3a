import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import { realpathOfLongestPrefix } from '../workspace/confine';
import { DEFAULT_MAX_TEXT_BYTES, type FileSystem } from '../workspace/fs';
import { goesRoundInALoop } from '../workspace/links';
import { isAbsolutePath, relativeInside, resolveWritten, uriToPath } from '../workspace/paths';
import type { WorkspaceSession } from '../workspace/session';
import { fileIdentity } from '../workspace/write';
import type { AbsorbOptions } from './absorb';
import type { HostRead, PatchHost } from './plan';
import type { Generation } from './snapshots';

/**
 * The patch host over a workspace: header paths are relative to `base` (the workspace
 * folder owning the patch) or absolute inside the workspace; anything that lies outside
 * every root, or leaves it through a symlink, is refused and never read. Files are read
 * through `fs` (the disk for the CLI, open buffers over the disk for the server).
 */
export interface WorkspaceHostOptions {
  session: WorkspaceSession;
  fs: FileSystem;
  /** The folder relative paths start from. */
  base: string;
  generations?: (path: string) => readonly Generation[];
  options?: AbsorbOptions;
  /** Larger files are refused (default 16 MiB). */
  maxBytes?: number;
}

/**
 * The refusal of a path named inside a root that confinement refuses for having no real path
 * because its links go round in a loop: said as a loop (unreadable), not as lying outside the
 * workspace, which would send the user looking for a path that leaves the root. Undefined for
 * anything else; outside the roots the disk is not asked.
 */
export function loopRefusal(session: Pick<WorkspaceSession, 'rootOf'>, abs: string, shown: string, never: string): string | undefined {
  return session.rootOf(abs) !== undefined && goesRoundInALoop(abs) ? `${shown} is a symbolic link that goes round in a loop; ${never}` : undefined;
}

export function workspaceHost(o: WorkspaceHostOptions): PatchHost {
  return {
    resolve(text) {
      const written = headerPath(text);
      if (!written.ok) return written;
      const abs = resolveWritten(o.base, written.path);
      if (!o.session.rootOf(abs) || !o.session.allows(abs)) {
        const loop = loopRefusal(o.session, abs, text, 'a patch never reads or writes it');
        if (loop) return { ok: false, kind: 'unreadable', message: loop };
        return { ok: false, message: `${text} lies outside the workspace; a patch never reads or writes it` };
      }
      return { ok: true, path: abs };
    },
    normalize(raw) {
      const written = headerPath(raw);
      const text = written.ok ? written.path : raw;
      if (!isAbsolutePath(text)) return text;
      const rel = relativeInside(o.base, text);
      return rel === undefined || rel === '' ? text : rel;
    },
    read: async (p) => {
      const r = await readForPatch(o.fs, p, o.maxBytes ?? DEFAULT_MAX_TEXT_BYTES);
      // A missing file is one the patch may create, unless a file or a link to nothing stands where a folder on its way should be (`a.txt/new.txt`): said at the plan (and a dry run), not when the write fails.
      const blocker = r.kind === 'missing' ? await noFolderOnTheWay(p) : undefined;
      return blocker ? { kind: 'error', error: 'unreadable', message: `${p} cannot be created: ${blocker}` } : r;
    },
    // Every link on the way resolved (a linked folder too), so a file the patch would create is known by where it lands.
    identity: async (p) => (await fileIdentity(realpathOfLongestPrefix(p) ?? p)).keys,
    generations: o.generations,
    options: o.options,
  };
}

/**
 * Whether a file name is longer than the file system takes. Linux: NAME_MAX, 255 bytes
 * (`include/uapi/linux/limits.h`). Windows: 255 characters a component (Microsoft's "Maximum
 * Path Length Limitation"). macOS: APFS takes 255 UTF-8 characters (Apple's APFS guide; not
 * checked here by running it). Off Linux the name is counted in UTF-16 units, which never
 * refuses a name of 255 characters of the Basic Multilingual Plane. Refused before the disk is
 * asked, which answers ENAMETOOLONG from wherever a check happens to look (the confinement
 * check took it for "outside the workspace").
 */
function nameTooLong(name: string): boolean {
  return process.platform === 'linux' ? Buffer.byteLength(name, 'utf8') > 255 : name.length > 255;
}

/**
 * The path a header names. A `file:` URI is the path it stands for (confined like any
 * other); any other `scheme://` is refused. Read as a plain path, `§file:///a` would
 * name `<folder>/file:/a` and create it.
 */
export function headerPath(text: string): { ok: true; path: string } | { ok: false; message: string; kind?: 'input_error' } {
  if (/^file:/i.test(text)) {
    const p = uriToPath(text);
    return p ? { ok: true, path: p } : { ok: false, message: `${text} is not a file URI a patch can use; write the path instead` };
  }
  if (text.includes('\0')) return { ok: false, kind: 'input_error', message: 'the header holds a NUL character, which no file name can hold; write the path of a file of the workspace' };
  // A backslash is part of a name outside Windows (`backslashHeader.ts`): only the platform's separators cut.
  const long = text.split(process.platform === 'win32' ? /[\\/]/ : '/').find(nameTooLong);
  if (long !== undefined) {
    const shown = [...text.slice(0, text.indexOf(long))].concat([...long].slice(0, 60)).join('');
    return { ok: false, kind: 'input_error', message: `${shown}… has a name longer than the file system takes; write the path of a file of the workspace` };
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]+):\/\//.exec(text);
  if (scheme) return { ok: false, kind: 'input_error', message: `${text} is a ${scheme[1]}: URL; a patch header names a file of the workspace` };
  // No shell expands a header: `~/x` would be a folder named `~` in the workspace, and `a.txt/` reads as the file `a.txt`.
  if (text === '~' || text.startsWith('~/')) return { ok: false, message: `${text} starts with ~, which a patch does not expand to a home folder; write the path relative to the workspace` };
  if (/[\\/]$/.test(text)) return { ok: false, kind: 'input_error', message: `${text} ends with a slash, so it names a folder; a patch header names a file` };
  return { ok: true, path: text };
}

export async function readForPatch(fs: FileSystem, p: string, maxBytes: number): Promise<HostRead> {
  const r = await fs.readText(p, { maxBytes });
  if (r.ok) return { kind: 'text', text: r.text };
  switch (r.reason) {
    case 'not-found':
      return { kind: 'missing' };
    case 'outside-workspace':
      return { kind: 'error', error: 'outside_workspace', message: `${p} lies outside the workspace; a patch never reads or writes it` };
    case 'too-large':
      return { kind: 'error', error: 'too_large', message: `${r.message}; hashline patches edit files up to ${maxBytes} bytes` };
    case 'binary':
      return { kind: 'error', error: 'unreadable', message: `${p} is a binary file; hashline patches edit text files only` };
    case 'invalid-utf8':
      return { kind: 'error', error: 'unreadable', message: `${p} is not valid UTF-8; hashline patches edit UTF-8 text files only` };
    default:
      return { kind: 'error', error: 'unreadable', message: r.message };
  }
}

/**
 * Why no folder can be made above a missing path, or undefined: the nearest thing there is
 * above it (links followed) is a file, or a symbolic link that leads nowhere (a write cannot
 * make a folder through it). Climbs at most the path's depth.
 */
async function noFolderOnTheWay(p: string): Promise<string | undefined> {
  for (let dir = path.dirname(p); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    // Not the host's `FileSystem.stat`: that one never follows a link, and a linked folder is a folder here.
    const st = await nodeFs.promises.stat(dir).catch(() => undefined);
    if (st) return st.isDirectory() ? undefined : `${dir} is a file, not a folder`;
    if ((await nodeFs.promises.lstat(dir).catch(() => undefined))?.isSymbolicLink()) return `${dir} is a symbolic link to a folder that does not exist`;
  }
  return undefined;
}
