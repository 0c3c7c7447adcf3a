import { CodeActionKind, TextDocumentEdit, type CodeAction, type CodeActionParams, type WorkspaceEdit } from 'vscode-languageserver/node';
import { Commands } from '../../../../protocol/methods';
import { editorView, rangesIntersect, LineIndex } from '../../../core/text';
import { MAX_RULE_FILE_BYTES, textRead } from '../../../rules/analysis';
import type { RulesEngine } from '../../../rules/engine';
import { readRuleFile, replaceBody, toolOfPath, type RuleTool } from '../../../rules/context/convert';
import type { CopyBodyData } from '../../../rules/context/findings';
import { displayPath, pathToUri } from '../../../workspace/paths';
import type { OpenDocument } from '../../documents';
import type { ServerContext } from '../../feature';
import { CONTEXT_SOURCE, type RulesContext } from './service';

/** `data` of a copy action whose target is not open: its edit is made when the action is chosen. */
export interface CopyBodyActionData {
  feature: typeof CONTEXT_SOURCE;
  /** The document the menu was shown for, and its version then. */
  uri: string;
  version: number;
  /** The file written (not open when the menu was shown). */
  target: string;
}

/**
 * The drift finding's two actions: this body over the other copy, or the other copy's
 * body over this one; either way the written file keeps its own frontmatter as written. The
 * finding is about bodies: a rule scoped by globs in one tool and always on in another
 * stays so (copying the activation too turned a glob-scoped Cursor copy always-on).
 *
 * An edit of an open document is versioned. An edit of a file that is not open could
 * carry no version, and the editor would apply it to whatever the disk holds when the
 * action is chosen, perhaps long after the menu was shown: that one is made when the
 * action is chosen (`codeAction/resolve`), or, for editors that cannot resolve edits,
 * by `agentls.rules.copyBody`, which reads both files at that moment.
 */
export async function copyBodyActions(context: RulesContext, doc: OpenDocument, params: CodeActionParams): Promise<CodeAction[]> {
  const range = params.range;
  // The drift finding the actions fix (not another finding of the same line, such as rule/shadowed).
  const drift = params.context.diagnostics.filter((d) => d.code === 'context/drift');
  const diagnostics = drift.length ? drift : undefined;
  const findings = (await context.findings(doc)) ?? [];
  const ctx = context.state.context;
  const engine = await context.state.engine();
  const out: CodeAction[] = [];
  for (const f of findings) {
    if (f.code !== 'context/drift' || !rangesIntersect(f.range, range) || !doc.path) continue;
    const other = (f.data as CopyBodyData).other;
    // Never a copy from or over a file agentls did not read: its text here is an empty stand-in.
    if (!readByAgentls(engine, doc.path) || !readByAgentls(engine, other)) continue;
    const otherOpen = ctx.documents.getByPath(other);
    const otherText = otherOpen?.text ?? engine.analysis(other)?.text;
    const here = toolOfPath(doc.path);
    const there = toolOfPath(other);
    if (otherText === undefined || !here || !there) continue;
    const root = engine.rootFor(doc.path);
    const toOther: CodeAction = { title: `Copy this body to ${displayPath(other, root)} (its frontmatter kept)`, kind: CodeActionKind.QuickFix, diagnostics };
    if (otherOpen) toOther.edit = replaceAll(ctx, otherOpen, copyBody(doc.text, here, otherOpen.text, there));
    else if (ctx.client.codeActionResolveEdit) toOther.data = { feature: CONTEXT_SOURCE, uri: doc.uri, version: doc.version, target: other } satisfies CopyBodyActionData;
    else toOther.command = { title: toOther.title, command: Commands.rulesCopyBody, arguments: [{ from: doc.uri, to: pathToUri(other) }] };
    out.push(toOther);
    out.push({
      title: `Copy the body of ${displayPath(other, root)} here (this frontmatter kept)`,
      kind: CodeActionKind.QuickFix,
      diagnostics,
      edit: replaceAll(ctx, doc, copyBody(otherText, there, doc.text, here)),
    });
  }
  return out;
}

/** A rule file the engine knows and whose text it read (not over 2 MiB, not unreadable). */
function readByAgentls(engine: RulesEngine, p: string): boolean {
  const analysis = engine.analysis(p);
  return analysis !== undefined && textRead(analysis);
}

/** `toText` (a `to` rule file) carrying the body of `text` (a `from` rule file), its own frontmatter kept. */
export function copyBody(text: string, from: RuleTool, toText: string, to: RuleTool): string {
  return replaceBody(toText, to, readRuleFile(text, from).body);
}

/** An edit replacing the whole text of an open document, versioned where the client takes document changes. */
export function replaceAll(ctx: ServerContext, doc: OpenDocument, after: string): WorkspaceEdit {
  const edits = [{ range: new LineIndex(doc.text).range(0, doc.text.length), newText: after }];
  if (ctx.client.documentChanges) return { documentChanges: [TextDocumentEdit.create({ uri: doc.uri, version: doc.version }, edits)] };
  return { changes: { [doc.uri]: edits } };
}

/** A copy worked out from the files as they are now: the edit, and the text of a closed target it was computed from. */
export type PlannedCopy = { edit: WorkspaceEdit; basis?: Map<string, string>; title: string } | { reason: string };

/**
 * Copies the body of rule file `from` over rule file `to` (each as the editor holds it
 * when open, else as the disk does now), `to` keeping its own tool's frontmatter. Both
 * must be rule files the engine knows: nothing else is written this way.
 */
export async function planCopy(context: RulesContext, from: string, to: string): Promise<PlannedCopy> {
  const ctx = context.state.context;
  const engine = await context.state.engine();
  const source = toolOfPath(from);
  const target = toolOfPath(to);
  if (!source || !target || !engine.analysis(from) || !engine.analysis(to)) return { reason: `${!source || !engine.analysis(from) ? from : to} is not a rule file agentls knows` };
  for (const p of [from, to]) if (!readByAgentls(engine, p)) return { reason: `agentls did not read ${p} (${engine.analysis(p)?.readProblem?.message})` };
  const root = engine.rootFor(to);
  const title = `Copy the body of ${displayPath(from, root)} to ${displayPath(to, root)}`;
  // Through the reader the engine reads rules with (open buffers over the disk), within its limit:
  // a file that grew past it since it was analysed is not read whole to be copied.
  const read = async (p: string): Promise<string | { reason: string }> => {
    const r = await ctx.documents.ruleFs.readText(p, { maxBytes: MAX_RULE_FILE_BYTES });
    return r.ok ? r.text : { reason: r.message };
  };
  const fromRead = await read(from);
  if (typeof fromRead !== 'string') return fromRead;
  const fromText = editorView(fromRead).text;
  const openTarget = ctx.documents.getByPath(to);
  if (openTarget) return { edit: replaceAll(ctx, openTarget, copyBody(fromText, source, openTarget.text, target)), title };
  const before = await read(to);
  if (typeof before !== 'string') return before;
  const shown = editorView(before).text;
  const after = copyBody(fromText, source, shown, target);
  const edit: WorkspaceEdit = { changes: { [pathToUri(to)]: [{ range: new LineIndex(shown).range(0, shown.length), newText: after }] } };
  return { edit, basis: new Map([[to, before]]), title };
}
