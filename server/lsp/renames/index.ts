import type { TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { throwIfCancelled, type Cancellation } from '../../core/cancel';
import { LIMITS, overLimit } from '../../core/limits';
import { params as read } from '../../core/params';
import { editorView, LineIndex } from '../../core/text';
import { parsePromptDocument } from '../../refs/document';
import { promptReferenceRenames } from '../../refs/renames';
import { claudeImportRenames } from '../../rules/claudeImportRenames';
import { mdcLinkRenames } from '../../rules/mdcLinkRenames';
import { pathToUri, uriToPath } from '../../workspace/paths';
import type { FileRenames, PathMove, Replacement } from '../../workspace/renamedPaths';
import type { Feature, ServerContext } from '../feature';
import { agentFilesToUpdate, kindsOf } from './candidates';

/** One agent file's replacements, and what they were computed from. */
interface FileEdits {
  path: string;
  uri: string;
  /** The open document's version; undefined for a file read from disk. */
  version?: number;
  text: string;
  edits: Replacement[];
  /** Why the file gets no edit though it may name a renamed file: it holds more than agentls reads (`FileRenames`). */
  overLimit?: string;
}

/**
 * References in agent files follow a file or folder the user renames in the editor (LSP 3.16
 * `workspace/willRenameFiles`, sent before the rename; the editor applies the returned edit
 * first, so it addresses the files under their old names): Claude Code's `@` imports, Cursor's
 * `mdc:` links and prompt documents' `file_references` and tokens. Registered only for a client
 * that sends the request. `workspace/didRenameFiles` is not asked for: the file watcher sees
 * the rename on disk, as it sees any other.
 */
export function renamesFeature(): Feature {
  let ctx: ServerContext;
  return {
    id: 'renames',
    // Any file or folder may be named by a reference (LSP 3.16 FileOperationRegistrationOptions: without `matches`, a pattern matches both).
    fileOperations: (client) => (client.willRenameFiles ? { willRename: { filters: [{ scheme: 'file', pattern: { glob: '**' } }] } } : undefined),
    activate(context) {
      ctx = context;
      ctx.onRequest('workspace/willRenameFiles', (raw, token) => willRename(ctx, readMoves(ctx, raw), token));
    },
  };
}

/** The renames of the request whose both ends lie in a workspace folder: nothing is read or written for one from or to elsewhere. */
function readMoves(ctx: ServerContext, raw: unknown): PathMove[] {
  const files = read.object(raw).files;
  if (!Array.isArray(files)) return [];
  const out: PathMove[] = [];
  for (const [i, f] of files.entries()) {
    const file = read.object(f, `files[${i}]`);
    const from = uriToPath(read.string(file, 'oldUri', `files[${i}].`));
    const to = uriToPath(read.string(file, 'newUri', `files[${i}].`));
    const inside = (p: string | undefined): p is string => p !== undefined && ctx.session.rootOf(p) !== undefined && ctx.session.allows(p);
    if (inside(from) && inside(to) && from !== to) out.push({ from, to });
  }
  return out;
}

async function willRename(ctx: ServerContext, moves: PathMove[], token: Cancellation): Promise<WorkspaceEdit | null> {
  if (moves.length === 0) return null;
  const all = await agentFilesToUpdate(ctx, moves);
  if (all.length > LIMITS.renameFilesRead) {
    ctx.log.info(`${overLimit('the references to a renamed file may lie in', all.length, LIMITS.renameFilesRead, 'agent files')}: those read first are updated, the others keep their old paths`);
  }
  const changed: FileEdits[] = [];
  for (const p of all.slice(0, LIMITS.renameFilesRead)) {
    throwIfCancelled(token);
    const file = await editsOf(ctx, p, moves);
    // A part of a file's references moved would leave the rest naming the old path unseen (agentls reads no more of it): it is left as it is, and said so.
    if (file?.overLimit) ctx.log.info(`${p}: ${file.overLimit}: none of its references are updated, rather than some`);
    else if (file && file.edits.length > 0) changed.push(file);
  }
  const current: FileEdits[] = [];
  // A file that changed while the edits were computed gets none: an edit of other text would be wrong.
  for (const file of changed) if (await stillReads(ctx, file)) current.push(file);
  if (current.length === 0) return null;
  ctx.log.info(`renaming ${moves.map((m) => `${m.from} → ${m.to}`).join(', ')}: references updated in ${current.map((f) => f.path).join(', ')}`);
  return workspaceEdit(ctx, current);
}

async function editsOf(ctx: ServerContext, p: string, moves: readonly PathMove[]): Promise<FileEdits | undefined> {
  const open = ctx.documents.getByPath(p);
  let text: string;
  if (open) text = open.text;
  else {
    const disk = await ctx.session.diskFs.readText(p);
    if (!disk.ok) return undefined;
    text = editorView(disk.text).text;
  }
  const root = ctx.session.rootOf(p)!;
  const kinds = kindsOf(ctx, p);
  const edits: Replacement[] = [];
  const parts: FileRenames[] = [];
  if (kinds.claudeMemory) parts.push(claudeImportRenames(p, text, ctx.session.home, moves));
  if (kinds.cursorRule) parts.push(await mdcLinkRenames(ctx.documents.ruleFs, ctx.session.confinement, p, root, text, moves));
  if (kinds.prompt) edits.push(...promptReferenceRenames(parsePromptDocument(text, kinds.prompt), root, moves));
  for (const part of parts) edits.push(...part.edits);
  const over = parts.find((part) => part.overLimit)?.overLimit;
  return { path: p, uri: open?.uri ?? pathToUri(p), ...(open ? { version: open.version } : {}), text, edits, ...(over ? { overLimit: over } : {}) };
}

/** Whether the file still has the text its edits were computed from: the same open version, or the same text on disk while closed. */
async function stillReads(ctx: ServerContext, file: FileEdits): Promise<boolean> {
  const open = ctx.documents.getByPath(file.path);
  if (file.version !== undefined || open) return open !== undefined && open.version === file.version && open.text === file.text;
  const disk = await ctx.session.diskFs.readText(file.path);
  return disk.ok && editorView(disk.text).text === file.text;
}

/** Versioned per-document edits where the client takes them (an open document's carries its version), else plain changes. */
function workspaceEdit(ctx: ServerContext, files: readonly FileEdits[]): WorkspaceEdit {
  const lspEdits = (f: FileEdits): TextEdit[] => {
    const lines = new LineIndex(f.text);
    return f.edits.map((e) => ({ range: lines.range(e.start, e.end), newText: e.text }));
  };
  if (ctx.client.documentChanges) {
    return { documentChanges: files.map((f): TextDocumentEdit => ({ textDocument: { uri: f.uri, version: f.version ?? null }, edits: lspEdits(f) })) };
  }
  return { changes: Object.fromEntries(files.map((f) => [f.uri, lspEdits(f)])) };
}
