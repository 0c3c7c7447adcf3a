import type { FileCandidatesPayload } from '../../../protocol/rawp';
import type { LspTestClient } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';

let counter = 0;
/** A fresh UUID v4 (tests need many, and readable ones). */
export function qid(): string {
  counter++;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/**
 * Searches until the answer no longer says `indexing` (the server's own word that the
 * index is complete), then returns that answer: tests wait for the state, never a time.
 */
export async function completeIndex(c: LspTestClient, query: string, extra: Record<string, unknown> = {}): Promise<FileCandidatesPayload> {
  const ask = () => c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: qid(), query, ...extra });
  return until('the index to complete', ask, (answer) => !answer.indexing, 20_000);
}
