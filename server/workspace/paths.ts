import * as path from 'node:path';
import { URI } from 'vscode-uri';

/**
 * Path arithmetic for the whole project. Absolute paths are native (`/` on Linux);
 * workspace-relative paths always use `/`, whatever the platform, because they are
 * what users read, what globs match and what the RAWP payloads carry.
 */

/** The file system path of a `file:` URI; undefined for other schemes. */
export function uriToPath(uri: string): string | undefined {
  if (typeof uri !== 'string' || !/^file:/i.test(uri)) return undefined;
  let parsed: URI;
  try {
    parsed = URI.parse(uri);
  } catch {
    return undefined;
  }
  if (parsed.scheme !== 'file') return undefined;
  // RFC 8089: `file://localhost/p` is the local `/p`; another host names a file elsewhere (a share on Windows, nothing local here).
  if (parsed.authority !== '' && parsed.authority.toLowerCase() !== 'localhost') {
    if (path.sep === '/') return undefined;
  } else if (parsed.authority !== '') parsed = parsed.with({ authority: '' });
  // A folder's URI may end in `/` (Neovim's `vim.uri_from_fname` keeps the one of a `root_dir` written with it); the path is the same without it.
  const p = path.normalize(parsed.fsPath);
  return p.length > path.parse(p).root.length && p.endsWith(path.sep) ? p.slice(0, -1) : p;
}

export function pathToUri(fsPath: string): string {
  return URI.file(fsPath).toString();
}

/** `child` relative to `parent` with `/` separators, or undefined when it lies outside. */
export function relativeInside(parent: string, child: string): string | undefined {
  const start = plainRelativeStart(parent, child);
  if (start !== undefined) return start < 0 ? undefined : child.slice(start);
  const rel = path.relative(parent, child);
  if (rel === '') return '';
  if (rel.startsWith('..') && (rel.length === 2 || rel[2] === path.sep)) return undefined;
  if (path.isAbsolute(rel)) return undefined;
  return toPosix(rel);
}

export function isInside(parent: string, child: string): boolean {
  const start = plainRelativeStart(parent, child);
  return start === undefined ? relativeInside(parent, child) !== undefined : start >= 0;
}

/**
 * Where `child`'s part below `parent` starts (-1 when it lies outside), for two plain
 * absolute POSIX paths, which compare as strings; undefined for other paths (`path.relative`
 * then, which resolves both). `path.relative` cost seconds when a check classified every file
 * of a 92,000-file tree, and again when it placed each of 200,000 listed files in its root.
 */
function plainRelativeStart(parent: string, child: string): number | undefined {
  if (path.sep !== '/' || !isPlainAbsolute(parent) || !isPlainAbsolute(child)) return undefined;
  if (child === parent) return child.length;
  if (parent === '/') return 1;
  return child.length > parent.length && child.charCodeAt(parent.length) === 47 && child.startsWith(parent) ? parent.length + 1 : -1;
}

/**
 * The folders holding `files` (absolute), each file's parent and the folders above it, up
 * to and without `top(file)` (the root the file lies in). Linear in the folders met: the
 * walk up from a file stops at the first folder already taken.
 */
export function foldersHolding(files: Iterable<string>, top: (file: string) => string | undefined): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    const stop = top(file);
    if (stop === undefined) continue;
    for (let d = path.dirname(file); d !== stop && isInside(stop, d) && !out.has(d); d = path.dirname(d)) out.add(d);
  }
  return out;
}

/** Absolute, with no empty, `.` or `..` segment and no trailing slash: what `path.resolve` returns unchanged. */
export function isPlainAbsolute(p: string): boolean {
  return p.charCodeAt(0) === 47 && (p.length === 1 || !NOT_PLAIN.test(p));
}

const NOT_PLAIN = /\/\/|\/\.\.?(\/|$)|\/$/;

export function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

/** Joins a `/`-separated relative path onto a native absolute one. */
export function joinRelative(root: string, rel: string): string {
  return rel === '' ? root : path.join(root, ...rel.split('/'));
}

/** `dir/name.ext` → `{ directory: "dir", name: "name.ext", extension: ".ext" }` (posix input). */
export function splitRelative(rel: string): { directory: string; name: string; extension: string } {
  const slash = rel.lastIndexOf('/');
  const name = slash < 0 ? rel : rel.slice(slash + 1);
  const directory = slash < 0 ? '' : rel.slice(0, slash);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  return { directory, name, extension };
}

export function basename(p: string): string {
  return path.basename(p);
}

/**
 * Resolves a workspace-relative path as documents write it (`src/a.ts`, `./src/a.ts`)
 * against a root. Undefined when it is absolute, empty, or climbs out of the root with
 * `..`: such a path never names a file of the workspace, whatever is on the disk.
 * Symlinks are not resolved here; check the result with the session's confinement.
 */
export function resolveRelativeInside(root: string, rel: string): string | undefined {
  if (rel === '' || rel.includes('\0') || path.isAbsolute(rel) || /^[a-zA-Z]:[\\/]/.test(rel)) return undefined;
  const abs = path.resolve(root, ...rel.split('/'));
  return isInside(root, abs) ? abs : undefined;
}

/**
 * A path as a user or an agent wrote it (in a patch header, a command line): absolute, or
 * relative to `base` with `./` and `../` allowed. Resolved lexically; whether it may be
 * read or written is for the confinement to say.
 */
export function resolveWritten(base: string, written: string): string {
  return path.resolve(base, written);
}

export function isAbsolutePath(p: string): boolean {
  return path.isAbsolute(p);
}

/**
 * A path as users read it: relative to `root` when it lies under it, `~/…` under `home`
 * when given, otherwise absolute; always with `/` separators.
 */
export function displayPath(p: string, root: string | undefined, home?: string): string {
  const rel = root === undefined ? undefined : relativeInside(root, p);
  if (rel) return home === undefined ? rel : notHomeLike(rel);
  const inHome = home === undefined ? undefined : relativeInside(home, p);
  if (inHome) return '~/' + inHome;
  return toPosix(p);
}

/**
 * A relative path where paths of the home are shown from `~`: one whose first folder's name
 * starts with `~` (a folder literally named `~`, or `~bob`) as `./~/x`, which neither a reader
 * nor a shell takes for a home (`~/x`, `~bob/x`: POSIX shells expand both).
 */
export function notHomeLike(rel: string): string {
  return rel.startsWith('~') ? `./${rel}` : rel;
}

/**
 * `message` with its mentions of the path spelt `from` spelt `to` instead (`~/.roo/rules` as
 * `/home/me/.roo/rules`): a message names a file as the report it sits in names the file's
 * path. A mention is `from` not followed by more of a name (`~/.roo/rules-code` is another).
 */
export function respeltPath(message: string, from: string, to: string): string {
  if (from === to || !message.includes(from)) return message;
  return message.split(from).reduce((out, part) => out + (/^[\w.-]/.test(part) ? from : to) + part);
}
