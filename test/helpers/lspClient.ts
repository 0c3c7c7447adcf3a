import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SERVER_ENVIRONMENT } from '../../protocol/launch';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type InitializeResult,
  type Position,
  type ProtocolConnection,
  type Range,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { CLIENT_PRESETS, type ClientPreset } from './capabilities';
import { serverEntry, tempDir } from './repo';

export interface StartOptions {
  /** Workspace folders (absolute paths). */
  folders: string[];
  /** A preset or explicit capabilities; default `vscode`. */
  client?: ClientPreset | ClientCapabilities;
  /** Send only `workspaceFolders` and no `rootUri`, as Helix does (default for the helix preset). */
  noRootUri?: boolean;
  initializationOptions?: unknown;
  /** The `agentls` section answered to `workspace/configuration`. */
  settings?: Record<string, unknown>;
  /** `agentls.home`; default a fresh empty folder, so tests never read the real home. */
  home?: string;
  /** `agentls.cacheDir`; default a fresh folder. */
  cacheDir?: string;
  env?: Record<string, string>;
  /** The server's entry script; default the repository's built command, `out/bundle/agentls.js` (the packaging test runs an installed one). */
  entry?: string;
  /** Answer `workspace/applyEdit` with `applied: false` (an editor that refuses). */
  refuseEdits?: boolean;
  /** A versioned edit older than the buffer: `refuse` it (answer `applied: false`, as VS Code does; default) or `skip` it and answer `applied: true` (as Neovim does). */
  staleEdits?: 'refuse' | 'skip';
  /** Run the server as this user (needs a root test process); default the test's own user. */
  user?: { uid: number; gid: number };
  /**
   * How the client spells a file's URI: `vscode` (vscode-uri, percent-encoding all but
   * letters, digits and `-._~/`) or `neovim` (`vim.uri_from_fname`: RFC 3986's unreserved
   * and sub-delimiter characters stay, so `c++.mdc` is `c++.mdc`; checked in Neovim 0.7.2
   * and 0.10). Default `vscode`.
   */
  uriSpelling?: 'vscode' | 'neovim';
  /** `clientInfo.name` sent in `initialize` (Neovim sends `Neovim`); default `agentls-test-client`. */
  clientName?: string;
  /** Server requests of these methods are answered only when the test calls `answerWithheld` (a client slow to answer, or one that never does). */
  withhold?: string[];
}

/** Characters `vim.uri_from_fname` leaves unencoded (Neovim's `runtime/lua/vim/uri.lua`, RFC 3986). */
const NEOVIM_URI_KEEPS = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;

