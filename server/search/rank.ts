import { CancelledError } from '../core/cancel';
import { INITIALS, spellsInitials } from './facts';
import { clamp01, lift, LIFT, YieldClock } from './lift';
import type { PathTable } from './pathTable';
import { MAX_TERM_LENGTH, queryHasUpper, withoutCase, type ParsedQuery, type QueryTerm } from './query';
import { perfectScore, type Scorer } from './score';
import { borrowUint8, giveBack, sharedScorer } from './scratch';
import { StrictScan, type StrictResult } from './strict';
import { bestSwapScore, swappedTerms } from './swap';
import { isNamed, spellsStem } from './stem';
import { TopK } from './topK';
import { folderTreeInSlices } from './tree';
import { allowedTypos, typoCandidates } from './typo';
import type { RankedFile, RankOptions, TableMatches } from './rankTypes';

export type { Narrowing, RankedFile, RankOptions, TableMatches } from './rankTypes';


/**
 * Largest share of the table a narrowed search scans file by file; beyond, it walks the
 * tree. Measured on the 92k bench list, per typing keystroke: a narrowing of 83k files
 * took 18.9 ms against 15.9 ms for the walk, one of 29k about as long as the walk, one of
 * 19k 11.6 against 12.5 ms.
 */
const NARROW_AT_MOST = 1 / 3;

/**
 * Ranks the files of one table for a query (see `StrictScan` for the exact pass).
 * Capitals in the query must meet capitals; if that finds nothing, case is ignored.
 * When no clean match looks like the query, a typo pass (longest common subsequence
 * with the names) adds near misses. The empty query lists the most recent files.
 */
export async function rankTable(table: PathTable, query: ParsedQuery, options: RankOptions): Promise<TableMatches> {
  if (options.cancel.isCancellationRequested) throw new CancelledError();
  if (query.terms.length === 0) return { ...recentFiles(table, options), query };
  // Which files the strict pass matched, kept when a typo pass may follow: it counts the files it adds.
  const marks = typoPassPossible(query) ? borrowUint8(table.slotCount) : undefined;
  try {
    return await rankMatches(table, query, options, marks);
  } finally {
    if (marks) giveBack([marks]);
  }
}

/** Whether a typo pass can follow the strict pass of this query (`rankMatches`). */
function typoPassPossible(query: ParsedQuery): boolean {
  const term = query.terms[0];
  return query.terms.length === 1 && !term.hasSlash && allowedTypos(term.length) > 0;
}

async function rankMatches(table: PathTable, query: ParsedQuery, options: RankOptions, marks: Uint8Array | undefined): Promise<TableMatches> {
  const clock = new YieldClock(options.cancel);
  // Every file that comes or goes calls for a new folder tree: built here a slice at a time, not in the scan's first turn.
  await folderTreeInSlices(table, () => clock.check());
  const remember = options.remember === true;
  const narrow = options.narrow;
  let q = query;
  const scan = (caseless: boolean): Promise<StrictResult> => {
    // A pass that matched nothing marked nothing: a second pass reuses the zeroed marks.
    const strict = new StrictScan(table, q, options, clock, remember, marks);
    // A caseless search may only be narrowed to matches that were found caseless too. A
    // narrowing that kept much of the table costs more than a walk, which skips whole
    // subtrees and reads each folder once (same answer either way).
    const within = narrow && (narrow.caseless || !caseless) && narrow.matched.length <= table.liveCount * NARROW_AT_MOST;
    return (within ? strict.within(narrow.matched) : strict.walk()).finally(() => strict.release());
  };
  let caseless = !queryHasUpper(q);
  let pass = await scan(caseless);
  if (pass.total === 0 && !caseless) {
    q = withoutCase(q);
    caseless = true;
    pass = await scan(true);
  }
  const ranked: RankedFile[] = [];
  const scorer = sharedScorer();
  const perfect = q.terms.reduce((sum, t) => sum + perfectScore(scorer, t), 0);
  const seen = new Map<number, RankedFile>();
  for (const { id, score } of pass.top.sorted()) {
    const file: RankedFile = { id, score, quality: clamp01(score / perfect), typo: false };
    ranked.push(file);
    seen.set(id, file);
  }
  let total = pass.total;
  const term = q.terms[0];
  const weak = ranked.length === 0 || (ranked[0].quality ?? 0) < LIFT.typoBelowQuality || mayBeSlip(table, ranked, term);
  if (marks !== undefined && weak) {
    const typo = await typoCandidates(table, term, options, clock, marks);
    total += typo.extra;
    const swaps = swappedTerms(term);
    for (const { id } of typo.top.sorted()) {
      if (clock.due()) await clock.check();
      scorer.loadFile(table, id);
      // Two swapped neighbours read as one slip: the name then matches back to back.
      const points = Math.max(scorer.score(term, true), bestSwapScore(scorer, table, id, swaps) - LIFT.swapPenalty);
      const score = points - LIFT.typoPenalty + lift(table, id, options.now);
      // A near miss must still look like the query: scattered leftovers are not typos, and not
      // counted either (`extra` counted every near miss the clean pass did not match). Those past
      // the top are never scored: they stay counted.
      if (points === -Infinity || score / perfect < LIFT.typoMinQuality) {
        if (marks[id] === 0) total--;
        continue;
      }
      // A file the clean pass ranked keeps the better of its two readings (`antmdoule`
      // scatters over the path of AntModule.java, but reads as one slip in its name).
      const clean = seen.get(id);
      if (clean === undefined) ranked.push({ id, score, quality: clamp01(score / perfect), typo: true });
      else if (score > clean.score) Object.assign(clean, { score, quality: clamp01(score / perfect), typo: true });
    }
    // The clean matches are weak (none holds the term well): a name it spells whole, give or take one slip,
    // is what was meant (`efumeration` → Enumeration.java, not enumerations.php.testFindContextForEnumerations_01…).
    for (const file of ranked) if (spellsStem(table, file.id, term)) file.score += LIFT.wholeStem;
    ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  }
  // A name longer than a term is cut to scores like every name sharing its start: typed whole, it comes first.
  if (q.terms.length === 1 && q.text.length > MAX_TERM_LENGTH) {
    for (const file of ranked) if (isNamed(table, file.id, q.text)) file.score += LIFT.wholeStem;
    ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  }
  const narrowing = pass.matched ? { matched: pass.matched, caseless } : undefined;
  return { ranked: ranked.slice(0, options.limit), total, query: q, narrowing };
}

