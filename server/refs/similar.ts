/**
 * "The best match for a missing file": fuzzy search finds candidates by subsequence,
 * which a typo (`auht.ts`) defeats, so candidates from a few queries are ranked here
 * by edit distance to the missing path, the file name weighing most.
 */

import { editDistance } from '../core/editDistance';

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
