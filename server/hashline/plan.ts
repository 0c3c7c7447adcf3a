import * as nodePath from 'node:path';
import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { AbsorbOptions } from './absorb';
import { applyEdits, type Applied } from './apply';
import { backslashHeaderNote } from './backslashHeader';
import { renderSplices, tightenSplices, type Splice } from './diff';
import { mergeSections, splitPatch, type MergedSection } from './input';
import { missingHashMessage, missingLineNumberMessage } from './messages';
import { parseSection, rangeBudget, type ParsedSection, type RangeBudget } from './parse';
import { recoverFromGenerations } from './recovery';
import type { Generation } from './snapshots';
import { normalizeText, restoreText, type FileLines, type LineList } from './text';
import type { PatchErrorKind, ParseIssue } from './types';
import { describeMismatches } from './validate';

/**
 * The executor (`hashline.md` §5, "multi-file"): every section is parsed, read, validated
 * and applied in memory, in order; the first failure is the answer and nothing is
 * written. The result says, per file, the text before and after; writing it (atomic
 * disk writes, or an editor's workspace edit) is the caller's job.
 */

/** How a file was read through the host. */
export type HostRead = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'error'; error: 'unreadable' | 'too_large' | 'outside_workspace'; message: string };

/**
 * A file that breaks lines with a lone CR (old Mac line ends) is not edited: a read splits
 * on LF only and shows it as one line (`hashline.md` §2), while applying would split at
 * each CR and write every one back as LF (§5 step 1), so no anchor of a read could match
 * and every untouched line would change. Said, instead of "stale".
 */
export function refusingLoneCr(read: HostRead, display: string): HostRead {
  const lone = read.kind === 'text' ? /\r(?!\n)/.exec(read.text) : null;
  if (read.kind !== 'text' || !lone) return read;
  // Where every break is a lone CR the whole file reads as one line; else only the lines around each stray CR run together.
  const onlyCr = !read.text.includes('\n');
  const line = read.text.slice(0, lone.index).split('\n').length;
  const shown = onlyCr ? 'a hashline read shows such a file as one line' : `a hashline read does not break a line there (the first is on line ${line} of a read)`;
  return { kind: 'error', error: 'unreadable', message: `${display} breaks lines with lone carriage returns (CR): ${shown}, and an edit would split lines at each CR, so it is not edited. Convert its line ends to LF or CRLF first` };
}

/** What the executor needs from its surroundings (the CLI's disk, or the server's buffers). */
export interface PatchHost {
  /** Resolves a header's path text to an absolute path inside the workspace, or says why it cannot. */
  resolve(pathText: string): { ok: true; path: string } | { ok: false; message: string; /** Default `outside_workspace`. */ kind?: 'input_error' | 'unreadable' };
  /** Makes header paths canonical before sections are merged (absolute inside the root → relative). */
  normalize?(pathText: string): string;
  read(path: string): Promise<HostRead>;
  /** Keys of the file a resolved path names (its real path, its inode): two paths sharing one are one file. */
  identity?(path: string): Promise<readonly string[]>;
  /** Versions of a file the author may have seen, newest first (recovery). */
  generations?(path: string): readonly Generation[];
  options?: AbsorbOptions;
}

export interface PlanOptions {
  /** The tool's `path` parameter (a header for it when the patch has none). */
  fallbackPath?: string;
  /** Plan only the sections whose absolute path passes. */
  only?: (path: string) => boolean;
  cancel?: Cancellation;
}

export interface FilePlan {
  /** Absolute path. */
  path: string;
  /** The path as the patch names it (root-relative when inside the root). */
  display: string;
  /** The text the plan was computed from; null when the file does not exist. */
  before: string | null;
  /** The text to write. */
  after: string;
  changed: boolean;
  created: boolean;
  /** The LF-normalised lines of `before`, and the changes to them. */
  original: FileLines;
  splices: Splice[];
  eol: '\n' | '\r\n';
  bom: boolean;
  warnings: string[];
  recovered: boolean;
}

export interface PatchError {
  kind: PatchErrorKind;
  message: string;
  /** Absolute path of the file concerned. */
  path?: string;
  display?: string;
  /** 0-based line of the patch text where the problem is written. */
  docLine?: number;
  /** `hash_mismatch`: stale anchor → current anchor (`2zz` → `2kt`). */
  remaps?: Record<string, string>;
}

