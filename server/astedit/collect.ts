import * as path from 'node:path';
import type { Cancellation } from '../core/cancel';
import type { FileSystem } from '../workspace/fs';
import { compileGlob, globProblem, isGlob, splitGlob, type PathMatcher } from '../workspace/glob';
import { IgnoreRules } from '../workspace/ignore';
import { goesRoundInALoop } from '../workspace/links';
import { isInside, joinRelative, relativeInside, uriToPath } from '../workspace/paths';
import { walkFiles } from '../workspace/walk';
import { internalUrlTarget, type InternalUrlFiles } from './internalUrl';
import type { AstEditProblem } from './types';

/** What collection needs from the workspace session. */
export interface CollectWorkspace {
  /** Whether a path may be read at all (confinement, through symlinks). */
  allows(p: string): boolean;
  /** The workspace folder owning an absolute path. */
  rootOf(p: string): string | undefined;
}

export interface CollectedFile {
  /** Absolute path. */
  path: string;
  /** Relative to the request root with `/`, or absolute when outside it. */
  display: string;
  /** Named directly in `paths` (not found by a folder or glob scan). */
  explicit: boolean;
}

export interface Collection {
  files: CollectedFile[];
  /** Errors: nothing runs. */
  problems: AstEditProblem[];
  /** Entries that do not exist, match no file, or are not searched (a link, a pipe) when others match files; folders not read. */
  warnings: AstEditProblem[];
  /** The scan stopped at `maxScanned` files. */
  truncated: boolean;
  /**
   * Each folder or glob that matched files, with the files it matched (absolute paths): the
   * language check may drop all of them, which is as much a mistake as matching none.
   */
  scanned: ScannedEntry[];
}

export interface ScannedEntry {
  /** Its index in `paths`. */
  index: number;
  /** As written. */
  text: string;
  files: string[];
}

/** One `paths` entry, resolved: a file or folder, or a glob's literal base and filter. */
interface ResolvedEntry {
  index: number;
  text: string;
  /** Absolute file, folder, or glob base. */
  abs: string;
  /** Filter on paths relative to `abs`, for globs. */
  matcher?: PathMatcher;
  includeNodeModules: boolean;
}

/**
 * Resolves `paths` entries (files, folders, globs such as `src/**\/*.ts`, `file:` URIs,
 * `rule://NAME` through `internalUrls`) against `root`, refusing anything outside the
 * workspace folders. Folders and glob bases are walked with the workspace walker:
 * `.gitignore`/`.ignore` honoured, `.git` skipped, `node_modules` skipped unless the entry
 * names it, hidden files included, symlinks never followed. Returns the files sorted by
 * displayed path, without duplicates.
 */
