/**
 * Character helpers for matching: case folding per UTF-16 code unit and a 32-bit
 * "which characters occur" mask that rejects most non-matching paths with one AND.
 */

const foldCache = new Map<number, number>();

/** Lower-case form of one UTF-16 code unit (itself when lower-casing would change the length). */
export function foldCode(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  let folded = foldCache.get(c);
  if (folded === undefined) {
    const lower = String.fromCharCode(c).toLowerCase();
    folded = lower.length === 1 ? lower.charCodeAt(0) : c;
    foldCache.set(c, folded);
  }
  return folded;
}

/** True when the code unit is an upper-case letter (folding changes it). */
export function isUpperCode(c: number): boolean {
  return foldCode(c) !== c;
}

/**
 * Bit of a folded code unit in a presence mask: letters a–z get one bit each, digits
 * share three, and `.`, `-`/`_`, `/` and everything else one bit each. A query can match
 * a text only when the query's mask is a subset of the text's.
 */
export function maskBit(folded: number): number {
  if (folded >= 97 && folded <= 122) return 1 << (folded - 97);
  if (folded >= 48 && folded <= 57) return 1 << (26 + ((folded - 48) % 3));
  if (folded === 46) return 1 << 29;
  if (folded === 45 || folded === 95) return 1 << 30;
  return 1 << 31;
}

/** Number of set bits (for "how many query characters are absent" estimates). */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Characters after which a new word starts in a path. */
function isSeparatorCode(c: number): boolean {
  return c === 47 || c === 46 || c === 95 || c === 45 || c === 32 || c === 92;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Kinds of word boundary a character can sit on (what its position bonus depends on). */
export const BOUNDARY = { none: 0, segment: 1, delimiter: 2, camel: 3, digit: 4 } as const;

/**
 * Fills `out[at ..]` with the boundary each of `length` characters sits on (one string,
 * read as if it followed a `/`): a path segment start, after a delimiter, a camel hump
 * (a capital after a lower-case letter, or the last capital of a run before lower case,
 * as the `C` of `ACustomizer`), or a change between letters and digits.
 */
export function fillKinds(chars: Uint16Array, lower: Uint16Array, start: number, length: number, out: Uint8Array, at: number): void {
  let prev = 47;
  let prevUpper = false;
  for (let i = 0; i < length; i++) {
    const c = chars[start + i];
    const upper = c !== lower[start + i];
    let kind: number = BOUNDARY.none;
    if (prev === 47) kind = BOUNDARY.segment;
    else if (isSeparatorCode(prev)) kind = BOUNDARY.delimiter;
    else if (upper && !isDigitCode(prev)) {
      if (!prevUpper) kind = BOUNDARY.camel;
      else if (i + 1 < length && lower[start + i + 1] !== chars[start + i + 1]) kind = BOUNDARY.none;
      else if (i + 1 < length && isLowerLetter(chars[start + i + 1])) kind = BOUNDARY.camel;
    } else if (isDigitCode(c) !== isDigitCode(prev) && !isSeparatorCode(c)) kind = BOUNDARY.digit;
    out[at + i] = kind;
    prev = c;
    prevUpper = upper;
  }
}

function isLowerLetter(c: number): boolean {
  if (c < 128) return c >= 97 && c <= 122;
  const s = String.fromCharCode(c);
  return s.toUpperCase() !== s;
}
