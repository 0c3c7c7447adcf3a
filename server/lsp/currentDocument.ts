import type { Cancellation } from '../core/cancel';
import type { OpenDocument } from './documents';
import type { ServerContext } from './feature';

/** The kind of document a command works on when it is called without arguments. */
export interface CurrentDocumentDefault {
  /** How the user is told what the command needs ("prompt document"). */
  what: string;
  accept: (doc: OpenDocument) => boolean;
  /** The command's first argument made from that document. */
  argument: (doc: OpenDocument) => unknown;
}

type CommandHandler = (args: unknown[], token: Cancellation) => Promise<unknown> | unknown;

/**
 * A command whose first argument defaults to the document of its kind that was opened or
 * edited last, the nearest thing to the editor's current one. Helix runs commands only
 * without arguments (`:lsp-workspace-command NAME`), so every command twin needs this
 * default. With no such document open, the user is told what the command needs and it
 * answers null.
 */
export function defaultingToCurrent(context: () => ServerContext, command: string, current: CurrentDocumentDefault, handler: CommandHandler): CommandHandler {
  return (args, token) => {
    if (args[0] !== undefined) return handler(args, token);
    const ctx = context();
    const doc = ctx.documents.lastTouched(current.accept);
    if (!doc) {
      ctx.showMessage('warning', `agentls: ${command} without arguments works on the ${current.what} opened or edited last, and none is open.`);
      return null;
    }
    return handler([current.argument(doc), ...args.slice(1)], token);
  };
}
