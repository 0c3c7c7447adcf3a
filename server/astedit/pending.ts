import { randomBytes } from 'node:crypto';
import type { AstEditPreview, AstEditRequest } from './types';

/**
 * Previews waiting to be applied or discarded (the agent's "pending action"), by id. A
 * preview is also found by its request, so a client that cannot read command results
 * (Helix) applies "the preview of these ops and paths" without knowing the id. Bounded:
 * the oldest previews are forgotten first.
 */
export class PreviewStore {
  private readonly entries = new Map<string, { preview: AstEditPreview; key: string }>();

  constructor(private readonly capacity = 16) {}

  add(preview: AstEditPreview): string {
    const id = `astedit-${randomBytes(6).toString('hex')}`;
    const key = requestKey(preview.request);
    // One pending preview per request: a new preview of the same rewrite replaces the old one.
    for (const [oldId, entry] of this.entries) if (entry.key === key) this.entries.delete(oldId);
    this.entries.set(id, { preview: withoutTexts(preview), key });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return id;
  }

  get(id: string): AstEditPreview | undefined {
    return this.entries.get(id)?.preview;
  }

  /** The id of the pending preview of this request, if any. */
  findByRequest(request: AstEditRequest): string | undefined {
    const key = requestKey(request);
    for (const [id, entry] of this.entries) if (entry.key === key) return id;
    return undefined;
  }

  delete(id: string): boolean {
    return this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Two requests are the same rewrite when ops, paths, lang and root agree. */
export function requestKey(request: AstEditRequest): string {
  return JSON.stringify([request.root, request.lang ?? '', request.paths, request.ops.map((o) => [o.pat, o.out])]);
}

/**
 * A preview without the file texts it was computed from: what is kept while it waits
 * (an apply compares changes, and takes the texts from its re-run), so pending previews
 * of large rewrites do not hold whole files in memory.
 */
export function withoutTexts(preview: AstEditPreview): AstEditPreview {
  return { ...preview, files: preview.files.map((f) => ({ ...f, text: '' })) };
}
