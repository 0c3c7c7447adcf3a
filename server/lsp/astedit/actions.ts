import { CodeActionKind, type CodeAction, type CodeActionParams, type WorkspaceEdit } from 'vscode-languageserver/node';
import { Commands } from '../../../protocol/methods';
import { fixesAt, quickFixesIn, type KnownRecipe, type QuickFix } from '../../astedit/quickfix';
import type { AstEditRequest } from '../../astedit/types';
import type { Cancellation } from '../../core/cancel';
import type { Finding } from '../../core/findings';
import type { OpenDocument } from '../documents';
import { closedFileRefusal } from '../edits';
import type { ServerContext } from '../feature';
import type { AstEditService } from './service';

export const FEATURE_ID = 'astedit';

/** `data` of the "Apply ast-edit" action, resolved into its edit by `resolveApplyAction`. */
interface ApplyActionData {
  feature: typeof FEATURE_ID;
  previewId: string;
}

/**
 * "Preview ast-edit" and "Apply ast-edit" for a recipe document. Preview opens the
 * report (a command: its effect is the report, not a return value). Apply needs a pending
 * preview of exactly this recipe; its edit is computed when chosen (`codeAction/resolve`)
 * by re-running the rewrite, or, for clients that cannot resolve edits, by the apply
 * command, which sends the edit itself. Both are disabled, with the reason, when the
 * recipe has errors; Apply also when there is nothing previewed to apply.
 */
export function recipeActions(doc: OpenDocument, request: AstEditRequest | undefined, findings: readonly Finding[], service: AstEditService, ctx: ServerContext): CodeAction[] {
  const preview: CodeAction = {
    title: 'Preview ast-edit',
    kind: CodeActionKind.RefactorRewrite,
    command: { title: 'Preview ast-edit', command: Commands.astEditPreview, arguments: [{ recipe: doc.uri }] },
  };
  const apply: CodeAction = { title: 'Apply ast-edit', kind: CodeActionKind.RefactorRewrite };
  const error = findings.find((f) => f.severity === 'error');
  if (!request || error) {
    const reason = `The recipe has errors: ${error?.message ?? 'it is malformed'}`;
    return [{ ...preview, command: undefined, disabled: { reason } }, { ...apply, disabled: { reason } }];
  }
  const previewId = service.store.findByRequest(request);
  if (!previewId) {
    return [preview, { ...apply, disabled: { reason: 'Nothing previewed to apply: run "Preview ast-edit" first (an apply is checked against its preview)' } }];
  }
  const pending = service.store.get(previewId)!;
  apply.title = `Apply ast-edit (${pending.totals.replacements} replacement${pending.totals.replacements === 1 ? '' : 's'} in ${pending.totals.files} file${pending.totals.files === 1 ? '' : 's'})`;
  if (ctx.client.codeActionResolveEdit) {
    const data: ApplyActionData = { feature: FEATURE_ID, previewId };
    apply.data = data;
  } else {
    apply.command = { title: apply.title, command: Commands.astEditApply, arguments: [{ previewId }] };
  }
  return [preview, apply];
}

/** Fills in the edit of "Apply ast-edit": the re-run, refused (with a message) when it differs from the preview. */
export async function resolveApplyAction(action: CodeAction, service: AstEditService, ctx: ServerContext, cancel: Cancellation): Promise<CodeAction> {
  const data = action.data as ApplyActionData | undefined;
  if (!data?.previewId || !service.store.get(data.previewId)) {
    ctx.showMessage('error', 'ast-edit: the preview was applied, discarded or replaced; preview again');
    return action;
  }
  const planned = await service.editFor(data.previewId, cancel);
  if (!planned.ok) {
    ctx.showMessage('error', `ast-edit refused: ${planned.message}`);
    return { ...action, disabled: { reason: planned.message } };
  }
  const refused = await closedFileRefusal(planned.edit, ctx.documents);
  if (refused) {
    ctx.showMessage('error', `ast-edit refused: ${refused}`);
    return { ...action, disabled: { reason: refused } };
  }
  // The edit is now the client's to apply; the preview is used up.
  service.store.delete(data.previewId);
  return { ...action, edit: planned.edit };
}

/** The recipe matches of each open document, for its current version and recipe list (cursor moves only filter them). */
const fixCache = new Map<string, { version: number; recipes: readonly KnownRecipe[]; fixes: QuickFix[] }>();

/** "Rewrite with RECIPE: pat → out" for each recipe match containing the requested range, that match alone. */
export async function quickFixActions(doc: OpenDocument, params: CodeActionParams, recipes: readonly KnownRecipe[], service: AstEditService, ctx: ServerContext): Promise<CodeAction[]> {
  if (!doc.path || recipes.length === 0) return [];
  let cached = fixCache.get(doc.uri);
  if (!cached || cached.version !== doc.version || cached.recipes !== recipes) {
    const fixes = await quickFixesIn({ path: doc.path, text: doc.text }, recipes, { backend: service.backend, workspace: ctx.session, fs: ctx.documents.fs });
    cached = { version: doc.version, recipes, fixes };
    fixCache.set(doc.uri, cached);
  }
  const start = doc.lines.offsetAt(params.range.start);
  const end = doc.lines.offsetAt(params.range.end);
  return fixesAt(cached.fixes, start, end).map((fix) => {
    const edit = { range: doc.lines.range(fix.start, fix.end), newText: fix.after };
    const workspaceEdit: WorkspaceEdit = ctx.client.documentChanges
      ? { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits: [edit] }] }
      : { changes: { [doc.uri]: [edit] } };
    return { title: fix.title, kind: CodeActionKind.QuickFix, edit: workspaceEdit };
  });
}

/** Forgets the cached matches of a closed document. */
export function forgetQuickFixes(uri: string): void {
  fixCache.delete(uri);
}
