import * as fs from 'node:fs';

/**
 * For tests that assert on the work done rather than on its time (a timing would be flaky
 * on shared cores): with `AGENTLS_TEST_COUNTS=FILE`, each `countWork` adds one to its name,
 * and every count is written to FILE as JSON before the next message the server sends (so
 * before the request that did the work answers: `writeWorkCounts`) and when the process
 * exits (the CLI). Unset, `countWork` is one comparison.
 */
const FILE = process.env.AGENTLS_TEST_COUNTS;
const counts: Record<string, number> = {};
let unwritten = false;

/**
 * `n` more pieces of `what` done (`tool-lint`: a tool's lint of one file; `index-paths-listed`:
 * paths the index gave), counted as `what of` when about one path (`disk-read` of a file): the
 * name is made only when counting.
 */
export function countWork(what: string, n = 1, of?: string): void {
  if (!FILE) return;
  const key = of === undefined ? what : `${what} ${of}`;
  counts[key] = (counts[key] ?? 0) + n;
  // Not written here: a write of every count per count was the square of the counts (a check
  // of a tree 200 folders deep counted 5,700 times into 460 KB of JSON: 15 s instead of 1.4 s).
  unwritten = true;
}

/** Writes the counts if any changed since they were last written: called before each message the server sends. */
export function writeWorkCounts(): void {
  if (!FILE || !unwritten) return;
  unwritten = false;
  // Written beside it and renamed over it: a test reading it never sees it half written.
  fs.writeFileSync(`${FILE}.next`, JSON.stringify(counts));
  fs.renameSync(`${FILE}.next`, FILE);
}

if (FILE) process.on('exit', writeWorkCounts);
