import { ParamError, params as read } from '../../core/params';
import { entryLookup } from '../../refs/model';
import { findTokens, isValidRefId } from '../../refs/token';
import type { ServerContext } from '../feature';
import { documentEdit, modelOf } from './shared';

/** The arguments of `agentls.prompt.addReference`, as a completion item carries them. */
export interface AddReferenceArguments {
  uri: string;
  ref_id: string;
  path: string;
}

/** Per server, the entries sent and not yet seen in the document: by URI and id, the version they were made for. */
const sentEntries = new WeakMap<ServerContext, Map<string, number>>();

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
  const doc = ctx.documents.get(uri);
  const model = doc && modelOf(doc);
  if (!doc || !model?.prompt || !model.editor) return false;
  if (entryLookup(model).has(refId) || !findTokens(model.prompt.value).some((t) => t.refId === refId)) return false;
  // An entry sent for this id and this version of the document is on its way: a second
  // command before the edit comes back (two accepts in a row) would add the entry twice.
  let sent = sentEntries.get(ctx);
  if (!sent) sentEntries.set(ctx, (sent = new Map()));
  const key = `${doc.uri}\u0000${refId}`;
  if (sent.get(key) === doc.version) return false;
  for (const [k, version] of sent) if (k.startsWith(`${doc.uri}\u0000`) && version !== doc.version) sent.delete(k);
  sent.set(key, doc.version);
  const outcome = await ctx.applyEdit(documentEdit(ctx, doc, [model.editor.add(refId, target)]), `Add ${refId} → ${target} to file_references`);
  if (!outcome.applied) sent.delete(key);
  if (!outcome.applied) ctx.log.info(`file_references entry ${refId} → ${target} not added to ${uri}: ${outcome.reason ?? 'refused'}`);
  return outcome.applied;
}
