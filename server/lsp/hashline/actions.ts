import { CodeActionKind, TextDocumentEdit, type CodeAction, type CodeActionParams, type TextEdit as LspTextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import type { Cancellation } from '../../core/cancel';
import { rangesIntersect, type TextEdit } from '../../core/text';
import { sectionAtLine, type PatchAnalysis } from '../../hashline/analysis';
import type { PatchLint } from '../../hashline/lint';
import type { PatchError, PatchPlan } from '../../hashline/plan';
import type { OpenDocument } from '../documents';
import type { ServerContext } from '../feature';
import { HashlineCommands } from '../../../protocol/hashline';
import { patchDocumentText, type HashlineService } from './service';
import { describePatchErrorForPerson } from '../../hashline/personMessages';

/**
 * Code actions of a patch document: "Apply patch" (every file, one versioned workspace
 * edit), "Apply this section", "Refresh stale anchors", and the quick fixes of the lint.
 * Edits are inline (Neovim and Helix drop command results); an action that cannot apply
 * is returned `disabled` with the reason, and nothing is applied.
 */
export async function patchActions(
  ctx: ServerContext,
  service: HashlineService,
  doc: OpenDocument,
  analysis: PatchAnalysis,
  lint: PatchLint,
  params: CodeActionParams,
  wholePlan: () => Promise<PatchPlan>,
  cancel: Cancellation,
): Promise<CodeAction[]> {
  const actions: CodeAction[] = [];
  if (analysis.split.error || analysis.sections.length === 0) return actions;
  const base = service.baseFor(doc.uri);

  const wholeTitle = analysis.sections.length > 1 ? `Apply patch (${analysis.sections.length} files)` : `Apply patch to ${analysis.sections[0].merged.path}`;
  if (analysis.sections.every((s) => s.applied)) {
    actions.push({ title: wholeTitle, kind: CodeActionKind.RefactorRewrite, disabled: { reason: 'this patch has been applied: its files hold its result' } });
    return actions;
  }
  const whole = await wholePlan();
  actions.push(applyAction(ctx, service, doc, whole, wholeTitle));

  const here = sectionAtLine(analysis, params.range.start.line);
  if (here && here.target.ok && analysis.sections.length > 1) {
    const target = here.target.path;
    const plan = await service.plan(patchDocumentText(doc), base, { cancel, only: (p) => p === target });
    actions.push(applyAction(ctx, service, doc, plan, `Apply this section (${here.merged.path})`, target));
  }

  const stale = lint.findings.filter((f) => f.code === 'hashline/stale-anchor');
  if (stale.length) {
    const refresh = lint.fixes.filter((f) => f.title === 'Refresh stale anchors').flatMap((f) => f.edits);
    const action: CodeAction = { title: 'Refresh stale anchors', kind: CodeActionKind.QuickFix, diagnostics: matching(params, 'hashline/stale-anchor') };
    if (refresh.length) action.edit = patchDocumentEdit(ctx, doc, refresh);
    else action.disabled = { reason: 'no stale anchor names a line that moved unchanged nearby; read the file again and rewrite the anchors' };
    actions.push(action);
  }

  for (const fix of lint.fixes) {
    if (fix.title === 'Refresh stale anchors' || !rangesIntersect(fix.range, params.range)) continue;
    actions.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: matching(params, fix.code), edit: patchDocumentEdit(ctx, doc, fix.edits), isPreferred: true });
  }
  return actions;
}

/** `data` of an apply action whose edit is computed at `codeAction/resolve`. */
export interface ApplyActionData {
  feature: 'hashline';
  uri: string;
  version: number;
  /** The one file of "Apply this section". */
  section?: string;
}

/**
 * An apply action. An edit of a file that is not open carries no version, so the editor
 * would apply it to whatever the disk holds when the action is chosen, perhaps long after
 * the menu was shown: such an edit is computed when chosen (`codeAction/resolve`), or, for
 * editors that cannot resolve edits, applied by the apply command, which checks the disk
 * first. Edits of open buffers only are versioned and stay inline.
 */
function applyAction(ctx: ServerContext, service: HashlineService, doc: OpenDocument, plan: PatchPlan, title: string, section?: string): CodeAction {
  const action: CodeAction = { title, kind: CodeActionKind.RefactorRewrite };
  if (!plan.ok) {
    action.disabled = { reason: refusal(plan.error) };
    return action;
  }
  const unversioned = plan.files.some((f) => f.changed && (f.created || !ctx.documents.getByPath(f.path)));
  if (unversioned) {
    if (ctx.client.codeActionResolveEdit) {
      const data: ApplyActionData = { feature: 'hashline', uri: doc.uri, version: doc.version, ...(section ? { section } : {}) };
      action.data = data;
    } else {
      // The version the menu described: chosen after the patch changed, the command refuses, as the resolve does.
      action.command = { title, command: HashlineCommands.apply, arguments: [{ uri: doc.uri, version: doc.version, ...(section ? { section } : {}) }] };
    }
    return action;
  }
  return withEdit(service, plan, action);
}

/** The action with the plan's edit, or disabled with the reason the plan cannot apply. */
export function withEdit(service: HashlineService, plan: PatchPlan, action: CodeAction): CodeAction {
  if (!plan.ok) return { ...action, disabled: { reason: refusal(plan.error) } };
  const built = service.workspaceEdit(plan);
  if ('reason' in built) return { ...action, disabled: { reason: built.reason } };
  return { ...action, edit: built.edit };
}

/** A short reason for a menu: the first line of the message for a person (patch lines counted in the patch), and what to do. */
function refusal(error: PatchError): string {
  if (error.kind === 'hash_mismatch') {
    const stale = Object.keys(error.remaps ?? {}).length;
    return `${stale} stale anchor${stale === 1 ? '' : 's'} in ${error.display}: the line${stale === 1 ? ' it names has' : 's they name have'} changed. Refresh the stale anchors or read the file again; nothing was applied.`;
  }
  return describePatchErrorForPerson(error).split('\n')[0];
}

function matching(params: CodeActionParams, code: string) {
  return params.context.diagnostics.filter((d) => d.code === code);
}

/** An edit of the patch document itself, versioned when the client takes document changes. */
export function patchDocumentEdit(ctx: ServerContext, doc: OpenDocument, edits: readonly TextEdit[]): WorkspaceEdit {
  const lsp = edits as LspTextEdit[];
  if (ctx.client.documentChanges) return { documentChanges: [TextDocumentEdit.create({ uri: doc.uri, version: doc.version }, lsp)] };
  return { changes: { [doc.uri]: lsp } };
}
