import * as fs from 'node:fs';
import * as path from 'node:path';
import { RawLspClient, type RawMessage } from '../helpers/rawClient';

/**
 * The warm start as an editor sees it: the real server (stdio, the installed command) started
 * on a folder whose index is in `cacheDir`, from spawning the process to the first
 * `agentls/fileSearch` answer with results. Besides what `searchWarmStart.ts` measures (the
 * engine in a fresh process), it holds the server's own start: loading the program, the
 * LSP library and every feature, `initialize`, and the rules engine starting beside the search.
 * `cacheHome` is the server's XDG_CACHE_HOME, where its code cache lives: warm means that
 * cache was written by an earlier start too (`primeCodeCache`).
 */
export async function lspWarmStart(root: string, cacheDir: string, query: string, cacheHome: string): Promise<number> {
  const started = performance.now();
  const c = await RawLspClient.start([], { initialize: false, cacheHome });
  try {
    c.send(c.initializeMessage(1, [root], cacheDir));
    await c.response(1, 30_000);
    c.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
    for (let id = 2; ; id++) {
      c.send({ jsonrpc: '2.0', id, method: 'agentls/fileSearch', params: { query_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, query } });
      const answer: RawMessage = await c.response(id, 30_000);
      const candidates = (answer.result as { candidates?: unknown[] } | undefined)?.candidates;
      if (candidates && candidates.length > 0) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error(`no result for "${query}" from the cache in 30 s`);
    }
  } finally {
    await c.stop();
  }
}

/** Runs the server on `root` until it has written its code cache under `cacheHome` (it does once warmed up); returns the cache's size in bytes. */
export async function primeCodeCache(root: string, cacheDir: string, cacheHome: string): Promise<number> {
  const folder = path.join(cacheHome, 'agentls', 'code');
  const written = () => (fs.existsSync(folder) ? fs.readdirSync(folder).find((name) => name.endsWith('.v8cache')) : undefined);
  const c = await RawLspClient.start([], { initialize: false, cacheHome });
  try {
    c.send(c.initializeMessage(1, [root], cacheDir));
    await c.response(1, 30_000);
    c.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
    const deadline = performance.now() + 60_000;
    while (!written()) {
      if (performance.now() > deadline) throw new Error(`the server wrote no code cache in ${folder} within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return fs.statSync(path.join(folder, written()!)).size;
  } finally {
    await c.stop();
  }
}
