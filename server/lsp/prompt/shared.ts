import { randomUUID } from 'node:crypto';
import { type TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import { CancelledError, type Cancellation } from '../../core/cancel';
import type { LineIndex } from '../../core/text';
import { within } from '../../core/within';
import { parsePromptDocument } from '../../refs/document';
import { NOT_LISTED_YET, type ClosestFile } from '../../refs/fixes';
import type { PromptModel, SourceEdit } from '../../refs/model';
import type { RefEnvironment } from '../../refs/resolve';
import { closestPath, similarityQueries } from '../../refs/similar';
import type { DocumentKind } from '../../workspace/classify';
import type { ServerContext } from '../feature';
import { indexWaitMs } from '../testHolds';
import type { OpenDocument } from '../documents';

/** The prompt form of a document kind, or undefined when it is not a prompt. */
export function promptForm(kind: DocumentKind): 'markdown' | 'rawp-json' | undefined {
  return kind.kind === 'prompt' ? kind.form : undefined;
}

const models = new WeakMap<OpenDocument, PromptModel>();

/** The model of an open prompt document, computed once per version. */
export function modelOf(doc: OpenDocument): PromptModel | undefined {
  const form = promptForm(doc.kind);
  if (!form) return undefined;
  let model = models.get(doc);
  if (!model) {
    model = parsePromptDocument(doc.text, form);
    models.set(doc, model);
  }
  return model;
}

/** How the refs engine sees the workspace for a document: its folder, confined reads, open buffers first. */
export function environmentFor(ctx: ServerContext, docPath: string | undefined): RefEnvironment {
  return {
    fs: ctx.documents.fs,
    root: docPath ? ctx.session.rootOf(docPath) : ctx.session.roots.paths[0],
    allows: (p) => ctx.session.allows(p),
  };
}

export function toTextEdit(lines: LineIndex, edit: SourceEdit): TextEdit {
  return { range: lines.range(edit.start, edit.end), newText: edit.text };
}

/**
 * A workspace edit of one open document, versioned when the client takes `documentChanges`
 * (or, with `versionWhereHonoured`, when it honours a version without saying so).
 */
export function documentEdit(ctx: ServerContext, doc: OpenDocument, edits: SourceEdit[], options: { versionWhereHonoured?: boolean } = {}): WorkspaceEdit {
  const textEdits = edits.map((e) => toTextEdit(doc.lines, e));
  if (ctx.client.documentChanges || (options.versionWhereHonoured && ctx.client.skipsStaleVersionedEdits)) {
    const change: TextDocumentEdit = { textDocument: { uri: doc.uri, version: doc.version }, edits: textEdits };
    return { documentChanges: [change] };
  }
  return { changes: { [doc.uri]: textEdits } };
}

/**
 * How long "did you mean" waits for the first file index of the document's folder to end:
 * the code action is asked for on demand, and a file the listing has not reached yet may be
 * the closer one. Past it, no file is offered (`NOT_LISTED_YET`) rather than a worse one from
 * the part of the tree listed so far.
 */
const CLOSEST_FILE_WAIT_MS = 1000;

/**
 * The existing file closest to a missing path: candidates from a few fuzzy searches
 * (the file search service), ranked by edit distance. Undefined without the service;
 * `NOT_LISTED_YET` while a search answers from part of the tree (a first index).
 */
export async function closestFile(ctx: ServerContext, doc: OpenDocument, missing: string, cancel: Cancellation, exclude?: ReadonlySet<string>): Promise<ClosestFile> {
  const search = ctx.services.fileSearch;
  if (!search) return undefined;
  // The folder the searches rank first (the document's, as the search engine picks it).
  const root = (doc.path && ctx.session.rootOf(doc.path)) ?? ctx.session.roots.paths[0];
  if (root) {
    const wait = indexWaitMs(CLOSEST_FILE_WAIT_MS);
    ctx.log.debug(`closest file for ${missing}: waits for the file index of ${root} (at most ${wait} ms)`);
    // A cancelled or superseded code action stops waiting at its cancel, not at the cap.
    if (!(await within(search.whenIndexed(root), wait, cancel)) && cancel.isCancellationRequested) {
      ctx.log.debug(`closest file for ${missing}: the request was cancelled while it waited for the file index`);
      throw new CancelledError();
    }
  }
  const candidates = new Set<string>();
  for (const q of similarityQueries(missing)) {
    try {
      const result = await search.search(
        { query_id: randomUUID(), query: q.query, max_results: 50, scope: 'workspace', from_uri: doc.uri, ...(q.extension ? { filters: { extensions: [q.extension] } } : {}) },
        cancel,
      );
      if (result.indexing) {
        ctx.log.debug(`closest file for ${missing}: the file index is still being built; none offered yet`);
        return NOT_LISTED_YET;
      }
      for (const c of result.candidates) if (!exclude?.has(c.path)) candidates.add(c.path);
    } catch (err) {
      if (cancel.isCancellationRequested) throw err;
      ctx.log.debug(`closest file for ${missing}: search failed: ${(err as Error).message}`);
    }
  }
  return closestPath(missing, candidates);
}
