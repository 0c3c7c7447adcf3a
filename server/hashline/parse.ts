import { LIMITS, overLimit } from '../core/limits';
import { lineHash } from './hash';
import { isAnyMarker, isStopMarker, ABORT_MARKERS } from './input';
import { INTERIOR_HASH, type Anchor, type Cursor, type OpSigil, type ParseIssue, type PatchOp, type PrimitiveEdit, type SourceLine, type Span } from './types';

/**
 * Parses the ops of one (merged) section body (`hashline.md` §3.2–3.4). Upstream stops at
 * the first error; this parser records it and goes on, so that an editor can show every
 * problem, and callers that apply a patch use the first issue only, which is the one
 * upstream reports.
 */
export interface ParsedSection {
  ops: PatchOp[];
  edits: PrimitiveEdit[];
  issues: ParseIssue[];
  warnings: string[];
}

const SIGILS: readonly string[] = ['§', '»', '«', '≔'];
const ABORT_WARNING = 'Tool stream truncated mid-call due to detected output corruption. Applied ops above are valid. Re-issue any remaining edits.';

// The decoration before an anchor (`\s*[>+\-*]*\s*`) is written so that two runs of
// spaces can never be split two ways: the plain form backtracks quadratically on a
// line of spaces that ends in anything but an anchor.
/** `LINE`+`HASH` with optional decoration before and a pasted `|TEXT` after. */
const FULL_ANCHOR = /^(\s*(?:[>+\-*]+\s*)?)([1-9]\d*)([a-z]{2})(\|.*)?\s*$/;
/** Bare numbers: `7`, `2..4`, `2-4` (decorated). */
const BARE_NUMBERS = /^\s*(?:[>+\-*]+\s*)?([1-9]\d*)(?:\s*(?:-|\.\.)\s*([1-9]\d*))?\s*$/;
/** A hash without its line number. */
const HASH_ONLY = /^\s*(?:[>+\-*]+\s*)?([a-z]{2})\s*$/i;
/** Insert target: a token without spaces or `|`, then an optional `|TEXT`. */
// « and » written as escapes: the installed bundle stays ASCII, which V8 reads and parses faster (see test/cli/bundle.test.ts).
const INSERT_OP = /^[\u00ab\u00bb](\s*)([^|\s]+)(?:\|(.*))?\s*$/;

function examples(prefix: string): string {
  return ['sr', 'ab', 'th'].map((h) => `"${prefix}${h}"`).join(', ');
}

/** Starts a payload-ending line: a sigil in the first column or a marker line. */
export function endsPayload(line: string): boolean {
  return SIGILS.includes(line[0]) || isAnyMarker(line);
}

class AnchorError extends Error {
  constructor(readonly issue: Omit<ParseIssue, 'opLine' | 'span'>) {
    super(issue.message);
  }
}

/** Parses one endpoint written at `offset` of the op line; throws `AnchorError`. */
function parseAnchor(raw: string, opLine: number, sigil: OpSigil, rangeText?: string): { anchor: Anchor; lead: number; length: number } {
  const inRange = rangeText !== undefined;
  const m = FULL_ANCHOR.exec(raw);
  if (m) {
    // Past 2^53 the number is no longer itself (9007199254740993 reads as …992): no file has such a line anyway.
    if (!Number.isSafeInteger(Number(m[2]))) throw new AnchorError({ kind: 'parse_error', message: `line ${opLine}: line number ${m[2]} is larger than any file has.` });
    return { anchor: { line: Number(m[2]), hash: m[3] }, lead: m[1].length, length: m[2].length + 2 };
  }
  const bare = BARE_NUMBERS.exec(raw);
  const trimmed = raw.trim();
  if (bare) {
    const a = Number(bare[1]);
    const b = bare[2] === undefined ? a : Number(bare[2]);
    if (inRange) {
      throw new AnchorError({
        kind: 'missing_hash',
        sigil,
        raw: rangeText.trim(),
        inRange: true,
        lines: { start: Math.min(a, b), end: Math.max(a, b) },
        message: `line ${opLine}: range ${JSON.stringify(rangeText.trim())} has an end without its hash.`,
      });
    }
    return raiseMissingHash(trimmed, opLine, sigil, a, b);
  }
  const hashOnly = HASH_ONLY.exec(raw);
  if (hashOnly) {
    throw new AnchorError({
      kind: 'missing_line_number',
      sigil,
      raw: inRange ? rangeText.trim() : trimmed,
      hash: hashOnly[1].toLowerCase(),
      inRange,
      message: `line ${opLine}: anchor ${JSON.stringify(trimmed)} is missing the line number. The anchor must include both line number and hash, such as ${examples('119')}.`,
    });
  }
  throw new AnchorError({ kind: 'parse_error', message: `line ${opLine}: expected a full anchor such as ${examples('119')}; got ${JSON.stringify(raw)}.` });
}

