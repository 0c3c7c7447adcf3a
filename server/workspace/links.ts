import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_LINK_HOPS, realpathOfLongestPrefix } from './confine';

/*
 * Symbolic links in rule folders, as the rules engine and the linters describe and watch
 * them. The links asked about lie in the workspace; each function reads the link itself and
 * looks at what it names with a stat, never an open. For a link out of the workspace that is
 * whether its target exists or is a folder, never its content.
 */

/** Where a link points, one step, as an absolute path (it may not exist); undefined when `link` is not a link. */
export function linkLeadsTo(link: string): string | undefined {
  try {
    return path.resolve(path.dirname(link), fs.readlinkSync(link));
  } catch {
    return undefined;
  }
}

/**
 * Every place a chain of links passes through after `link`, in order (each may not exist):
 * `a → b → c` gives b and c. Empty when `link` is not a link; stops after 40 hops or a loop.
 */
export function linkChain(link: string): string[] {
  const chain: string[] = [];
  for (let at = linkLeadsTo(link); at !== undefined && chain.length < MAX_LINK_HOPS && !chain.includes(at) && at !== link; at = linkLeadsTo(at)) chain.push(at);
  return chain;
}

/**
 * What is wrong with a link that cannot be followed to a file, in words that finish "a
 * symbolic link that …": it leads to nothing, to a folder, or round a loop. Undefined when
 * `link` is not a link or leads to a file, or, with `folderWanted` (a link standing for a
 * rule folder), to a folder.
 */
export function brokenLinkReason(link: string, options: { folderWanted?: boolean } = {}): string | undefined {
  let written: string;
  try {
    written = fs.readlinkSync(link);
  } catch {
    return undefined;
  }
  try {
    const st = fs.statSync(link);
    if (st.isDirectory()) return options.folderWanted ? undefined : `leads to a folder, ${written}, not a file`;
    return st.isFile() ? undefined : `leads to ${written}, which is not a regular file (a pipe, socket or device)`;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return `goes round in a loop (${path.basename(link)} → ${written} → …) and never reaches a file`;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // Through other links: name the place that is missing, not the first hop, which is there.
      const chain = linkChain(link);
      const end = chain[chain.length - 1];
      return chain.length > 1 ? `leads through ${written} to ${path.relative(path.dirname(link), end)}, which does not exist` : `leads to ${written}, which does not exist`;
    }
    return undefined;
  }
}

/**
 * What keeps a link standing for a rule folder from being one, in words that finish "a
 * symbolic link that …": it leads to nothing or round a loop (`brokenLinkReason`), or to a
 * file, which no tool can list as a folder (POSIX opendir(3), under every `readdir`, fails on
 * one with ENOTDIR; that the tools then read no rules there is taken, nothing documents it).
 * Undefined when `link` is not a link or leads to a folder. A stat through it, never an open.
 */
export function ruleFolderLinkReason(link: string): string | undefined {
  const broken = brokenLinkReason(link, { folderWanted: true });
  if (broken !== undefined) return broken;
  const file = fileInPlaceOfFolder(link);
  return file?.link === undefined ? undefined : `leads to a file, ${file.link}, not a folder`;
}

/**
 * A regular file where a folder is wanted (a rule folder, or the folder above one:
 * `.cursor/rules` written as one file, as the legacy `.cursorrules` was), or a link leading
 * to one (`link`: where, as written), or a named pipe, socket or device there (`special`: what
 * it is, in words). No tool can list any of them as a folder (POSIX opendir(3), under every
 * `readdir`, fails with ENOTDIR). Undefined for anything else or nothing there. An lstat and
 * a stat, never an open: opening a named pipe blocks until a writer comes.
 */
export function fileInPlaceOfFolder(p: string): { link?: string; special?: string } | undefined {
  try {
    const st = fs.lstatSync(p);
    if (st.isFile()) return {};
    const special = specialKind(st);
    if (special !== undefined) return { special };
    return st.isSymbolicLink() && fs.statSync(p).isFile() ? { link: fs.readlinkSync(p) } : undefined;
  } catch {
    return undefined;
  }
}

/** What an entry that is neither file, folder nor link is, in words; undefined for those. */
function specialKind(st: fs.Stats): string | undefined {
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return undefined;
}

/**
 * Where `link` leads, as written, when that folder holds the link itself (`packages/web/.cursor/rules`
 * → `../../..`): whoever walks it meets the link again inside, and again, a loop no stat
 * reports (ELOOP is for links that never reach anything). Undefined otherwise. Two realpaths,
 * never a listing; for a link in the workspace that leads into it.
 */
export function linkHoldingItself(link: string): string | undefined {
  try {
    const written = fs.readlinkSync(link);
    const target = fs.realpathSync.native(link);
    const at = path.join(fs.realpathSync.native(path.dirname(link)), path.basename(link));
    return at === target || at.startsWith(target.endsWith(path.sep) ? target : target + path.sep) ? written : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How many symbolic links lie on the way from `folder` down to `p`, `p` itself included and
 * `folder` not (`.roo/rules/l1/sub/l2` with `l1` and `l2` links: 2). One lstat per name below
 * `folder`, nothing followed to its end; 0 where `p` is not below `folder`.
 */
export function linksOnTheWay(folder: string, p: string): number {
  const rel = path.relative(folder, p);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return 0;
  let count = 0;
  let at = folder;
  for (const name of rel.split(path.sep)) {
    at = path.join(at, name);
    try {
      if (fs.lstatSync(at).isSymbolicLink()) count++;
    } catch {
      return count;
    }
  }
  return count;
}

/** Whether `link` is a link that leads to a folder (a stat through it, never a listing: it may lead out of the workspace). */
export function linkLeadsToFolder(link: string): boolean {
  try {
    return fs.lstatSync(link).isSymbolicLink() && fs.statSync(link).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether `p` is a folder, or a link to one: a stat, never a listing, for a fixed place
 * whose presence alone changes where an agent looks (Cline's `~/Documents`), outside the
 * places agentls reads.
 */
export function isFolderAt(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Whether following `p` meets the same links again and again (the kernel's ELOOP): confinement refuses such a path too, having no real path for it, and messages say which it is. */
export function goesRoundInALoop(p: string): boolean {
  try {
    fs.statSync(p);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ELOOP';
  }
}

/**
 * Whether `p` is a real folder (not a link) that cannot be listed: its `opendir` refused (no
 * read permission, as the process's user). Opened only once the lstat says it is a folder,
 * and with O_DIRECTORY (opendir's), which fails on anything else rather than block on a pipe.
 * `throughLink`: a link to a folder counts too, for a caller that knows where the link leads
 * (in the workspace): the stat then follows it.
 */
export function unlistableFolder(p: string, throughLink = false): boolean {
  try {
    if (!(throughLink ? fs.statSync(p) : fs.lstatSync(p)).isDirectory()) return false;
  } catch {
    return false;
  }
  try {
    fs.opendirSync(p).closeSync();
    return false;
  } catch {
    return true;
  }
}

/**
 * Where the missing `p` has to be made for it to be there, when a symbolic link on the way from
 * `from` down to it leads to nothing (`~/.claude/rules → /nowhere`: `/nowhere`; `~/.roo → /gone`,
 * for `~/.roo/rules`: `/gone/rules`), resolved name by name as the kernel resolves it. Undefined
 * when no link lies on the way (`p` is made where it is written) or the links go round a loop.
 * Lstats and readlinks, nothing opened.
 */
export function whereLinkedPlaceGoes(from: string, p: string): string | undefined {
  return linksOnTheWay(from, p) === 0 ? undefined : realpathOfLongestPrefix(p);
}
