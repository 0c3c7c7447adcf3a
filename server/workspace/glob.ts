import { minimatch, Minimatch, type MinimatchOptions } from 'minimatch';
import { formatCount, LIMITS, overLimit } from '../core/limits';

/**
 * Glob matching for the whole project, on `/`-separated workspace-relative paths.
 * Dot files match wildcards (`**` finds `.github/x.yml`): agents' globs are written that
 * way and users expect it.
 */

const BASE_OPTIONS: MinimatchOptions = { dot: true, nocomment: true, nonegate: true, windowsPathsNoEscape: false };

export type PathMatcher = (relPath: string) => boolean;

export interface GlobOptions {
  /** A pattern without `/` matches the file name anywhere (`*.ts` matches `src/a.ts`), as in `.gitignore`. */
  matchBase?: boolean;
  nocase?: boolean;
  /** A pattern also matches everything under a directory it matches (`node_modules/**` style for `node_modules`). */
  matchDescendants?: boolean;
  /** A leading `/` anchors the pattern at the root (`/dist` is the root's `dist` only), as in `.gitignore`. */
  rootedSlash?: boolean;
}

/** How `.gitignore`-like lists (`search.exclude`, `agentls.json`'s `ignore`) read their globs. */
export const GITIGNORE_STYLE: GlobOptions = { matchBase: true, matchDescendants: true, rootedSlash: true };

/** True when the text has glob magic (`* ? [ ] { }`) outside a backslash escape. */
export function isGlob(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '*' || c === '?' || c === '[' || c === '{') return true;
  }
  return false;
}

/** Splits `src/**\/*.ts` into the literal base `src` and the rest `**\/*.ts`. */
export function splitGlob(pattern: string): { base: string; rest: string } {
  const parts = pattern.split('/');
  const base: string[] = [];
  let i = 0;
  for (; i < parts.length - 1; i++) {
    if (isGlob(parts[i])) break;
    base.push(parts[i]);
  }
  if (i === parts.length - 1 && !isGlob(parts[i])) return { base: pattern, rest: '' };
  return { base: base.join('/'), rest: parts.slice(i).join('/') };
}

/**
 * A glob larger than agentls matches (`LIMITS.globChars` characters, or `{…}` alternatives
 * past `LIMITS.globAlternatives`): it matches nothing, and `globProblem` says why.
 */
export function overlongGlob(pattern: string): boolean {
  return pattern.length > LIMITS.globChars || braceExpansions(pattern) > LIMITS.globAlternatives;
}

/** A numeric or letter range of a brace group (`1..100`, `a..z`, with an optional step). */
const BRACE_RANGE = /^(?:(-?\d+)\.\.(-?\d+)|([a-zA-Z])\.\.([a-zA-Z]))(?:\.\.-?\d+)?$/;

/**
 * How many patterns a glob's `{…}` alternatives expand to, at most (nested groups are
 * counted as if side by side, which only counts more), in one pass; counting stops once
 * past `LIMITS.globAlternatives`. `{a,b}{c,d}` is 4, `{1..100}` is 100.
 */
export function braceExpansions(pattern: string): number {
  let total = 1;
  const open: { commas: number; start: number }[] = [];
  for (let i = 0; i < pattern.length && total <= LIMITS.globAlternatives; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '{') open.push({ commas: 0, start: i });
    else if (c === ',' && open.length > 0) open[open.length - 1].commas++;
    else if (c === '}' && open.length > 0) {
      const group = open.pop()!;
      const range = group.commas === 0 ? BRACE_RANGE.exec(pattern.slice(group.start + 1, i)) : null;
      const span = range ? (range[1] !== undefined ? Math.abs(Number(range[2]) - Number(range[1])) : Math.abs(range[4].charCodeAt(0) - range[3].charCodeAt(0))) + 1 : group.commas + 1;
      total *= span;
    }
  }
  return total;
}

export function compileGlob(pattern: string, options: GlobOptions = {}): PathMatcher {
  if (overlongGlob(pattern)) return () => false;
  const rooted = options.rootedSlash === true && pattern.startsWith('/');
  if (rooted) pattern = pattern.replace(/^\/+/, '');
  const mm = new Minimatch(pattern, { ...BASE_OPTIONS, matchBase: options.matchBase && !rooted && !pattern.includes('/'), nocase: options.nocase });
  if (!options.matchDescendants) return (p) => mm.match(p);
  return (p) => {
    if (mm.match(p)) return true;
    for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) {
      if (mm.match(p.slice(0, i))) return true;
    }
    return false;
  };
}

/** One matcher for several globs (any matches); empty list matches nothing. */
export function compileGlobs(patterns: readonly string[], options: GlobOptions = {}): PathMatcher {
  const matchers = patterns.filter((p) => p !== '').map((p) => compileGlob(p, options));
  if (matchers.length === 0) return () => false;
  return (p) => matchers.some((m) => m(p));
}

export function matchGlob(pattern: string, relPath: string, options: GlobOptions = {}): boolean {
  if (overlongGlob(pattern)) return false;
  return minimatch(relPath, pattern, { ...BASE_OPTIONS, matchBase: options.matchBase && !pattern.includes('/'), nocase: options.nocase });
}

/**
 * Why a glob is broken, or undefined when it is fine: unbalanced `[` or `{`, an empty
 * pattern, a backslash at the end. minimatch accepts nearly anything and then matches
 * nothing, so users get no hint unless we look.
 */
export function globProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'the glob is empty';
  if (pattern.length > LIMITS.globChars) return `${overLimit('the glob has', pattern.length, LIMITS.globChars, 'characters')}, so it matches nothing here`;
  if (braceExpansions(pattern) > LIMITS.globAlternatives) return `the glob's {…} alternatives make more than ${formatCount(LIMITS.globAlternatives)} patterns, the most agentls matches, so it matches nothing here`;
  let brackets = 0;
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      if (i === pattern.length - 1) return 'the glob ends with a lone backslash';
      i++;
      continue;
    }
    if (brackets > 0) {
      if (c === ']') brackets--;
      continue;
    }
    if (c === '[') brackets++;
    else if (c === '{') braces++;
    else if (c === '}') {
      if (braces === 0) return 'a `}` has no matching `{`';
      braces--;
    }
  }
  if (brackets > 0) return 'a `[` is never closed, so the glob matches only a literal `[`';
  if (braces > 0) return 'a `{` is never closed, so the glob matches only a literal `{`';
  return undefined;
}

/**
 * Exclude globs (RAWP `filters.exclude_patterns`, matched against workspace-relative
 * paths) split for a tree walk: `folder(dir)` is true when a folder path (no trailing
 * slash) is excluded, and with it everything below; `file(path)` tests one file, and is
 * undefined when every pattern names folders only (`node_modules/**`), so files need no
 * test of their own. A pattern without `/` matches a name at any depth, as in `.gitignore`.
 */
export function compileExcludes(patterns: readonly string[]): { folder: PathMatcher; file: PathMatcher | undefined } {
  const usable = patterns.filter((p) => p !== '');
  // `X/**` matches exactly the paths below a folder matching X: a folder test covers it.
  const belowFolder = (p: string) => p.endsWith('/**') && p.length > 3;
  const folderPatterns = usable.flatMap((p) => (belowFolder(p) ? [p, p.slice(0, -3)] : [p]));
  const filePatterns = usable.filter((p) => !belowFolder(p));
  return {
    folder: compileGlobs(folderPatterns, { matchBase: true }),
    file: filePatterns.length ? compileGlobs(filePatterns, { matchBase: true }) : undefined,
  };
}