export type PatchPlan = { ok: true; files: FilePlan[]; warnings: string[] } | { ok: false; error: PatchError; files: FilePlan[] };

/** A patch larger than this is refused before it is parsed. */
export const MAX_PATCH_BYTES = 32 * 1024 * 1024;
/** At most this many files per patch. */
export const MAX_PATCH_FILES = 1000;

export async function planPatch(input: string, host: PatchHost, options: PlanOptions = {}): Promise<PatchPlan> {
  const files: FilePlan[] = [];
  const fail = (error: PatchError): PatchPlan => ({ ok: false, error, files });
  if (input.length > MAX_PATCH_BYTES) return fail({ kind: 'input_error', message: `the patch is ${input.length} characters long, over the ${MAX_PATCH_BYTES} limit` });
  const split = splitPatch(input, { fallbackPath: options.fallbackPath, normalizePath: host.normalize?.bind(host) });
  if (split.error) return fail({ kind: 'input_error', message: split.error.message, docLine: split.error.docLine });

  const resolved = new Map<string, ReturnType<PatchHost['resolve']>>();
  const resolve = (text: string) => {
    let r = resolved.get(text);
    if (!r) resolved.set(text, (r = host.resolve(text)));
    return r;
  };
  const merged = mergeSections(split.sections, (text) => {
    const r = resolve(text);
    return r.ok ? r.path : `unresolved:${text}`;
  }).filter((m) => !options.only || (resolve(m.path).ok && options.only(m.key)));
  if (merged.length > MAX_PATCH_FILES) return fail({ kind: 'input_error', message: `the patch edits ${merged.length} files; at most ${MAX_PATCH_FILES} are applied at once` });

  const twin = await oneFileTwice(merged, resolve, host);
  if (twin) return fail(twin);

  const warnings: string[] = [];
  const budget = rangeBudget();
  const headerLines: number[] = [];
  for (const m of merged) {
    throwIfCancelled(options.cancel);
    const section = await planSection(m, host, resolve(m.path), merged.length > 1, budget);
    if ('kind' in section) return fail(section);
    files.push(section);
    headerLines.push(m.sections[0].header.docLine);
    warnings.push(...section.warnings);
    if (merged.length > 8) await yieldToEventLoop();
  }
  const underNewFile = fileUnderNewFile(files, headerLines);
  if (underNewFile) return fail(underNewFile);
  return { ok: true, files, warnings };
}

/**
 * A file of the patch below another that the patch creates (`§x` and `§x/y`, both new): the
 * write would make `x` a folder for `x/y`, then find it no file to write. Refused at the plan,
 * and at a dry run, before anything is written. Each file's folders are looked up once: linear
 * in the files and their depth.
 */
function fileUnderNewFile(files: readonly FilePlan[], headerLines: readonly number[]): PatchError | undefined {
  const created = new Map(files.filter((f) => f.created).map((f) => [f.path, f]));
  if (created.size === 0) return undefined;
  for (const [i, f] of files.entries()) {
    for (let dir = nodePath.dirname(f.path); dir !== nodePath.dirname(dir); dir = nodePath.dirname(dir)) {
      const file = created.get(dir);
      if (!file) continue;
      const message = `${f.path} cannot be created: ${file.path} is a file this patch creates, not a folder; nothing was applied`;
      return { kind: 'unreadable', message, path: f.path, display: f.display, docLine: headerLines[i] };
    }
  }
  return undefined;
}

/**
 * Two headers naming one file by two names (a symbolic link, a linked folder, a hard link):
 * each section would be computed against the same original and the second written over the
 * first, so the patch is refused before anything is applied, at a dry run as at an apply.
 */
async function oneFileTwice(merged: readonly MergedSection[], resolve: (text: string) => ReturnType<PatchHost['resolve']>, host: PatchHost): Promise<PatchError | undefined> {
  if (!host.identity || merged.length < 2) return undefined;
  const seen = new Map<string, string>();
  for (const m of merged) {
    const target = resolve(m.path);
    if (!target.ok) continue;
    const keys = await host.identity(target.path);
    const other = keys.map((k) => seen.get(k)).find((o) => o !== undefined);
    if (other !== undefined) {
      const message = `${m.path} is the same file as ${other} (one file under two names, by a symbolic or hard link): write all the edits of that file under one §header; nothing was applied`;
      return { kind: 'write_failed', message, path: target.path, display: m.path, docLine: m.sections[0].header.docLine };
    }
    for (const k of keys) seen.set(k, m.path);
  }
  return undefined;
}

