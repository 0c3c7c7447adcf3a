import { foldCode } from './chars';
import type { PathTable } from './pathTable';
import type { QueryTerm } from './query';

const DOT = 46;

/** Where a file's stem ends in the pool: before the last dot of its name that is not its first character. */
export function stemEnd(table: PathTable, id: number): number {
  const start = table.nameStart[id];
  const end = start + table.nameLen[id];
  for (let x = end - 1; x > start; x--) if (table.lower[x] === DOT) return x;
  return end;
}

/**
 * Whether the term is the file's whole stem (case aside), or one slip from it: a character
 * left out, one too many, one wrong, or two neighbours swapped (`licesnse` → License.java).
 * Someone who types a name means that name, not a longer one that starts with it.
 */
export function spellsStem(table: PathTable, id: number, term: QueryTerm): boolean {
  const start = table.nameStart[id];
  const n = stemEnd(table, id) - start;
  const m = term.length;
  if (Math.abs(n - m) > 1) return false;
  const lower = table.lower;
  const want = term.lower;
  let i = 0;
  while (i < m && i < n && lower[start + i] === want[i]) i++;
  if (i === m && i === n) return true;
  // The first difference is the one slip: the rest must then agree.
  const rest = (a: number, b: number): boolean => {
    if (m - a !== n - b) return false;
    for (let k = 0; a + k < m; k++) if (want[a + k] !== lower[start + b + k]) return false;
    return true;
  };
  if (m === n) {
    if (rest(i + 1, i + 1)) return true;
    return i + 1 < m && want[i] === lower[start + i + 1] && want[i + 1] === lower[start + i] && rest(i + 2, i + 2);
  }
  return m > n ? rest(i + 1, i) : rest(i, i + 1);
}

/**
 * Whether the file's name is exactly `text` (case aside). Terms are cut at `MAX_TERM_LENGTH`
 * for scoring, so names longer than that tie with every name sharing their first characters
 * (`testArrowFunctionsExamples.php.testArrowFunctionSuggestionExamplesFix_01.fixed`).
 */
export function isNamed(table: PathTable, id: number, text: string): boolean {
  const start = table.nameStart[id];
  const n = table.nameLen[id];
  if (n !== text.length) return false;
  const lower = table.lower;
  for (let k = 0; k < n; k++) if (lower[start + k] !== foldCode(text.charCodeAt(k))) return false;
  return true;
}
