import { MarkupKind, type DocumentLink, type Hover, type Location, type Position } from 'vscode-languageserver/node';
import { Methods } from '../../../protocol/methods';
import { HashlineCommands, type HashlineApplyResult, type HashlineErrorData } from '../../../protocol/hashline';
import { NEVER_CANCELLED, type Cancellation } from '../../core/cancel';
import { ParamError, params as read } from '../../core/params';
import type { Range } from '../../core/text';
import { analyzePatch, type AnalyzedSection, type PatchAnalysis } from '../../hashline/analysis';
import { markApplied, sectionResults } from '../../hashline/applied';
import type { PatchPlan } from '../../hashline/plan';
import { lineHash } from '../../hashline/hash';
import { lintPatch, type PatchLint } from '../../hashline/lint';
import { describePatchErrorForPerson } from '../../hashline/personMessages';
import type { PatchErrorKind } from '../../hashline/types';
import { relocate } from '../../hashline/validate';
import { pathToUri, uriToPath } from '../../workspace/paths';
import { defaultingToCurrent } from '../currentDocument';
import type { OpenDocument } from '../documents';
import { closedFileRefusal } from '../edits';
import type { Feature, ServerContext } from '../feature';
import { patchActions, withEdit, type ApplyActionData } from './actions';
import { HashlineService, patchDocumentText } from './service';

/**
 * Hashline in the editor (`lsp.md`): diagnostics, hover, links and code actions in patch
 * documents; `agentls/hashlineRead` and `agentls/hashlineApply` with their command twins.
 * A patch document is re-checked when a file it edits changes, in a buffer or on disk.
 */
/** Why an apply action chosen after its patch was edited is refused (resolved, or run as a command). */
const STALE_ACTION = 'the patch changed since the action was offered; ask for code actions again (nothing was applied)';

