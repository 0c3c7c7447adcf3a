import * as path from 'node:path';
import { LSPErrorCodes, ResponseError, type CodeAction, type CodeActionParams } from 'vscode-languageserver/node';
import type { AstEditPreviewResult, AstEditResolveResult } from '../../../protocol/astedit';
import { Commands, Methods } from '../../../protocol/methods';
import { requestKey, withoutTexts } from '../../astedit/pending';
import { recipeName } from '../../astedit/quickfix';
import { lintRecipe, type RecipeLint } from '../../astedit/recipeLint';
import type { AstEditOutcome, AstEditRequest } from '../../astedit/types';
import { CancelledError, type Cancellation } from '../../core/cancel';
import { ParamError, params as read } from '../../core/params';
import { defaultingToCurrent } from '../currentDocument';
import type { OpenDocument } from '../documents';
import type { Feature, ServerContext } from '../feature';
import { FEATURE_ID, forgetQuickFixes, quickFixActions, recipeActions, resolveApplyAction } from './actions';
import { RecipeIndex } from './recipes';
import { AstEditService } from './service';

/** A dry run as kept for a recipe's diagnostics: the changes, not the file texts. */
function compact(outcome: AstEditOutcome): AstEditOutcome {
  return outcome.ok ? { ok: true, preview: withoutTexts(outcome.preview) } : outcome;
}

/**
 * ast-edit in the editor (`lsp.md`, `ast-edit.md`): diagnostics and "Preview / Apply
 * ast-edit" actions in recipe documents, "Rewrite with RECIPE" quick fixes in source
 * files, the requests `agentls/astEditPreview` / `agentls/astEditResolve` and their
 * command twins, which show a report or apply the edit themselves (Helix ignores results).
 */
