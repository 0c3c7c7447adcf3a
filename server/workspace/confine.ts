import { AsyncLocalStorage } from 'node:async_hooks';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KnownFolders } from './knownFolders';
import { isInside } from './paths';
import { countWork } from './testCounts';

/** Anything that says whether a path may be read (or written). */
export interface PathGuard {
  allows(target: string): boolean;
  /**
   * Whether `target` is named inside what the guard covers, before any link is followed: only
   * there may the disk be asked anything of a refused path, so that a document naming an
   * outside path learns nothing of it (not even that it is a loop of links).
   */
  covers(target: string): boolean;
}

/** A rule location outside the workspace areas, as written and as it lies on disk. */
interface RuleArea {
  /** The absolute path as the agent names it (`/home/u/.clinerules`). */
  lexical: string;
  /**
   * Where its files must really lie: the real path of the folder it hangs from (the root
   * or an ancestor of it) joined with the rest unresolved, so that a symlink at the area
   * itself, or between it and that folder, leads its files out of it.
   */
  real: string;
}

/**
 * Decides whether a path may be read or written: it must lie, after every symlink is
 * resolved, inside one of the workspace areas (the workspace roots and the user-level rule
 * folders). The check resolves the longest existing prefix, so a path to a file that does
 * not exist yet is judged by the real location of its parent; a symlink pointing out of
 * the workspace is refused.
 *
 * Rule areas (the few fixed places the agent reads beside the roots, such as a
 * `.clinerules` in a parent folder) are a second, narrower permission: rule files may be
 * read there (`allowsRuleFile`), nothing else, and never through a symlink that leaves the
 * area. They are not resolved through symlinks when registered: a repository whose
 * `.clinerules` links to `/` must not make the whole disk readable.
 */
export class Confinement implements PathGuard {
  private areas: string[] = [];
  private ruleAreas: RuleArea[] = [];
  /**
   * The real paths of folders resolved in the analysis running now (`resolvingOnce`), seen only
   * by its own async work: a write, the watcher's change filter or another request made
   * meanwhile resolves its paths afresh.
   */
  private readonly analysis = new AsyncLocalStorage<KnownFolders>();
  /**
   * The rule areas by their lexical paths: adding one already there costs no resolution, and
   * the areas holding a path are found by its folders (O(depth)), not by a pass over them all:
   * with 500 Roo Code modes each stat of a mode folder passed over 500 areas, 250,000 path
   * comparisons on each keystroke in a rule file.
   */
  private readonly ruleAreaNames = new Map<string, RuleArea>();

  constructor(areas: Iterable<string> = [], ruleAreas: Iterable<string> = []) {
    this.setAreas(areas, ruleAreas);
  }

  /**
   * Replaces the allowed areas (absolute paths). Workspace areas are allowed as written and
   * as they resolve (a root opened through a symlink); rule areas only as described above.
   */
  setAreas(areas: Iterable<string>, ruleAreas: Iterable<string> = []): void {
    const unique = new Set<string>();
    for (const area of areas) {
      const abs = path.resolve(area);
      unique.add(abs);
      const real = realpathOrUndefined(abs);
      if (real) unique.add(real);
    }
    this.areas = [...unique];
    this.ruleAreas = [];
    this.ruleAreaNames.clear();
    for (const area of ruleAreas) this.addRuleArea(area);
  }

  /**
   * One more rule area, the others kept as they are: a session adds one per place an agent reads
   * (Roo Code's `~/.roo/rules-{mode}` for every mode a workspace names, hundreds in a hostile one),
   * and resolving them all again each time made that quadratic. Resolved once, as `setAreas` does.
   */
  addRuleArea(area: string): void {
    const lexical = path.resolve(area);
    if (this.ruleAreaNames.has(lexical)) return;
    const added = { lexical, real: anchoredRealPath(lexical, this.areas) };
    this.ruleAreaNames.set(lexical, added);
    this.ruleAreas.push(added);
  }

  /**
   * Runs one analysis (a `check` run, the diagnosis of one document version) with the real
   * path of each folder resolved once, each later path judged from its nearest resolved
   * folder: a tree 200 folders deep asked every folder's real path again, name by name, for
   * each of its files and each folder above them, 3 million system calls. Just as strict: a
   * link met on the way is followed as before, a kept folder is used only while its real path
   * is still the one kept (`KnownFolders.nearest`), and only the analysis's own async work uses
   * them (anything else running meanwhile resolves afresh). An analysis started inside
   * another shares its folders; nothing is kept once the outermost one ends.
   */
  async resolvingOnce<T>(work: () => Promise<T>): Promise<T> {
    if (this.known) return work();
    const known = new KnownFolders();
    try {
      return await this.analysis.run(known, work);
    } finally {
      known.close();
    }
  }

