import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import { LineIndex, lineBreakOf, withLineBreak } from '../core/text';
import type { FileSystem } from '../workspace/fs';
import { describeSyntaxError, type AstBackend, type FileScan, type OpQuery, type ScanInput } from './backend';
import { collectFiles, type CollectedFile, type CollectWorkspace } from './collect';
import type { InternalUrlFiles } from './internalUrl';
import { languageMismatches } from './languageMismatch';
import { acceptsFile, languageByName, languageHintOfPaths, languageNames, languageOfPath, type LanguageInfo } from './languages';
import { renderReplacement, type MatchCaptures, type Span } from './render';
import type { AstChange, AstEditOutcome, AstEditPreview, AstEditProblem, AstEditRequest, FilePreview, SkippedFile } from './types';
import { sortOps, validateOps, type CompiledOp } from './validate';

export interface EngineOptions {
  fs: FileSystem;
  workspace: CollectWorkspace;
  backend: AstBackend;
  /** Files with at least one change before scanning stops (`agentls.astEdit.maxFiles`). */
  maxFiles: number;
  /** Files scanned at most, whatever they contain. */
  maxScanned?: number;
  /** Larger files are skipped and reported. */
  maxFileBytes?: number;
  cancel?: Cancellation;
  /** Backing files of `rule://` entries; without it every internal URL is one without a backing file. */
  internalUrls?: InternalUrlFiles;
}

export const DEFAULT_MAX_SCANNED = 20_000;
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Files sent to the matcher at once, and batches kept in flight (enough to keep every thread busy). */
const BATCH_FILES = 16;
const BATCH_CHARS = 512 * 1024;
const BATCHES_IN_FLIGHT = 4;

/**
 * Runs an ast-edit as a dry run: validates the ops, collects the files, parses each in
 * its language and renders every match. Nothing is written. Stops at `maxFiles` files
 * with changes (`limitReached`). Throws `CancelledError` when cancelled.
 */
export async function previewAstEdit(request: AstEditRequest, options: EngineOptions): Promise<AstEditOutcome> {
  let forced: LanguageInfo | undefined;
  if (request.lang !== undefined && request.lang.trim() !== '') {
    forced = languageByName(request.lang);
    if (!forced) return fail({ code: 'astedit/unknown-language', message: `\`lang\` "${request.lang}" is not a language ast-edit parses; use one of ${languageNames()}`, field: 'lang', severity: 'error' });
  }
  // Whether `$name` is a mistake depends on the language (shell variables), known after collection.
  const validated = validateOps(request.ops);
  const isCaseProblem = (p: AstEditProblem) => p.code === 'astedit/metavar-case';
  const errors = validated.problems.filter((p) => p.severity === 'error' && !isCaseProblem(p));
  if (errors.length) {
    const hint = forced ?? languageHintOfPaths(request.paths);
    return { ok: false, problems: hint?.dollarIsSyntax ? errors : validated.problems.filter((p) => p.severity === 'error') };
  }

  const collection = await collectFiles(request.paths, request.root, options.workspace, options.fs, {
    maxScanned: options.maxScanned ?? DEFAULT_MAX_SCANNED,
    cancel: options.cancel,
    internalUrls: options.internalUrls,
  });
  throwIfCancelled(options.cancel);
  // The warnings (a folder not read) may be why the other entries gave no file either.
  if (collection.problems.length) return { ok: false, problems: [...collection.problems, ...collection.warnings] };

  const typed = assignLanguage(collection.files, forced);
  // Nothing to edit: the warnings about named paths (a folder not read) say why beside "match no file".
  if ('code' in typed) return { ok: false, problems: [typed, ...(collection.files.length === 0 ? collection.warnings : [])] };
  const { lang, files } = typed;
  const mismatched = languageMismatches(collection.scanned, files, forced);
  if (files.length === 0 && mismatched.length) return { ok: false, problems: [...mismatched, ...collection.warnings] };
  const caseProblems = lang.dollarIsSyntax ? [] : validated.problems.filter(isCaseProblem);
  if (caseProblems.length) return { ok: false, problems: caseProblems };
  const warnings: AstEditProblem[] = [...validated.problems.filter((p) => p.severity === 'warning'), ...collection.warnings, ...mismatched];

  // Pattern checks in the target language: a broken pattern is reported, the others still run.
  const patternErrors: string[] = [];
  const runnable: { op: CompiledOp; literals: string[] }[] = [];
  for (const op of sortOps(validated.ops)) {
    const check = options.backend.checkPattern(lang.id, op.pat);
    if (check.unavailable) return fail({ code: 'astedit/language-unavailable', message: check.unavailable, field: 'lang', severity: 'error' });
    const reason = check.compileError ?? (check.syntaxError ? `it does not parse as ${lang.id}: ${describeSyntaxError(check.syntaxError)}` : undefined);
    if (reason) {
      patternErrors.push(`${op.pat}: Invalid pattern: ${reason}`);
      continue;
    }
    for (const t of check.notWholeNode) {
      warnings.push({
        code: 'astedit/metavar-in-text',
        message: `\`${t.text}\` in pat is part of a larger ${lang.id} token, so it is not a metavariable and matches only that literal text: a metavariable must stand for a whole node`,
        field: `ops[${op.index}].pat`,
        start: t.start,
        end: t.end,
        severity: 'warning',
      });
    }
    runnable.push({ op, literals: check.literals });
  }

  const preview: AstEditPreview = {
    request,
    lang: lang.id,
    singleFile: files.length === 1 && files[0].explicit && request.paths.length === 1,
    files: [],
    totals: { replacements: 0, files: 0, filesSearched: 0 },
    patternErrors,
    skipped: [],
    limitReached: collection.truncated,
    warnings,
  };
  if (runnable.length > 0) await scanFiles(files, runnable, lang, preview, options);
  preview.totals.files = preview.files.length;
  preview.totals.replacements = preview.files.reduce((n, f) => n + f.changes.length, 0);
  return { ok: true, preview };
}

