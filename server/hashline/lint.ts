import type { Finding, Severity } from '../core/findings';
import { LIMITS } from '../core/limits';
import { cutAt } from '../core/shortText';
import type { Range, TextEdit } from '../core/text';
import type { AnalyzedSection, PatchAnalysis } from './analysis';
import { backslashHeaderNote } from './backslashHeader';
import { isProducibleHash, lineHash } from './hash';
import { linesWithHash, suggestedAnchors } from './messages';
import { atPatchLine, opLineAtPatchLine } from './personMessages';
import { tightenSplices } from './diff';
import { INTERIOR_HASH, type PatchOp, type ParseIssue, type Span } from './types';
import { relocate } from './validate';

/**
 * Diagnostics of a patch document (`hashline/…` codes) and the quick fixes that go with
 * them. Every message states its key fact on its own (some editors hide related info).
 */

export interface PatchFix {
  title: string;
  /** Where the fix applies: offered when a request's range touches it. */
  range: Range;
  edits: TextEdit[];
  code: string;
}

export interface PatchLint {
  findings: Finding[];
  fixes: PatchFix[];
}

/** More findings than this in one patch are dropped (a 10,000-op patch stays readable). */
const MAX_FINDINGS = LIMITS.hashlineFindings;

export const CODE_DESCRIPTIONS: Record<string, string> = {
  'hashline/input-error': 'The patch does not start with a §PATH header, or a header is empty',
  'hashline/parse-error': 'An op line the patch language does not accept',
  'hashline/missing-hash': 'An anchor written as a bare line number, without its hash',
  'hashline/missing-line-number': 'An anchor written as a bare hash, without its line number',
  'hashline/stale-anchor': 'An anchor whose hash no longer matches its line',
  'hashline/applied': 'A section whose file already holds what it makes of it: it has been applied',
  'hashline/stale-anchor-recoverable': 'A stale anchor the patch can still be replayed over, from an earlier version of the file',
  'hashline/line-out-of-range': 'An anchor naming a line past the end of the file',
  'hashline/file-not-found': 'A section edits lines of a file that does not exist',
  'hashline/creates-file': 'A section that only inserts at BOF/EOF of a missing file, which creates it',
  'hashline/outside-workspace': 'A section names a file outside the workspace',
  'hashline/unreadable': 'A section names a binary, unreadable or too large file',
  'hashline/no-change': 'A section that changes nothing',
  'hashline/blank-payload': 'Blank lines that silently become payload',
  'hashline/overlap': 'Ops that touch the same line',
  'hashline/absorbed': 'A replacement or insert that duplicates neighbouring lines and is widened or trimmed',
  'hashline/ignored-lines': 'Lines after an end or abort marker, which are never read',
  'hashline/empty-section': 'A header with no ops',
  'hashline/direction': '»BOF and «EOF, which mean the same as «BOF and »EOF',
  'hashline/backslash-path': 'A header path holding a backslash, which outside Windows is part of the file name, not a folder separator',
};

function rangeOf(span: Span): Range {
  const line = Math.max(0, span.docLine);
  return { start: { line, character: span.start }, end: { line, character: span.end } };
}

function lineRange(docLine: number, text: string): Range {
  return rangeOf({ docLine, start: 0, end: text.length });
}

function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? cutAt(text, max) + '…' : text);
}

export function lintPatch(analysis: PatchAnalysis): PatchLint {
  const out: PatchLint = { findings: [], fixes: [] };
  const add = (code: string, severity: Severity, range: Range, message: string, tags?: Finding['tags']) => {
    if (out.findings.length < MAX_FINDINGS) out.findings.push({ code, severity, range, message, ...(tags ? { tags } : {}) });
  };
  const { split } = analysis;
  if (split.error) {
    add('hashline/input-error', 'error', rangeOf({ docLine: split.error.docLine, start: 0, end: 0 }), split.error.message);
    return out;
  }
  const stop = split.stoppedAt;
  if (stop && stop.ignored > 0) {
    add('hashline/ignored-lines', 'warning', rangeOf({ docLine: stop.docLine, start: 0, end: 0 }), `${stop.abort ? 'the abort marker' : 'the end marker'} stops the patch: the ${stop.ignored} non-blank line${stop.ignored > 1 ? 's' : ''} after it ${stop.ignored > 1 ? 'are' : 'is'} never read`);
  }
  for (const empty of split.emptySections) {
    add('hashline/empty-section', 'hint', rangeOf(emptyHeaderSpan(empty.header.text, empty.header.docLine)), `§${empty.path} has no ops and is ignored`, ['unnecessary']);
  }
  const multi = analysis.sections.length > 1;
  const payloadLines = new Set<number>();
  for (const s of analysis.split.sections) for (const l of s.body) if (l.text.trim() !== '') payloadLines.add(l.docLine);
  for (const s of analysis.sections) lintSection(s, multi, add, out.fixes, (docLine) => payloadLines.has(docLine - 1));
  return out;
}

