import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './repo';

/**
 * The server's counts of work done (`server/workspace/testCounts.ts`): `env` to start it
 * with, and `counts()` as the server last wrote them, before the request that did the
 * counted work answered. Empty until it counts anything.
 */
export function workCounts(): { env: Record<string, string>; counts: () => Record<string, number> } {
  const file = path.join(tempDir('agentls-counts-'), 'counts.json');
  // The server renames each new set of counts over the file: it is never read half written.
  const counts = (): Record<string, number> => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
  return { env: { AGENTLS_TEST_COUNTS: file }, counts };
}
