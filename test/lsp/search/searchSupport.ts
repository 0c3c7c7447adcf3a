import type { FileCandidatesPayload } from '../../../protocol/rawp';
import type { LspTestClient } from '../../helpers/lspClient';
import { completeAnswer } from '../../helpers/polling';

let counter = 0;
/** A fresh UUID v4 (tests need many, and readable ones). */
export function qid(): string {
  counter++;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/** `completeAnswer` with readable query ids: the answer of the complete index. */
export function completeIndex(c: LspTestClient, query: string, extra: Record<string, unknown> = {}): Promise<FileCandidatesPayload> {
  return completeAnswer(c, query, extra, qid);
}
