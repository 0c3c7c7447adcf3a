import { randomUUID } from 'node:crypto';
import { type TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import type { Cancellation } from '../../core/cancel';
import type { LineIndex } from '../../core/text';
import { parsePromptDocument } from '../../refs/document';
import type { PromptModel, SourceEdit } from '../../refs/model';
import type { RefEnvironment } from '../../refs/resolve';
import { closestPath, similarityQueries } from '../../refs/similar';
import type { DocumentKind } from '../../workspace/classify';
import type { ServerContext } from '../feature';
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
 * The existing file closest to a missing path: candidates from a few fuzzy searches
 * (the file search service), ranked by edit distance. Undefined without the service.
 */
export async function closestFile(ctx: ServerContext, docUri: string, missing: string, cancel: Cancellation, exclude?: ReadonlySet<string>): Promise<string | undefined> {
  const search = ctx.services.fileSearch;
  if (!search) return undefined;
  const candidates = new Set<string>();
  for (const q of similarityQueries(missing)) {
    try {
      const result = await search.search(
        { query_id: randomUUID(), query: q.query, max_results: 50, scope: 'workspace', from_uri: docUri, ...(q.extension ? { filters: { extensions: [q.extension] } } : {}) },
        cancel,
      );
      for (const c of result.candidates) if (!exclude?.has(c.path)) candidates.add(c.path);
    } catch (err) {
      if (cancel.isCancellationRequested) throw err;
      ctx.log.debug(`closest file for ${missing}: search failed: ${(err as Error).message}`);
    }
  }
  return closestPath(missing, candidates);
}

