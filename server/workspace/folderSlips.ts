/** Longest folder name compared (names are short; the cap keeps the comparison trivially bounded). */
const MAX_NAME = 40;

/**
 * `written` is a slip of `wanted`: the same name behind a stray `.`, `_` or `-`, the
 * singular (`rule` for `rules`), or one letter left out, doubled in, or swapped with its
 * neighbour. A letter replaced by another is not a slip here: `.claude/roles/` is a name
 * of its own, not a misspelt `rules/`.
 */
export function isSlipOf(written: string, wanted: string): boolean {
  if (written === wanted || written.toLowerCase() === wanted.toLowerCase() || written.length > MAX_NAME) return false;
  const w = bare(wanted);
  const s = bare(written);
  if (s === w || `${s}s` === w) return true;
  if (w.length < 5) return false;
  if (s.length === w.length - 1) return droppingOneGives(w, s);
  if (s.length === w.length + 1) return droppingOneGives(s, w);
  if (s.length === w.length) return swapsOneNeighbourPair(s, w);
  return false;
}

function bare(name: string): string {
  return name.toLowerCase().replace(/^[._-]+/, '');
}

/** `short` is `long` with one letter left out. */
function droppingOneGives(long: string, short: string): boolean {
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  return long.slice(i + 1) === short.slice(i);
}

/** `a` is `b` with two neighbouring letters swapped. */
function swapsOneNeighbourPair(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}
