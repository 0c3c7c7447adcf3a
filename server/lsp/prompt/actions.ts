import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver/node';
import type { Cancellation } from '../../core/cancel';
import { rangesIntersect, type Range } from '../../core/text';
import { fixesFor } from '../../refs/fixes';
import { lintPromptModel } from '../../refs/lint';
import type { ServerContext } from '../feature';
import type { OpenDocument } from '../documents';
import { closestFile, documentEdit, environmentFor, modelOf } from './shared';

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;

/**
 * Quick fixes for every `ref/…` diagnostic that intersects the requested range, each
 * with its edit inline (Helix and Neovim drop command results). The findings are
 * recomputed for the current version, so a fix never applies to stale positions.
 */
export async function promptCodeActions(ctx: ServerContext, doc: OpenDocument, params: CodeActionParams, token: Cancellation): Promise<CodeAction[] | undefined> {
  const model = modelOf(doc);
  if (!model) return undefined;
  const env = environmentFor(ctx, doc.path);
  const issues = (await lintPromptModel(model, env, token)).filter((i) => rangesIntersect(i.finding.range, params.range));
  const helpers = { env, closestFile: (missing: string, exclude?: ReadonlySet<string>) => closestFile(ctx, doc, missing, token, exclude) };
  const actions: CodeAction[] = [];
  for (const issue of issues) {
    const sent = params.context.diagnostics.find((d) => d.code === issue.finding.code && sameRange(d.range, issue.finding.range));
    const diagnostic: Diagnostic = sent ?? { range: issue.finding.range, code: issue.finding.code, source: 'agentls', message: issue.finding.message };
    for (const fix of await fixesFor(issue, model, helpers)) {
      const action: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic] };
      if (fix.disabledReason !== undefined) action.disabled = { reason: fix.disabledReason };
      else {
        action.edit = documentEdit(ctx, doc, fix.edits);
        if (fix.preferred) action.isPreferred = true;
      }
      actions.push(action);
    }
  }
  return actions;
}