  /** The folders the analysis this runs in resolved; undefined outside one (or after it ended, in work it left running). */
  private get known(): KnownFolders | undefined {
    const known = this.analysis.getStore();
    return known?.open ? known : undefined;
  }

  /** `noLinkOnTheWay`, from the folders the analysis this runs in resolved. */
  noLinkOnTheWay(folder: string, rel: string, p: string): boolean {
    return noLinkOnTheWay(folder, rel, p, this.known);
  }

  get allowedAreas(): readonly string[] {
    return this.areas;
  }

  /** True when `target` (absolute) lies inside a workspace area, also after resolving symlinks. */
  allows(target: string): boolean {
    const abs = path.resolve(target);
    if (!this.areas.some((area) => isInside(area, abs))) return false;
    const real = realpathOfLongestPrefix(abs, this.known);
    return real !== undefined && this.areas.some((area) => isInside(area, real));
  }

  /** True when `target` is named inside a workspace area, links not followed. */
  covers(target: string): boolean {
    const abs = path.resolve(target);
    return this.areas.some((area) => isInside(area, abs));
  }

  /** True when a rule file may be read at `target`: inside a workspace area, or really inside a rule area. */
  allowsRuleFile(target: string): boolean {
    if (this.allows(target)) return true;
    const abs = path.resolve(target);
    const areas = this.ruleAreasHolding(abs);
    if (areas.length === 0) return false;
    const real = realpathOfLongestPrefix(abs, this.known);
    return real !== undefined && areas.some((area) => isInside(area.real, real));
  }

  /** The rule areas that are `abs` (resolved) or hold it: looked up by its folders where paths compare as strings (`isInside`), else each area asked. */
  private ruleAreasHolding(abs: string): RuleArea[] {
    if (path.sep !== '/') return this.ruleAreas.filter((area) => isInside(area.lexical, abs));
    const out: RuleArea[] = [];
    for (let at = abs; ; at = path.dirname(at)) {
      const area = this.ruleAreaNames.get(at);
      if (area) out.push(area);
      if (path.dirname(at) === at) return out;
    }
  }

  /** A guard for reading rule files (what the rules engine reads through). */
  get ruleReader(): PathGuard {
    return {
      allows: (target) => this.allowsRuleFile(target),
      covers: (target) => this.covers(target) || this.ruleAreasHolding(path.resolve(target)).length > 0,
    };
  }

  /**
   * Where an existing path really leads when that is somewhere rule files may not be read
   * (a symlinked rule folder pointing out of the workspace); undefined when the path is
   * readable or does not exist.
   */
  escapeTarget(target: string): string | undefined {
    const abs = path.resolve(target);
    // A path that opens but has no real path (a link to /proc/PID/fd/N of a deleted file) leads where its links say.
    const real = realpathOrUndefined(abs) ?? (exists(abs) ? realpathOfLongestPrefix(abs) : undefined);
    if (real === undefined || this.allowsRuleFile(abs)) return undefined;
    return real;
  }
}

/**
 * The real path a rule area's files must lie in: the real path of the deepest folder above
 * it that is a workspace area or an ancestor of one (resolving that is safe: the user chose
 * the roots), joined with the rest as written, so that `<root>/.agents` linking elsewhere
 * does not carry `<root>/.agents/rules` with it.
 */
function anchoredRealPath(area: string, workspaceAreas: readonly string[]): string {
  countWork('rule-area-resolve');
  let anchor = path.dirname(area);
  for (;;) {
    if (workspaceAreas.some((w) => isInside(anchor, w))) break;
    const parent = path.dirname(anchor);
    if (parent === anchor) break;
    anchor = parent;
  }
  const real = realpathOrUndefined(anchor) ?? anchor;
  return path.join(real, path.relative(anchor, area));
}

function exists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether no symbolic link lies on the way from workspace folder `folder` to `p` (`rel` below
 * it): a change behind a link is reported at the target's path, never at the link's, so only
 * such a path's changes all reach the change stream.
 */
export function noLinkOnTheWay(folder: string, rel: string, p: string, known?: KnownFolders): boolean {
  const realFolder = realpathOfLongestPrefix(folder, known);
  return realFolder !== undefined && realpathOfLongestPrefix(p, known) === path.join(realFolder, rel);
}