function emptyHeaderSpan(text: string, docLine: number): Span {
  return { docLine, start: 0, end: text.length };
}

type Add = (code: string, severity: Severity, range: Range, message: string, tags?: Finding['tags']) => void;

function lintSection(s: AnalyzedSection, multi: boolean, add: Add, fixes: PatchFix[], followsText: (docLine: number) => boolean): void {
  const display = s.merged.path;
  const header = s.merged.sections[0];
  const headerRange = rangeOf(header.pathSpan);
  if (!s.target.ok) {
    const code = s.target.kind === 'unreadable' ? 'hashline/unreadable' : s.target.kind === 'input_error' ? 'hashline/input-error' : 'hashline/outside-workspace';
    for (const h of s.merged.sections) add(code, 'error', rangeOf(h.pathSpan), s.target.message);
    return;
  }
  if (s.read?.kind === 'error') {
    add('hashline/unreadable', 'error', headerRange, `${display} cannot be patched: ${s.read.message}`);
    return;
  }
  for (const h of s.merged.sections) {
    const note = backslashHeaderNote(h.path);
    if (note) add('hashline/backslash-path', 'warning', rangeOf(h.pathSpan), note);
  }
  const lines = s.lines;
  const exists = s.read?.kind === 'text';
  const ops = s.parsed.ops;

  for (const issue of s.parsed.issues) lintIssue(issue, s, add, fixes);
  const anchored = ops.some((o) => o.range || (o.cursor && (o.cursor.kind === 'before' || o.cursor.kind === 'after')));
  if (!exists && anchored) {
    const afterPayload = followsText(header.header.docLine);
    add('hashline/file-not-found', 'error', headerRange, `File not found: ${display}${afterPayload ? ' (if this line is meant as payload: a payload line cannot begin with §, such a line starts a new section)' : ''}`);
  } else if (!exists && ops.length) {
    add('hashline/creates-file', 'information', headerRange, `${display} does not exist; applying this patch creates it`);
  }

  for (const op of ops) lintOpShape(op, add, fixes);
  lintOverlaps(ops, add);
  if (!lines || !exists) return;

  if (s.applied) {
    add('hashline/applied', 'information', headerRange, `This section has been applied: ${display} holds its result. Its anchors name the lines as they were before, so it cannot be applied again.`);
    return;
  }
  const recoverable = s.result?.ok === true && s.result.recovered;
  const refresh: TextEdit[] = [];
  for (const op of ops) {
    for (const { anchor, span } of op.anchors) {
      if (anchor.line > lines.length) {
        add('hashline/line-out-of-range', 'error', rangeOf(span), `line ${anchor.line} does not exist: ${display} has ${lines.length} lines`);
        continue;
      }
      if (anchor.hash === INTERIOR_HASH) continue;
      const text = lines.at(anchor.line - 1)!;
      const actual = lineHash(text);
      if (actual === anchor.hash) continue;
      const moved = relocate(anchor.line, anchor.hash, lines);
      const where = moved !== undefined ? `; the line it named likely moved to ${moved} (${moved}${anchor.hash})` : '';
      const never = isProducibleHash(anchor.hash) ? '' : ` (${anchor.hash} is not in the hash alphabet: no read ever produces it)`;
      const current = `line ${anchor.line} of ${display} is now ${quote(text)} (${anchor.line}${actual})`;
      if (recoverable) {
        add('hashline/stale-anchor-recoverable', 'warning', rangeOf(span), `anchor ${anchor.line}${anchor.hash} is stale: ${current}${where}. The patch still applies: it is replayed on an earlier version you saw and merged.`);
      } else {
        // Without a line that moved unchanged there is nothing to refresh the anchor to: the op must be written again.
        const next = moved !== undefined ? ' until the anchor is refreshed ("Refresh stale anchors")' : `: read ${display} again (hashline read) and write this op against what it holds now`;
        add('hashline/stale-anchor', 'error', rangeOf(span), `stale anchor ${anchor.line}${anchor.hash}: ${current}${where}${never}. The patch is refused${next}.`);
      }
      if (moved !== undefined) refresh.push({ range: rangeOf(span), newText: `${moved}${anchor.hash}` });
    }
  }
  if (refresh.length) {
    fixes.push({ title: 'Refresh stale anchors', code: 'hashline/stale-anchor', range: rangeOf({ docLine: header.header.docLine, start: 0, end: 0 }), edits: dedupe(refresh) });
  }

  const result = s.result;
  if (!result?.ok) return;
  for (const w of result.applied.warnings) {
    const m = /at line (\d+)/.exec(w);
    const op = m ? ops.find((o) => o.opLine === Number(m[1])) : undefined;
    if (op) add('hashline/absorbed', 'information', lineRange(op.source.docLine, op.source.text), opLineAtPatchLine(w, op.source.docLine));
  }
  if (tightenSplices(lines, result.applied.splices).length === 0) {
    add('hashline/no-change', multi ? 'error' : 'warning', headerRange, multi ? `Edits to ${display} resulted in no changes being made; a patch with several files is refused when one section changes nothing` : `Edits to ${display} resulted in no changes being made.`);
  }
}

