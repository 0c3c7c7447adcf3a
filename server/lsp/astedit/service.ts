import * as path from 'node:path';
import { ErrorCodes, ResponseError, type TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import type { AstEditPreviewResult, AstEditRefusal, AstEditResolveResult } from '../../../protocol/astedit';
import { planApply, type PlannedFile } from '../../astedit/apply';
import type { AstBackend } from '../../astedit/backend';
import { previewAstEdit, type EngineOptions } from '../../astedit/engine';
import { ruleUrlFiles } from '../../astedit/internalUrl';
import { changeLinePair, describeProblem, formatPreview, formatPreviewReport } from '../../astedit/format';
import { PreviewStore } from '../../astedit/pending';
import { parseRecipe } from '../../astedit/recipe';
import type { AstEditPreview, AstEditProblem, AstEditRequest } from '../../astedit/types';
import { createAstBackend } from '../../astedit/workerBackend';
import type { Cancellation } from '../../core/cancel';
import { ParamError, params as read } from '../../core/params';
import { LIMITS } from '../../core/limits';
import { editorView, LineIndex, type Range } from '../../core/text';
import { pathToUri, uriToPath } from '../../workspace/paths';
import type { ServerContext } from '../feature';

export type PreviewOutcome = { ok: true; preview: AstEditPreview; previewId: string | null } | { ok: false; problems: AstEditProblem[] };

export type ApplyOutcome = { ok: true; result: AstEditResolveResult } | { ok: false; message: string; refusal: AstEditRefusal };

/**
 * ast-edit for the server: runs previews over the editor's view of the files (open
 * buffers win over the disk), keeps them pending by id, and applies one by re-running
 * it, refusing unless the re-run is exactly the preview, then sending one workspace edit
 * with versioned changes for every file.
 */
export class AstEditService {
  readonly store = new PreviewStore();
  private backendInstance: AstBackend | undefined;

  constructor(private readonly ctx: ServerContext) {}

  get backend(): AstBackend {
    this.backendInstance ??= createAstBackend();
    return this.backendInstance;
  }

  engineOptions(cancel: Cancellation): EngineOptions {
    // `rule://NAME` in paths: the file the rules features resolve it to (links, hover, `agentls/resolveRule`).
    const rules = this.ctx.services.rulesEngine;
    const internalUrls = rules ? ruleUrlFiles(rules) : undefined;
    return { fs: this.ctx.documents.fs, workspace: this.ctx.session, backend: this.backend, maxFiles: this.ctx.settings().astEdit.maxFiles, cancel, internalUrls };
  }

  /** The workspace folder relative paths start from: the one owning `hint`, else the first. */
  rootFor(hint: string | undefined, field: string): string {
    const p = hint ? (hint.includes('://') ? uriToPath(hint) : path.resolve(hint)) : undefined;
    const owner = p ? this.ctx.session.rootOf(p) : this.ctx.session.roots.paths[0];
    if (!owner) throw new ParamError(field, hint ? `${hint} is not inside a workspace folder` : 'there is no workspace folder to run in');
    // Relative paths start at the workspace folder: a folder inside it taken for it would send them elsewhere in silence.
    if (p && path.resolve(p) !== owner) throw new ParamError(field, `${hint} is a folder inside the workspace folder ${owner}, not a workspace folder: give ${owner}, and paths relative to it`);
    return owner;
  }

  /** Reads `{ops, paths, lang?, root?}` from untrusted params; each mistake names its field. */
  readRequest(raw: unknown, prefix = ''): AstEditRequest {
    const p = read.object(raw, prefix ? prefix.replace(/\.$/, '') : 'params');
    if (!Array.isArray(p.ops)) throw new ParamError(`${prefix}ops`, 'expected an array of {pat, out}');
    const ops = p.ops.map((op, i) => {
      const o = read.object(op, `${prefix}ops[${i}]`);
      return { pat: read.string(o, 'pat', `${prefix}ops[${i}].`), out: read.string(o, 'out', `${prefix}ops[${i}].`) };
    });
    const paths = read.optionalStringArray(p, 'paths', prefix);
    if (!paths) throw new ParamError(`${prefix}paths`, 'is required (an array of files, folders or globs)');
    const lang = read.optionalString(p, 'lang', prefix);
    const root = this.rootFor(read.optionalString(p, 'root', prefix), `${prefix}root`);
    return { ops, paths, root, ...(lang !== undefined ? { lang } : {}) };
  }

  /** The request a recipe document makes (its buffer when open), paths relative to its workspace folder. */
  async recipeRequest(uri: string, field: string): Promise<AstEditRequest> {
    const p = uriToPath(uri);
    if (!p) throw new ParamError(field, `${uri} is not a file`);
    const kind = this.ctx.session.classify(p);
    if (kind.kind !== 'astedit') throw new ParamError(field, `${uri} is not an ast-edit recipe (*.astedit.yaml, *.astedit.yml, *.astedit.json)`);
    const read = await this.ctx.documents.fs.readText(p, { maxBytes: LIMITS.recipeChars * 4 });
    if (!read.ok) throw new ParamError(field, read.message);
    const recipe = parseRecipe(read.text, kind.format);
    if (!recipe.request) {
      const first = recipe.findings.find((f) => f.severity === 'error');
      throw new ParamError(field, `the recipe cannot run: ${first?.message ?? 'it is malformed'}`);
    }
    return { ...recipe.request, root: this.ctx.session.rootOf(p) ?? path.dirname(p) };
  }

  /** Runs a preview and keeps it pending when it has something to apply. */
  async preview(request: AstEditRequest, cancel: Cancellation): Promise<PreviewOutcome> {
    const outcome = await previewAstEdit(request, this.engineOptions(cancel));
    if (!outcome.ok) return outcome;
    const previewId = outcome.preview.totals.replacements > 0 ? this.store.add(outcome.preview) : null;
    return { ok: true, preview: outcome.preview, previewId };
  }

  /** Problems as the `InvalidParams` error of a request. */
  problemsError(problems: AstEditProblem[]): ResponseError<{ problems: AstEditProblem[] }> {
    return new ResponseError(ErrorCodes.InvalidParams, problems.map(describeProblem).join('; '), { problems });
  }

  toResult(preview: AstEditPreview, previewId: string | null): AstEditPreviewResult {
    return {
      previewId,
      lang: preview.lang,
      files: preview.files.map((f) => {
        const range = this.editorRange(f.path, f.text);
        return {
          uri: pathToUri(f.path),
          path: f.display,
          overlaps: f.overlaps,
          changes: f.changes.map((c) => ({ op: c.op, range: range(c.start, c.end), line: c.startLine, before: c.before, after: c.after, preview: changeLinePair(c) })),
        };
      }),
      totals: preview.totals,
      parseErrors: [...preview.patternErrors, ...preview.skipped.map((s) => `${s.display}: ${s.reason}`)],
      limitReached: preview.limitReached,
      warnings: preview.warnings.map(describeProblem),
      text: formatPreview(preview),
    };
  }

  /** Writes the preview report and opens it (or names it in a message). */
  showReport(preview: AstEditPreview, title: string): Promise<string> {
    const how = 'Apply it with the "Apply ast-edit" code action of the recipe, the `agentls.astEdit.apply` command, or `agentls/astEditResolve`.';
    return this.ctx.showReport('astedit-preview', title, formatPreviewReport(preview, title, how));
  }

  /**
   * The workspace edit of a pending preview, if the rewrite still matches it: re-runs the
   * whole preview and refuses on any difference or overlap. Nothing is sent to the editor.
   */
  async editFor(previewId: string, cancel: Cancellation): Promise<{ ok: true; edit: WorkspaceEdit; files: PlannedFile[] } | { ok: false; message: string; refusal: AstEditRefusal }> {
    const preview = this.store.get(previewId);
    if (!preview) throw new ParamError('previewId', 'No pending action to resolve. Nothing to apply or discard. (Preview again.)');
    const rerun = await previewAstEdit(preview.request, this.engineOptions(cancel));
    if (!rerun.ok) {
      const message = `Preview is stale: the rewrite can no longer run (${rerun.problems.map(describeProblem).join('; ')}); nothing was applied`;
      return { ok: false, message, refusal: { reason: 'stale', details: rerun.problems.map(describeProblem) } };
    }
    const plan = planApply(preview, rerun.preview);
    if (!plan.ok) return { ok: false, message: plan.message, refusal: { reason: plan.reason, details: plan.details } };
    const built = this.workspaceEdit(plan.files);
    if (!built.ok) return { ok: false, message: built.message, refusal: { reason: 'stale', details: [built.message] } };
    return { ok: true, edit: built.edit, files: plan.files };
  }

  /** Applies a pending preview as one workspace edit; the preview is consumed when applied. */
  async apply(previewId: string, cancel: Cancellation): Promise<ApplyOutcome> {
    const planned = await this.editFor(previewId, cancel);
    if (!planned.ok) return planned;
    const total = planned.files.reduce((n, f) => n + f.replacements, 0);
    const label = `ast-edit: ${total} replacement${total === 1 ? '' : 's'} in ${planned.files.length} file${planned.files.length === 1 ? '' : 's'}`;
    const applied = await this.ctx.applyEdit(planned.edit, label, new Map(planned.files.map((f) => [f.path, f.text])));
    if (!applied.applied) {
      // Without workspace/applyEdit the server writes the files itself: no editor was asked. With it, the reason says
      // whether the editor declined ("the editor did not apply the edit …") or the server refused before asking it.
      const message = `${this.ctx.client.applyEdit ? 'The ast-edit was not applied' : 'The ast-edit was not written'}: ${applied.reason ?? 'no reason given'}`;
      return { ok: false, message, refusal: { reason: 'editor', details: [message] } };
    }
    this.store.delete(previewId);
    return {
      ok: true,
      result: {
        applied: true,
        files: planned.files.map((f) => ({ uri: pathToUri(f.path), changed: true, replacements: f.replacements })),
        replacements: total,
        message: `Applied ${total} replacement${total === 1 ? '' : 's'} in ${planned.files.length} file${planned.files.length === 1 ? '' : 's'}.`,
      },
    };
  }

  /**
   * One edit for all files: versioned `documentChanges` when the client takes them
   * (open buffers carry their version, so the editor refuses an edit of a newer buffer),
   * plain `changes` otherwise.
   */
  workspaceEdit(files: PlannedFile[]): { ok: true; edit: WorkspaceEdit } | { ok: false; message: string } {
    const perFile: { uri: string; version: number | null; edits: TextEdit[] }[] = [];
    for (const f of files) {
      const open = this.ctx.documents.getByPath(f.path);
      if (open && open.text !== f.text) return { ok: false, message: `Preview is stale: ${f.display} changed in the editor during the apply; nothing was applied` };
      const range = this.editorRange(f.path, f.text);
      perFile.push({ uri: open?.uri ?? pathToUri(f.path), version: open ? open.version : null, edits: f.edits.map((e) => ({ range: range(e.start, e.end), newText: e.newText })) });
    }
    if (this.ctx.client.documentChanges) {
      const documentChanges: TextDocumentEdit[] = perFile.map((f) => ({ textDocument: { uri: f.uri, version: f.version }, edits: f.edits }));
      return { ok: true, edit: { documentChanges } };
    }
    return { ok: true, edit: { changes: Object.fromEntries(perFile.map((f) => [f.uri, f.edits])) } };
  }

  /** Offsets of a file's text as LSP ranges of the text the editor holds: a closed file's are of its disk text, which the editor loads without a BOM. */
  private editorRange(p: string, text: string): (start: number, end: number) => Range {
    const shift = !this.ctx.documents.getByPath(p) && editorView(text).bom ? 1 : 0;
    const lines = new LineIndex(text.slice(shift));
    const at = (offset: number) => Math.max(0, offset - shift);
    return (start, end) => lines.range(at(start), at(end));
  }

  dispose(): void {
    this.backendInstance?.dispose?.();
  }
}