function raiseMissingHash(raw: string, opLine: number, sigil: OpSigil, a: number, b: number): never {
  throw new AnchorError({
    kind: 'missing_hash',
    sigil,
    raw,
    lines: { start: Math.min(a, b), end: Math.max(a, b) },
    message: `line ${opLine}: anchor ${JSON.stringify(raw)} is missing its hash.`,
  });
}

/** The range of a `≔` op: `A`, `A..B`, each endpoint possibly with a pasted `|TEXT`. */
function parseRange(text: string, opLine: number, offset: number): { start: Anchor; end: Anchor; spans: [number, number][] } {
  const whole = BARE_NUMBERS.exec(text);
  if (whole) raiseMissingHash(text.trim(), opLine, '≔', Number(whole[1]), Number(whole[2] ?? whole[1]));
  const parts = text.split('..');
  if (parts.length === 2 && parts[0].trim() !== '' && parts[1].trim() !== '') {
    // `2kt|text..3ab|text` splits in two; `2kt|a..b` (dots inside pasted text) is one anchor.
    const single = FULL_ANCHOR.exec(text);
    const second = FULL_ANCHOR.exec(parts[1]);
    if (!(single && !second)) {
      const a = parseAnchor(parts[0], opLine, '≔', text);
      const b = parseAnchor(parts[1], opLine, '≔', text);
      const bOffset = offset + parts[0].length + 2;
      const rangeText = `${parts[0]}..${parts[1]}`;
      if (b.anchor.line < a.anchor.line) throw new AnchorError({ kind: 'parse_error', message: `line ${opLine}: range ${rangeText} ends before it starts.` });
      if (b.anchor.line === a.anchor.line && b.anchor.hash !== a.anchor.hash) {
        throw new AnchorError({ kind: 'parse_error', message: `line ${opLine}: range ${rangeText} uses two different hashes for the same line.` });
      }
      return {
        start: a.anchor,
        end: b.anchor,
        spans: [
          [offset + a.lead, offset + a.lead + a.length],
          [bOffset + b.lead, bOffset + b.lead + b.length],
        ],
      };
    }
  } else if (parts.length > 1 && !FULL_ANCHOR.exec(text)) {
    throw new AnchorError({
      kind: 'parse_error',
      message: `line ${opLine}: range must include exactly two full anchors separated by "..". For a one-line edit, repeat the same anchor on both sides.`,
    });
  }
  const a = parseAnchor(text, opLine, '≔');
  return { start: a.anchor, end: { ...a.anchor }, spans: [[offset + a.lead, offset + a.lead + a.length]] };
}

/** What the `≔` ranges of one patch may still replace, shared by its sections (`LIMITS.hashlineRangeLines`). */
export interface RangeBudget {
  lines: number;
}

export function rangeBudget(): RangeBudget {
  return { lines: LIMITS.hashlineRangeLines };
}

