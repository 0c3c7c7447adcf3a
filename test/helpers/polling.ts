import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import type { StatusResult } from '../../protocol/methods';
import type { FileCandidatesPayload } from '../../protocol/rawp';
import type { LspTestClient } from './lspClient';

/**
 * Asks until `check` holds, and fails with the last answer after `capMs`. The cap is
 * generous (two noisy cores shared by many); what a test waits for is a state the server
 * reports, never a time. `probe` may also read a state kept in the test (events seen).
 */
export async function until<T>(what: string, probe: () => T | Promise<T>, check: (value: T) => boolean, capMs = 60_000): Promise<T> {
  const deadline = Date.now() + capMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function status(c: LspTestClient): Promise<StatusResult> {
  return c.request<StatusResult>('agentls/status');
}

/**
 * Searches until the answer no longer says `indexing` (the server's own word that the index
 * is complete: no listing of the folders searched is running), then returns that answer. An
 * answer from part of the tree would pass a test that a file is not found, whatever the index does.
 */
export function completeAnswer(c: LspTestClient, query: string, extra: Record<string, unknown> = {}, queryId: () => string = randomUUID): Promise<FileCandidatesPayload> {
  const ask = () => c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: queryId(), query, ...extra });
  return until('the index to complete', ask, (answer) => !answer.indexing, 20_000);
}

/** The files search finds whose name starts with `query` (relative paths), in an answer from the complete index (`completeAnswer`). */
export async function searchNames(c: LspTestClient, query: string, maxResults = 50): Promise<string[]> {
  const r = await completeAnswer(c, query, { max_results: maxResults });
  return r.candidates.map((x) => x.path).filter((p) => path.basename(p).startsWith(query));
}
