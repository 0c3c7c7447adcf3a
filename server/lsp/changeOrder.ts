import type { DidChangeTextDocumentParams, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Logger } from '../core/log';

/** How many applied changes of each document are kept to replay a late one. */
const KEPT_CHANGES = 8;

interface AppliedChange {
  version: number;
  changes: TextDocumentContentChangeEvent[];
}

export interface OrderedChange {
  /** What to apply: the change as sent, or the whole replayed text. */
  params: DidChangeTextDocumentParams;
  /** True when a late change was merged in (same version, new text). */
  replayed: boolean;
}

/**
 * Puts `didChange` notifications back in version order. Helix 25.01 sometimes sends a
 * completion's additional edit before its main edit (versions 10 then 9 within a
 * millisecond; seen by the hardening run of issue 13): applied in arrival order, the
 * server's copy of the buffer goes wrong. A change that arrives after a newer one is
 * merged by replaying, from the last text before it, every kept change in version
 * order. Versions may skip numbers (Neovim's changedtick does), so nothing waits for a
 * missing number. When the changes needed for a replay are no longer kept, the late
 * change is applied on top as the library would, and the log says so.
 */
export class ChangeOrdering {
  private readonly applied = new Map<string, AppliedChange[]>();

  constructor(
    /** The server's copy of an open document. */
    private readonly current: (uri: string) => { version: number; languageId: string } | undefined,
    /** Earlier texts of the document, oldest first, the current one last. */
    private readonly snapshots: (uri: string) => readonly { version: number; text: string }[],
    private readonly log: () => Logger | undefined,
  ) {}

  order(params: DidChangeTextDocumentParams): OrderedChange | undefined {
    const uri = params.textDocument?.uri;
    const version = params.textDocument?.version;
    const doc = typeof uri === 'string' ? this.current(uri) : undefined;
    if (!doc || typeof version !== 'number' || !Array.isArray(params.contentChanges)) return { params, replayed: false };
    const kept = this.applied.get(uri) ?? [];
    if (version > doc.version) {
      kept.push({ version, changes: params.contentChanges });
      while (kept.length > KEPT_CHANGES) kept.shift();
      this.applied.set(uri, kept);
      return { params, replayed: false };
    }
    if (version === doc.version || kept.some((c) => c.version === version)) {
      this.log()?.warn(`${uri}: ignored a second change for version ${version}`);
      return undefined;
    }
    const text = this.replay(uri, doc, kept, { version, changes: params.contentChanges });
    if (text === undefined) {
      this.log()?.warn(`${uri}: version ${version} arrived after ${doc.version} and the changes between are no longer kept; applied it on top, so the server's copy may differ from the editor's until the document is reopened`);
      return { params: { textDocument: { uri, version: doc.version }, contentChanges: params.contentChanges }, replayed: true };
    }
    this.log()?.debug(`${uri}: version ${version} arrived after ${doc.version}; replayed the changes in version order`);
    return { params: { textDocument: { uri, version: doc.version }, contentChanges: [{ text }] }, replayed: true };
  }

  /** The document closed: its kept changes go. */
  forget(uri: string): void {
    this.applied.delete(uri);
  }

  private replay(uri: string, doc: { languageId: string }, kept: AppliedChange[], late: AppliedChange): string | undefined {
    const history = this.snapshots(uri);
    let base: { version: number; text: string } | undefined;
    for (const s of history) if (s.version < late.version && (!base || s.version > base.version)) base = s;
    if (!base) return undefined;
    const after = history.filter((s) => s.version > base.version).map((s) => s.version);
    // Every version the server reached after the base must be a change it still has.
    if (!after.every((v) => kept.some((c) => c.version === v))) return undefined;
    const replayed = [...kept.filter((c) => c.version > base.version), late].sort((a, b) => a.version - b.version);
    let td = TextDocument.create(uri, doc.languageId, base.version, base.text);
    for (const c of replayed) td = TextDocument.update(td, c.changes, c.version);
    kept.push(late);
    kept.sort((a, b) => a.version - b.version);
    while (kept.length > KEPT_CHANGES) kept.shift();
    return td.getText();
  }
}
