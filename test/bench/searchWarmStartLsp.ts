import { RawLspClient, type RawMessage } from '../helpers/rawClient';

/**
 * The warm start as an editor sees it: the real server (stdio) started on a folder whose
 * index is in `cacheDir`, from spawning the process to the first `agentls/fileSearch`
 * answer with results. Besides what `searchWarmStart.ts` measures (the engine in a fresh
 * process), it holds the server's own start: loading the LSP library and every feature,
 * `initialize`, and the rules engine starting beside the search.
 */
export async function lspWarmStart(root: string, cacheDir: string, query: string): Promise<number> {
  const started = performance.now();
  const c = await RawLspClient.start([], { initialize: false });
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
