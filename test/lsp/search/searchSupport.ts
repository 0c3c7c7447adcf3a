import type { FileCandidatesPayload } from '../../../protocol/rawp';
import type { LspTestClient } from '../../helpers/lspClient';

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
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: qid(), query, ...extra });
    if (!answer.indexing) return answer;
    if (Date.now() > deadline) throw new Error(`the index never completed: ${answer.indexed_count} files indexed`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
