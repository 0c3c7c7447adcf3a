import { splitTopLevelCommas } from './globs';
import type { Activation } from './types';

/** The workspace-relative path split at its last `dir/` marker: `[prefix, rest]`, or undefined. */
export function afterMarker(rel: string, marker: string): { prefix: string; rest: string } | undefined {
  const at = rel === marker.slice(0, -1) ? -1 : rel.startsWith(marker) ? 0 : rel.lastIndexOf('/' + marker);
  if (at < 0) return undefined;
  const start = at === 0 ? 0 : at + 1;
  return { prefix: rel.slice(0, start), rest: rel.slice(start + marker.length) };
}

/** The last path segment. */
export function baseName(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

/** A non-empty list of globs from a value the agent reads as globs (string or list). */
export function globList(value: unknown, commaSeparated: boolean): string[] {
  if (typeof value === 'string') {
    // Commas inside braces belong to the glob (`src/*.{ts,tsx}`): split at the top level only, as the comma lint reads them.
    const parts = commaSeparated ? splitTopLevelCommas(value) : [value];
    return parts.map((p) => p.trim()).filter(Boolean);
  }
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return [];
}

/**
 * A glob value (a non-empty string, a list) whose patterns other than the `!` exclusions are
 * all blank (`[""]`, `["", "!dist/**"]`), or, with `comments`, blank or comments (`#…`): where
 * such patterns match no path (`GlobDialect.blankMatchesNothing`, `commentMatchesNothing`:
 * Continue's minimatch), no file is ever matched.
 */
export function onlyBlankPatterns(value: unknown, comments = false): boolean {
  const patterns = typeof value === 'string' ? (value === '' ? [] : [value]) : Array.isArray(value) ? value : [];
  const positive = patterns.filter((g): g is string => typeof g === 'string' && !g.startsWith('!'));
  return positive.length > 0 && positive.every((g) => g.trim() === '' || (comments && isGlobComment(g)));
}

/** A glob minimatch reads as a comment, matching no path: its first character is `#` (isaacs/minimatch, src/index.ts: `minimatch` answers false for it unless `nocomment` is set). */
export function isGlobComment(glob: string): boolean {
  return glob.startsWith('#');
}

/** Globs-or-always: the activation of agents whose only key is a path filter (Cline, Claude Code). */
export function pathsOrAlways(value: unknown, commaSeparated: boolean): Activation {
  const globs = globList(value, commaSeparated);
  return globs.length ? { mode: 'globs', globs } : { mode: 'always' };
}

export function isMarkdownName(name: string): boolean {
  return /\.(md|mdc|markdown)$/i.test(name);
}
