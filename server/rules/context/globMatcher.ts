import { compileGlob, globProblem, type PathMatcher } from '../../workspace/glob';
import { globRegExp, regExpMatcher } from '../../workspace/globRegExp';
import type { GlobDialect } from './agentView';

/** Compiled globs are kept across requests (rules for a file must be fast warm); capped so odd workspaces cannot grow it without bound. */
const CACHE_LIMIT = 20_000;
const cache = new Map<string, PathMatcher>();

/** A matcher for one glob in one dialect, on workspace-relative `/`-separated paths; a broken glob matches nothing. */
export function dialectMatcher(glob: string, dialect: GlobDialect): PathMatcher {
  const key = `${dialect.id}\u0000${glob}`;
  let m = cache.get(key);
  if (!m) {
    m = globProblem(glob) ? () => false : compile(stripDotSlash(glob), dialect);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, m);
  }
  return m;
}

/**
 * The file-name part of a glob that matches a name at any depth (`**\/Dockerfile`, or
 * `*.md` in a dialect matching file names), with its literal start; undefined otherwise.
 */
export function namePattern(glob: string, dialect: GlobDialect): { re: RegExp; literal: string } | undefined {
  const g = stripDotSlash(glob);
  const anyDepth = /^(?:\*\*\/)+([^/]+)$/.exec(g);
  const name = anyDepth ? anyDepth[1] : dialect.basename && !g.includes('/') ? g : undefined;
  if (name === undefined || name === '**') return undefined;
  const re = globRegExp(name, { nocase: dialect.nocase });
  return re && { re, literal: dialect.nocase ? '' : name.split(/[*?[{\\]/)[0] };
}

/** The regular-expression fast path when the glob has a handled shape, else minimatch. */
function compile(glob: string, dialect: GlobDialect): PathMatcher {
  // `**/NAME` matches a file name at any depth: testing the name alone avoids backtracking over the folders.
  const byName = namePattern(glob, dialect);
  if (byName) return regExpMatcher(byName.re, true);
  const re = globRegExp(glob, { nocase: dialect.nocase });
  return re ? regExpMatcher(re, dialect.basename && !glob.includes('/')) : compileGlob(glob, { matchBase: dialect.basename, nocase: dialect.nocase });
}

/** `./src/*.ts` is written relative to the folder; minimatch would never match the `./`. */
function stripDotSlash(glob: string): string {
  return glob.startsWith('./') ? glob.slice(2) : glob;
}

/**
 * What narrows the paths a glob can match: its literal folder (`src/app` of
 * `src/app/**\/*.ts`) and the file extensions it requires (`.ts`, or `.ts`/`.tsx` of
 * `*.{ts,tsx}`). Either may be absent. Used to test a glob against a fraction of a
 * large index only.
 */
export interface GlobShape {
  base: string;
  /** Last extensions (`.ts`) a match must end with; undefined: any (always so when the dialect ignores case). */
  extensions?: string[];
  /** Every path under `base` with one of `extensions` (or any path, without them) matches: no test needed. */
  trivial: boolean;
}

const MAGIC = /[*?[\]{}!()+@\\]/;

export function globShape(glob: string, dialect: GlobDialect): GlobShape {
  const g = stripDotSlash(glob);
  const parts = g.split('/');
  const baseParts: string[] = [];
  // A pattern without `/` may match a file name anywhere under basename matching.
  if (g.includes('/') || !dialect.basename) {
    for (let i = 0; i < parts.length - 1 && !MAGIC.test(parts[i]); i++) baseParts.push(parts[i]);
  }
  const last = parts[parts.length - 1];
  let extensions: string[] | undefined;
  const single = /^\*(\.[A-Za-z0-9_-]+)+$/.exec(last);
  const braces = /^\*\.\{([A-Za-z0-9_,-]+)\}$/.exec(last);
  if (single) extensions = [lastExtension(last)];
  else if (braces) extensions = braces[1].split(',').map((e) => '.' + e);
  if (dialect.nocase) return { base: '', trivial: false };
  const base = baseParts.join('/');
  const rest = base ? g.slice(base.length + 1) : g;
  // `**`, `**/*`, `**/*.ts`, `**/*.{ts,tsx}` below the base (or `*.ts` anywhere, for a dialect matching file names).
  const anyName = single ? `*${extensions![0]}` === last : braces ? true : last === '*' || last === '**';
  const everywhere = rest === last ? last === '**' || (!g.includes('/') && dialect.basename) : rest === `**/${last}`;
  return { base, extensions, trivial: anyName && everywhere };
}

/** The last extension of a path's file name (`.ts` of `a.test.ts`, `.eslintrc` of `.eslintrc`), or '' when there is none. */
export function lastExtension(p: string): string {
  const slash = p.lastIndexOf('/');
  const dot = p.lastIndexOf('.');
  return dot > slash ? p.slice(dot) : '';
}
