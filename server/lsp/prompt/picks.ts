import { findTokens } from '../../refs/token';
import { resolveRelativeInside } from '../../workspace/paths';
import type { ServerContext } from '../feature';
import type { DocumentEvent, OpenDocument } from '../documents';
import type { OfferLog } from './completion';
import { modelOf } from './shared';

/** How long after a completion a new token still counts as picked from it. */
const OFFER_TTL_MS = 2 * 60_000;

/**
 * Feeds the file search's pick history without any client-side command (Helix and
 * Neovim run none reliably): a token that appears in a document right after its path was
 * offered by completion is a pick. Token counts are kept per open prompt document.
 */
export class PickTracker implements OfferLog {
  private readonly offers = new Map<string, { paths: Set<string>; at: number }>();
  private readonly counts = new Map<string, Map<string, number>>();

  constructor(private readonly ctx: ServerContext) {}

  offered(uri: string, paths: readonly string[]): void {
    const offer = this.offers.get(uri);
    if (offer && Date.now() - offer.at < OFFER_TTL_MS) {
      for (const p of paths) offer.paths.add(p);
      offer.at = Date.now();
    } else {
      this.offers.set(uri, { paths: new Set(paths), at: Date.now() });
    }
  }

  observe(doc: OpenDocument, event: DocumentEvent): void {
    const model = event === 'close' ? undefined : modelOf(doc);
    if (!model?.prompt) {
      this.counts.delete(doc.uri);
      this.offers.delete(doc.uri);
      return;
    }
    const counts = new Map<string, number>();
    for (const t of findTokens(model.prompt.value)) counts.set(t.displayPath, (counts.get(t.displayPath) ?? 0) + 1);
    const before = this.counts.get(doc.uri);
    this.counts.set(doc.uri, counts);
    const offer = this.offers.get(doc.uri);
    if (!before || !offer || Date.now() - offer.at > OFFER_TTL_MS) return;
    const root = doc.path ? this.ctx.session.rootOf(doc.path) : undefined;
    for (const [p, n] of counts) {
      if (n <= (before.get(p) ?? 0) || !offer.paths.has(p)) continue;
      const abs = root ? resolveRelativeInside(root, p) : undefined;
      if (abs) this.ctx.services.fileSearch?.recordPick(abs);
    }
  }
}
