import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AstBackend, FileScan, OpQuery, PatternCheck, ScanInput } from './backend';
import type { LanguageId } from './languages';
import { checkPatternText, NapiBackend } from './napiBackend';
import type { ScanReply, ScanRequest } from './scanWorker';

interface Pending {
  resolve: (results: FileScan[]) => void;
  reject: (err: Error) => void;
  thread: Thread;
}

interface Thread {
  worker: Worker;
  inFlight: number;
}

/**
 * Runs the matcher in worker threads, so a large preview uses every core (as the
 * ast-grep CLI does) and the server's own thread stays free for the editor. Threads are
 * started on first use and stopped after a quiet spell; they never keep a process alive.
 */
export class WorkerBackend implements AstBackend {
  private threads: Thread[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly workerFile: string,
    private readonly size: number,
    private readonly idleMs = 30_000,
  ) {}

  checkPattern(lang: LanguageId, pattern: string): PatternCheck {
    return checkPatternText(lang, pattern);
  }

  scan(lang: LanguageId, ops: readonly OpQuery[], files: readonly ScanInput[]): Promise<FileScan[]> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const thread = this.pickThread();
    const id = this.nextId++;
    const request: ScanRequest = { id, lang, ops: [...ops], files: [...files] };
    thread.inFlight++;
    return new Promise<FileScan[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, thread });
      thread.worker.postMessage(request);
    });
  }

  private pickThread(): Thread {
    if (this.threads.length < this.size) {
      const idle = this.threads.find((t) => t.inFlight === 0);
      if (idle) return idle;
      return this.spawn();
    }
    return this.threads.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
  }

  private spawn(): Thread {
    const worker = new Worker(this.workerFile);
    worker.unref();
    const thread: Thread = { worker, inFlight: 0 };
    worker.on('message', (reply: ScanReply) => this.settle(reply));
    const fail = (err: Error) => {
      this.threads = this.threads.filter((t) => t !== thread);
      for (const [id, p] of this.pending) {
        if (p.thread !== thread) continue;
        this.pending.delete(id);
        p.reject(err);
      }
    };
    worker.on('error', (err) => fail(err));
    worker.on('exit', (code) => fail(new Error(`the ast-edit scan thread stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private settle(reply: ScanReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    p.thread.inFlight--;
    if ('error' in reply) p.reject(new Error(reply.error));
    else p.resolve(reply.results);
    if (this.pending.size === 0) {
      this.idleTimer = setTimeout(() => this.dispose(), this.idleMs);
      this.idleTimer.unref();
    }
  }

  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const threads = this.threads;
    this.threads = [];
    for (const t of threads) {
      t.worker.removeAllListeners('exit');
      void t.worker.terminate();
    }
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(new Error('the ast-edit scan threads were stopped'));
    }
  }
}

/**
 * The backend for the server and the CLI: worker threads when running from the built
 * JavaScript (the worker needs a `.js` entry), the in-thread matcher otherwise.
 */
export function createAstBackend(threads = Math.min(2, availableParallelism())): AstBackend {
  if (!__filename.endsWith('.js') || threads < 1) return new NapiBackend();
  return new WorkerBackend(path.join(__dirname, 'scanWorker.js'), threads);
}
