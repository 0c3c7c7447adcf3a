import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './repo';

/** Reads of a counts file caught half written (the server rewrites it in place on every count) before giving up. */
const MAX_TORN_READS = 100;

/**
 * The server's counts of work done (`server/workspace/testCounts.ts`): `env` to start it
 * with, and `counts()` as the server last wrote them, before the request that did the
 * counted work answered. Empty until it counts anything.
 */
export function workCounts(): { env: Record<string, string>; counts: () => Record<string, number> } {
  const file = path.join(tempDir('agentls-counts-'), 'counts.json');
  const counts = (): Record<string, number> => {
    for (let torn = 0; ; torn++) {
      if (!fs.existsSync(file)) return {};
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (err) {
        // Read while the server was writing it (its next count rewrites it whole): read again.
        if (!(err instanceof SyntaxError) || torn >= MAX_TORN_READS) throw err;
      }
    }
  };
  return { env: { AGENTLS_TEST_COUNTS: file }, counts };
}
