import type { TextDocumentEdit, TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { applyEditorEdits, editorView } from '../core/text';
import type { FileWrite } from '../workspace/write';
import { whyNotReplaceable, writeFilesAtomically } from '../workspace/write';
import { uriToPath } from '../workspace/paths';
import type { WorkspaceSession } from '../workspace/session';
import type { ClientFeatures } from './clientFeatures';
import type { Connection } from 'vscode-languageserver/node';
import type { DocumentStore } from './documents';

/**
 * The text each file had when an edit was computed (path → text, `null` for a file the
 * edit creates). Offsets of an edit mean something only against that text.
 */
export type EditBasis = ReadonlyMap<string, string | null>;

/**
 * Applies a workspace edit: through `workspace/applyEdit` when the client supports it
 * (its undo then works), otherwise by writing the files atomically, all or none, after
 * checking that each file still has the content the edit was computed against (`basis`;
 * the write itself checks again immediately before each rename). `splitLinks`: files the
 * server wrote that had a second name by a hard link (an editor would have kept it).
 */
export async function applyWorkspaceEdit(
  connection: Connection,
  client: ClientFeatures,
  session: WorkspaceSession,
  documents: DocumentStore,
  edit: WorkspaceEdit,
  label: string,
  basis?: EditBasis,
): Promise<{ applied: boolean; reason?: string; splitLinks?: string[] }> {
  if (client.applyEdit) {
    const refused = await closedFileRefusal(edit, documents);
    if (refused) return { applied: false, reason: refused };
    try {
      const result = await connection.workspace.applyEdit({ label, edit });
      return result.applied ? { applied: true } : { applied: false, reason: `the editor did not apply the edit (${result.failureReason ?? 'it gave no reason: declined, or the file changed'})` };
    } catch (err) {
      return { applied: false, reason: `the editor did not apply the edit (its answer to workspace/applyEdit was an error: ${(err as Error).message})` };
    }
  }
  const perUri = new Map<string, LspTextEdit[]>();
  for (const change of edit.documentChanges ?? []) {
    if (!('textDocument' in change)) return { applied: false, reason: 'file operations need an editor that applies edits' };
    const docEdit = change as TextDocumentEdit;
    const open = documents.get(docEdit.textDocument.uri);
    if (open && docEdit.textDocument.version !== null && open.version !== docEdit.textDocument.version) {
      return { applied: false, reason: `${docEdit.textDocument.uri} changed since the edit was computed` };
    }
    perUri.set(docEdit.textDocument.uri, [...(perUri.get(docEdit.textDocument.uri) ?? []), ...(docEdit.edits as LspTextEdit[])]);
  }
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) perUri.set(uri, [...(perUri.get(uri) ?? []), ...edits]);
  const writes: FileWrite[] = [];
  for (const [uri, edits] of perUri) {
    const p = uriToPath(uri);
    if (!p) return { applied: false, reason: `cannot write ${uri}` };
    const read = await session.diskFs.readText(p);
    if (!read.ok && read.reason !== 'not-found') return { applied: false, reason: read.message };
    const before = read.ok ? read.text : '';
    // Unsaved changes first: an edit computed from the buffer differs from the disk for that reason alone.
    const open = documents.getByPath(p);
    if (open && open.text !== editorView(before).text) {
      return { applied: false, reason: `${p} has unsaved changes and this editor cannot apply edits; save it and retry` };
    }
    const computedFrom = basis?.get(p);
    if (computedFrom !== undefined && computedFrom !== (read.ok ? before : null)) {
      return { applied: false, reason: `${p} changed on disk since the edit was computed; nothing was applied` };
    }
    // Edits address the text as the editor holds it (no BOM), as they would had the editor applied them.
    writes.push({ path: p, text: applyEditorEdits(before, edits), expectedText: read.ok ? before : null });
  }
  const result = await writeFilesAtomically(writes, session.confinement);
  return result.ok ? { applied: true, splitLinks: result.splitLinks } : { applied: false, reason: result.message };
}

/**
 * Why the editor should not be given an edit, or undefined. The editor edits a closed file
 * by loading and saving it: a file agentls itself would not replace (read-only, not a
 * regular file) is refused before any of the edit is sent, or the editor would save the
 * other files and fail on it (or overwrite it). An open buffer is the editor's to edit.
 */
export async function closedFileRefusal(edit: WorkspaceEdit, documents: DocumentStore): Promise<string | undefined> {
  for (const uri of editedUris(edit)) {
    const p = uriToPath(uri);
    if (!p || documents.get(uri) || documents.getByPath(p)) continue;
    const refused = await whyNotReplaceable(p);
    if (refused) return `${refused}; nothing was applied`;
  }
  return undefined;
}

/** The documents a workspace edit changes the text of (not the files it creates, renames or deletes). */
function editedUris(edit: WorkspaceEdit): string[] {
  const uris = Object.keys(edit.changes ?? {});
  for (const change of edit.documentChanges ?? []) if ('textDocument' in change) uris.push(change.textDocument.uri);
  return uris;
}
