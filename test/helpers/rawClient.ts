import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { URI } from 'vscode-uri';
import { serverEntry, tempDir } from './repo';
import { SERVER_ENVIRONMENT } from '../../protocol/launch';

export interface RawMessage {
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * A client that writes bytes, not messages: for framing and ordering tests that a
 * well-behaved JSON-RPC library cannot express (bad headers, duplicate ids, many
 * messages in one write). It reads the server's output strictly and keeps every
 * message in arrival order; server requests are answered with null.
 */
export class RawLspClient {
  readonly received: RawMessage[] = [];
  stderr = '';
  exitCode: number | null | undefined = undefined;
  private pending = Buffer.alloc(0);
  private readonly waiters: { check: () => boolean; resolve: () => void }[] = [];
  private readonly messageListeners: ((message: RawMessage) => void)[] = [];

  /** `cacheDir`: the server's XDG_CACHE_HOME (its index and code caches live under it). */
  private constructor(readonly process: ChildProcessWithoutNullStreams, readonly cacheDir: string) {
    process.stdout.on('data', (d: Buffer) => this.onData(d));
    process.stderr.on('data', (d: Buffer) => {
      this.stderr += d.toString();
      this.wake();
    });
    process.on('exit', (code) => {
      this.exitCode = code;
      this.wake();
    });
  }

  /**
   * Starts the built server (with `env` added to its environment) and, unless `initialize`
   * is false, initializes it with `folders`. Its XDG_CACHE_HOME is `cacheHome`, else a new folder.
   * `program` runs another Node script in its place (the load benchmark's peer server).
   */
  static async start(folders: string[], options: { initialize?: boolean; env?: Record<string, string>; cacheHome?: string; program?: string[] } = {}): Promise<RawLspClient> {
    const cacheDir = options.cacheHome ?? tempDir('agentls-cache-');
    // Started as the editors in editors/ start it (protocol/launch.ts); the peer too, so the two differ only by the server.
    const child = spawn(process.execPath, options.program ?? [serverEntry(), '--stdio'], { env: { ...process.env, ...SERVER_ENVIRONMENT, ...options.env, XDG_CACHE_HOME: cacheDir }, stdio: 'pipe' });
    const client = new RawLspClient(child, cacheDir);
    if (options.initialize !== false) {
      client.send(client.initializeMessage(1, folders, cacheDir));
      await client.response(1);
      client.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
    }
    return client;
  }

  initializeMessage(id: number, folders: string[], cacheDir = tempDir('agentls-cache-')): object {
    return {
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
        workspaceFolders: folders.map((f) => ({ uri: URI.file(f).toString(), name: 'ws' })),
        initializationOptions: { agentls: { home: tempDir('agentls-home-'), cacheDir } },
      },
    };
  }

  /** Calls `listener` with every message the server sends, as it arrives. */
  onMessage(listener: (message: RawMessage) => void): void {
    this.messageListeners.push(listener);
  }

  /** One well-formed frame. */
  static frame(message: object | string): Buffer {
    const body = Buffer.from(typeof message === 'string' ? message : JSON.stringify(message));
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  }

  /** Writes messages as frames, all in one write. */
  send(...messages: object[]): void {
    this.write(Buffer.concat(messages.map((m) => RawLspClient.frame(m))));
  }

  write(bytes: Buffer | string): void {
    this.process.stdin.write(bytes);
  }

  /** The response to request `id` (the first one, when there are several). */
  async response(id: number | string, timeoutMs = 10_000): Promise<RawMessage> {
    await this.waitFor(`the response to ${id}`, () => this.responses(id).length > 0, timeoutMs);
    return this.responses(id)[0];
  }

  responses(id: number | string): RawMessage[] {
    return this.received.filter((m) => m.id === id && m.method === undefined);
  }

  /** Where in the arrival order the (first) response to `id` came. */
  indexOfResponse(id: number | string): number {
    return this.received.findIndex((m) => m.id === id && m.method === undefined);
  }

  waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`timed out waiting for ${what}; stderr: ${this.stderr.slice(-1000)}`));
      }, timeoutMs);
      const waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  logLines(): string[] {
    return this.received.filter((m) => m.method === 'window/logMessage').map((m) => (m.params as { message: string }).message);
  }

  async stop(): Promise<void> {
    if (this.exitCode !== undefined) return;
    this.process.kill('SIGKILL');
    await this.waitFor('exit', () => this.exitCode !== undefined, 5000).catch(() => undefined);
  }

  private onData(data: Buffer): void {
    this.pending = Buffer.concat([this.pending, data]);
    for (;;) {
      const headerEnd = this.pending.indexOf('\r\n\r\n');
      if (headerEnd < 0) break;
      const match = /Content-Length: (\d+)/i.exec(this.pending.subarray(0, headerEnd).toString('latin1'));
      if (!match) throw new Error(`the server wrote a frame without Content-Length: ${this.pending.subarray(0, headerEnd).toString()}`);
      const length = Number(match[1]);
      if (this.pending.length < headerEnd + 4 + length) break;
      const message = JSON.parse(this.pending.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as RawMessage;
      this.pending = this.pending.subarray(headerEnd + 4 + length);
      this.received.push(message);
      for (const l of this.messageListeners) l(message);
      if (message.method !== undefined && message.id !== undefined) {
        const result = message.method === 'workspace/configuration' ? (message.params as { items: unknown[] }).items.map(() => null) : null;
        this.send({ jsonrpc: '2.0', id: message.id, result });
      }
    }
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) {
      if (w.check()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }
}

/** For a test file: starts raw clients and kills them all after each test. */
export function useRawClients(afterEachHook: (fn: () => Promise<void>) => void): (folders: string[], options?: { initialize?: boolean; env?: Record<string, string> }) => Promise<RawLspClient> {
  const clients: RawLspClient[] = [];
  afterEachHook(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  return async (folders, options) => {
    const c = await RawLspClient.start(folders, options);
    clients.push(c);
    return c;
  };
}
