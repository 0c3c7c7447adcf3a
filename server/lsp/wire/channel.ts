/**
 * What the wire thread and the server's thread say to each other (`wireThread.ts`,
 * `wireTransport.ts`). Messages from the client cross as the objects the wire thread
 * parsed; messages to the client cross as the JSON the server's thread wrote, so what
 * reaches the client is exactly what `JSON.stringify` made of it, as without the thread.
 */

type Id = number | string;

/** The wire thread's start-up data. */
export interface WireOptions {
  /** Record each `RequestCancelled` given early, for the load benchmark (`loadTrace.ts`). */
  trace: boolean;
}

/** A cancel answered in the wire thread: when the message that made it unwanted was read, and when the answer was written (epoch ms). */
export interface WireCancel {
  id: Id;
  arrivedAt: number;
  writtenAt: number;
}

/** Wire thread → server thread. */
export type FromWire =
  /** The messages of one chunk of input, in order: decided on together (`intake.ts`). */
  | { kind: 'messages'; messages: unknown[] }
  /** A frame could not be read (it was skipped; reading went on). */
  | { kind: 'problem'; problem: string }
  | { kind: 'cancels'; cancels: WireCancel[] }
  /** The client's end of stdin closed (the editor is gone), or the thread stopped. */
  | { kind: 'closed' }
  /** The thread failed: the connection is gone with it. */
  | { kind: 'failed'; problem: string };

/** Server thread → wire thread: one message as JSON, and the id of the request it answers, if it answers one. */
export interface ToWire {
  body: string;
  answers?: Id;
}