function fail(problem: AstEditProblem): AstEditOutcome {
  return { ok: false, problems: [problem] };
}

/** Every file gets one language: the forced one, or the one all extensions agree on. */
function assignLanguage(files: CollectedFile[], forced: LanguageInfo | undefined): { lang: LanguageInfo; files: CollectedFile[] } | AstEditProblem {
  if (forced) {
    const kept = files.filter((f) => {
      const own = languageOfPath(f.path);
      return f.explicit || (own !== undefined && acceptsFile(forced, own));
    });
    return { lang: forced, files: kept };
  }
  const byLanguage = new Map<string, LanguageInfo>();
  const kept: CollectedFile[] = [];
  for (const f of files) {
    const own = languageOfPath(f.path);
    if (!own) continue;
    byLanguage.set(own.id, own);
    kept.push(f);
  }
  if (byLanguage.size === 0) {
    return {
      code: 'astedit/no-files',
      message: files.length
        ? `\`paths\` match ${files.length} file${files.length === 1 ? '' : 's'}, none in a language ast-edit parses (by extension); set \`lang\` to parse them as one`
        : '`paths` match no file',
      field: 'paths',
      severity: 'error',
    };
  }
  if (byLanguage.size > 1) {
    return {
      code: 'astedit/mixed-languages',
      message: `\`lang\` is required when paths resolve to multiple languages: ${[...byLanguage.keys()].sort().join(', ')}`,
      field: 'lang',
      severity: 'error',
    };
  }
  return { lang: [...byLanguage.values()][0], files: kept };
}

interface Pending {
  file: CollectedFile;
  text: string;
  /** Index into the batch's scan results; -1 when no op can match (not sent). */
  slot: number;
}

/**
 * Reads files in path order, rules out those that lack a pattern's literal words, sends
 * the rest to the matcher in batches (several in flight, so every thread stays busy), and
 * takes the results back in path order, stopping at the files-with-changes cap.
 */
