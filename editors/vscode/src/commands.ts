import * as vscode from 'vscode';
import { PROMPT_ADAPTER_CHOICES } from './adapters';

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
 * Arguments for a server command run from the palette (which passes none), or from a
 * keybinding that gives only some (`{ "adapter": "script" }`): the active file for document
 * commands, the adapter for a conversion (asked when not given), a typed query for the file
 * search report. Commands that need nothing get nothing; undefined when the user cancelled.
 */
export async function documentArguments(command: string, given: unknown[] = []): Promise<unknown[] | undefined> {
  const forDocument = DOCUMENT_COMMANDS[command];
  // Arguments of another shape than `{…}` are passed on as they are.
  if (forDocument && (!given.length || isObject(given[0]))) {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const own = isObject(given[0]) ? given[0] : {};
    const args = { ...(uri ? (forDocument(uri.toString()) as object) : {}), ...own };
    if (command === 'agentls.prompt.convert' && !('adapter' in args)) {
      const adapter = await pickAdapter();
      if (adapter === undefined) return undefined;
      return [{ ...args, adapter }];
    }
    return Object.keys(args).length ? [args] : [];
  }
  if (given.length) return given;
  if (command === 'agentls.fileSearch.report') {
    const query = await vscode.window.showInputBox({ title: 'agentls: file search report', prompt: 'Fuzzy query (empty: the most recently modified files)' });
    if (query === undefined) return undefined;
    return [{ query_id: newQueryId(), query, from_uri: vscode.window.activeTextEditor?.document.uri.toString() }];
  }
  return [];
}

/** Which adapter to convert a prompt for; undefined when the user closed the pick. */
async function pickAdapter(): Promise<string | undefined> {
  const items = PROMPT_ADAPTER_CHOICES.map((c) => ({ label: c.adapter, detail: c.detail }));
  const picked = await vscode.window.showQuickPick(items, { title: 'agentls: convert this prompt for', placeHolder: 'the adapter (generic, claude-code, script)' });
  return picked?.label;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A UUID v4 (RAWP query ids are UUIDs). */
export function newQueryId(): string {
  return globalThis.crypto.randomUUID();
}