export async function collectFiles(
  entries: readonly string[],
  root: string,
  workspace: CollectWorkspace,
  fs: FileSystem,
  options: { maxScanned: number; cancel?: Cancellation; internalUrls?: InternalUrlFiles },
): Promise<Collection> {
  const result: Collection = { files: [], problems: [], warnings: [], truncated: false, scanned: [] };
  if (entries.length === 0) {
    result.problems.push(problem('astedit/no-paths', '`paths` must contain at least one file, folder or glob', 'paths'));
    return result;
  }
  const resolved: ResolvedEntry[] = [];
  for (const [index, text] of entries.entries()) {
    const r = await resolveEntry(text, index, root, workspace, fs, options.internalUrls);
    if ('code' in r) result.problems.push(r);
    else resolved.push(r);
  }
  if (result.problems.length) return result;

  const byPath = new Map<string, CollectedFile>();
  const ignores = new Map<string, IgnoreRules>();
  const ignoreFor = (owner: string, includeNodeModules: boolean) => {
    const key = `${includeNodeModules ? '+' : '-'}${owner}`;
    let rules = ignores.get(key);
    if (!rules) ignores.set(key, (rules = new IgnoreRules(owner, fs, { includeNodeModules })));
    return rules;
  };
  const missing: ResolvedEntry[] = [];
  // A folder or glob that matched nothing was searched and found empty, which reads like
  // "nothing to rewrite" unless said: `src/**/*.py` mistyped for `.ts` exited 0 in silence.
  const matchedNothing: ResolvedEntry[] = [];
  // Named things ast-edit does not search (a link, a pipe): reported with the missing ones, so that alone they are the one reason given.
  const notSearched: { entry: ResolvedEntry; code: string; message: string }[] = [];
  for (const entry of resolved) {
    if (options.cancel?.isCancellationRequested) break;
    const st = await fs.stat(entry.abs);
    if (!st) {
      missing.push(entry);
      continue;
    }
    const display = displayOf(root, entry.abs);
    if (st.kind === 'symlink') {
      notSearched.push({ entry, code: 'astedit/symlink', message: `${display} is a symbolic link; ast-edit does not follow links` });
      continue;
    }
    if (st.kind === 'file' && !entry.matcher) {
      byPath.set(entry.abs, { path: entry.abs, display, explicit: true });
      continue;
    }
    if (st.kind !== 'directory') {
      notSearched.push({ entry, code: 'astedit/not-a-folder', message: `${display} is not a file or folder` });
      continue;
    }
    const owner = workspace.rootOf(entry.abs)!;
    const start = relativeInside(owner, entry.abs)!;
    const walked = await walkFiles({
      fs,
      root: owner,
      start,
      ignore: ignoreFor(owner, entry.includeNodeModules),
      maxFiles: Math.max(0, options.maxScanned - byPath.size),
      cancel: options.cancel,
    });
    for (const e of walked.errors.slice(0, 20)) {
      result.warnings.push(warning('astedit/unreadable-folder', `${displayOf(root, joinRelative(owner, e.rel))}: ${e.message}; its files were not searched`, entry.index));
    }
    const matched: string[] = [];
    for (const e of walked.files) {
      if (entry.matcher) {
        const underBase = start === '' ? e.rel : e.rel.slice(start.length + 1);
        if (!entry.matcher(underBase)) continue;
      }
      const abs = joinRelative(owner, e.rel);
      matched.push(abs);
      if (!byPath.has(abs)) byPath.set(abs, { path: abs, display: displayOf(root, abs), explicit: false });
    }
    if (matched.length > 0) result.scanned.push({ index: entry.index, text: entry.text, files: matched });
    // A walk cut short or unreadable folders (already reported) are not a search that found nothing.
    else if (!walked.truncated && walked.errors.length === 0) matchedNothing.push(entry);
    if (walked.truncated || byPath.size >= options.maxScanned) {
      result.truncated = true;
      break;
    }
  }
  // Beside entries that gave files these only warn (the rest still runs); alone they are the reason nothing can.
  const report = (code: string, message: string, entry: ResolvedEntry) => {
    if (byPath.size === 0) result.problems.push(problem(code, message, `paths[${entry.index}]`));
    else result.warnings.push(warning(code, message, entry.index));
  };
  for (const { entry, code, message } of notSearched) report(code, message, entry);
  for (const entry of missing) report('astedit/path-not-found', `Path not found: ${entry.text}`, entry);
  for (const entry of matchedNothing) report('astedit/path-matches-no-file', `No file matches: ${entry.text} (ignored files are not searched)`, entry);
  result.files = [...byPath.values()].sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  return result;
}

/** Whether a `paths` entry is a URL (`file:///a.ts`, `rule://style`) rather than a path: the engine resolves it, never a caller joining it to a folder. */
export function isUrlEntry(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim());
}