export function hashlineFeature(): Feature {
  let ctx: ServerContext;
  let service: HashlineService;
  /** Bumped whenever a file a patch may edit changes: cached analyses are then stale. */
  let world = 0;
  const cache = new Map<string, { version: number; world: number; analysis: PatchAnalysis; lint: PatchLint; plan?: Promise<PatchPlan> }>();
  const targets = new Map<string, Set<string>>();
  /** Per open patch: its text, and what each of its sections would make of its file (`applied.ts`). */
  const remembered = new Map<string, { text: string; results: Map<string, string> }>();

  async function analyse(doc: OpenDocument, cancel: Cancellation) {
    const hit = cache.get(doc.uri);
    if (hit && hit.version === doc.version && hit.world === world) return hit;
    const stamp = world;
    const analysis = await analyzePatch(patchDocumentText(doc), service.host(service.baseFor(doc.uri)), cancel);
    // What this text's sections made of their files earlier: a section whose file holds that now has been applied.
    const memory = remembered.get(doc.uri);
    const results = memory?.text === doc.text ? memory.results : new Map<string, string>();
    markApplied(analysis, results);
    for (const [p, after] of sectionResults(analysis)) results.set(p, after);
    remembered.set(doc.uri, { text: doc.text, results });
    const entry = { version: doc.version, world: stamp, analysis, lint: lintPatch(analysis), plan: undefined as Promise<PatchPlan> | undefined };
    cache.set(doc.uri, entry);
    targets.set(doc.uri, new Set(analysis.sections.flatMap((s) => (s.target.ok ? [s.target.path] : []))));
    return entry;
  }

  /** Re-checks the open patches that edit one of `paths` (all of them when `paths` is undefined). */
  function targetsChanged(paths?: readonly string[]): void {
    let any = false;
    for (const [uri, set] of targets) {
      if (paths && !paths.some((p) => set.has(p))) continue;
      any = true;
      const doc = ctx.documents.get(uri);
      if (doc) ctx.diagnostics.schedule(doc);
    }
    if (any || !paths) world++;
  }

  function isPatch(doc: OpenDocument): boolean {
    return doc.kind.kind === 'hashline';
  }

  function uriArgument(doc: OpenDocument): { uri: string } {
    return { uri: doc.uri };
  }

  async function applyCommand(args: unknown[], token: Cancellation): Promise<HashlineApplyResult | null> {
    const arg = args[0];
    const p = typeof arg === 'string' ? { input: arg } : read.object(arg, 'arguments[0]');
    let input = read.optionalString(p, 'input', 'arguments[0].');
    const uri = read.optionalString(p, 'uri', 'arguments[0].');
    if (input === undefined) {
      const doc = uri ? ctx.documents.get(uri) : undefined;
      if (!doc) throw new ParamError('arguments[0].input', 'is required (or the uri of an open patch document)');
      const version = read.optionalInteger(p, 'version', 0, 'arguments[0].');
      if (version !== undefined && version !== doc.version) {
        ctx.showMessage('error', `Hashline patch not applied: ${STALE_ACTION}`);
        return null;
      }
      input = patchDocumentText(doc);
    }
    try {
      const section = read.optionalString(p, 'section', 'arguments[0].');
      const only = section === undefined ? undefined : (file: string) => file === section;
      const result = await service.run(input, { uri, path: read.optionalString(p, 'path', 'arguments[0].'), dryRun: read.optionalBoolean(p, 'dryRun', 'arguments[0].'), cancel: token, only });
      const changed = result.files.filter((f) => f.changed).map((f) => f.path);
      const summary = result.applied
        ? changed.length
          ? `Hashline patch applied: ${changed.join(', ')}`
          : 'Hashline patch: nothing to change'
        : `Hashline patch checked (dry run): ${changed.length ? changed.join(', ') + ' would change' : 'nothing would change'}`;
      ctx.showMessage('info', [summary, ...result.warnings].join('\n'));
      return result;
    } catch (err) {
      // The request answers an agent in the spec's words; the command is a person's, so its message is too.
      const data = (err as { data?: HashlineErrorData }).data;
      // Refused (a stale anchor, a missing file) is not the same as the editor not applying it: each says which.
      ctx.showMessage('error', `${data?.kind === 'write_failed' ? 'Hashline patch not applied' : 'Hashline patch refused'}: ${data ? await forPerson(ctx, data) : (err as Error).message}`);
      return null;
    }
  }

  async function readCommand(args: unknown[]): Promise<unknown> {
    const p = read.object(args[0], 'arguments[0]');
    const uri = read.string(p, 'uri', 'arguments[0].');
    const result = await service.read(uri, read.optionalInteger(p, 'startLine', 1, 'arguments[0].'), read.optionalInteger(p, 'endLine', 1, 'arguments[0].'));
    const md = ['# Hashline anchors', '', `\`${uri}\`, lines ${result.startLine}–${result.endLine} of ${result.lineCount}`, '', ...(result.note ? [`**Note:** ${result.note}.`, ''] : []), '```', ...result.lines, '```', ''].join('\n');
    await ctx.showReport('hashline-read', 'Hashline anchors', md);
    return result;
  }

  return {
    id: 'hashline',
    commands: {
      [HashlineCommands.apply]: defaultingToCurrent(() => ctx, HashlineCommands.apply, { what: 'hashline patch', accept: isPatch, argument: uriArgument }, applyCommand),
      [HashlineCommands.read]: defaultingToCurrent(() => ctx, HashlineCommands.read, { what: 'document', accept: () => true, argument: uriArgument }, readCommand),
    },

    activate(c) {
      ctx = c;
      service = new HashlineService(c);
      c.onRequest(Methods.hashlineRead, (raw) => {
        const p = read.object(raw);
        return service.read(read.string(p, 'uri'), read.optionalInteger(p, 'startLine', 1), read.optionalInteger(p, 'endLine', 1));
      });
      c.onRequest(Methods.hashlineApply, (raw, token) => {
        const p = read.object(raw);
        return service.run(read.string(p, 'input'), { uri: read.optionalString(p, 'uri'), path: read.optionalString(p, 'path'), dryRun: read.optionalBoolean(p, 'dryRun'), cancel: token });
      });
      c.session.changes.onChanges((batch) => targetsChanged(batch.map((change) => change.path)));
      c.onSettingsChanged(() => targetsChanged());
      // A new snapshot may make stale anchors recoverable.
      service.onSeen = (p) => targetsChanged([p]);
    },

    async diagnose(doc, token) {
      if (!isPatch(doc)) return undefined;
      return (await analyse(doc, token)).lint.findings;
    },

    onDocumentEvent(doc, event) {
      if (event === 'close') {
        cache.delete(doc.uri);
        targets.delete(doc.uri);
        remembered.delete(doc.uri);
      }
      if (!isPatch(doc) && doc.path && (event === 'change' || event === 'open' || event === 'close')) targetsChanged([doc.path]);
    },

    async hover(doc, params, token) {
      if (!isPatch(doc)) return undefined;
      const { analysis } = await analyse(doc, token);
      const text = hoverText(analysis, params.position);
      if (!text) return undefined;
      return { contents: ctx.client.markdownHover ? { kind: MarkupKind.Markdown, value: text.markdown } : text.plain, range: text.range } satisfies Hover;
    },

    async documentLinks(doc, token) {
      if (!isPatch(doc)) return undefined;
      const { analysis } = await analyse(doc, token);
      const links: DocumentLink[] = [];
      for (const s of analysis.sections) {
        if (!s.target.ok) continue;
        for (const raw of s.merged.sections) {
          if (raw.header.docLine < 0) continue;
          links.push({ range: spanRange(raw.pathSpan), target: pathToUri(s.target.path), ...(ctx.client.linkTooltip ? { tooltip: `Open ${s.merged.path}` } : {}) });
        }
      }
      return links;
    },

    async definition(doc, params, token) {
      if (!isPatch(doc)) return undefined;
      const { analysis } = await analyse(doc, token);
      const hit = find(analysis, params.position);
      if (!hit || !hit.section.target.ok || hit.section.read?.kind !== 'text') return undefined;
      const line = hit.anchor ? Math.min(hit.anchor.line, hit.section.lines!.length) - 1 : 0;
      return [{ uri: pathToUri(hit.section.target.path), range: { start: { line, character: 0 }, end: { line, character: 0 } } } satisfies Location];
    },

    async codeActions(doc, params, token) {
      if (!isPatch(doc)) return undefined;
      const entry = await analyse(doc, token ?? NEVER_CANCELLED);
      // The whole-patch plan is the costly part: computed once per version of the patch and its files.
      entry.plan ??= service.plan(patchDocumentText(doc), service.baseFor(doc.uri), { cancel: NEVER_CANCELLED });
      const plan = entry.plan;
      return patchActions(ctx, service, doc, entry.analysis, entry.lint, params, () => plan, token);
    },

    async resolveCodeAction(action, token) {
      const data = action.data as ApplyActionData;
      const doc = ctx.documents.get(data.uri);
      if (!doc || doc.version !== data.version) return { ...action, disabled: { reason: STALE_ACTION } };
      const section = data.section;
      const plan = await service.plan(patchDocumentText(doc), service.baseFor(doc.uri), { cancel: token, only: section === undefined ? undefined : (p) => p === section });
      const resolved = withEdit(service, plan, action);
      const refused = resolved.edit && (await closedFileRefusal(resolved.edit, ctx.documents));
      return refused ? { ...action, disabled: { reason: refused } } : resolved;
    },

    dispose() {
      cache.clear();
      targets.clear();
    },
  };
}

