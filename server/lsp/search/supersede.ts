import { Methods } from '../../../protocol/methods';
import { isRecord } from '../../core/settings';
import type { ServerContext } from '../feature';

type Id = number | string;

/** Query ids remembered for `agentls/fileSearchCancel` (only the newest searches can still be pending). */
const REMEMBERED_QUERIES = 256;

/** Query ids cancelled before their search arrived, remembered this long (a cancel may overtake its request). */
const EARLY_CANCELS = 64;

/**
 * Settles searches as their successors and cancels arrive, not when their turn in the
 * queue comes: at 1,000 searches a second the queue would otherwise hold hundreds of
 * searches nobody waits for, each run before the one that matters. A new
 * `agentls/fileSearch` answers every older pending search `RequestCancelled` at once
 * (the running one stops at its next cancellation check), and
 * `agentls/fileSearchCancel` does the same for its query. A search whose cancel came first
 * (it overtook its request) is answered `RequestCancelled` as it arrives, and never runs.
 */
export function supersedeOnArrival(ctx: ServerContext): void {
  let pendingSearches: Id[] = [];
  const requestOfQuery = new Map<string, Id>();
  const cancelledEarly = new Set<string>();

  ctx.intake.onArrival(Methods.fileSearch, ({ id, params }) => {
    if (id === undefined) return;
    for (const older of pendingSearches) ctx.intake.cancel(older, 'was superseded by a newer search');
    pendingSearches = [id];
    const queryId = isRecord(params) && typeof params.query_id === 'string' ? params.query_id : undefined;
    if (queryId === undefined) return;
    if (cancelledEarly.delete(queryId)) {
      pendingSearches = [];
      ctx.intake.cancel(id, 'was cancelled');
      return;
    }
    requestOfQuery.set(queryId, id);
    if (requestOfQuery.size > REMEMBERED_QUERIES) requestOfQuery.delete(requestOfQuery.keys().next().value!);
  });

  ctx.intake.onArrival(Methods.fileSearchCancel, ({ params }) => {
    const queryId = isRecord(params) && typeof params.query_id === 'string' ? params.query_id : undefined;
    if (queryId === undefined) return;
    const id = requestOfQuery.get(queryId);
    if (id === undefined) {
      cancelledEarly.add(queryId);
      if (cancelledEarly.size > EARLY_CANCELS) cancelledEarly.delete(cancelledEarly.values().next().value!);
      return;
    }
    requestOfQuery.delete(queryId);
    ctx.intake.cancel(id, 'was cancelled');
  });
}
