import {
  CancellationSenderStrategy,
  CancellationTokenSource,
  Disposable,
  ErrorCodes,
  LSPErrorCodes,
  type CancellationStrategy,
  type ConnectionOptions,
  type DataCallback,
  type Message,
  type MessageReader,
  type MessageWriter,
  type NotificationMessage,
  type RequestMessage,
  type ResponseMessage,
} from 'vscode-languageserver/node';
import { loadTrace } from './loadTrace';
import { READ_ONLY_METHODS } from './readOnlyMethods';
import { writeWorkCounts } from '../workspace/testCounts';

type Id = number | string;

interface Pending {
  method: string;
  started: boolean;
}

export interface ArrivingMessage {
  id?: Id;
  method: string;
  params: unknown;
}

/**
 * Sees every message as it arrives, before the JSON-RPC library queues it. The library
 * runs one queued message per event-loop turn, so while a long request runs, requests
 * wait their turn; anything decided here is decided at once:
 *
 * - a cancelled request (`$/cancelRequest`, or a feature's own cancel) is answered
 *   `RequestCancelled` immediately, and skipped when its turn comes;
 * - a request reusing the id of one still pending is refused (the library would silently
 *   replace the first);
 * - a second `initialize`, and every request after `shutdown`, is refused with
 *   `InvalidRequest` as the LSP specification asks; a request before `initialize` with
 *   `ServerNotInitialized`, and a notification then (but `exit`) is dropped.
 *
 * Features hook in with `onArrival` (search supersedes older searches there).
 */
export class RequestIntake {
  private readonly pending = new Map<string, Pending>();
  /** Answered here before their turn: skipped when the library dispatches them. */
  private readonly skipDispatch = new Set<string>();
  /** Answered here while running: their handler's late answer is dropped. */
  private readonly dropReply = new Set<string>();
  private readonly sources = new Map<string, CancellationTokenSource>();
  private readonly listeners = new Map<string, ((message: ArrivingMessage) => void)[]>();
  private initializeSeen = false;
  private initializedSeen = false;
  private shutdownSeen = false;
  private writer: MessageWriter | undefined;
  /** Told when the library throws on a message handed to it (logged by the server). */
  onDispatchError: ((message: Message, err: unknown) => void) | undefined;
  /** Told of every request as it arrives (the server gives memory back after a burst). */
  onRequestArrival: (() => void) | undefined;

  /** Whether `shutdown` has been received (the exit code depends on it). */
  get shuttingDown(): boolean {
    return this.shutdownSeen;
  }

  /** Calls `listener` as each message of `method` arrives, in arrival order. */
  onArrival(method: string, listener: (message: ArrivingMessage) => void): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  /** Whether a request has been received and not yet answered. */
  isPending(id: Id): boolean {
    return this.pending.has(key(id));
  }

  /**
   * Cancels a pending request: its token fires, and it is answered `RequestCancelled`
   * now when that is safe (it has not started, or it changes nothing).
   */
  cancel(id: Id, why: string): void {
    const k = key(id);
    const p = this.pending.get(k);
    if (!p) return;
    this.sources.get(k)?.cancel();
    if (p.started && !READ_ONLY_METHODS.has(p.method)) return;
    (p.started ? this.dropReply : this.skipDispatch).add(k);
    this.answer(id, LSPErrorCodes.RequestCancelled, `${p.method} ${why}`);
  }

  /**
   * The reader the connection reads through. Messages read together (one chunk of input)
   * are decided on together before any reaches the library: a search superseded or
   * cancelled by a later message of the same chunk is answered and never queued, and
   * neither is a `$/cancelRequest` for it.
   */
  reader(inner: MessageReader): MessageReader {
    return {
      onError: inner.onError,
      onClose: inner.onClose,
      onPartialMessage: inner.onPartialMessage,
      dispose: () => inner.dispose(),
      listen: (callback: DataCallback): Disposable => {
        let batch: Message[] = [];
        const flush = () => {
          const messages = batch;
          batch = [];
          const dropped = new Set<string>();
          for (const message of messages) {
            const m = message as RequestMessage & NotificationMessage;
            if (m.id !== undefined && m.id !== null && typeof m.method === 'string' && this.skipDispatch.delete(key(m.id))) {
              dropped.add(key(m.id));
              continue;
            }
            const target = m.method === '$/cancelRequest' ? (m.params as { id?: Id } | undefined)?.id : undefined;
            if (target !== undefined && dropped.has(key(target))) continue;
            // One message the library chokes on must not take the rest of its chunk with it.
            try {
              callback(message);
            } catch (err) {
              this.onDispatchError?.(message, err);
            }
          }
        };
        return inner.listen((message) => {
          loadTrace?.arrived();
          if (!this.arrive(message)) return;
          if (batch.length === 0) queueMicrotask(flush);
          batch.push(message);
        });
      },
    };
  }

