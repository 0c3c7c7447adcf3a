import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LOAD_TRACE_ENV } from '../loadTraceEnv';
import type { FromWire, ToWire, WireOptions } from './channel';

/**
 * Environment variable that keeps stdin and stdout on the server's own thread when set
 * to `0` (for comparing the two in the load benchmark, or should the thread misbehave).
 */
export const WIRE_THREAD_ENV = 'AGENTLS_WIRE_THREAD';

/**
 * Starts the wire thread (`wireThread.ts`) when stdin and stdout are pipes or sockets, as
 * editors start a language server; undefined otherwise (a terminal, a file: the server
 * then reads and writes on its own thread). Windows is left out: opening a descriptor as
 * a socket is not the same operation there.
 *
 * Loads nothing but Node's own modules, so the command line can start the thread before
 * the server's modules are initialised: a thread takes tens of milliseconds to start,
 * and the two then start side by side instead of one after the other.
 */
export function spawnWireThread(): WireThread | undefined {
  if (process.platform === 'win32' || process.env[WIRE_THREAD_ENV] === '0') return undefined;
  if (!isPipe(0) || !isPipe(1)) return undefined;
  const options: WireOptions = { trace: process.env[LOAD_TRACE_ENV] !== undefined };
  // Beside this file in the compiled tree, and beside the bundle in out/bundle/ (package.json's `bundle`). An
  // install that lacks it (a packaging slip) runs on one thread: a thread that failed to load would take the connection with it.
  const file = path.join(__dirname, 'wireThread.js');
  if (!fs.existsSync(file)) return undefined;
  let worker: Worker;
  try {
    worker = new Worker(file, { workerData: options });
  } catch {
    return undefined;
  }
  // A worker's events reach only the listeners there are: what comes before the server listens is held for it.
  const held: FromWire[] = [];
  let listener: ((message: FromWire) => void) | undefined;
  const tell = (message: FromWire) => (listener ? listener(message) : held.push(message));
  worker.on('message', tell);
  worker.on('error', (err) => tell({ kind: 'failed', problem: err.message }));
  worker.on('exit', () => tell({ kind: 'closed' }));
  return {
    post: (message) => worker.postMessage(message),
    listen: (l) => {
      listener = l;
      for (const message of held.splice(0)) l(message);
    },
  };
}

/** The wire thread as the server's thread sees it. */
export interface WireThread {
  post(message: ToWire): void;
  /** Calls `listener` with everything the thread has said so far, then with all it says. */
  listen(listener: (message: FromWire) => void): void;
}

function isPipe(fd: number): boolean {
  try {
    const st = fs.fstatSync(fd);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}
