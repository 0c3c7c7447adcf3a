import { foldCode, isUpperCode, maskBit } from './chars';
import { normalizeQuery } from './normal';
import { mapPacked } from './stableArrays';

/** Longest term matched (longer ones are cut): scoring is quadratic in it. */
export const MAX_TERM_LENGTH = 64;
/** Terms beyond this are dropped. */
export const MAX_TERMS = 8;

const SLASH = 47;

/** One space-separated word of a query; every term must match (in any order). */
export interface QueryTerm {
  text: string;
  length: number;
  /** Folded code units. */
  lower: Uint16Array;
  /** 1 where the query has a capital, which then must meet a capital (smart case). */
  upper: Uint8Array;
  hasUpper: boolean;
  /** `suffixMask[k]`: presence mask of `lower[k..]` (0 at `length`). */
  suffixMask: Int32Array;
  /** The term names a folder boundary (`src/btn`): it is never typo-corrected within a name. */
  hasSlash: boolean;
  /**
   * `span[p]` is 1 when term characters `p` and `p + 1` belong to one slash-separated
   * part of a term that has a slash (`comp` of `src/comp/btn`), or to a term that is one
   * of several words: such a pair should not straddle a folder boundary of the path.
   */
  span: Uint8Array;
}

export interface ParsedQuery {
  /** The query as matched (trimmed; `\` read as `/` unless read as a name's character; composed: `normalizeQuery`). */
  text: string;
  terms: QueryTerm[];
}

/**
 * Splits a query into terms. `smartCase` keeps capitals as requirements (a capital in
 * the query matches only a capital; lower case matches both); without it everything is
 * case-insensitive. A `\` is a folder separator typed the Windows way, or with
 * `backslash: 'literal'` the character itself (`queryReadings`).
 */
export function parseQuery(query: string, smartCase = true, backslash: 'slash' | 'literal' = 'slash'): ParsedQuery {
  // Composed as stored names are matched (`café` typed either way finds a name written either way).
  const text = normalizeQuery(backslash === 'slash' ? query.replace(/\\/g, '/') : query).trim();
  const words = text.split(/\s+/).filter((w) => w !== '').slice(0, MAX_TERMS);
  const inOnePart = words.length > 1;
  return { text, terms: mapPacked(words, (w) => makeTerm(w.slice(0, MAX_TERM_LENGTH), smartCase, inOnePart)) };
}

/** Backslashes up to which each is read both ways (2^3 = 8 readings at most, each a scan when the one before found no clean match). */
const MAX_MIXED_BACKSLASHES = 3;

/**
 * The ways to read a query, to try in turn until one matches cleanly. Outside Windows a
 * name may hold a `\` (`back\slash.ts`), which a query spells as it is: read as `/`, as
 * `util\log` typed the Windows way wants, `back\` matched nothing. Every `\` is first read
 * as a name's character, and every one as `/` last; between them, for a query with a few
 * backslashes, the readings that mix (`src\back\` as `src/back\`: a folder typed the Windows
 * way, then a name's backslash), fewer separators first and earlier ones first among as
 * many, as folders come before names. A query without one reads one way.
 */
export function queryReadings(query: string): ParsedQuery[] {
  const count = query.split('\\').length - 1;
  if (count === 0) return [parseQuery(query)];
  if (count > MAX_MIXED_BACKSLASHES) return [parseQuery(query, true, 'literal'), parseQuery(query)];
  // Bit i of a mask: the i-th backslash is read as `/`.
  const masks = Array.from({ length: 1 << count }, (_, m) => m).sort((a, b) => bitCount(a) - bitCount(b) || a - b);
  return masks.map((mask) => {
    let i = 0;
    return parseQuery(query.replace(/\\/g, () => ((mask >> i++) & 1 ? '/' : '\\')), true, 'literal');
  });
}

function bitCount(n: number): number {
  let bits = 0;
  for (; n; n &= n - 1) bits++;
  return bits;
}

/**
 * One term; `inOnePart` when the term is one of several words of a query, each of which
 * names one folder or the name (`bugtr dashbo`), as each slash-separated part does.
 */
export function makeTerm(text: string, smartCase: boolean, inOnePart = false): QueryTerm {
  const length = text.length;
  const lower = new Uint16Array(length);
  const upper = new Uint8Array(length);
  let hasUpper = false;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    lower[i] = foldCode(c);
    if (smartCase && isUpperCode(c)) {
      upper[i] = 1;
      hasUpper = true;
    }
  }
  const suffixMask = new Int32Array(length + 1);
  for (let i = length - 1; i >= 0; i--) suffixMask[i] = suffixMask[i + 1] | maskBit(lower[i]);
  const hasSlash = text.includes('/');
  const span = new Uint8Array(length);
  if (hasSlash || inOnePart) for (let p = 0; p + 1 < length; p++) span[p] = lower[p] !== SLASH && lower[p + 1] !== SLASH ? 1 : 0;
  return { text, length, lower, upper, hasUpper, suffixMask, hasSlash, span };
}

/** The same query with capitals no longer required (the fallback when smart case finds nothing). */
export function withoutCase(query: ParsedQuery): ParsedQuery {
  const inOnePart = query.terms.length > 1;
  return { text: query.text, terms: mapPacked(query.terms, (t) => (t.hasUpper ? makeTerm(t.text, false, inOnePart) : t)) };
}

export function queryHasUpper(query: ParsedQuery): boolean {
  return query.terms.some((t) => t.hasUpper);
}
