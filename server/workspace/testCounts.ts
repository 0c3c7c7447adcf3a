import * as fs from 'node:fs';

/**
 * For tests that assert on the work done rather than on its time (a timing would be flaky
 * on shared cores): with `AGENTLS_TEST_COUNTS=FILE`, each `countWork` adds one to its name
 * and writes every count to FILE as JSON, before the request that did the work answers.
 * Unset, `countWork` is one comparison.
 */
const FILE = process.env.AGENTLS_TEST_COUNTS;
const counts: Record<string, number> = {};

/** One more piece of `what` done (`tool-lint`: a tool's lint of one file). */
export function countWork(what: string): void {
  if (!FILE) return;
  counts[what] = (counts[what] ?? 0) + 1;
  fs.writeFileSync(FILE, JSON.stringify(counts));
}
