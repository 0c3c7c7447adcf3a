import * as vscode from 'vscode';

/** Server commands that act on one document: `[{ uri }]` (hashline and ast-edit recipes take the same shape). */
const DOCUMENT_COMMANDS: Record<string, (uri: string) => unknown> = {
  'agentls.prompt.parse': (uri) => ({ uri }),
  'agentls.prompt.convert': (uri) => ({ uri }),
  'agentls.hashline.read': (uri) => ({ uri }),
  'agentls.hashline.apply': (uri) => ({ uri }),
  'agentls.astEdit.preview': (uri) => ({ recipe: uri }),
  'agentls.astEdit.apply': (uri) => ({ recipe: uri }),
};

/**
 * Arguments for a server command run from the palette (which passes none): the active
 * file for document commands, a typed query for the file search report. Commands that
 * need nothing get nothing; undefined when the user cancelled.
 */
export async function documentArguments(command: string): Promise<unknown[] | undefined> {
  const forDocument = DOCUMENT_COMMANDS[command];
  if (forDocument) {
    const uri = vscode.window.activeTextEditor?.document.uri;
    return uri ? [forDocument(uri.toString())] : [];
  }
  if (command === 'agentls.fileSearch.report') {
    const query = await vscode.window.showInputBox({ title: 'agentls: file search report', prompt: 'Fuzzy query (empty: the most recently modified files)' });
    if (query === undefined) return undefined;
    return [{ query_id: newQueryId(), query, from_uri: vscode.window.activeTextEditor?.document.uri.toString() }];
  }
  return [];
}

/** A UUID v4 (RAWP query ids are UUIDs). */
export function newQueryId(): string {
  return globalThis.crypto.randomUUID();
}
