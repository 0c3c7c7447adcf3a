import * as fs from 'node:fs';
import * as net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { BURST_REQUESTS, fullCollection, QUIET_MS } from '../../core/gc';
import { FrameScanner } from '../frameScanner';
import { frameOf } from '../frameText';
import type { FromWire, ToWire, WireCancel, WireOptions } from './channel';
import { WireLedger } from './ledger';

/**
 * The wire thread: it reads the client's frames from stdin and writes the server's to
 * stdout, so a message is read the moment it arrives, not when the server's thread next
 * looks up from a search slice, a parse or a garbage collection. It answers cancelled
 * and superseded requests that change nothing itself (`ledger.ts`); everything else it
 * passes on, in order.
 *
 * stdin is opened here as a socket on file descriptor 0 and stdout written through
 * descriptor 1: a worker's `process.stdin` and `process.stdout` go through the server's
 * thread, the very wait this thread exists to avoid. `spawn.ts` starts it only when both
 * are pipes.
 */
const port = parentPort!;
const options = workerData as WireOptions;
const post = (message: FromWire) => port.postMessage(message);

// Reads land in one buffer, reused, instead of a new 64 KiB buffer for each read (Node's
// default); each message's bytes are copied out of it, mostly into Node's small-buffer pool.
const readBuffer = Buffer.allocUnsafeSlow(64 * 1024);
// `onread` is documented for `socket.connect()`; the constructor takes it too (Node's net.js), its types do not say so.
const readInto = { onread: { buffer: readBuffer, callback: (n: number, buf: Uint8Array) => void scanner.push(Buffer.from(buf.subarray(0, n))) } };
const input = new net.Socket({ fd: 0, readable: true, writable: false, ...readInto });
// With `onread` taken, no 'data' event comes; should a Node release ignore it, the bytes come this way instead.
input.on('data', (data: Buffer) => scanner.push(data));
const sleeper = new Int32Array(new SharedArrayBuffer(4));
/**
 * Writes one frame to stdout, whole, before returning, as Node writes `process.stdout` on a
 * pipe: frames never interleave, and no queue of copies grows while the editor is slow to
 * read (this thread then waits, as the server's did before it had this one). A client
 * gone mid-write is seen as stdin closing: the error is dropped.
 */
const write = (body: string) => {
  const frame = Buffer.from(frameOf(body), 'utf8');
  let done = 0;
  while (done < frame.length) {
    try {
      done += fs.writeSync(1, frame, done);
    } catch (err) {
      // Non-blocking only if someone made it so: wait for room rather than lose the frame.
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') Atomics.wait(sleeper, 0, 0, 1);
      else return;
    }
  }
};
const ledger = new WireLedger();

let batch: unknown[] = [];
let traced: WireCancel[] = [];
const flush = () => {
  post({ kind: 'messages', messages: batch });
  batch = [];
  if (traced.length > 0) {
    post({ kind: 'cancels', cancels: traced });
    traced = [];
  }
};

/**
 * This thread's heap after a burst, collected as the server's thread collects its own
 * (`idleCollect.ts`): once requests have been quiet for a while, one full collection.
 */
let requestsSinceCollection = 0;
let quiet: NodeJS.Timeout | undefined;
const requestArrived = () => {
  if (quiet) quiet.refresh();
  else if (++requestsSinceCollection >= BURST_REQUESTS) {
    quiet = setTimeout(() => {
      quiet = undefined;
      requestsSinceCollection = 0;
      fullCollection()?.();
    }, QUIET_MS);
    quiet.unref();
  }
};

const scanner = new FrameScanner((message) => {
  const { id, method } = message as { id?: unknown; method?: unknown };
  if (id !== undefined && typeof method === 'string') requestArrived();
  const arrivedAt = options.trace ? performance.timeOrigin + performance.now() : 0;
  for (const answer of earlyAnswers(message)) {
    write(JSON.stringify(answer));
    if (options.trace) traced.push({ id: answer.id, arrivedAt, writtenAt: performance.timeOrigin + performance.now() });
  }
  // One chunk's messages cross together, as one chunk: the server's thread decides on them together.
  if (batch.length === 0) queueMicrotask(flush);
  batch.push(message);
}, (problem) => post({ kind: 'problem', problem }), ({ id = null, ...error }) => write(JSON.stringify({ jsonrpc: '2.0', id, error })));

/** The ledger's answers; a fault in it costs the early answer, never the message or the connection. */
function earlyAnswers(message: unknown): ReturnType<WireLedger['fromClient']> {
  try {
    return ledger.fromClient(message);
  } catch (err) {
    post({ kind: 'problem', problem: `the wire thread could not look at a message: ${(err as Error).message}` });
    return [];
  }
}

let closed = false;
const close = () => {
  if (closed) return;
  closed = true;
  post({ kind: 'closed' });
};
input.on('end', close);
input.on('close', close);

port.on('message', ({ body, answers }: ToWire) => {
  let pass = true;
  try {
    pass = ledger.fromServer(answers);
  } catch {
    // Written: a second answer is better than none.
  }
  if (pass) write(body);
});