async function scanFiles(
  files: CollectedFile[],
  runnable: { op: CompiledOp; literals: string[] }[],
  lang: LanguageInfo,
  preview: AstEditPreview,
  options: EngineOptions,
): Promise<void> {
  const queries: OpQuery[] = runnable.map(({ op }) => ({ pattern: op.pat, singles: op.singles, multis: op.multis }));
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const inFlight: { items: Pending[]; results: Promise<FileScan[]> }[] = [];
  let next = 0;
  let stopped = false;

  const readBatch = async (): Promise<{ items: Pending[]; results: Promise<FileScan[]> } | undefined> => {
    if (next >= files.length) return undefined;
    const items: Pending[] = [];
    const inputs: ScanInput[] = [];
    let chars = 0;
    while (next < files.length && inputs.length < BATCH_FILES && chars < BATCH_CHARS) {
      const group = files.slice(next, next + Math.min(8, BATCH_FILES - inputs.length));
      next += group.length;
      const reads = await Promise.all(group.map((f) => options.fs.readText(f.path, { maxBytes })));
      group.forEach((file, i) => {
        const read = reads[i];
        if (!read.ok) {
          preview.skipped.push({ ...skip(file, read.message), unread: true });
          return;
        }
        const ops = runnable.flatMap((r, index) => (r.literals.every((w) => read.text.includes(w)) ? [index] : []));
        if (ops.length === 0) {
          items.push({ file, text: read.text, slot: -1 });
          return;
        }
        items.push({ file, text: read.text, slot: inputs.length });
        inputs.push({ text: read.text, ops });
        chars += read.text.length;
      });
    }
    const results = inputs.length ? options.backend.scan(lang.id, queries, inputs) : Promise.resolve([]);
    results.catch(() => undefined); // awaited below; avoid an unhandled rejection if we stop early
    return { items, results };
  };

  while (!stopped) {
    while (inFlight.length < BATCHES_IN_FLIGHT) {
      const batch = await readBatch();
      if (!batch) break;
      inFlight.push(batch);
    }
    const batch = inFlight.shift();
    if (!batch) break;
    let results: FileScan[];
    try {
      results = await batch.results;
    } catch (err) {
      results = batch.items.filter((p) => p.slot >= 0).map(() => ({ syntaxError: false, matches: [], failure: (err as Error).message }));
    }
    throwIfCancelled(options.cancel);
    for (const item of batch.items) {
      preview.totals.filesSearched++;
      if (item.slot < 0) continue;
      const scan = results[item.slot];
      if (scan.failure) {
        preview.skipped.push(skip(item.file, `cannot be matched (${scan.failure})`));
        continue;
      }
      if (scan.syntaxError) {
        preview.skipped.push(skip(item.file, 'parse error (syntax tree contains error nodes)'));
        continue;
      }
      if (scan.matches.length === 0) continue;
      if (preview.files.length >= options.maxFiles) {
        preview.limitReached = true;
        preview.totals.filesSearched--;
        stopped = true;
        break;
      }
      preview.files.push(buildFilePreview(item, scan, runnable, lang));
    }
    await yieldToEventLoop();
  }
}

function skip(file: CollectedFile, reason: string): SkippedFile {
  return { path: file.path, display: file.display, reason };
}

function buildFilePreview(item: Pending, scan: FileScan, runnable: { op: CompiledOp }[], lang: LanguageInfo): FilePreview {
  const { text } = item;
  const lines = new LineIndex(text);
  const eol = lineBreakOf(text);
  const changes: (AstChange & { order: number })[] = scan.matches.map((m) => {
    const op = runnable[m.op].op;
    const captures: MatchCaptures = {
      singles: new Map(op.singles.flatMap((name, i) => (m.singles[i] ? [[name, m.singles[i]!] as [string, Span]] : []))),
      multis: new Map(op.multis.map((name, i) => [name, m.multis[i] ?? undefined] as [string, Span | undefined])),
    };
    const start = lines.positionAt(m.start);
    const end = lines.positionAt(m.end);
    return {
      op: op.index,
      order: m.op,
      start: m.start,
      end: m.end,
      startLine: start.line + 1,
      startColumn: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      before: text.slice(m.start, m.end),
      after: withLineBreak(renderReplacement(text, m.start, op.template, captures), eol),
    };
  });
  changes.sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order);
  const overlaps: [number, number][] = [];
  let reach = -1;
  let reachIndex = -1;
  changes.forEach((c, i) => {
    if (reachIndex >= 0 && c.start < reach) overlaps.push([reachIndex, i]);
    // Identical ranges from two ops overlap too, even when empty.
    else if (i > 0 && c.start === changes[i - 1].start && c.end === changes[i - 1].end) overlaps.push([i - 1, i]);
    if (c.end > reach) {
      reach = c.end;
      reachIndex = i;
    }
  });
  return {
    path: item.file.path,
    display: item.file.display,
    lang: lang.id,
    text,
    changes: changes.map(({ order: _order, ...c }) => c),
    overlaps,
  };
}