function spanRange(span: { docLine: number; start: number; end: number }): Range {
  return { start: { line: span.docLine, character: span.start }, end: { line: span.docLine, character: span.end } };
}

/** The header or anchor written at a position. */
function find(analysis: PatchAnalysis, pos: Position): { section: AnalyzedSection; range: Range; anchor?: { line: number; hash: string } } | undefined {
  const inside = (span: { docLine: number; start: number; end: number }) => span.docLine === pos.line && pos.character >= span.start && pos.character <= span.end;
  for (const section of analysis.sections) {
    for (const raw of section.merged.sections) if (inside(raw.pathSpan)) return { section, range: spanRange(raw.pathSpan) };
    for (const op of section.parsed.ops) {
      if (op.source.docLine !== pos.line) continue;
      for (const a of op.anchors) if (inside(a.span)) return { section, range: spanRange(a.span), anchor: a.anchor };
    }
  }
  return undefined;
}

function hoverText(analysis: PatchAnalysis, pos: Position): { markdown: string; plain: string; range: Range } | undefined {
  const hit = find(analysis, pos);
  if (!hit) return undefined;
  const s = hit.section;
  const name = s.merged.path;
  if (!s.target.ok) return { markdown: s.target.message, plain: s.target.message, range: hit.range };
  if (s.read?.kind === 'error') return { markdown: s.read.message, plain: s.read.message, range: hit.range };
  const lines = s.lines;
  if (s.read?.kind !== 'text' || !lines) {
    const t = `${name} does not exist yet`;
    return { markdown: t, plain: t, range: hit.range };
  }
  if (!hit.anchor) {
    const t = `${name}: ${lines.length} lines`;
    return { markdown: `\`${name}\`: ${lines.length} lines`, plain: t, range: hit.range };
  }
  const { line, hash } = hit.anchor;
  if (line > lines.length) {
    const t = `line ${line} does not exist: ${name} has ${lines.length} lines`;
    return { markdown: t, plain: t, range: hit.range };
  }
  const text = lines.at(line - 1)!;
  const actual = lineHash(text);
  let status = `anchor ${line}${hash} matches`;
  if (actual !== hash) {
    const moved = relocate(line, hash, lines);
    status = `stale: the line now hashes to ${line}${actual}${moved !== undefined ? `; the line ${line}${hash} named likely moved to ${moved}` : ''}`;
  }
  const fence = text.includes('```') ? '~~~' : '```';
  return {
    markdown: `**${name}** line ${line} (${status})\n\n${fence}\n${text}\n${fence}`,
    plain: `${name} line ${line} (${status}):\n${text}`,
    range: hit.range,
  };
}

/** A refusal's data as `describePatchErrorForPerson` words it, with the file's lines as the editor has them now. */
async function forPerson(ctx: ServerContext, data: HashlineErrorData): Promise<string> {
  let lines: string[] | undefined;
  const file = data.uri ? uriToPath(data.uri) : undefined;
  if (data.kind === 'hash_mismatch' && data.uri && file) {
    const open = ctx.documents.get(data.uri);
    const read = open ? { ok: true as const, text: open.text } : await ctx.session.diskFs.readText(file);
    if (read.ok) lines = read.text.split('\n').map((l) => l.replace(/\r$/, ''));
  }
  return describePatchErrorForPerson({ kind: data.kind as PatchErrorKind, message: data.message, display: data.path, docLine: data.patchLine, remaps: data.remaps }, lines);
}
