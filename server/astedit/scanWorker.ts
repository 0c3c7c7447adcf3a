import { parentPort } from 'node:worker_threads';
import type { FileScan, OpQuery, ScanInput } from './backend';
import type { LanguageId } from './languages';
import { scanText } from './napiBackend';

/** A request from `WorkerBackend`: match `ops` in each of `files`. */
export interface ScanRequest {
  id: number;
  lang: LanguageId;
  ops: OpQuery[];
  files: ScanInput[];
}

export type ScanReply = { id: number; results: FileScan[] } | { id: number; error: string };

// The entry point of each scan thread: plain data in, plain data out.
parentPort?.on('message', (request: ScanRequest) => {
  let reply: ScanReply;
  try {
    reply = { id: request.id, results: request.files.map((f) => scanText(request.lang, request.ops, f)) };
  } catch (err) {
    reply = { id: request.id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});
