import * as path from 'node:path';
import {
  CreateFile,
  LSPErrorCodes,
  ResponseError,
  TextDocumentEdit,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { HashlineApplyResult, HashlineErrorData, HashlineReadResult } from '../../../protocol/hashline';
import type { Cancellation } from '../../core/cancel';
import { ParamError } from '../../core/params';
import { formatUnifiedDiff } from '../../hashline/diff';
import { textEditsFor } from '../../hashline/edits';
import { loopRefusal, readForPatch, workspaceHost } from '../../hashline/host';
import { writePlannedFiles } from '../../hashline/persist';
import { planPatch, refusingLoneCr, type FilePlan, type PatchError, type PatchHost, type PatchPlan } from '../../hashline/plan';
import { readAnchored } from '../../hashline/read';
import { fullGeneration, SnapshotStore, type Generation } from '../../hashline/snapshots';
import { normalizeText } from '../../hashline/text';
import { DEFAULT_MAX_TEXT_BYTES } from '../../workspace/fs';
import { pathToUri, uriToPath } from '../../workspace/paths';
import type { ServerContext } from '../feature';

/** The most rows one `agentls/hashlineRead` answer carries; larger files are read by range. */
const MAX_READ_LINES = 200_000;

/**
 * Hashline for the server: patch hosts over the open buffers, the snapshots used to recover
 * stale anchors (what `agentls/hashlineRead` answered, what an apply wrote, and the last
 * versions of open buffers), and turning a plan into one versioned workspace edit, or into
 * atomic disk writes for a client that cannot apply edits.
 */
export class HashlineService {
  readonly snapshots = new SnapshotStore();
  /** Told when a file's snapshots change (a read was answered, an apply wrote). */
  onSeen: (path: string) => void = () => undefined;

  constructor(private readonly ctx: ServerContext) {}

  /** The folder relative patch paths start from: the one owning `uri`, else the first. */
  baseFor(uri?: string): string {
    const p = uri ? uriToPath(uri) : undefined;
    const base = (p && this.ctx.session.rootOf(p)) ?? this.ctx.session.roots.paths[0] ?? (p ? path.dirname(p) : undefined);
    if (!base) throw new ResponseError(LSPErrorCodes.RequestFailed, 'hashline: there is no workspace folder to resolve patch paths against');
    return base;
  }

  host(base: string): PatchHost {
    return workspaceHost({
      session: this.ctx.session,
      fs: this.ctx.documents.fs,
      base,
      generations: (p) => this.generations(p),
      options: { autoDropPureInsertDuplicates: this.ctx.settings().hashline.autoDropPureInsertDuplicates },
    });
  }

  /** Seen versions, newest first: recorded reads and writes, then earlier versions of the open buffer. */
  generations(p: string): Generation[] {
    const out: Generation[] = [...this.snapshots.generations(p)];
    const doc = this.ctx.documents.getByPath(p);
    if (doc) {
      const versions = this.ctx.documents.versions(doc.uri);
      for (let i = versions.length - 1; i >= 0; i--) {
        if (versions[i].version !== doc.version) out.push(fullGeneration(normalizeText(versions[i].text).lines));
      }
    }
    return out;
  }

  plan(input: string, base: string, options: { fallbackPath?: string; only?: (p: string) => boolean; cancel?: Cancellation } = {}): Promise<PatchPlan> {
    return planPatch(input, this.host(base), options);
  }

  /**
   * One workspace edit for a plan: versioned document edits (the open buffer's version,
   * `null` for files not open) so the editor's undo works, and a `CreateFile` before the
   * text of a file the patch creates. A reason instead when this editor cannot express it.
   */
  workspaceEdit(plan: PatchPlan & { ok: true }): { edit: WorkspaceEdit } | { reason: string } {
    const client = this.ctx.client;
    const changed = plan.files.filter((f) => f.changed);
    if (changed.length === 0) return { reason: 'the patch changes nothing' };
    // An open buffer is addressed by the URI the editor opened it with.
    const uriOf = (f: FilePlan) => this.ctx.documents.getByPath(f.path)?.uri ?? pathToUri(f.path);
    if (!client.documentChanges) {
      const changes: Record<string, LspTextEdit[]> = {};
      for (const f of changed) changes[uriOf(f)] = textEditsFor(f);
      return { edit: { changes } };
    }
    const documentChanges: WorkspaceEdit['documentChanges'] = [];
    for (const f of changed) {
      const uri = uriOf(f);
      if (f.created) {
        if (!client.resourceOperations.includes('create')) return { reason: `${f.display} would be created, and this editor cannot create files through an edit` };
        documentChanges.push(CreateFile.create(uri, { overwrite: false, ignoreIfExists: false }));
      }
      const open = this.ctx.documents.getByPath(f.path);
      documentChanges.push(TextDocumentEdit.create({ uri, version: open && !f.created ? open.version : null }, textEditsFor(f)));
    }
    return { edit: { documentChanges } };
  }

  /** Applies a plan: through the editor when it can, else written atomically. Nothing is half-applied. */
  async apply(plan: PatchPlan & { ok: true }, label: string): Promise<{ applied: boolean; reason?: string }> {
    const changed = plan.files.filter((f) => f.changed);
    if (changed.length === 0) return { applied: true };
    const stale = await this.diskMismatch(changed, !this.ctx.client.applyEdit);
    if (stale) return { applied: false, reason: stale };
    let outcome: { applied: boolean; reason?: string };
    if (this.ctx.client.applyEdit) {
      const built = this.workspaceEdit(plan);
      if ('reason' in built) return { applied: false, reason: built.reason };
      outcome = await this.ctx.applyEdit(built.edit, label);
    } else {
      const written = await writePlannedFiles(changed, this.ctx.session.confinement);
      if (written.ok) this.ctx.noteSplitLinks(written.splitLinks);
      outcome = written.ok ? { applied: true } : { applied: false, reason: written.message };
    }
    if (outcome.applied) {
      for (const f of changed) {
        this.snapshots.recordFull(f.path, normalizeText(f.after).lines.toArray());
        this.onSeen(f.path);
      }
    }
    return outcome;
  }

  /**
   * Why the disk no longer matches what the plan read, or undefined. Files open in the
   * editor are checked only when the server writes the disk itself (`includeOpen`): then
   * unsaved buffer changes would be lost.
   */
  private async diskMismatch(files: readonly FilePlan[], includeOpen: boolean): Promise<string | undefined> {
    for (const f of files) {
      const open = this.ctx.documents.getByPath(f.path);
      if (open && !includeOpen) continue;
      const r = await readForPatch(this.ctx.session.diskFs, f.path, DEFAULT_MAX_TEXT_BYTES);
      const now = r.kind === 'text' ? r.text : r.kind === 'missing' ? null : undefined;
      if (now === f.before) continue;
      return open
        ? `${f.display} has unsaved changes and this editor cannot apply edits; save it and retry (nothing was applied)`
        : `${f.display} changed on disk since the patch was checked; nothing was applied`;
    }
    return undefined;
  }

  /** Plans and (unless `dryRun`) applies a patch; a refusal is a `RequestFailed` error carrying `HashlineErrorData`. */
  async run(input: string, options: { uri?: string; path?: string; dryRun?: boolean; cancel?: Cancellation; only?: (p: string) => boolean }): Promise<HashlineApplyResult> {
    const plan = await this.plan(input, this.baseFor(options.uri), { fallbackPath: options.path, cancel: options.cancel, only: options.only });
    if (!plan.ok) throw patchFailure(plan.error);
    const files = plan.files.map((f) => ({
      uri: pathToUri(f.path),
      path: f.display,
      changed: f.changed,
      created: f.created,
      recovered: f.recovered,
      ...(options.dryRun ? { diff: f.changed ? formatUnifiedDiff(f.display, f.original, f.splices, f.before !== null) : '' } : {}),
    }));
    if (options.dryRun) return { applied: false, files, warnings: plan.warnings };
    const outcome = await this.apply(plan, 'Apply hashline patch');
    if (!outcome.applied) throw patchFailure({ kind: 'write_failed', message: outcome.reason ?? 'the edit was not applied' });
    return { applied: true, files, warnings: plan.warnings };
  }

  /** Anchored rows of a file (the live buffer when open), recorded as seen. */
  async read(uri: string, startLine?: number, endLine?: number): Promise<HashlineReadResult> {
    // As the CLI refuses `A-B` with B < A: an empty answer would read as an empty range.
    if (startLine !== undefined && endLine !== undefined && endLine < startLine) throw new ParamError('endLine', `is ${endLine}, before startLine ${startLine}: the range needs startLine ≤ endLine`);
    const p = uriToPath(uri);
    // An `untitled:` buffer or a mistyped URI is no file, not one outside the workspace; quoted short, as it may be any size.
    if (!p) throw new ParamError('uri', `not a file: URI, so no file to read: ${uri.length > 200 ? `${uri.slice(0, 200)}…` : uri}`);
    if (!this.ctx.session.allows(p)) {
      const loop = loopRefusal(this.ctx.session, p, p, 'a hashline read never follows it');
      throw new ResponseError(LSPErrorCodes.RequestFailed, loop ?? `hashline: ${uri} lies outside the workspace`);
    }
    const r = await readForPatch(this.ctx.documents.fs, p, DEFAULT_MAX_TEXT_BYTES);
    if (r.kind === 'missing') throw new ResponseError(LSPErrorCodes.RequestFailed, `File not found: ${p}`);
    if (r.kind === 'error') throw new ResponseError(LSPErrorCodes.RequestFailed, r.message);
    const read = readAnchored(r.text, startLine, endLine, MAX_READ_LINES);
    // Refused as the CLI refuses it: an empty answer would read as an empty range.
    if (startLine !== undefined && startLine > read.lineCount) {
      const root = this.ctx.session.rootOf(p);
      throw new ResponseError(LSPErrorCodes.RequestFailed, `Line ${startLine} does not exist (${root ? path.relative(root, p) : p} has ${read.lineCount} lines)`);
    }
    const whole = read.start === 1 && read.end === read.lineCount;
    if (read.seen.length) {
      if (whole) this.snapshots.recordFull(p, read.seen);
      else this.snapshots.recordContiguous(p, read.start, read.seen);
      this.onSeen(p);
    }
    const doc = this.ctx.documents.getByPath(p);
    const result: HashlineReadResult = { lines: read.rows, startLine: read.start, endLine: read.end, lineCount: read.lineCount, truncated: read.truncated, version: doc ? doc.version : null };
    // Said at the read, as the CLI says it: an agent learns before writing a patch that none can apply.
    const root = this.ctx.session.rootOf(p);
    const refused = refusingLoneCr(r, root ? path.relative(root, p) : p);
    if (refused.kind === 'error') result.note = refused.message;
    return result;
  }
}

/**
 * A patch document's text with its lines counted as the editor counts them: a lone CR breaks a
 * line in an editor (LSP 3.17, "Text Documents": `\n`, `\r\n` and `\r`) but not in the patch
 * language (`hashline.md` §3.1 splits on `\r?\n`), so it is made LF, one character for one, and
 * every diagnostic and edit position stays where the editor shows its line.
 */
export function patchDocumentText(doc: { text: string }): string {
  return doc.text.replace(/\r(?!\n)/g, '\n');
}

export function patchFailure(error: PatchError): ResponseError<HashlineErrorData> {
  const data: HashlineErrorData = { kind: error.kind, message: error.message };
  if (error.path) data.uri = pathToUri(error.path);
  if (error.display) data.path = error.display;
  if (error.docLine !== undefined && error.docLine >= 0) data.patchLine = error.docLine;
  if (error.remaps) data.remaps = error.remaps;
  return new ResponseError(LSPErrorCodes.RequestFailed, error.message, data);
}
