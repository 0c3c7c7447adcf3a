/**
 * How far apart two short texts are, for "did you mean" suggestions (a misspelt code, a
 * missing file's likely name, a frontmatter value with a slip of the keyboard).
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

/**
 * `editDistance` of `a` to the nearest start of `b` at least `minLength` long (`allways`
 * is 1 from `always`, the start of `alwayson`): a value typed short of its full name.
 */
export function prefixEditDistance(a: string, b: string, minLength: number, max = 64): number {
  let best = editDistance(a, b, max);
  for (let end = Math.min(minLength, b.length); end < b.length; end++) best = Math.min(best, editDistance(a, b.slice(0, end), max));
  return best;
}