export function realpathOrUndefined(p: string): string | undefined {
  try {
    return nativeRealpath(p);
  } catch {
    return undefined;
  }
}

/** `realpath(3)`, counted as the names it looks at: glibc's asks `readlink` of each name on the way (seen with strace: one failing `readlink` a name). */
function nativeRealpath(p: string): string {
  countWork('real-path-steps', p.split(path.sep).length - 1);
  return fs.realpathSync.native(p);
}

/**
 * Real path of `p`, resolving the longest prefix that exists and appending the rest.
 * Undefined when a component cannot be resolved for another reason than absence (a
 * symlink loop, a permission error): such paths are refused. `known`: the real paths of
 * folders resolved so far in this analysis, to start from and add to (POSIX only).
 */
export function realpathOfLongestPrefix(p: string, known?: KnownFolders): string | undefined {
  if (known && path.sep === '/') return resolveAsTheKernel(path.resolve(p), known);
  try {
    return nativeRealpath(p);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
  }
  return path.sep === '/' ? resolveAsTheKernel(path.resolve(p)) : resolveParentsOnly(p);
}

/**
 * A path resolved one name at a time, as the kernel does when it opens it: each link where
 * it is met (a relative one from the real folder it lies in, so `..` after a link climbs
 * from where the link led), until a name is missing; the rest is appended as written, since
 * nothing is there to lead elsewhere. A link that does not resolve is so judged by where
 * it points (a dangling link, or /proc/PID/fd/N of a deleted file outside), never by the
 * folder it sits in. With `known`, it starts from the deepest folder of `p` resolved before
 * and keeps each folder it resolves: the names after it are the only ones looked at.
 */
function resolveAsTheKernel(p: string, known?: KnownFolders): string | undefined {
  const start = known?.nearest(p);
  let real = start?.real ?? '/';
  const from = start?.folder ?? '';
  const names = p
    .slice(from.length)
    .split('/')
    .filter((part) => part !== '');
  // Names still to resolve, the next one last; after each name of `p` (not of a link), the
  // folder it ends, to keep. `p` itself may be a file or missing: only the folders above it are kept.
  const pending: (string | { folder: string })[] = [];
  const folders: string[] = [];
  for (let above = from, i = 0; known && i < names.length - 1; i++) folders.push((above = `${above}/${names[i]}`));
  for (let i = names.length - 1; i >= 0; i--) {
    if (i < folders.length) pending.push({ folder: folders[i] });
    pending.push(names[i]);
  }
  // The links followed to reach the folder started from count towards the kernel's limit, as when resolved in one go.
  let hops = start?.hops ?? 0;
  let looked = known?.takeChecks() ?? 0;
  // What `real` is on disk, when it was the last name looked at (only a folder is kept).
  let realStat: fs.Stats | undefined;
  try {
    while (pending.length > 0) {
      const part = pending.pop()!;
      if (typeof part !== 'string') {
        if (realStat?.isDirectory()) known?.keep(part.folder, real, hops);
        continue;
      }
      if (part === '.') continue;
      if (part === '..') {
        real = path.dirname(real);
        realStat = undefined;
        continue;
      }
      const next = real === '/' ? `/${part}` : `${real}/${part}`;
      let st: fs.Stats;
      try {
        looked++;
        st = fs.lstatSync(next);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
        return path.join(next, ...pending.filter((x): x is string => typeof x === 'string').reverse());
      }
      if (!st.isSymbolicLink()) {
        real = next;
        realStat = st;
        continue;
      }
      if (++hops > MAX_LINK_HOPS) return undefined;
      const target = linkTarget(next);
      if (target === undefined) return undefined;
      if (target.startsWith('/')) {
        real = '/';
        realStat = undefined;
      }
      for (const piece of target.split('/').filter((x) => x !== '').reverse()) pending.push(piece);
    }
    return real;
  } finally {
    if (looked > 0) countWork('real-path-steps', looked);
  }
}

/** Windows: the real path of the longest existing prefix, the rest appended. */
function resolveParentsOnly(p: string): string | undefined {
  const rest: string[] = [];
  for (let current = p; ; ) {
    try {
      const real = fs.realpathSync.native(current);
      return rest.length ? path.join(real, ...rest.reverse()) : real;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** Links followed by hand when a path does not resolve; as the kernel's limit on Linux. */
export const MAX_LINK_HOPS = 40;

function linkTarget(p: string): string | undefined {
  try {
    return fs.readlinkSync(p);
  } catch {
    return undefined;
  }
}
