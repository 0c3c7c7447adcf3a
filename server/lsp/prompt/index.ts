import { PromptCommands } from '../../../protocol/refs';
import { lintPromptModel } from '../../refs/lint';
import { defaultingToCurrent } from '../currentDocument';
import type { OpenDocument } from '../documents';
import type { Feature, ServerContext } from '../feature';
import { promptCodeActions } from './actions';
import { addReferenceCommand, forgetSentEntries, recheckSentEntries } from './addReference';
import { promptCompletion } from './completion';
import { promptDefinition, promptHover, promptLinks } from './navigation';
import { PickTracker } from './picks';
import { convertCommand, parseCommand, registerPromptRequests } from './requests';
import { environmentFor, modelOf, promptForm } from './shared';

/**
 * File references in prompt documents (`file-refs.md`, `lsp.md` §2): `@` completion,
 * `ref/…` diagnostics and their fixes, hover, links and definition from a token to its
 * file, `agentls/parsePrompt` and `agentls/convertPrompt` with their command twins.
 */
export function promptFeature(): Feature {
  let ctx: ServerContext | undefined;
  let picks: PickTracker | undefined;
  const need = () => {
    if (!ctx) throw new Error('the prompt feature is not activated');
    return ctx;
  };
  const currentPrompt = { what: 'prompt document', accept: (d: OpenDocument) => promptForm(d.kind) !== undefined, argument: (d: OpenDocument) => ({ uri: d.uri }) };
  return {
    id: 'prompt',
    completionTriggers: ['@'],
    commands: {
      [PromptCommands.parse]: defaultingToCurrent(need, PromptCommands.parse, currentPrompt, (args) => parseCommand(need(), args)),
      [PromptCommands.convert]: defaultingToCurrent(need, PromptCommands.convert, currentPrompt, (args, token) => convertCommand(need(), args, token)),
      [PromptCommands.addReference]: (args) => addReferenceCommand(need(), args),
    },
    activate(c) {
      ctx = c;
      picks = new PickTracker(c);
      registerPromptRequests(c);
      // A referenced file appearing or vanishing changes what open prompts report.
      c.session.changes.onChanges(() => {
        for (const doc of c.documents.all()) if (modelOf(doc)) c.diagnostics.schedule(doc);
      });
    },
    async diagnose(doc, token) {
      const model = modelOf(doc);
      if (!model || !ctx) return [];
      return (await lintPromptModel(model, environmentFor(ctx, doc.path), token)).map((i) => i.finding);
    },
    onDocumentEvent(doc, event) {
      picks?.observe(doc, event);
      if (event === 'change' && ctx) recheckSentEntries(ctx, doc);
      if (event === 'close' && ctx) forgetSentEntries(ctx, doc.uri);
    },
    completion: (doc, params, token) => (ctx && modelOf(doc) ? promptCompletion(ctx, picks!, doc, params, token) : undefined),
    hover: (doc, params) => (ctx && modelOf(doc) ? promptHover(ctx, doc, params.position) : undefined),
    definition: (doc, params) => (ctx && modelOf(doc) ? promptDefinition(ctx, doc, params.position) : undefined),
    documentLinks: (doc) => (ctx && modelOf(doc) ? promptLinks(ctx, doc) : undefined),
    codeActions: (doc, params, token) => (ctx && modelOf(doc) ? promptCodeActions(ctx, doc, params, token) : undefined),
  };
}
