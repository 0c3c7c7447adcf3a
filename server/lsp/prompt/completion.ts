import { randomUUID } from 'node:crypto';
import {
  CompletionItemKind,
  InsertTextFormat,
  type CompletionItem,
  type CompletionList,
  type CompletionParams,
  type InsertReplaceEdit,
  type TextEdit,
} from 'vscode-languageserver/node';
import type { Cancellation } from '../../core/cancel';
import { PromptCommands } from '../../../protocol/refs';
import { combineEdits, freshRefId, planPick, referenceBeingTyped } from '../../refs/complete';
import { canBeDisplayPath } from '../../refs/token';
import type { ServerContext } from '../feature';
import type { OpenDocument } from '../documents';
import type { AddReferenceArguments } from './addReference';
import { modelOf, toTextEdit } from './shared';

/** Files offered to a document recently, so that a pick can be recognised when it lands (see `PickTracker`). */
export interface OfferLog {
  offered(uri: string, paths: readonly string[]): void;
}

const MAX_ITEMS = 50;

/**
 * `@` completion in prompt documents (`lsp.md` §2): the server confirms the context,
 * ranks files with the file search, and each item inserts the whole token
 * `<@file:REF_ID|PATH>` over what was typed, adding the `file_references` entry in
 * `additionalTextEdits`. Nothing depends on snippets or client-side commands. One
 * exception: where the entry goes after the token on the same line (a one-line JSON
 * prompt) and the client keeps the text after the cursor (`completionKeepsTextAfterCursor`),
 * the two cannot be one edit or two: the item inserts the token, and its command adds the
 * entry once the token is in (`agentls.prompt.addReference`).
 */
export async function promptCompletion(ctx: ServerContext, offers: OfferLog, doc: OpenDocument, params: CompletionParams, token: Cancellation): Promise<CompletionList | undefined> {
  const model = modelOf(doc);
  if (!model) return undefined;
  const typed = referenceBeingTyped(model, doc.lines.offsetAt(params.position));
  if (!typed) return undefined;
  const search = ctx.services.fileSearch;
  // Without the index there is nothing to offer yet; incomplete, so the client asks again.
  if (!search) return { isIncomplete: true, items: [] };
  const result = await search.search({ query_id: randomUUID(), query: typed.query, max_results: MAX_ITEMS, scope: 'workspace', from_uri: doc.uri }, token);
  const fresh = freshRefId(model);
  // Still indexing: the list may miss files; the items say so (and the list is incomplete, so the client asks again).
  const indexingNote = result.indexing ? ` (indexing: ${result.indexed_count ?? 0} files so far)` : '';
  const items: CompletionItem[] = [];
  const paths: string[] = [];
  for (const candidate of result.candidates) {
    if (!canBeDisplayPath(candidate.path)) continue;
    const pick = planPick(model, candidate.path, fresh);
    const token = { start: typed.start, end: typed.end, text: pick.tokenText };
    let combined = combineEdits(model.source, token, pick.entryEdit);
    let command: AddReferenceArguments | undefined;
    if (pick.entryEdit !== undefined && combined.extra === undefined && ctx.client.completionKeepsTextAfterCursor && ctx.client.applyEdit) {
      // Folded, the edit would run past the cursor, where this client keeps the old text beside the new.
      combined = { main: token };
      command = { uri: doc.uri, ref_id: pick.refId, path: candidate.path };
    }
    const main = combined.main;
    // When the entry was folded into the main edit, that edit runs past the cursor for good.
    const folded = pick.entryEdit !== undefined && combined.extra === undefined && command === undefined;
    const insertEnd = folded ? main.end : Math.max(typed.cursor, main.start);
    const replace = doc.lines.range(main.start, main.end);
    const textEdit: TextEdit | InsertReplaceEdit = ctx.client.insertReplace
      ? { newText: main.text, insert: doc.lines.range(main.start, insertEnd), replace }
      : { newText: main.text, range: replace };
    items.push({
      label: candidate.path,
      kind: CompletionItemKind.File,
      detail: (pick.reused ? `${pick.refId}, already in file_references` : pick.entryEdit ? `adds ${pick.refId} to file_references` : `${pick.refId}: file_references cannot be edited until it is fixed`) + indexingNote,
      sortText: String(items.length).padStart(4, '0'),
      filterText: model.source.slice(main.start, typed.cursor),
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit,
      ...(combined.extra ? { additionalTextEdits: [toTextEdit(doc.lines, combined.extra)] } : {}),
      ...(command ? { command: { title: `Add ${command.ref_id} to file_references`, command: PromptCommands.addReference, arguments: [command] } } : {}),
    });
    paths.push(candidate.path);
  }
  offers.offered(doc.uri, paths);
  return { isIncomplete: true, items };
}
