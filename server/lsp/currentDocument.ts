import type { OpenDocument } from './documents';
import type { ServerContext } from './feature';

/**
 * What a command called without arguments works on: the document of the kind it takes that
 * was opened or edited last, the nearest thing to the editor's current one. Helix runs
 * commands only without arguments (`:lsp-workspace-command NAME`), so every command twin
 * needs this default. Says so to the user when no such document is open.
 */
export function currentDocument(ctx: ServerContext, command: string, what: string, accept: (doc: OpenDocument) => boolean): OpenDocument | undefined {
  const doc = ctx.documents.lastTouched(accept);
  if (!doc) ctx.showMessage('warning', `agentls: ${command} without arguments works on the ${what} opened or edited last, and none is open.`);
  return doc;
}