/**
 * Whether the clean matches leave room for a name one slip away: none holds the term back to
 * back in its name, and the best does not read it as initials or humps (a term with
 * capitals, or one spelling the name's word starts, was typed that way on purpose).
 * `defaultdataobjecpttest` reads cleanly in DefaultDataObjectHasOpenActionTest.java (…objec,
 * the p of Open, t…), and `testfinal…readnoly` in the longer names that hold
 * testFinalFieldModifiersClassReadonly twice, both above the file whose name it misspells.
 */
function mayBeSlip(table: PathTable, ranked: readonly RankedFile[], term: QueryTerm): boolean {
  if (term.hasUpper || spellsInitials(table, ranked[0].id, term) !== INITIALS.none) return false;
  return !ranked.some((r) => nameHoldsRun(table, r.id, term));
}

/** The term's characters back to back somewhere in the file's name (capitals meeting capitals). */
function nameHoldsRun(table: PathTable, id: number, term: QueryTerm): boolean {
  const { chars, lower } = table;
  const { length, upper } = term;
  const want = term.lower;
  const start = table.nameStart[id];
  for (let x = start, last = start + table.nameLen[id] - length; x <= last; x++) {
    let k = 0;
    while (k < length && lower[x + k] === want[k] && (upper[k] === 0 || chars[x + k] !== lower[x + k])) k++;
    if (k === length) return true;
  }
  return false;
}

/** Alignment of each term on a file, as sorted positions in `folder/name` (for highlighting). */
export function matchPositions(table: PathTable, id: number, query: ParsedQuery, typo: boolean, scorer: Scorer = sharedScorer()): number[] {
  scorer.loadFile(table, id);
  const all = new Set<number>();
  for (const t of query.terms) for (const p of scorer.positions(t, typo) ?? []) all.add(p);
  // A letter written decomposed (`e` + U+0301) is matched on its first unit: its marks are highlighted with it.
  for (const p of [...all]) for (let q = p + 1; scorer.isFiller(q); q++) all.add(q);
  return [...all].sort((a, b) => a - b);
}

/** The empty query: most recently modified first, then picked, then shorter paths. */
function recentFiles(table: PathTable, options: RankOptions): Omit<TableMatches, 'query'> {
  const top = new TopK(options.limit);
  const { flags, mtime, boost, nameLen, fileDir, dirLen } = table;
  const allowed = options.allowed;
  let total = 0;
  for (let id = 0; id < table.slotCount; id++) {
    if ((flags[id] & 1) === 0 || (allowed !== undefined && allowed[id] === 0)) continue;
    total++;
    const key = mtime[id] + boost[id] * 1e-2 - (nameLen[id] + dirLen[fileDir[id]]) * 1e-5;
    if (key > top.threshold) top.push(id, key);
  }
  return { ranked: top.sorted().map(({ id, score }) => ({ id, score, typo: false })), total };
}
