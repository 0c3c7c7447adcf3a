import { Methods } from '../../../protocol/methods';
import { READ_ONLY_METHODS } from '../readOnlyMethods';

type Id = number | string;

/** JSON-RPC's `RequestCancelled` (LSP specification, "Response Message": -32800). */
export const REQUEST_CANCELLED = -32800;

/** An answer the wire thread writes itself, ahead of the server's thread. */
export interface EarlyAnswer {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

/** Query ids remembered for `agentls/fileSearchCancel` (only the newest searches can still be pending). */
const REMEMBERED_QUERIES = 256;

/** Query ids cancelled before their search arrived, remembered this long (a cancel may overtake its request). */
const EARLY_CANCELS = 64;

interface Outstanding {
  method: string;
  /**
   * The client sent another request with this id before the first was answered: which
   * answer is whose cannot be told here, so none is given early (the server's thread
   * refuses the second, `intake.ts`).
   */
  reused: boolean;
}

/**
 * What the wire thread knows of the conversation, from the messages it carries: which
 * requests are still unanswered, and which it has answered itself. A cancelled or
 * superseded request that changes nothing is answered `RequestCancelled` here, as its
 * cancel is read, whatever the server's thread is busy with; the server's thread decides
 * the same on its own (`intake.ts`, `search/supersede.ts`) and its answer, coming second,
 * is dropped. Every id gets exactly one answer, the first.
 */
export class WireLedger {
  private readonly outstanding = new Map<string, Outstanding>();
  /** Answered here: the server's own answer for these is dropped when it comes. */
  private readonly answeredHere = new Set<string>();
  private newestSearch: Id | undefined;
  private readonly searchOfQuery = new Map<string, Id>();
  private readonly cancelledEarly = new Set<string>();

  /** A message from the client; returns the answers to write now, before it is passed on. */
  fromClient(message: unknown): EarlyAnswer[] {
    if (!isObject(message) || typeof message.method !== 'string') return [];
    const { method, params } = message;
    const id = message.id;
    const answers: EarlyAnswer[] = [];
    if (isId(id)) {
      const k = String(id);
      const known = this.outstanding.get(k);
      if (known || this.answeredHere.has(k)) {
        this.outstanding.set(k, { method, reused: true });
        return answers;
      }
      this.outstanding.set(k, { method, reused: false });
      // A search whose params are not an object is refused by the server's thread, superseding nothing.
      const refused = params !== undefined && (typeof params !== 'object' || params === null);
      if (method === Methods.fileSearch && !refused) {
        // A newer search makes the older one unwanted (the rule `search/supersede.ts` applies too).
        if (this.newestSearch !== undefined) this.answer(this.newestSearch, 'was superseded by a newer search', answers);
        this.newestSearch = id;
        const queryId = isObject(params) && typeof params.query_id === 'string' ? params.query_id : undefined;
        // Its cancel overtook it: answered now, as the server's thread answers it on arrival.
        if (queryId !== undefined && this.cancelledEarly.delete(queryId)) this.answer(id, 'was cancelled', answers);
        else if (queryId !== undefined) {
          this.searchOfQuery.set(queryId, id);
          if (this.searchOfQuery.size > REMEMBERED_QUERIES) this.searchOfQuery.delete(this.searchOfQuery.keys().next().value!);
        }
      }
      // A client may send the notification as a request: its query's search is settled all the same.
      if (method === Methods.fileSearchCancel) this.cancelQuery(params, answers);
      return answers;
    }
    if (method === '$/cancelRequest') {
      const target = isObject(params) ? params.id : undefined;
      if (isId(target)) this.answer(target, 'was cancelled', answers);
    } else if (method === Methods.fileSearchCancel) this.cancelQuery(params, answers);
    return answers;
  }

  /** `agentls/fileSearchCancel`: the search of its query, when still unanswered, is answered cancelled (when it has not arrived yet, as it arrives). */
  private cancelQuery(params: unknown, answers: EarlyAnswer[]): void {
    const queryId = isObject(params) && typeof params.query_id === 'string' ? params.query_id : undefined;
    if (queryId === undefined) return;
    const target = this.searchOfQuery.get(queryId);
    if (target !== undefined) this.answer(target, 'was cancelled', answers);
    else {
      this.cancelledEarly.add(queryId);
      if (this.cancelledEarly.size > EARLY_CANCELS) this.cancelledEarly.delete(this.cancelledEarly.values().next().value!);
    }
  }

  /**
   * A message from the server's thread and the id it answers (undefined when it answers
   * none); false when it must not be written. The server's thread answers each request it
   * accepted exactly once, so one answer is dropped for each given here.
   */
  fromServer(answers: Id | undefined): boolean {
    if (answers === undefined) return true;
    const k = String(answers);
    if (this.answeredHere.delete(k)) return false;
    this.outstanding.delete(k);
    return true;
  }

  private answer(id: Id, why: string, out: EarlyAnswer[]): void {
    const k = String(id);
    const entry = this.outstanding.get(k);
    if (!entry || entry.reused || !READ_ONLY_METHODS.has(entry.method)) return;
    this.outstanding.delete(k);
    this.answeredHere.add(k);
    if (this.newestSearch !== undefined && String(this.newestSearch) === k) this.newestSearch = undefined;
    out.push({ jsonrpc: '2.0', id, error: { code: REQUEST_CANCELLED, message: `${entry.method} ${why}` } });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is Id {
  return typeof value === 'number' || typeof value === 'string';
}
