import * as fs from 'node:fs';

/**
 * For tests that assert on the work done rather than on its time (a timing would be flaky
 * on shared cores): with `AGENTLS_TEST_COUNTS=FILE`, each `countWork` adds one to its name
 * and writes every count to FILE as JSON, before the request that did the work answers.
 * Unset, `countWork` is one comparison.
 */
const FILE = process.env.AGENTLS_TEST_COUNTS;
const counts: Record<string, number> = {};

/**
 * `n` more pieces of `what` done (`tool-lint`: a tool's lint of one file; `index-paths-listed`:
 * paths the index gave), counted as `what of` when about one path (`disk-read` of a file): the
 * name is made only when counting.
 */
export function countWork(what: string, n = 1, of?: string): void {
  if (!FILE) return;
  const key = of === undefined ? what : `${what} ${of}`;
  counts[key] = (counts[key] ?? 0) + n;
  // Written beside it and renamed over it: a test reading it never sees it half written.
  fs.writeFileSync(`${FILE}.next`, JSON.stringify(counts));
  fs.renameSync(`${FILE}.next`, FILE);
}
