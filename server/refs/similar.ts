/**
 * "The best match for a missing file": fuzzy search finds candidates by subsequence,
 * which a typo (`auht.ts`) defeats, so candidates from a few queries are ranked here
 * by edit distance to the missing path, the file name weighing most.
 */

/** Optimal-string-alignment distance (a transposition counts as one edit), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 64): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** The queries whose results likely hold the intended file of a missing path. */
export function similarityQueries(missing: string): { query: string; extension?: string }[] {
  const slash = missing.lastIndexOf('/');
  const name = missing.slice(slash + 1);
  const dir = slash < 0 ? '' : missing.slice(0, slash);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : undefined;
  const out: { query: string; extension?: string }[] = [{ query: missing }, { query: name }, { query: stem }];
  if (stem.length > 2) out.push({ query: stem.slice(0, 2) });
  if (dir) out.push({ query: dir + '/', extension });
  const seen = new Set<string>();
  return out.filter((q) => {
    const key = `${q.query}\0${q.extension ?? ''}`;
    if (q.query === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The candidate closest to `missing`, or undefined when none is close enough to be what
 * the author meant (at most about a third of the file name changed).
 */
export function closestPath(missing: string, candidates: Iterable<string>): string | undefined {
  const name = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const missingName = name(missing).toLowerCase();
  const limit = Math.max(2, Math.floor(missingName.length / 3));
  let best: { path: string; score: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === missing) continue;
    const nameDistance = editDistance(missingName, name(candidate).toLowerCase(), limit);
    if (nameDistance > limit) continue;
    const pathDistance = editDistance(missing.toLowerCase(), candidate.toLowerCase(), 64);
    const score = nameDistance * 4 + pathDistance;
    if (!best || score < best.score || (score === best.score && candidate < best.path)) best = { path: candidate, score };
  }
  return best?.path;
}