async function planSection(m: MergedSection, host: PatchHost, target: ReturnType<PatchHost['resolve']>, multi: boolean, budget: RangeBudget): Promise<FilePlan | PatchError> {
  const display = m.path;
  const headerLine = m.sections[0].header.docLine;
  if (!target.ok) return { kind: target.kind ?? 'outside_workspace', message: target.message, display, docLine: headerLine };
  const path = target.path;
  const parsed = parseSection(m.lines, budget);
  const issue = parsed.issues[0];
  if (issue?.kind === 'parse_error') return issueError(issue, undefined, path, display);
  const read = refusingLoneCr(await host.read(path), display);
  if (read.kind === 'error') return { kind: read.error, message: read.message, path, display, docLine: headerLine };
  const exists = read.kind === 'text';
  const norm = normalizeText(exists ? read.text : '');
  if (issue) return issueError(issue, exists ? norm.lines : undefined, path, display);
  const anchored = parsed.edits.some((e) => e.kind === 'delete' || e.cursor.kind === 'before' || e.cursor.kind === 'after');
  if (!exists && anchored) return { kind: 'file_not_found', message: `File not found: ${display}`, path, display, docLine: headerLine };

  const result = applySection(parsed, norm.lines, host, path);
  if (!result.ok) {
    const op = parsed.ops[result.op];
    return { kind: result.kind, message: result.message, path, display, docLine: op?.source.docLine, remaps: result.remaps };
  }
  const afterLf = renderSplices(norm.lines, result.applied.splices);
  const changed = afterLf !== norm.lines.text;
  if (!changed && multi) return { kind: 'no_change', message: `Edits to ${display} resulted in no changes being made.`, path, display, docLine: headerLine };
  const bom = exists && norm.bom;
  const eol = exists ? norm.eol : '\n';
  const before = exists ? read.text : null;
  return {
    path,
    display,
    before,
    after: changed ? restoreText(afterLf, bom, eol) : (before ?? ''),
    changed,
    created: !exists && changed,
    original: norm.lines,
    splices: changed ? tightenSplices(norm.lines, result.applied.splices) : [],
    eol,
    bom,
    warnings: [...backslashNotes(m), ...parsed.warnings, ...result.applied.warnings],
    recovered: result.recovered,
  };
}

/** A note for each header spelling of the section that holds a backslash (`backslashHeader.ts`). */
function backslashNotes(m: MergedSection): string[] {
  const notes = new Set<string>();
  for (const section of m.sections) {
    const note = backslashHeaderNote(section.path);
    if (note) notes.add(note);
  }
  return [...notes];
}

type SectionResult =
  | { ok: true; applied: Applied; recovered: boolean }
  | { ok: false; kind: 'line_out_of_range' | 'hash_mismatch'; message: string; op: number; remaps?: Record<string, string> };

/** Applies a parsed section, recovering stale anchors from earlier versions when it can. */
export function applySection(parsed: ParsedSection, lines: LineList, host: Pick<PatchHost, 'generations' | 'options'>, path: string): SectionResult {
  const opLines = parsed.ops.map((o) => o.opLine);
  const options = host.options ?? {};
  const applied = applyEdits(lines, parsed.edits, opLines, options);
  if (applied.ok) return { ok: true, applied, recovered: false };
  if (applied.kind === 'line_out_of_range') return { ok: false, kind: applied.kind, message: applied.message, op: applied.op };
  const recovered = recoverFromGenerations(lines, parsed.edits, opLines, options, host.generations?.(path) ?? []);
  if (recovered) return { ok: true, applied: recovered, recovered: true };
  const report = describeMismatches(applied.mismatches, lines);
  return { ok: false, kind: 'hash_mismatch', message: report.message, op: applied.mismatches[0].op, remaps: report.remaps };
}

function issueError(issue: ParseIssue, lines: LineList | undefined, path: string, display: string): PatchError {
  let message = issue.message;
  if (lines && issue.kind === 'missing_hash') message = missingHashMessage(issue, lines, display);
  if (lines && issue.kind === 'missing_line_number') message = missingLineNumberMessage(issue, lines, display);
  return { kind: issue.kind, message, path, display, docLine: issue.span.docLine };
}
