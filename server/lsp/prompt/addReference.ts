import { ParamError, params as read } from '../../core/params';
import { entryLookup } from '../../refs/model';
import { findTokens, isValidRefId } from '../../refs/token';
import type { OpenDocument } from '../documents';
import type { ServerContext } from '../feature';
import { documentEdit, modelOf } from './shared';

/** The arguments of `agentls.prompt.addReference`, as a completion item carries them. */
export interface AddReferenceArguments {
  uri: string;
  ref_id: string;
  path: string;
}

/** An entry sent to the editor and not yet seen in the document. */
interface SentEntry {
  /** The version of the document the edit was made for. */
  version: number;
  path: string;
  /** Sends after the first, each after the editor skipped the one before. */
  resent: number;
  /** The edit carried its version, so the editor drops it if the user typed first: sending it again cannot add the entry twice. */
  versioned: boolean;
}

/** How often an entry is sent again after the editor skipped it; then the `ref/unmapped` finding and its fix are left to the user. */
const MAX_RESENDS = 3;

/** Per server, by URI and id. */
const sentEntries = new WeakMap<ServerContext, Map<string, SentEntry>>();

function sentOf(ctx: ServerContext): Map<string, SentEntry> {
  let sent = sentEntries.get(ctx);
  if (!sent) sentEntries.set(ctx, (sent = new Map()));
  return sent;
}

const keyOf = (uri: string, refId: string) => `${uri}\u0000${refId}`;

/**
 * `agentls.prompt.addReference` `[{ uri, ref_id, path }]`: the `file_references` entry of a
 * token an `@` completion has just put in the open document, sent through the editor
 * against the document as it is now. Nothing happens when the token is gone (the user
 * undid it) or the id already has an entry (the command ran twice); true when an entry
 * was added.
 */
export async function addReferenceCommand(ctx: ServerContext, args: unknown[]): Promise<boolean> {
  const options = read.object(args[0], 'arguments[0]');
  const uri = read.string(options, 'uri', 'arguments[0].');
  const refId = read.string(options, 'ref_id', 'arguments[0].');
  const target = read.string(options, 'path', 'arguments[0].');
  if (!isValidRefId(refId)) throw new ParamError('arguments[0].ref_id', 'must match [a-zA-Z0-9_-]+');
  return sendEntry(ctx, uri, refId, target, 0);
}

async function sendEntry(ctx: ServerContext, uri: string, refId: string, target: string, resent: number): Promise<boolean> {
  const doc = ctx.documents.get(uri);
  const model = doc && modelOf(doc);
  if (!doc || !model?.prompt || !model.editor) return false;
  if (entryLookup(model).has(refId) || !findTokens(model.prompt.value).some((t) => t.refId === refId)) return false;
  // An entry sent for this id and this version of the document is on its way: a second
  // command before the edit comes back (two accepts in a row) would add the entry twice.
  const sent = sentOf(ctx);
  const key = keyOf(doc.uri, refId);
  if (sent.get(key)?.version === doc.version) return false;
  // Versioned wherever the editor honours a version: if the user types between the command
  // and the edit's arrival (in Neovim, a keystroke right after accepting), the editor drops
  // the edit instead of putting it at offsets that moved, and `recheckSentEntries` sends it
  // again for the text as it is then.
  const edit = documentEdit(ctx, doc, [model.editor.add(refId, target)], { versionWhereHonoured: true });
  // Neovim checks no version 0 (a buffer unchanged since it was opened): such an edit may yet land, so it is never sent again.
  sent.set(key, { version: doc.version, path: target, resent, versioned: edit.documentChanges !== undefined && doc.version > 0 });
  const outcome = await ctx.applyEdit(edit, `Add ${refId} → ${target} to file_references`);
  if (!outcome.applied) ctx.log.info(`file_references entry ${refId} → ${target} not added to ${uri}: ${outcome.reason ?? 'refused'}`);
  return outcome.applied;
}

/**
 * On each change of an open prompt: an entry sent for an older version that is still not
 * in the document was dropped by the editor (the user typed first, or it refused), and
 * goes again for this version while the token is there; seen, or its token gone, it is
 * forgotten. Only a versioned edit is sent again: an unversioned one may yet land.
 */
export function recheckSentEntries(ctx: ServerContext, doc: OpenDocument): void {
  const sent = sentEntries.get(ctx);
  if (!sent || sent.size === 0) return;
  const prefix = `${doc.uri}\u0000`;
  for (const [key, entry] of sent) {
    if (!key.startsWith(prefix) || doc.version <= entry.version) continue;
    const refId = key.slice(prefix.length);
    const model = modelOf(doc);
    const pending = model?.prompt && model.editor && !entryLookup(model).has(refId) && findTokens(model.prompt.value).some((t) => t.refId === refId);
    if (!pending || !entry.versioned || entry.resent >= MAX_RESENDS) {
      if (pending) ctx.log.info(`file_references entry ${refId} → ${entry.path} not added to ${doc.uri}: the editor dropped it ${entry.resent + 1} times as the text moved on`);
      sent.delete(key);
      continue;
    }
    void sendEntry(ctx, doc.uri, refId, entry.path, entry.resent + 1).catch((err: unknown) => ctx.log.error(`file_references entry ${refId}: ${String(err)}`));
  }
}

/** The document was closed: nothing sent for it will be seen. */
export function forgetSentEntries(ctx: ServerContext, uri: string): void {
  const sent = sentEntries.get(ctx);
  if (sent) for (const key of [...sent.keys()]) if (key.startsWith(`${uri}\u0000`)) sent.delete(key);
}