async function resolveEntry(raw: string, index: number, root: string, workspace: CollectWorkspace, fs: FileSystem, internalUrls?: InternalUrlFiles): Promise<ResolvedEntry | AstEditProblem> {
  const field = `paths[${index}]`;
  const text = raw.trim();
  if (text === '') return problem('astedit/empty-path', '`paths` must contain non-empty paths or globs', field);
  let spec = text;
  if (isUrlEntry(text)) {
    const p = text.toLowerCase().startsWith('file:') ? uriToPath(text) : undefined;
    if (!p) {
      // `rule://NAME` → the rule's file, then confined and stat'ed as a file named by its path
      // would be: a rule reached through a link out of the workspace folders is refused as outside.
      const target = await internalUrlTarget(text, root, internalUrls);
      if (!target.ok) return problem('astedit/unsupported-url', target.message, field);
      const abs = path.resolve(target.path);
      return confined({ index, text, abs, includeNodeModules: false }, workspace, field, `${text} (${abs})`);
    }
    if (isGlob(p)) return problem('astedit/unsupported-url', `Glob patterns are not supported for URLs: ${text}`, field);
    spec = p;
  }
  const includeNodeModules = spec.split(/[\\/]/).includes('node_modules');
  let abs: string;
  let matcher: PathMatcher | undefined;
  // A file or folder named as it is on disk is that file, whatever its name holds: Next.js's
  // `app/[id]/page.tsx` read as a glob matched `app/i/…` and `app/d/…` and rewrote them instead.
  const literal = path.resolve(root, spec);
  const named = isGlob(spec) && workspace.rootOf(literal) !== undefined && workspace.allows(literal) && (await fs.stat(literal)) !== undefined;
  if (isGlob(spec) && !named) {
    const broken = globProblem(spec);
    if (broken) return problem('astedit/bad-glob', `${text}: ${broken}`, field);
    const { base, rest } = splitGlob(spec.split(path.sep).join('/'));
    abs = path.resolve(root, base === '' ? '.' : base);
    matcher = compileGlob(rest);
  } else {
    abs = path.resolve(root, spec);
  }
  return confined({ index, text, abs, matcher, includeNodeModules }, workspace, field);
}

/** The entry, if what it names lies in a workspace folder and is allowed there (through links too). */
function confined(entry: ResolvedEntry, workspace: CollectWorkspace, field: string, shown = entry.text): ResolvedEntry | AstEditProblem {
  if (!workspace.rootOf(entry.abs) || !workspace.allows(entry.abs)) {
    // A loop of links has no real path, so confinement refuses it too: said as the link it is, not as a path that leaves the workspace.
    if (workspace.rootOf(entry.abs) && goesRoundInALoop(entry.abs)) return problem('astedit/symlink', `${shown} is a symbolic link that goes round in a loop; ast-edit does not follow links`, field);
    return problem('astedit/outside-workspace', `${shown} lies outside the workspace folders; ast-edit reads and writes only inside them`, field);
  }
  return entry;
}

/**
 * Whether a file falls under a request's `paths` (for quick fixes in one document, with
 * no walk): it is named, lies in a named folder, or matches a glob; files under folders
 * and globs must also pass the ignore rules, as a scan would.
 */
export async function pathInScope(file: string, entries: readonly string[], root: string, workspace: CollectWorkspace, fs: FileSystem): Promise<boolean> {
  const owner = workspace.rootOf(file);
  if (!owner || !workspace.allows(file)) return false;
  for (const [index, text] of entries.entries()) {
    const entry = await resolveEntry(text, index, root, workspace, fs);
    if ('code' in entry) continue;
    if (entry.abs === file && !entry.matcher) return true;
    const rel = relativeInside(entry.abs, file);
    if (rel === undefined || rel === '') continue;
    if (entry.matcher && !entry.matcher(rel)) continue;
    const ownerRel = relativeInside(owner, file)!;
    const rules = new IgnoreRules(owner, fs, { includeNodeModules: entry.includeNodeModules });
    if (!(await rules.check(ownerRel, false))) return true;
  }
  return false;
}

/** `p` relative to `root` with `/` when inside it, else absolute. */
export function displayOf(root: string, p: string): string {
  return isInside(root, p) ? relativeInside(root, p) || '.' : p;
}

function problem(code: string, message: string, field: string): AstEditProblem {
  return { code, message, field, severity: 'error' };
}

function warning(code: string, message: string, index: number): AstEditProblem {
  return { code, message, field: `paths[${index}]`, severity: 'warning' };
}