export function parseSection(lines: readonly SourceLine[], budget: RangeBudget = rangeBudget()): ParsedSection {
  const out: ParsedSection = { ops: [], edits: [], issues: [], warnings: [] };
  const issue = (i: ParseIssue) => out.issues.push(i);
  const lineSpan = (l: SourceLine, start = 0, end = l.text.length): Span => ({ docLine: l.docLine, start, end });

  let i = 0;
  while (i < lines.length) {
    const source = lines[i];
    const line = source.text;
    const opLine = i + 1;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (isStopMarker(line)) {
      if (ABORT_MARKERS.includes(line.trimEnd())) out.warnings.push(ABORT_WARNING);
      break;
    }
    if (isAnyMarker(line)) {
      i++;
      continue;
    }

    const sigil = line[0];
    if (sigil === '«' || sigil === '»' || sigil === '≔') {
      const op: PatchOp = { sigil, opLine, source, anchors: [], payload: [], trailingBlankLines: 0 };
      let inline: string | undefined;
      let parsed = true;
      // An over-long line is refused below without being matched first.
      const insertMatch = sigil === '≔' || line.length > LIMITS.hashlineOpLineChars ? null : INSERT_OP.exec(line);
      const written = insertMatch ? line.slice(0, 1 + insertMatch[1].length + insertMatch[2].length) : line;
      try {
        if (line.length > LIMITS.hashlineOpLineChars) {
          throw new AnchorError({ kind: 'parse_error', message: `line ${opLine}: ${overLimit('this op line has', line.length, LIMITS.hashlineOpLineChars, 'characters')}.` });
        }
        if (sigil === '≔') {
          if (line.slice(1).trim() === '') throw new AnchorError({ kind: 'parse_error', message: unrecognized(opLine, line) });
          const r = parseRange(line.slice(1), opLine, 1);
          op.range = { start: r.start, end: r.end };
          op.anchors.push({ anchor: r.start, span: lineSpan(source, ...r.spans[0]) });
          if (r.spans[1]) op.anchors.push({ anchor: r.end, span: lineSpan(source, ...r.spans[1]) });
        } else {
          const m = insertMatch;
          if (!m) throw new AnchorError({ kind: 'parse_error', message: unrecognized(opLine, line) });
          const token = m[2];
          const tokenStart = 1 + m[1].length;
          if (token === 'BOF' || token === 'EOF') {
            op.cursor = { kind: token === 'BOF' ? 'bof' : 'eof' };
            inline = m[3];
          } else {
            const a = parseAnchor(token, opLine, sigil);
            op.cursor = { kind: sigil === '«' ? 'before' : 'after', anchor: a.anchor };
            op.anchors.push({ anchor: a.anchor, span: lineSpan(source, tokenStart + a.lead, tokenStart + a.lead + a.length) });
            if (m[3] !== undefined && lineHash(m[3]) === a.anchor.hash) op.echoDropped = true;
            else inline = m[3];
          }
        }
      } catch (err) {
        if (!(err instanceof AnchorError)) throw err;
        issue({ ...err.issue, opLine, span: lineSpan(source) });
        parsed = false;
      }

      let j = i + 1;
      while (j < lines.length && !endsPayload(lines[j].text)) op.payload.push(lines[j++]);
      // A CR the input's `\r?\n` split left inside a line: written, the file would break lines with a lone CR,
      // which no later patch edits (`refusingLoneCr` in plan.ts), and a read would show the line whole.
      const crAt = parsed ? op.payload.findIndex((p) => p.text.includes('\r')) : -1;
      if (crAt >= 0) {
        issue({ kind: 'parse_error', opLine: opLine + 1 + crAt, span: lineSpan(op.payload[crAt]), message: `line ${opLine + 1 + crAt}: this payload line holds a carriage return (CR) with no line feed after it; written, editors would break the line there, a hashline read would not, and no later patch could edit the file. Write each line as a payload line of its own.` });
        parsed = false;
      }
      for (let k = op.payload.length - 1; k >= 0 && op.payload[k].text.trim() === ''; k--) op.trailingBlankLines++;
      if (inline !== undefined) op.payload.unshift({ text: inline, docLine: source.docLine });
      i = j;
      if (!parsed) continue;

      if (sigil !== '≔' && op.payload.length === 0) {
        const hint = op.echoDropped
          ? `The text after "|" on "${written}|…" matches the supplied anchor hash, so it was read as an anchor echo, not as new content. Put the lines to insert on the lines after "${written}".`
          : `To insert a single blank line, put one empty line after "${written}" (when it is the last op, the edit input ends with two newlines).`;
        issue({ kind: 'parse_error', opLine, span: lineSpan(source), message: `line ${opLine}: « and » operations require at least one verbatim payload line. ${hint}` });
        continue;
      }
      if (op.range) {
        const spans = op.range.end.line - op.range.start.line + 1;
        if (spans > budget.lines) {
          const replaced = LIMITS.hashlineRangeLines - budget.lines + spans;
          issue({ kind: 'parse_error', opLine, span: lineSpan(source), message: `line ${opLine}: ${overLimit('the ranges of this patch replace', replaced, LIMITS.hashlineRangeLines, 'lines')}; check the line numbers, or split the patch` });
          continue;
        }
        budget.lines -= spans;
      }
      const index = out.ops.length;
      out.ops.push(op);
      if (op.cursor) {
        for (const p of op.payload) out.edits.push({ kind: 'insert', cursor: cloneCursor(op.cursor), text: p.text, op: index });
      } else {
        const { start, end } = op.range!;
        for (const p of op.payload) out.edits.push({ kind: 'insert', cursor: { kind: 'before', anchor: { ...start } }, text: p.text, op: index });
        for (let n = start.line; n <= end.line; n++) {
          const hash = n === start.line ? start.hash : n === end.line ? end.hash : INTERIOR_HASH;
          out.edits.push({ kind: 'delete', anchor: { line: n, hash }, op: index });
        }
      }
      continue;
    }

    const isOpLike = SIGILS.includes(sigil) || /^[-@\u00b6]/.test(line);
    issue({
      kind: 'parse_error',
      opLine,
      span: lineSpan(source),
      message: isOpLike ? unrecognized(opLine, line) : `line ${opLine}: payload line has no preceding «, », or ≔ operation. Got ${JSON.stringify(line)}.`,
    });
    // One report per run: skip to the next op line.
    i++;
    while (i < lines.length && !['«', '»', '≔'].includes(lines[i].text[0]) && !isStopMarker(lines[i].text)) i++;
  }
  return out;
}

function unrecognized(opLine: number, line: string): string {
  return `line ${opLine}: unrecognized op. Use «ANCHOR (insert before), »ANCHOR (insert after), or ≔A..B (replace/delete). Got ${JSON.stringify(line)}.`;
}

export function cloneCursor(c: Cursor): Cursor {
  return c.kind === 'before' || c.kind === 'after' ? { kind: c.kind, anchor: { ...c.anchor } } : c;
}