function dedupe(edits: TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter((e) => {
    const key = `${e.range.start.line}:${e.range.start.character}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function lintIssue(issue: ParseIssue, s: AnalyzedSection, add: Add, fixes: PatchFix[]): void {
  const range = rangeOf(issue.span);
  const lines = s.read?.kind === 'text' ? s.lines : undefined;
  const opText = lineTextAt(s, issue.span.docLine);
  if (issue.kind === 'parse_error') {
    // The sigils « » ≔ as escapes: the installed bundle stays ASCII (test/cli/bundle.test.ts).
    const sigilHint = /unrecognized op/.test(issue.message) && /^[\u00ab\u00bb\u2254]/.test(opText) && followsPayload(s, issue.span.docLine) ? ' If this line is meant as payload: a payload line cannot begin with «, », ≔ or §.' : '';
    // Counted in the document, as the disabled "Apply patch" counts the same error (not the section's "line 5").
    add('hashline/parse-error', 'error', range, atPatchLine(issue.message, issue.span.docLine) + sigilHint);
    return;
  }
  if (issue.kind === 'missing_hash') {
    const suggestion = lines && !issue.inRange ? suggestedAnchors(issue, lines) : undefined;
    if (suggestion) {
      add('hashline/missing-hash', 'error', range, `anchor ${quote(issue.raw ?? '')} has no hash; use ${issue.sigil}${suggestion} (the edit is never applied on a line number alone)`);
      fixes.push({ title: `Use ${issue.sigil}${suggestion}`, code: 'hashline/missing-hash', range, edits: [{ range: lineRange(issue.span.docLine, opText), newText: rewriteTarget(opText, suggestion) }] });
    } else {
      const why = lines && issue.lines!.end > lines.length ? `: line ${issue.lines!.end} does not exist (${s.merged.path} has ${lines.length} lines)` : '';
      add('hashline/missing-hash', 'error', range, `${issue.message.replace(/^line \d+: /, '')} Anchors need the line number and the hash, as read output shows them${why}.`);
    }
    return;
  }
  const found = lines && !issue.inRange ? linesWithHash(issue.hash!, lines) : undefined;
  if (found?.line !== undefined) {
    const anchor = `${found.line}${issue.hash}`;
    add('hashline/missing-line-number', 'error', range, `anchor ${quote(issue.raw ?? '')} has no line number; did you mean ${issue.sigil}${anchor}? (line ${found.line} is the only line with that hash)`);
    fixes.push({ title: `Use ${issue.sigil}${anchor}`, code: 'hashline/missing-line-number', range, edits: [{ range: lineRange(issue.span.docLine, opText), newText: rewriteTarget(opText, anchor) }] });
  } else {
    const count = found ? `; ${found.count === 0 ? 'no line' : `${found.count} lines`} of ${s.merged.path} ${found.count === 1 ? 'has' : 'have'} that hash` : '';
    add('hashline/missing-line-number', 'error', range, `anchor ${quote(issue.raw ?? '')} has no line number${count}; use a full anchor (line number and hash) from a fresh read`);
  }
}

/** The op line with its target replaced, keeping a pasted `|TEXT` of an insert. */
function rewriteTarget(opText: string, anchor: string): string {
  const sigil = opText[0];
  if (sigil === '≔') return `≔${anchor}`;
  const bar = opText.indexOf('|');
  return sigil + anchor + (bar >= 0 ? opText.slice(bar) : '');
}

function lineTextAt(s: AnalyzedSection, docLine: number): string {
  return s.merged.lines.find((l) => l.docLine === docLine)?.text ?? '';
}

/** Whether the line right before `docLine` is a non-blank payload line. */
function followsPayload(s: AnalyzedSection, docLine: number): boolean {
  return s.parsed.ops.some((o) => o.payload.length > 0 && o.payload[o.payload.length - 1].docLine === docLine - 1 && o.payload[o.payload.length - 1].text.trim() !== '');
}

function lintOpShape(op: PatchOp, add: Add, fixes: PatchFix[]): void {
  const range = lineRange(op.source.docLine, op.source.text);
  if (op.cursor?.kind === 'bof' && op.sigil === '»') add('hashline/direction', 'hint', range, '»BOF inserts at the start of the file, exactly as «BOF does');
  if (op.cursor?.kind === 'eof' && op.sigil === '«') add('hashline/direction', 'hint', range, '«EOF inserts at the end of the file, exactly as »EOF does');
  const blanks = op.trailingBlankLines;
  if (blanks === 0) return;
  const firstBlank = op.payload[op.payload.length - blanks];
  const lastBlank = op.payload[op.payload.length - 1];
  const blankRange: Range = { start: { line: firstBlank.docLine, character: 0 }, end: { line: lastBlank.docLine, character: lastBlank.text.length } };
  if (blanks === op.payload.length) {
    if (op.sigil !== '≔') return; // `»A` + one blank line: the documented way to insert a blank line
    add('hashline/blank-payload', 'information', range, `the blank line${blanks > 1 ? 's' : ''} after this op ${blanks > 1 ? 'are' : 'is'} its payload: the range is replaced by ${blanks} empty line${blanks > 1 ? 's' : ''}, not deleted`);
    return;
  }
  add('hashline/blank-payload', 'warning', blankRange, `${blanks} blank line${blanks > 1 ? 's' : ''} after this payload ${blanks > 1 ? 'are' : 'is'} part of it and will be inserted; remove ${blanks > 1 ? 'them' : 'it'} if ${blanks > 1 ? 'they' : 'it'} only separate${blanks > 1 ? '' : 's'} ops`);
  fixes.push({
    title: `Remove ${blanks} blank payload line${blanks > 1 ? 's' : ''}`,
    code: 'hashline/blank-payload',
    range: blankRange,
    edits: [{ range: { start: { line: firstBlank.docLine, character: 0 }, end: { line: lastBlank.docLine + 1, character: 0 } }, newText: '' }],
  });
}

/** Ops touching one line: ranges that share a line, inserts anchored inside a replaced range. */
function lintOverlaps(ops: readonly PatchOp[], add: Add): void {
  const deletedBy = new Map<number, PatchOp>();
  const reported = new Set<PatchOp>();
  for (const op of ops) {
    if (!op.range) continue;
    for (let n = op.range.start.line; n <= op.range.end.line && n - op.range.start.line < 100_000; n++) {
      const other = deletedBy.get(n);
      if (other && !reported.has(op)) {
        reported.add(op);
        add('hashline/overlap', 'warning', lineRange(op.source.docLine, op.source.text), `this range shares line ${n} with the range of line ${other.opLine} of the section; both apply to the original numbering and merge`);
      }
      if (!other) deletedBy.set(n, op);
    }
  }
  for (const op of ops) {
    const c = op.cursor;
    if (!c || (c.kind !== 'before' && c.kind !== 'after')) continue;
    const other = deletedBy.get(c.anchor.line);
    if (other && other !== op) {
      add('hashline/overlap', 'warning', lineRange(op.source.docLine, op.source.text), `this insert is anchored on line ${c.anchor.line}, which the range of line ${other.opLine} of the section replaces`);
    }
  }
}