  /** The writer the connection writes through: it keeps the pending set current. */
  writerFor(inner: MessageWriter): MessageWriter {
    this.writer = inner;
    return {
      onError: inner.onError,
      onClose: inner.onClose,
      end: () => inner.end(),
      dispose: () => inner.dispose(),
      write: async (message: Message) => {
        const response = message as ResponseMessage;
        if (response.id !== undefined && response.id !== null && !('method' in message)) {
          const k = key(response.id);
          if (this.dropReply.delete(k)) return;
          this.settled(k);
        }
        // The work a message reports (an answer, a publish, a log line) is counted on disk before the editor (a test) sees it.
        writeWorkCounts();
        return inner.write(message);
      },
    };
  }

  /** Options for the connection: dispatch skips what was answered here; tokens are reachable by id. */
  connectionOptions(): ConnectionOptions {
    const cancellationStrategy: CancellationStrategy = {
      receiver: {
        kind: 'id',
        createCancellationTokenSource: (id) => {
          const source = new CancellationTokenSource();
          this.sources.set(key(id), source);
          return source;
        },
      },
      sender: CancellationSenderStrategy.Message,
    };
    return {
      cancellationStrategy,
      messageStrategy: {
        handleMessage: (message, next) => {
          const id = (message as RequestMessage).id;
          if ('method' in message && id !== undefined && id !== null) {
            const k = key(id);
            if (this.skipDispatch.delete(k)) return;
            const p = this.pending.get(k);
            if (p) p.started = true;
          }
          return next(message);
        },
      },
    };
  }

  /** Decides about a message as it arrives; false when it is answered here and goes no further. */
  private arrive(message: Message): boolean {
    const m = message as RequestMessage & NotificationMessage;
    if (typeof m.method !== 'string') return true;
    const isRequest = m.id !== undefined && m.id !== null;
    if (isRequest) {
      this.onRequestArrival?.();
      const id = m.id as Id;
      const k = key(id);
      if (this.pending.has(k)) {
        this.answer(id, ErrorCodes.InvalidRequest, `request id ${JSON.stringify(m.id)} is already in use by a request that has not been answered`, false);
        return false;
      }
      if (this.shutdownSeen) {
        this.answer(id, ErrorCodes.InvalidRequest, `${m.method}: the server is shutting down`, false);
        return false;
      }
      // LSP 3.17, "Initialize Request": a request before initialize is answered -32002 (it would wait for the handshake forever).
      if (!this.initializeSeen && m.method !== 'initialize') {
        this.answer(id, ErrorCodes.ServerNotInitialized, `${m.method}: the server is not initialized; send initialize first`, false);
        return false;
      }
      if (m.method === 'initialize') {
        if (this.initializeSeen) {
          this.answer(id, ErrorCodes.InvalidRequest, 'initialize: the server is already initialized', false);
          return false;
        }
        this.initializeSeen = true;
      }
      if (!paramsShapeOk(m.method, m.params)) {
        this.answer(id, ErrorCodes.InvalidParams, `${m.method}: params must be an object`, false);
        return false;
      }
      if (m.method === 'shutdown') this.shutdownSeen = true;
      // A request whose id a skipped one left behind in the library's queue replaces it there.
      this.skipDispatch.delete(k);
      this.pending.set(k, { method: m.method, started: false });
    } else if (this.shutdownSeen && m.method !== 'exit' && m.method !== '$/cancelRequest') {
      return false;
    } else if (!this.initializeSeen && m.method !== 'exit') {
      // The same section: a notification before initialize is dropped, except exit.
      return false;
    } else if (m.method === 'initialized') {
      // A client that repeats the handshake must not start the server's work twice.
      if (this.initializedSeen) return false;
      this.initializedSeen = true;
    }
    if (m.method === '$/cancelRequest') {
      const target = (m.params as { id?: unknown } | undefined)?.id;
      // The library reads `params.id` of a cancel and throws on anything but an id; a cancel
      // naming no request cancels nothing, so it goes no further.
      if (typeof target !== 'number' && typeof target !== 'string') return false;
      this.cancel(target, 'was cancelled');
    }
    for (const listener of this.listeners.get(m.method) ?? []) listener({ id: isRequest ? m.id! : undefined, method: m.method, params: m.params });
    return true;
  }

  private answer(id: Id, code: number, message: string, settles = true): void {
    if (settles) this.settled(key(id));
    void this.writer?.write({ jsonrpc: '2.0', id, error: { code, message } } as ResponseMessage).catch(() => undefined);
    if (code === LSPErrorCodes.RequestCancelled) loadTrace?.cancelAnswered(id);
  }

  private settled(k: string): void {
    this.pending.delete(k);
    this.sources.delete(k);
  }
}

/**
 * JSON-RPC params are an object or an array, or absent. The library reads fields of the
 * standard requests' params before any handler runs, so for those `null` would surface as
 * an internal error; other methods (`shutdown` is often sent with `null`) pass.
 */
function paramsShapeOk(method: string, params: unknown): boolean {
  if (params === undefined || (typeof params === 'object' && params !== null)) return true;
  if (params !== null) return false;
  return !(method.startsWith('textDocument/') || method.startsWith('workspace/') || method.includes('/resolve'));
}

/** The library keys requests by `String(id)`, so `1` and `"1"` are one id here too. */
function key(id: Id | null): string {
  return String(id);
}
