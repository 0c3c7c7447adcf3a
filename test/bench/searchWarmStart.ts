import { randomUUID } from 'node:crypto';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { SearchEngine } from '../../server/search/engine';
import { readSearchRequest } from '../../server/search/request';
import { SqliteStore } from '../../server/search/sqliteStore';
import { WorkspaceSession } from '../../server/workspace/session';

/**
 * A fresh process that starts the file search the way the server does on a folder whose
 * index is in the cache, answers one query and prints timings as JSON:
 * `{ sinceProcessStart, startToResult, files }` (ms). Run by the search benchmark:
 * `node searchWarmStart.js ROOT CACHE_DIR HOME QUERY`.
 */
async function main(): Promise<void> {
  const [root, cacheDir, home, query] = process.argv.slice(2);
  const started = performance.now();
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, cacheDir }));
  session.addFolder(root);
  const store = await SqliteStore.open(session.cacheDir, session.log);
  const engine = new SearchEngine(session, { store, log: session.log });
  void engine.sync();
  const result = await engine.search(readSearchRequest({ query_id: randomUUID(), query }), NEVER_CANCELLED);
  const done = performance.now();
  process.stdout.write(JSON.stringify({ sinceProcessStart: done, startToResult: done - started, files: result.total_count, first: result.candidates[0]?.path }) + '\n');
  process.exit(0);
}

void main();
