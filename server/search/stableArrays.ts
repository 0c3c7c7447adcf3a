/*
 * Arrays the scan reads in its hot loops, built so they always have one V8 map.
 *
 * `Array.prototype.map` returns a packed array from the builtin but a holey one once
 * TurboFan inlines it into the function that calls it. When that function (a scan's
 * constructor, `parseQuery`) got optimised mid-run, every function reading those arrays
 * (`enter`, `ensureStates`, `scanOne`, …) met a second map and was thrown out of optimised
 * code ("wrong map") and compiled again: 10–100 ms of compiler time each, several times
 * over the 205 bench queries.
 */

/**
 * `items.map(make)` for objects, always packed: pushed one by one onto an empty array (its
 * literal starts in the kind it last grew to, so numbers belong in a typed array instead).
 */
export function mapPacked<T, U>(items: readonly T[], make: (item: T, index: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) out.push(make(items[i], i));
  return out;
}

/**
 * `count` empty slots (`undefined`), packed, to be filled in any order: an array filled
 * at a growing index (`a[k] ??= …`) is packed or holey by the order the indices come.
 */
export function emptySlots<T>(count: number): (T | undefined)[] {
  const out: (T | undefined)[] = [];
  for (let i = 0; i < count; i++) out.push(undefined);
  return out;
}
