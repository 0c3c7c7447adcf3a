import type { CodeAction, CompletionItem, CompletionList, Diagnostic, Position } from 'vscode-languageserver/node';
import type { LspTestClient } from '../helpers/lspClient';
import { until } from '../helpers/polling';

const isRef = (d: Diagnostic) => typeof d.code === 'string' && d.code.startsWith('ref/');

/**
 * The `ref/…` diagnostics of a document once `predicate` holds, as the editor gets them
 * (pulled or pushed, see `waitForDiagnostics`). "None" is accepted once the server has said
 * it found none: it answers `textDocument/diagnostic` (to any client) only after it has
 * diagnosed the current version, and a push client has then had that version's publish.
 */
export async function refDiagnostics(c: LspTestClient, uri: string, predicate: (d: Diagnostic[]) => boolean = () => true, timeoutMs = 10_000): Promise<Diagnostic[]> {
  const refsHold = (ds: Diagnostic[]) => predicate(ds.filter(isRef));
  if (!c.pullsDiagnostics && predicate([]) && !c.diagnostics.has(uri)) {
    const found = await c.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    if (found.items.length === 0 && !c.diagnostics.has(uri)) return [];
  }
  return (await c.waitForDiagnostics(uri, refsHold, timeoutMs)).filter(isRef);
}

/** Completion at a position, asked again until an item with `label` shows up (the index may still be building). */
export async function completionWith(c: LspTestClient, uri: string, position: Position, label: string, timeoutMs = 15_000): Promise<{ list: CompletionList; item: CompletionItem }> {
  const list = await until(`completion item ${label} at ${JSON.stringify(position)}`, () => c.completion(uri, position, '@'), (l) => l.items.some((i) => i.label === label), timeoutMs);
  return { list, item: list.items.find((i) => i.label === label)! };
}

/** The position just after the first occurrence of `marker` in the buffer. */
export function positionAfter(c: LspTestClient, uri: string, marker: string): Position {
  const text = c.text(uri);
  const i = text.indexOf(marker);
  if (i < 0) throw new Error(`${marker} is not in ${uri}`);
  const before = text.slice(0, i + marker.length).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/** The action an editor would pick for a diagnostic: its preferred one, else the first enabled. */
export function preferredFor(actions: CodeAction[], code: string): CodeAction | undefined {
  const mine = actions.filter((a) => !a.disabled && a.diagnostics?.some((d) => d.code === code));
  return mine.find((a) => a.isPreferred) ?? mine[0];
}
