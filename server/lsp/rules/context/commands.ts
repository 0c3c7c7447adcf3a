import type { CodeAction } from 'vscode-languageserver/node';
import { ParamError, params } from '../../../core/params';
import { isRecord } from '../../../core/settings';
import { readRuleFile, RULE_TOOLS, targetPath, toolOfPath, withBody, type RuleTool } from '../../../rules/context/convert';
import { rulesForFileMarkdown } from '../../../rules/context/report';
import { incompleteLine } from '../../../rules/report';
import { forFileFromHome } from '../../../rules/homePaths';
import { displayPath, pathToUri, uriToPath } from '../../../workspace/paths';
import { writeFilesAtomically } from '../../../workspace/write';
import { planCopy, type CopyBodyActionData } from './actions';
import type { RulesContext } from './service';

/** `{ uri }` or a bare URI string (what editors' command lines pass most easily). */
export function uriArgument(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw === undefined) throw new ParamError('uri', 'no document: pass { uri }, or open one first');
  if (!isRecord(raw)) throw new ParamError('uri', 'expected a document URI or { uri }');
  return params.string(raw, 'uri');
}

export function pathOf(uri: string): string {
  const p = uriToPath(uri);
  if (!p) throw new ParamError('uri', `not a file URI: ${uri}`);
  return p;
}

/** `agentls.rules.showForFile`: the report of the rules reaching a file, opened in the editor. */
export async function showForFile(context: RulesContext, raw: unknown): Promise<string | undefined> {
  const ctx = context.state.context;
  const p = pathOf(uriArgument(raw));
  const result = await context.forFile(p);
  if (!result) {
    ctx.showMessage('warning', `${p} is in no workspace folder: no agent reads rules for it.`);
    return undefined;
  }
  // Ends saying where the nested folders behind it stop (`incomplete`), as the buckets report and `agentls rules --for` do.
  // User-level rules from `~`, as `agentls rules --for` prints them; `agentls/rulesForFile` keeps the absolute paths clients read.
  return ctx.showReport('rules-for-file', `Rules for ${result.file}`, rulesForFileMarkdown(forFileFromHome(result, ctx.session.home)) + incompleteLine(result.incomplete ?? [], true));
}

/**
 * `agentls.rules.convert` `{ uri, to, overwrite? }`: writes the rule for another tool
 * (frontmatter converted, body kept) beside the tool's other rules, and says what the
 * target tool cannot express. An existing target is kept unless `overwrite`.
 */
export async function convertCommand(context: RulesContext, raw: unknown): Promise<{ path?: string; lost: string[] }> {
  const ctx = context.state.context;
  if (!isRecord(raw)) throw new ParamError('params', 'expected { uri, to }');
  const source = pathOf(params.string(raw, 'uri'));
  const to = params.oneOf(raw, 'to', RULE_TOOLS) as RuleTool | undefined;
  if (!to) throw new ParamError('to', `one of ${RULE_TOOLS.join(', ')}`);
  const overwrite = raw.overwrite === true;
  const from = toolOfPath(source);
  const engine = await context.state.engine();
  const analysis = engine.analysis(source);
  const text = ctx.documents.getByPath(source)?.text ?? analysis?.text;
  if (!from || text === undefined || !analysis) {
    ctx.showMessage('error', `${source} is not a rule file agentls knows: nothing converted.`);
    return { lost: [] };
  }
  const root = engine.rootFor(source) ?? ctx.session.roots.paths[0];
  if (root === undefined) {
    ctx.showMessage('error', `${source} lies in no workspace folder: nothing converted.`);
    return { lost: [] };
  }
  // Too large to read (its text is none), or its frontmatter not read: its activation is not known, and converting would write that of no keys.
  const read = readRuleFile(text, from);
  const notRead = analysis.readProblem?.kind === 'too-large' ? analysis.readProblem.message : read.notRead;
  if (notRead) {
    ctx.showMessage('error', `${displayPath(source, root)} was not converted: agentls did not read it (${notRead}), so its activation is not known.`);
    return { lost: [] };
  }
  const converted = withBody(to, read.activation, read.body);
  // The project's own folder is always `.xcsh/rules`; `piConfigDir` renames only the user-level one (ruleLocations.ts).
  const target = targetPath(root, to, analysis.candidate.name);
  const exists = (await ctx.session.diskFs.stat(target)) !== undefined;
  if (exists && !overwrite) {
    ctx.showMessage('warning', `${displayPath(target, root)} exists: not overwritten (pass overwrite: true).`);
    return { lost: converted.lost };
  }
  const result = await writeFilesAtomically([{ path: target, text: converted.text, expectedText: exists ? undefined : null }], ctx.session.confinement);
  if (!result.ok) {
    ctx.showMessage('error', `Could not write ${target}: ${result.message}`);
    return { lost: converted.lost };
  }
  const lost = converted.lost.length ? ` Not carried over: ${converted.lost.join('; ')}.` : '';
  ctx.showMessage('info', `Wrote ${displayPath(target, root)} for ${to}.${lost}`);
  return { path: pathToUri(target), lost: converted.lost };
}

/**
 * `agentls.rules.copyBody` `{ from, to }` (URIs of two rule files): the drift fix for
 * editors that cannot resolve a code action's edit. Both files are read when it runs, so
 * the edit matches what `to` holds then; a disk write refuses a file changed meanwhile.
 */
export async function copyBodyCommand(context: RulesContext, raw: unknown): Promise<{ applied: boolean; reason?: string }> {
  const ctx = context.state.context;
  if (!isRecord(raw)) throw new ParamError('params', 'expected { from, to }');
  const from = pathOf(params.string(raw, 'from'));
  const to = pathOf(params.string(raw, 'to'));
  const planned = await planCopy(context, from, to);
  const result = 'reason' in planned ? { applied: false, reason: planned.reason } : await ctx.applyEdit(planned.edit, planned.title, planned.basis);
  if (!result.applied) ctx.showMessage('error', `Nothing copied to ${to}: ${result.reason}.`);
  return result;
}

/** Makes the edit of a copy action whose target was not open, when the action is chosen (`codeAction/resolve`). */
export async function resolveCopyBody(context: RulesContext, action: CodeAction): Promise<CodeAction> {
  const data = action.data as CopyBodyActionData;
  const doc = context.state.context.documents.get(data.uri);
  if (!doc?.path || doc.version !== data.version) return { ...action, disabled: { reason: 'the rule changed since the action was offered; ask for code actions again (nothing was copied)' } };
  const planned = await planCopy(context, doc.path, data.target);
  return 'reason' in planned ? { ...action, disabled: { reason: `${planned.reason}; nothing was copied` } } : { ...action, edit: planned.edit };
}