export function astEditFeature(): Feature {
  let ctx: ServerContext;
  let service: AstEditService;
  let recipes: RecipeIndex;
  /** The last dry run of each open recipe, reused while its request is unchanged. */
  const runs = new Map<string, { key: string; outcome: AstEditOutcome }>();
  /** Recipes saved since their last dry run. */
  const rerun = new Set<string>();

  const isRecipe = (doc: OpenDocument) => doc.kind.kind === 'astedit' && doc.path !== undefined;
  const currentRecipe = { what: 'ast-edit recipe', accept: isRecipe, argument: (doc: OpenDocument) => ({ recipe: doc.uri }) };

  function rootOfDoc(doc: OpenDocument): string {
    return ctx.session.rootOf(doc.path!) ?? path.dirname(doc.path!);
  }

  /**
   * Lints a recipe; the dry run (no matches, missing paths, overlaps) is made when the
   * recipe is opened or saved, and reused for every keystroke that leaves its request unchanged.
   */
  async function lintDoc(doc: OpenDocument, cancel: Cancellation, allowRun: boolean): Promise<RecipeLint & { request?: AstEditRequest }> {
    const format = doc.kind.kind === 'astedit' ? doc.kind.format : 'yaml';
    const root = rootOfDoc(doc);
    const cheap = await lintRecipe(doc.text, format, { backend: service.backend });
    const request = cheap.recipe.request ? { ...cheap.recipe.request, root } : undefined;
    if (!request) return cheap;
    const key = requestKey(request);
    const cached = runs.get(doc.uri);
    const reuse = cached?.key === key && !rerun.has(doc.uri) ? cached.outcome : undefined;
    if (!reuse && !allowRun) return { ...cheap, request };
    rerun.delete(doc.uri);
    const full = await lintRecipe(doc.text, format, { backend: service.backend, previous: reuse, run: { root, ...service.engineOptions(cancel) } });
    if (full.outcome && !reuse) runs.set(doc.uri, { key, outcome: compact(full.outcome) });
    return { ...full, request };
  }

  async function requestFromArgs(args: unknown[]): Promise<{ request: AstEditRequest; recipeUri?: string }> {
    const arg = read.object(args[0], 'arguments[0]');
    const recipe = read.optionalString(arg, 'recipe', 'arguments[0].');
    if (recipe !== undefined) return { request: await service.recipeRequest(recipe, 'arguments[0].recipe'), recipeUri: recipe };
    return { request: service.readRequest(arg, 'arguments[0].') };
  }

  async function previewCommand(args: unknown[], token: Cancellation): Promise<AstEditPreviewResult | { problems: string[] }> {
    const { request, recipeUri } = await requestFromArgs(args);
    const outcome = await service.preview(request, token);
    if (recipeUri) {
      runs.set(recipeUri, { key: requestKey(request), outcome: compact(outcome) });
      const doc = ctx.documents.get(recipeUri);
      if (doc) ctx.diagnostics.schedule(doc);
    }
    if (!outcome.ok) {
      const problems = outcome.problems.map((p) => `${p.field}: ${p.message}`);
      ctx.showMessage('error', `ast-edit cannot run: ${problems.join('; ')}`);
      return { problems };
    }
    const title = recipeUri ? `ast-edit preview: ${recipeName(recipeUri)}` : 'ast-edit preview';
    await service.showReport(outcome.preview, title);
    return service.toResult(outcome.preview, outcome.previewId);
  }

  async function applyCommand(args: unknown[], token: Cancellation): Promise<AstEditResolveResult | { applied: false; message: string }> {
    const arg = read.object(args[0], 'arguments[0]');
    let previewId = read.optionalString(arg, 'previewId', 'arguments[0].');
    if (previewId === undefined) {
      const { request } = await requestFromArgs(args);
      previewId = service.store.findByRequest(request);
    }
    if (!previewId || !service.store.get(previewId)) {
      const message = 'ast-edit: nothing previewed to apply for this rewrite; preview it first (an apply is checked against its preview)';
      ctx.showMessage('error', message);
      return { applied: false, message };
    }
    const outcome = await service.apply(previewId, token);
    if (!outcome.ok) {
      ctx.showMessage('error', `ast-edit refused: ${outcome.message}`);
      return { applied: false, message: outcome.message };
    }
    ctx.showMessage('info', `ast-edit: ${outcome.result.message}`);
    return outcome.result;
  }

  return {
    id: FEATURE_ID,
    commands: {
      [Commands.astEditPreview]: defaultingToCurrent(() => ctx, Commands.astEditPreview, currentRecipe, previewCommand),
      [Commands.astEditApply]: defaultingToCurrent(() => ctx, Commands.astEditApply, currentRecipe, applyCommand),
    },

    activate(c) {
      ctx = c;
      service = new AstEditService(c);
      recipes = new RecipeIndex(c);
      // An open recipe's dry run (no matches, missing paths) is a fact of the files it targets:
      // when any other file changes on disk, it is run again for each open recipe.
      ctx.session.changes.onChanges((batch) => {
        const open = ctx.documents.all().filter((doc) => isRecipe(doc) && runs.has(doc.uri));
        if (open.length === 0 || batch.every((change) => open.some((doc) => doc.path === change.path))) return;
        for (const doc of open) {
          rerun.add(doc.uri);
          ctx.diagnostics.schedule(doc);
        }
      });
      ctx.onRequest(Methods.astEditPreview, async (raw, token) => {
        const outcome = await service.preview(service.readRequest(raw), token);
        if (!outcome.ok) throw service.problemsError(outcome.problems);
        return service.toResult(outcome.preview, outcome.previewId);
      });
      ctx.onRequest(Methods.astEditResolve, async (raw, token): Promise<AstEditResolveResult> => {
        const p = read.object(raw);
        const previewId = read.string(p, 'previewId');
        const action = read.oneOf(p, 'action', ['apply', 'discard'] as const);
        if (!action) throw new ParamError('action', 'is required: "apply" or "discard"');
        if (action === 'discard') {
          if (!service.store.delete(previewId)) throw new ParamError('previewId', 'No pending action to resolve. Nothing to apply or discard.');
          return { applied: false, files: [], replacements: 0, message: 'Discarded the pending ast-edit; nothing was written.' };
        }
        const outcome = await service.apply(previewId, token);
        if (!outcome.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, outcome.message, outcome.refusal);
        return outcome.result;
      });
    },

    start() {
      recipes.start();
    },

    async diagnose(doc, token) {
      if (!isRecipe(doc)) return undefined;
      // A dry run when the recipe is opened or saved; keystrokes in between reuse it or skip it.
      const allowRun = !runs.has(doc.uri) || rerun.has(doc.uri);
      try {
        return (await lintDoc(doc, token, allowRun)).findings;
      } catch (err) {
        if (err instanceof CancelledError) return undefined; // a newer version is being diagnosed
        throw err;
      }
    },

    onDocumentEvent(doc, event) {
      recipes.documentChanged(doc, event);
      if (event === 'close') forgetQuickFixes(doc.uri);
      if (!isRecipe(doc)) return;
      if (event === 'save') {
        rerun.add(doc.uri);
        ctx.diagnostics.schedule(doc);
      } else if (event === 'close') {
        runs.delete(doc.uri);
        rerun.delete(doc.uri);
      }
    },

    async codeActions(doc: OpenDocument, params: CodeActionParams, token): Promise<CodeAction[] | undefined> {
      if (isRecipe(doc)) {
        const lint = await lintDoc(doc, token, false);
        return recipeActions(doc, lint.request, lint.findings, service, ctx);
      }
      if (doc.kind.kind !== 'other' && doc.kind.kind !== 'markdown') return undefined;
      return quickFixActions(doc, params, recipes.list(), service, ctx);
    },

    resolveCodeAction(action, token) {
      return resolveApplyAction(action, service, ctx, token);
    },

    dispose() {
      recipes?.dispose();
      service?.dispose();
    },
  };
}
