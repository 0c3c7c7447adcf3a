/**
 * Unicode normalization for matching. macOS writes names decomposed (NFD: `e` + U+0301),
 * most keyboards type them composed (NFC: `é`), and Linux keeps both as different files.
 * Both sides are read through one mapping, each grapheme composed (NFC) unless that would
 * make it longer: a query as a string, a stored name in place, so that its characters keep
 * their offsets in the name as on disk (answers and highlights index the on-disk spelling).
 */

/**
 * What stands in the folded pool for the units a composed grapheme no longer needs. No
 * path holds NUL, and `normalizeQuery` drops it from queries: it never matches.
 */
export const FILLER = 0;

/** Below U+0300 every character is NFC whatever follows it (the first combining mark is U+0300). */
const FIRST_UNSTABLE = 0x300;

let graphemes: Intl.Segmenter | undefined;

/** Calls `each` with every grapheme of `text` and the spelling it is matched as. */
function eachGrapheme(text: string, each: (grapheme: string, matched: string) => void): void {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) {
    const composed = segment.normalize('NFC');
    // A few characters compose to more units (U+0958 is U+0915 U+093C): kept, on both sides.
    each(segment, composed.length <= segment.length ? composed : segment);
  }
}

function isStable(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= FIRST_UNSTABLE) return false;
  return true;
}

/** A query as it is matched: composed where a stored name would be, without NUL (`FILLER`). */
export function normalizeQuery(query: string): string {
  const text = query.includes('\0') ? query.replace(/\0/g, '') : query;
  if (isStable(text) || text.normalize('NFC') === text) return text;
  let out = '';
  eachGrapheme(text, (_, matched) => (out += matched));
  return out;
}

/**
 * The units `text` is matched as, one per unit of `text` (composed graphemes padded with
 * `FILLER`), or undefined when they are `text`'s own (the caller first checks that some
 * unit is U+0300 or above).
 */
export function matchedUnits(text: string): Uint16Array | undefined {
  if (text.normalize('NFC') === text) return undefined;
  const out = new Uint16Array(text.length);
  let at = 0;
  eachGrapheme(text, (grapheme, matched) => {
    for (let k = 0; k < matched.length; k++) out[at + k] = matched.charCodeAt(k);
    out.fill(FILLER, at + matched.length, at + grapheme.length);
    at += grapheme.length;
  });
  return out;
}
