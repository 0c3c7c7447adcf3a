import { CodeActionKind, type CodeAction, type Range, type WorkspaceEdit } from 'vscode-languageserver/node';
import { rangesIntersect, LineIndex } from '../../../core/text';
import { readRuleFile, TOOL_NAMES, toolOfPath, withBody, type RuleTool } from '../../../rules/context/convert';
import { displayPath, pathToUri } from '../../../workspace/paths';
import type { OpenDocument } from '../../documents';
import type { CopyBodyData } from '../../../rules/context/findings';
import type { RulesContext } from './service';

/**
 * The drift finding's two actions: this body over the other copy, or the other copy's
 * body over this one; either way the written file gets the frontmatter of its own tool,
 * converted from the copied file's activation. The edit is inline and replaces the whole
 * target text.
 */
export async function copyBodyActions(context: RulesContext, doc: OpenDocument, range: Range): Promise<CodeAction[]> {
  const findings = (await context.findings(doc)) ?? [];
  const engine = await context.state.engine();
  const out: CodeAction[] = [];
  for (const f of findings) {
    if (f.code !== 'context/drift' || !rangesIntersect(f.range, range) || !doc.path) continue;
    const other = (f.data as CopyBodyData).other;
    const otherText = context.state.context.documents.getByPath(other)?.text ?? engine.analysis(other)?.text;
    const here = toolOfPath(doc.path);
    const there = toolOfPath(other);
    if (otherText === undefined || !here || !there) continue;
    const root = engine.rootFor(doc.path);
    out.push(action(`Copy this body to ${displayPath(other, root)} (with ${TOOL_NAMES[there]}'s frontmatter)`, other, otherText, copy(doc.text, here, there)));
    out.push(action(`Copy the body of ${displayPath(other, root)} here (with ${TOOL_NAMES[here]}'s frontmatter)`, doc.path, doc.text, copy(otherText, there, here)));
  }
  return out;
}

function copy(text: string, from: RuleTool, to: RuleTool): string {
  const { activation, body } = readRuleFile(text, from);
  return withBody(to, activation, body).text;
}

function action(title: string, target: string, before: string, after: string): CodeAction {
  const lines = new LineIndex(before);
  const edit: WorkspaceEdit = { changes: { [pathToUri(target)]: [{ range: lines.range(0, before.length), newText: after }] } };
  return { title, kind: CodeActionKind.QuickFix, edit };
}
