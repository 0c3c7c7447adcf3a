import { braceExpand } from 'minimatch';
import { overlongGlob, type PathMatcher } from './glob';

/**
 * A regular expression for a glob, for the shapes agents' rule globs take (`*`, `?`,
 * `**` segments, `[...]` classes, `{a,b}` alternatives, `\` escapes), matching exactly what
 * `compileGlob` (minimatch with `dot: true`) matches on file paths, about ten times
 * faster: rule globs are tested against every path of large indexes. Anything else
 * (extglobs, POSIX classes, absolute or `.`/`..` segments, trailing `/`) returns
 * undefined, and callers use minimatch. `test/workspace/globRegExp.test.ts` checks the
 * two agree.
 */
export function globRegExp(pattern: string, options: { nocase?: boolean } = {}): RegExp | undefined {
  if (pattern === '' || overlongGlob(pattern) || pattern.startsWith('/') || pattern.endsWith('/') || /[@!?*+]\(|\[:/.test(pattern)) return undefined;
  const alternatives: string[] = [];
  for (const expanded of braceExpand(pattern)) {
    const source = translate(expanded);
    if (source === undefined) return undefined;
    alternatives.push(source);
  }
  return new RegExp(`^(?:${alternatives.join('|')})$`, options.nocase ? 'i' : '');
}

/** The regex source of one brace-free pattern, or undefined when it is outside the handled shapes. */
function translate(pattern: string): string | undefined {
  const segments = pattern.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    const last = i === segments.length - 1;
    if (seg === '**') {
      // Zero or more folders before the next segment; at the end, at least one more segment.
      if (last) out += '[^/]+(?:/[^/]+)*';
      else if (segments[i + 1] !== '**') out += '(?:[^/]+/)*';
      continue;
    }
    const piece = segment(seg);
    if (piece === undefined) return undefined;
    out += piece + (last ? '' : '/');
  }
  return out;
}

function segment(seg: string): string | undefined {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === '\\') {
      if (i + 1 >= seg.length) return undefined;
      out += escape(seg[++i]);
    } else if (c === '*') {
      while (seg[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = seg.indexOf(']', i + 2);
      if (end < 0) return undefined;
      let body = seg.slice(i + 1, end);
      if (body.includes('\\') || body.includes('[')) return undefined;
      let negate = false;
      if (body.startsWith('!') || body.startsWith('^')) {
        negate = true;
        body = body.slice(1);
      }
      if (body === '') return undefined;
      out += negate ? `(?!/)[^${body.replace(/]/g, '\\]')}]` : `[${body.replace(/]/g, '\\]')}]`;
      i = end;
    } else {
      out += escape(c);
    }
  }
  // minimatch never lets a wildcard-only segment match an empty name; paths have none anyway.
  return out;
}

function escape(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? '\\' + c : c;
}

/** A matcher from `globRegExp`, testing the file name only when `basename` is set. */
export function regExpMatcher(re: RegExp, basename: boolean): PathMatcher {
  if (!basename) return (p) => re.test(p);
  return (p) => re.test(p.slice(p.lastIndexOf('/') + 1));
}
