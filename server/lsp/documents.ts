import { TextDocuments, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../core/text';
import { ChangeOrdering } from './changeOrder';
import { requestParams } from './requestParams';
import type { DocumentKind } from '../workspace/classify';
import type { BytesResult, DirEntry, FileStat, FileSystem, ReadDirOptions, ReadOptions, ReadResult } from '../workspace/fs';
import { uriToPath } from '../workspace/paths';
import type { WorkspaceSession } from '../workspace/session';

/** An open document as features see it: text, version, path and kind, computed once per version. */
export interface OpenDocument {
  uri: string;
  /** Absolute path; undefined for documents that are not `file:` URIs (untitled buffers). */
  path: string | undefined;
  version: number;
  text: string;
  kind: DocumentKind;
  lines: LineIndex;
}

export type DocumentEvent = 'open' | 'change' | 'save' | 'close';

/** How many earlier versions of each open document are kept (hashline recovers stale anchors from them). */
const HISTORY_DEPTH = 8;

/**
 * The open documents, synchronised incrementally, plus the file system engines use:
 * open buffers overlay the disk, so an unsaved edit is what every engine sees.
 */
export class DocumentStore {
  readonly documents = new TextDocuments(TextDocument);
  private readonly cache = new Map<string, OpenDocument>();
  private readonly history = new Map<string, { version: number; text: string }[]>();
  private readonly byPath = new Map<string, string>();
  private readonly listeners: ((doc: OpenDocument, event: DocumentEvent) => void)[] = [];
  /** Open buffers over the confined disk: what every engine reads through. */
  readonly fs: FileSystem;
  /** The same for the rules engine, which may also read the rule files of the agent's fixed places beside the roots. */
  readonly ruleFs: FileSystem;
  /** Open URIs, the one opened, edited or saved last at the end (`lastTouched`). */
  private readonly touched = new Set<string>();

  constructor(private readonly session: WorkspaceSession) {
    this.fs = new BufferOverlayFs(session.diskFs, (p) => session.allows(p), this);
    this.ruleFs = new BufferOverlayFs(session.ruleFs, (p) => session.allowsRuleFile(p), this);
    this.documents.onDidOpen((e) => this.emit(e.document, 'open'));
    this.documents.onDidChangeContent((e) => {
      if (this.cache.get(e.document.uri)?.version === e.document.version) return;
      this.emit(e.document, 'change');
    });
    this.documents.onDidSave((e) => this.emit(e.document, 'save'));
    this.documents.onDidClose((e) => {
      // TextDocuments has already forgotten the document here: build it from the event.
      const cached = this.cache.get(e.document.uri);
      const doc = cached && cached.version === e.document.version ? cached : this.build(e.document);
      this.cache.delete(e.document.uri);
      this.history.delete(e.document.uri);
      this.touched.delete(e.document.uri);
      const p = uriToPath(e.document.uri);
      if (p) this.byPath.delete(p);
      if (doc) for (const l of this.listeners) l(doc, 'close');
    });
  }

  /**
   * Runs one analysis of a document (its diagnosis, every feature's) with each folder's real
   * path resolved once for all its reads (`Confinement.resolvingOnce`): a keystroke in an
   * AGENTS.md 200 folders deep asked each folder above it again, name by name, for every file looked at.
   */
  analysis<T>(work: () => Promise<T>): Promise<T> {
    return this.session.confinement.resolvingOnce(work);
  }

  listen(connection: Connection): void {
    const ordering = new ChangeOrdering(
      (uri) => this.documents.get(uri),
      (uri) => this.versions(uri),
      () => this.session.log,
    );
    // The library applies didChange in arrival order; ours puts late changes back in version order first.
    const ordered = Object.create(connection) as Connection;
    ordered.onDidChangeTextDocument = (handler) =>
      connection.onDidChangeTextDocument((params) => {
        if (!this.wellFormed('textDocument/didChange', params, requestParams.didChange, 'the document left as it was')) return;
        const next = ordering.order(params);
        if (!next) return;
        if (next.replayed) this.replacing(params.textDocument.uri, next.params.contentChanges);
        return handler(next.params);
      });
    ordered.onDidOpenTextDocument = (handler) =>
      connection.onDidOpenTextDocument((params) => {
        if (this.wellFormed('textDocument/didOpen', params, requestParams.didOpen, 'the document not opened')) return handler(params);
      });
    const named = (params: unknown) => requestParams.document(params, 'uri');
    ordered.onDidCloseTextDocument = (handler) =>
      connection.onDidCloseTextDocument((params) => {
        if (this.wellFormed('textDocument/didClose', params, named)) return handler(params);
      });
    ordered.onDidSaveTextDocument = (handler) =>
      connection.onDidSaveTextDocument((params) => {
        if (this.wellFormed('textDocument/didSave', params, named)) return handler(params);
      });
    this.documents.onDidClose((e) => ordering.forget(e.document.uri));
    this.documents.listen(ordered);
  }

  /** Whether a notification's params pass `check`; a malformed one is logged, naming the field, and dropped whole. */
  private wellFormed(method: string, params: unknown, check: (params: unknown) => void, outcome?: string): boolean {
    try {
      check(params);
      return true;
    } catch (err) {
      this.session.log.error(`${method} dropped${outcome ? `, ${outcome}` : ''}: ${(err as Error).message}`);
      return false;
    }
  }

  /** A replayed change keeps the version number but not the text: forget what was built from the old text. */
  private replacing(uri: string, changes: readonly { text: string }[]): void {
    this.cache.delete(uri);
    const h = this.history.get(uri);
    const last = h?.[h.length - 1];
    if (last && changes.length === 1 && !('range' in changes[0])) last.text = changes[0].text;
    else if (last) h!.pop();
  }

  onEvent(listener: (doc: OpenDocument, event: DocumentEvent) => void): void {
    this.listeners.push(listener);
  }

  private emit(td: TextDocument, event: DocumentEvent): void {
    const doc = this.get(td.uri);
    if (!doc) return;
    this.touched.delete(td.uri);
    this.touched.add(td.uri);
    if (event !== 'save') {
      const h = this.history.get(td.uri) ?? [];
      if (h.length === 0 || h[h.length - 1].version !== doc.version) h.push({ version: doc.version, text: doc.text });
      while (h.length > HISTORY_DEPTH) h.shift();
      this.history.set(td.uri, h);
    }
    for (const l of this.listeners) l(doc, event);
  }

  /**
   * The open document for a URI, or undefined when it is not open. A file URI finds its
   * document however it is spelled: clients encode characters their own way (Neovim and
   * Helix leave `+` or `@` as they are; ours are percent-encoded).
   */
  get(uri: string): OpenDocument | undefined {
    const td = this.documents.get(uri);
    if (!td) {
      const p = uriToPath(uri);
      const spelled = p === undefined ? undefined : this.byPath.get(p);
      return spelled !== undefined && spelled !== uri ? this.get(spelled) : undefined;
    }
    const cached = this.cache.get(uri);
    if (cached && cached.version === td.version) return cached;
    const doc = this.build(td);
    this.cache.set(uri, doc);
    return doc;
  }

  private build(td: TextDocument): OpenDocument {
    const uri = td.uri;
    const text = td.getText();
    const p = uriToPath(uri);
    if (p) this.byPath.set(p, uri);
    const doc: OpenDocument = {
      uri,
      path: p,
      version: td.version,
      text,
      kind: p ? this.session.classify(p, text) : { kind: 'other' },
      get lines() {
        const lines = new LineIndex(text);
        Object.defineProperty(this, 'lines', { value: lines });
        return lines;
      },
    };
    return doc;
  }

  /** The open document with this absolute path, if any. */
  getByPath(p: string): OpenDocument | undefined {
    const uri = this.byPath.get(p);
    return uri ? this.get(uri) : undefined;
  }

  /**
   * The open document opened, edited or saved last that `accept` takes: what a command run
   * without arguments works on, as the editor's current document (the protocol does not say
   * which one has the focus, and Helix cannot pass arguments to a command).
   */
  lastTouched(accept: (doc: OpenDocument) => boolean = () => true): OpenDocument | undefined {
    const uris = [...this.touched];
    for (let i = uris.length - 1; i >= 0; i--) {
      const doc = this.get(uris[i]);
      if (doc && accept(doc)) return doc;
    }
    return undefined;
  }

  all(): OpenDocument[] {
    return this.documents.all().map((td) => this.get(td.uri)!);
  }

  /** Earlier versions of an open document, oldest first (the current one last). */
  versions(uri: string): readonly { version: number; text: string }[] {
    return this.history.get(uri) ?? [];
  }

  /** Re-classifies every open document (after roots or settings changed). */
  reclassify(): void {
    this.cache.clear();
  }
}

/** Reads open buffers instead of the disk; confinement still applies to every path. */
class BufferOverlayFs implements FileSystem {
  constructor(
    private readonly disk: FileSystem,
    private readonly allows: (p: string) => boolean,
    private readonly store: DocumentStore,
  ) {}

  async readText(p: string, options?: ReadOptions): Promise<ReadResult> {
    const doc = this.store.getByPath(p);
    if (!doc) return this.disk.readText(p, options);
    if (!this.allows(p)) return { ok: false, reason: 'outside-workspace', message: `${p} lies outside the workspace` };
    const size = Buffer.byteLength(doc.text);
    const max = options?.maxBytes;
    if (max !== undefined && size > max) return { ok: false, reason: 'too-large', message: `${p} is ${size} bytes, over the ${max}-byte limit`, size };
    const st = await this.disk.stat(p);
    return { ok: true, text: doc.text, size, mtimeMs: st?.mtimeMs ?? Date.now(), fromBuffer: true };
  }

  readBytes(p: string, options?: { maxBytes?: number }): Promise<BytesResult> {
    return this.disk.readBytes(p, options);
  }

  stat(p: string): Promise<FileStat | undefined> {
    return this.disk.stat(p);
  }

  statEntries(folder: string, names: readonly string[]): Promise<(FileStat | undefined)[]> {
    return this.disk.statEntries(folder, names);
  }

  readDir(p: string, options?: ReadDirOptions): Promise<DirEntry[] | undefined> {
    return this.disk.readDir(p, options);
  }
}
