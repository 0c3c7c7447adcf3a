import { nameHoldsTerm } from './facts';
import type { PathTable } from './pathTable';
import { makeTerm, type QueryTerm } from './query';
import type { Scorer } from './score';

/** Longest term whose swapped variants are tried: each costs a subsequence test per candidate. */
const MAX_SWAP_TERM = 32;

/**
 * The term with each pair of different neighbours swapped (`openatg` → `poenatg`,
 * `oepnatg`, …, `opentag`, `openagt`): swapped letters are the commonest slip, and
 * reading them as one slip lets the intended name match back to back instead of
 * losing two characters to skips. Capitals stay with their letters.
 */
export function swappedTerms(term: QueryTerm): QueryTerm[] {
  if (term.length < 2 || term.length > MAX_SWAP_TERM) return [];
  const out: QueryTerm[] = [];
  const text = term.text;
  for (let k = 0; k + 1 < text.length; k++) {
    if (term.lower[k] === term.lower[k + 1]) continue;
    out.push(makeTerm(text.slice(0, k) + text[k + 1] + text[k] + text.slice(k + 2), term.hasUpper));
  }
  return out;
}

/**
 * Best strict score of any swapped variant on a file (already loaded in `scorer`), or
 * -Infinity when none is a subsequence of its name: the swap is read so that the name
 * matches back to back, and testing names only keeps files whose path merely scatters
 * the letters from costing a full scoring per variant.
 */
export function bestSwapScore(scorer: Scorer, table: PathTable, id: number, swaps: readonly QueryTerm[]): number {
  let best = -Infinity;
  for (const swapped of swaps) {
    if (!nameHoldsTerm(table, id, swapped)) continue;
    const s = scorer.score(swapped);
    if (s > best) best = s;
  }
  return best;
}