function neovimFileUri(p: string): string {
  let out = 'file://';
  for (const ch of p) {
    if (NEOVIM_URI_KEEPS.test(ch)) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** One key per file however a URI spells it, as editors match a publish to their buffer. */
function fileKey(uri: string): string {
  return URI.parse(uri).toString();
}

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

interface Waiter {
  check: () => boolean;
  resolve: () => void;
}

/**
 * An editor, as far as the server can tell: starts the built server as a child process,
 * speaks JSON-RPC over its stdio, keeps buffers, answers the server's requests
 * (`workspace/configuration`, `workspace/applyEdit`, `client/registerCapability`,
 * `window/workDoneProgress/create`, `window/showDocument`) and records what it was sent.
 */
export class LspTestClient {
  /** The last publish for each file, keyed as vscode-uri spells the file (a client's own spelling may differ: see `uriSpelling`). */
  readonly diagnostics = new Map<string, PublishedDiagnostics>();
  readonly diagnosticsLog: PublishedDiagnostics[] = [];
  readonly logMessages: { type: number; message: string }[] = [];
  readonly shownMessages: { type: number; message: string }[] = [];
  readonly shownDocuments: string[] = [];
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  readonly appliedEdits: WorkspaceEdit[] = [];
  /** Runs when the server asks for an edit, before the edit is applied: a test types there to race it. */
  beforeApplyingEdit: ((edit: WorkspaceEdit) => Promise<void> | void) | undefined;
  readonly progress: unknown[] = [];
  readonly serverRequests: string[] = [];
  private readonly buffers = new Map<string, TextDocument>();
  private readonly withheld: { method: string; answer: () => void }[] = [];
  private readonly waiters: Waiter[] = [];
  private settings: Record<string, unknown>;
  stderr = '';
  exitCode: number | null | undefined = undefined;
  initializeResult!: InitializeResult;

  private constructor(
    readonly process: ChildProcessWithoutNullStreams,
    readonly connection: ProtocolConnection,
    readonly options: StartOptions,
    readonly home: string,
    readonly cacheDir: string,
  ) {
    this.settings = { home, cacheDir, ...(options.settings ?? {}) };
  }

  static async start(options: StartOptions): Promise<LspTestClient> {
    const home = options.home ?? tempDir('agentls-home-');
    const cacheDir = options.cacheDir ?? tempDir('agentls-cache-');
    const child = spawn(process.execPath, [options.entry ?? serverEntry(), '--stdio'], {
      // Started as the editors in editors/ start it (protocol/launch.ts).
      env: { ...process.env, ...SERVER_ENVIRONMENT, XDG_CACHE_HOME: cacheDir, ...(options.env ?? {}) },
      stdio: 'pipe',
      ...(options.user ?? {}),
    });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new LspTestClient(child, connection, options, home, cacheDir);
    child.stderr.on('data', (d) => (client.stderr += d.toString()));
    child.on('exit', (code) => {
      client.exitCode = code;
      client.wake();
    });
    client.installHandlers();
    connection.listen();
    await client.initialize();
    return client;
  }

  private installHandlers(): void {
    const c = this.connection;
    c.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
      this.diagnostics.set(fileKey(p.uri), p);
      this.diagnosticsLog.push(p);
      this.wake();
    });
    c.onNotification('window/logMessage', (p: { type: number; message: string }) => {
      this.logMessages.push(p);
      this.wake();
    });
    c.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.shownMessages.push(p);
      this.wake();
    });
    // Editors show this as a prompt; the test client records it like a message.
    c.onRequest('window/showMessageRequest', (p: { type: number; message: string }) => {
      this.serverRequests.push('window/showMessageRequest');
      this.shownMessages.push(p);
      this.wake();
      return null;
    });
    c.onNotification('$/progress', (p: unknown) => {
      this.progress.push(p);
      this.wake();
    });
    c.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      this.answer('workspace/configuration', () => {
        this.serverRequests.push('workspace/configuration');
        setImmediate(() => this.wake());
        return p.items.map((item) => (item.section === 'agentls' ? this.settings : null));
      }),
    );
    c.onRequest('client/registerCapability', (p: { registrations: { method: string; registerOptions?: unknown }[] }) =>
      this.answer('client/registerCapability', () => {
        this.serverRequests.push('client/registerCapability');
        this.registrations.push(...p.registrations);
        this.wake();
        return null;
      }),
    );
    c.onRequest('client/unregisterCapability', () => null);
    c.onRequest('window/workDoneProgress/create', () =>
      this.answer('window/workDoneProgress/create', () => {
        this.serverRequests.push('window/workDoneProgress/create');
        return null;
      }),
    );
    c.onRequest('window/showDocument', (p: { uri: string }) => {
      this.serverRequests.push('window/showDocument');
      this.shownDocuments.push(p.uri);
      this.wake();
      return { success: true };
    });
    c.onRequest('workspace/diagnostic/refresh', () => {
      this.serverRequests.push('workspace/diagnostic/refresh');
      this.wake();
      return null;
    });
    c.onRequest('workspace/applyEdit', async (p: { edit: WorkspaceEdit }): Promise<{ applied: boolean; failureReason?: string }> => {
      this.serverRequests.push('workspace/applyEdit');
      if (this.options.refuseEdits) return { applied: false, failureReason: 'refused by the test client' };
      await this.beforeApplyingEdit?.(p.edit);
      try {
        this.applyWorkspaceEdit(p.edit);
        this.appliedEdits.push(p.edit);
        this.wake();
        return { applied: true };
      } catch (err) {
        return { applied: false, failureReason: (err as Error).message };
      }
    });
  }

  /** The answer to a server request, at once or, for a method in `withhold`, when `answerWithheld` is called. */
  private answer<T>(method: string, value: () => T): T | Promise<T> {
    if (!this.options.withhold?.includes(method)) return value();
    return new Promise<T>((resolve) => {
      this.withheld.push({ method, answer: () => resolve(value()) });
      this.wake();
    });
  }

  /** How many requests of `method` the client is holding unanswered. */
  withheldCount(method: string): number {
    return this.withheld.filter((w) => w.method === method).length;
  }

  /** Answers the held requests of `method`, in the order they came. */
  answerWithheld(method: string): void {
    for (const w of this.withheld.filter((h) => h.method === method)) {
      this.withheld.splice(this.withheld.indexOf(w), 1);
      w.answer();
    }
  }

  private async initialize(): Promise<void> {
    const caps = typeof this.options.client === 'object' ? this.options.client : CLIENT_PRESETS[this.options.client ?? 'vscode'];
    const folders = this.options.folders.map((f) => ({ uri: URI.file(f).toString(), name: path.basename(f) }));
    const noRoot = this.options.noRootUri ?? this.options.client === 'helix';
    const initOptions = this.options.initializationOptions ?? { agentls: { home: this.home, cacheDir: this.cacheDir } };
    this.initializeResult = (await this.connection.sendRequest('initialize', {
      processId: process.pid,
      clientInfo: { name: this.options.clientName ?? 'agentls-test-client' },
      rootUri: noRoot || folders.length === 0 ? null : folders[0].uri,
      capabilities: caps,
      workspaceFolders: folders.length ? folders : null,
      initializationOptions: initOptions,
    })) as InitializeResult;
    await this.connection.sendNotification('initialized', {});
  }

  /** The URI this client uses for a file (see `uriSpelling`). */
  uri(p: string): string {
    return this.options.uriSpelling === 'neovim' ? neovimFileUri(p) : URI.file(p).toString();
  }

  /** Opens a file as a buffer: its disk text unless `text` is given. */
  async open(filePath: string, text?: string, languageId = 'markdown'): Promise<string> {
    const uri = this.uri(filePath);
    const content = text ?? fs.readFileSync(filePath, 'utf8');
    const doc = TextDocument.create(uri, languageId, 1, content);
    this.buffers.set(uri, doc);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text: content } });
    return uri;
  }

  isOpen(uri: string): boolean {
    return this.buffers.has(uri);
  }

  /** Replaces the whole buffer text (one full-range incremental change). */
  async setText(uri: string, text: string): Promise<void> {
    const doc = this.buffer(uri);
    const range = { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) };
    await this.edit(uri, [{ range, text }]);
  }

  /** Sends incremental changes, as editors do while typing. */
  async edit(uri: string, changes: { range: Range; text: string }[]): Promise<void> {
    const doc = this.buffer(uri);
    const next = TextDocument.update(doc, changes, doc.version + 1);
    this.buffers.set(uri, next);
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: next.version },
      contentChanges: changes.map((c) => ({ range: c.range, text: c.text })),
    });
  }

  /** Types text at a position (an insertion). */
  async type(uri: string, position: Position, text: string): Promise<void> {
    await this.edit(uri, [{ range: { start: position, end: position }, text }]);
  }

  /** Writes the buffer to disk and sends `didSave`. */
  async save(uri: string): Promise<void> {
    fs.writeFileSync(URI.parse(uri).fsPath, this.text(uri));
    await this.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
  }

  async close(uri: string): Promise<void> {
    this.buffers.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  text(uri: string): string {
    return this.buffer(uri).getText();
  }

  version(uri: string): number {
    return this.buffer(uri).version;
  }

  private buffer(uri: string): TextDocument {
    const doc = this.buffers.get(uri);
    if (!doc) throw new Error(`${uri} is not open in the test client`);
    return doc;
  }

  request<T = unknown>(method: string, params?: unknown): Promise<T> {
    return this.connection.sendRequest(method, params) as Promise<T>;
  }

  notify(method: string, params?: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  /** Changes the answer to `workspace/configuration` and tells the server, as VS Code does. */
  async changeSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = { home: this.home, cacheDir: this.cacheDir, ...settings };
    // A client that answers workspace/configuration says only that something changed (VS Code);
    // one that does not sends the settings themselves (Neovim 0.7, and editors/nvim's on_init).
    const caps = typeof this.options.client === 'object' ? this.options.client : CLIENT_PRESETS[this.options.client ?? 'vscode'];
    const pulled = caps.workspace?.configuration === true;
    await this.notify('workspace/didChangeConfiguration', { settings: pulled ? null : { agentls: this.settings } });
  }

  /** Waits until `check` holds, re-checking on every message; fails after `timeoutMs`. */
  waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; server stderr: ${this.stderr.slice(-2000)}; log: ${this.logMessages.map((m) => m.message).slice(-10).join(' | ')}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) {
      if (w.check()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** The server offered pull diagnostics (it does to VS Code-like clients), so open documents are pulled, not pushed. */
  get pullsDiagnostics(): boolean {
    return this.initializeResult.capabilities.diagnosticProvider !== undefined;
  }

  /**
   * Diagnostics of a document once they satisfy `predicate` (default: any), as the editor
   * gets them: pulled (`textDocument/diagnostic`, retried) for open documents when the
   * server offers pull, else from `publishDiagnostics` — for open documents only a publish
   * for the buffer's current version counts, when versioned.
   */
  async waitForDiagnostics(uri: string, predicate: (d: Diagnostic[]) => boolean = () => true, timeoutMs = 10_000): Promise<Diagnostic[]> {
    if (this.pullsDiagnostics && this.buffers.has(uri)) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const report = await this.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
        if (predicate(report.items)) return report.items;
        if (Date.now() > deadline) throw new Error(`timed out waiting for diagnostics of ${uri}; last pulled: ${JSON.stringify(report.items.map((d) => d.code))}`);
        await delay(50);
      }
    }
    const current = () => {
      const p = this.diagnostics.get(fileKey(uri));
      if (!p) return undefined;
      const buf = this.buffers.get(uri);
      if (buf && p.version !== undefined && p.version !== buf.version) return undefined;
      return predicate(p.diagnostics) ? p.diagnostics : undefined;
    };
    await this.waitFor(`diagnostics of ${uri}`, () => current() !== undefined, timeoutMs);
    return current()!;
  }

  /** Waits for a log line matching `pattern`. */
  async waitForLog(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    await this.waitFor(`a log line matching ${pattern}`, () => this.logMessages.some((m) => pattern.test(m.message)), timeoutMs);
    return this.logMessages.find((m) => pattern.test(m.message))!.message;
  }

  async completion(uri: string, position: Position, triggerCharacter?: string): Promise<CompletionList> {
    const result = await this.request<CompletionList | CompletionItem[] | null>('textDocument/completion', {
      textDocument: { uri },
      position,
      context: triggerCharacter ? { triggerKind: 2, triggerCharacter } : { triggerKind: 1 },
    });
    if (!result) return { isIncomplete: false, items: [] };
    return Array.isArray(result) ? { isIncomplete: false, items: result } : result;
  }

  /** Accepts a completion item as an editor does: its text edit, then its additional edits. */
  acceptCompletion(uri: string, item: CompletionItem, position: Position): void {
    const edits: TextEdit[] = [];
    const te = item.textEdit;
    if (te && 'range' in te) edits.push(te);
    else if (te && 'replace' in te) edits.push({ range: te.replace, newText: te.newText });
    else edits.push({ range: { start: position, end: position }, newText: item.insertText ?? item.label });
    edits.push(...(item.additionalTextEdits ?? []));
    this.applyTextEditsLocally(uri, edits);
  }

  async codeActions(uri: string, range: Range, only?: string[]): Promise<CodeAction[]> {
    const all = this.pullsDiagnostics && this.buffers.has(uri)
      ? (await this.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items
      : (this.diagnostics.get(uri)?.diagnostics ?? []);
    const diagnostics = all.filter((d) => rangesTouch(d.range, range));
    const result = await this.request<CodeAction[] | null>('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics, only, triggerKind: 1 },
    });
    return result ?? [];
  }

  /** Runs a code action as an editor does: resolves it when it has no edit, applies the edit, runs its command. */
  async applyCodeAction(action: CodeAction): Promise<void> {
    let a = action;
    if (!a.edit && !a.command && a.data !== undefined) a = await this.request<CodeAction>('codeAction/resolve', a);
    if (a.disabled) throw new Error(`action "${a.title}" is disabled: ${a.disabled.reason}`);
    if (a.edit) this.applyWorkspaceEdit(a.edit);
    if (a.command) await this.executeCommand(a.command.command, a.command.arguments ?? []);
  }

  executeCommand(command: string, args: unknown[] = []): Promise<unknown> {
    return this.request('workspace/executeCommand', { command, arguments: args });
  }

  /** Applies a workspace edit: to open buffers (sending didChange), else to the disk. */
  applyWorkspaceEdit(edit: WorkspaceEdit): void {
    const perUri = new Map<string, TextEdit[]>();
    for (const change of edit.documentChanges ?? []) {
      if (!('textDocument' in change)) {
        this.applyResourceOperation(change as { kind: string; uri?: string; oldUri?: string; newUri?: string });
        continue;
      }
      const dc = change as TextDocumentEdit;
      const buf = this.buffers.get(dc.textDocument.uri);
      // Neovim drops an edit older than its buffer and says nothing to the server (runtime/lua/vim/lsp/util.lua, apply_text_document_edit).
      if (buf && this.options.staleEdits === 'skip' && dc.textDocument.version !== null && dc.textDocument.version < buf.version) continue;
      if (buf && dc.textDocument.version !== null && dc.textDocument.version !== buf.version) {
        throw new Error(`version mismatch for ${dc.textDocument.uri}: edit for ${dc.textDocument.version}, buffer at ${buf.version}`);
      }
      perUri.set(dc.textDocument.uri, [...(perUri.get(dc.textDocument.uri) ?? []), ...(dc.edits as TextEdit[])]);
    }
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) perUri.set(uri, [...(perUri.get(uri) ?? []), ...edits]);
    for (const [uri, edits] of perUri) this.applyTextEditsLocally(uri, edits);
  }

  private applyResourceOperation(op: { kind: string; uri?: string; oldUri?: string; newUri?: string }): void {
    if (op.kind === 'create' && op.uri) {
      const p = URI.parse(op.uri).fsPath;
      fs.mkdirSync(path.dirname(p), { recursive: true });
      if (!fs.existsSync(p)) fs.writeFileSync(p, '');
    } else if (op.kind === 'rename' && op.oldUri && op.newUri) {
      const to = URI.parse(op.newUri).fsPath;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(URI.parse(op.oldUri).fsPath, to);
    } else if (op.kind === 'delete' && op.uri) {
      fs.rmSync(URI.parse(op.uri).fsPath, { force: true, recursive: true });
    }
  }

  private applyTextEditsLocally(uri: string, edits: TextEdit[]): void {
    const buf = this.buffers.get(uri);
    if (buf) {
      const text = TextDocument.applyEdits(buf, edits);
      const next = TextDocument.create(uri, buf.languageId, buf.version + 1, text);
      this.buffers.set(uri, next);
      void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: next.version }, contentChanges: [{ text }] });
    } else {
      const p = URI.parse(uri).fsPath;
      // As an editor does: the file loaded without its BOM, the edits applied, the BOM written back.
      const disk = fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
      const bom = disk.startsWith('\ufeff') ? '\ufeff' : '';
      fs.writeFileSync(p, bom + TextDocument.applyEdits(TextDocument.create(uri, 'text', 0, disk.slice(bom.length)), edits));
    }
  }

  /** Writes raw bytes to the server's stdin (malformed-message tests). */
  writeRaw(data: string | Buffer): void {
    this.process.stdin.write(data);
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** `shutdown` then `exit`; resolves with the exit code. Kills the process if it does not leave. */
  async stop(): Promise<number | null> {
    if (this.exitCode !== undefined) return this.exitCode;
    try {
      await Promise.race([this.request('shutdown'), delay(3000)]);
      await this.notify('exit');
    } catch {
      // already gone
    }
    await Promise.race([new Promise<void>((r) => (this.exitCode !== undefined ? r() : this.process.once('exit', () => r()))), delay(3000)]);
    if (this.exitCode === undefined) this.process.kill('SIGKILL');
    this.connection.dispose();
    return this.exitCode ?? null;
  }
}

function rangesTouch(a: Range, b: Range): boolean {
  const before = (p: Position, q: Position) => p.line < q.line || (p.line === q.line && p.character <= q.character);
  return before(a.start, b.end) && before(b.start, a.end);
}

export function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * For a test file: a `start` that launches servers and stops them all after each test,
 * so a failing test never leaves a server process behind.
 */
export function useLspClients(afterEachHook: (fn: () => Promise<void>) => void): (options: StartOptions) => Promise<LspTestClient> {
  const clients: LspTestClient[] = [];
  afterEachHook(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  return async (options) => {
    const c = await LspTestClient.start(options);
    clients.push(c);
    return c;
  };
}
