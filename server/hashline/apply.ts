import { absorbDuplicates, type AbsorbOptions } from './absorb';
import type { Splice } from './diff';
import type { LineList } from './text';
import type { PrimitiveEdit } from './types';
import { validateEdits, type Validation } from './validate';

/**
 * Applies a section's edits to LF-normalised lines (`hashline.md` §5): validate, absorb
 * duplicate boundaries, turn `after A` into `before A+1` (or EOF), then group the edits
 * per original line, which is what upstream's bottom-up splicing amounts to: every op is
 * read against the original numbering. BOF and EOF inserts go in last. The result is the
 * list of splices against the original lines (minimal editor edits, diffs and the new
 * text all come from it), computed without touching the lines no op names.
 */

export interface Applied {
  ok: true;
  /** Changes to the original lines, in order, never overlapping or touching. */
  splices: Splice[];
  /** Line count after the change. */
  length: number;
  warnings: string[];
}

export type ApplyResult = Applied | Exclude<Validation, { ok: true }>;

type Chunk = { from: number; to: number; lines?: undefined } | { lines: string[] };

/** How many lines a chunk list holds, and its last line. */
function measure(chunks: readonly Chunk[], original: LineList): { count: number; last: string | undefined } {
  let count = 0;
  let last: string | undefined;
  for (const c of chunks) {
    const n = c.lines ? c.lines.length : c.to - c.from;
    if (n === 0) continue;
    count += n;
    last = c.lines ? c.lines[n - 1] : original.at(c.to - 1);
  }
  return { count, last };
}

export function applyEdits(lines: LineList, edits: readonly PrimitiveEdit[], opLines: readonly number[], options: AbsorbOptions = {}): ApplyResult {
  if (edits.length === 0) return { ok: true, splices: [], length: lines.length, warnings: [] };
  const validation = validateEdits(edits, lines);
  if (!validation.ok) return validation;
  const warnings: string[] = [];
  const normalized = absorbDuplicates(edits, lines, opLines, options, warnings);

  const bof: string[] = [];
  const eof: string[] = [];
  /** Per original line (1-based): texts inserted before it, and whether it is deleted. */
  const groups = new Map<number, { before: string[]; deleted: boolean }>();
  const group = (line: number) => {
    let g = groups.get(line);
    if (!g) groups.set(line, (g = { before: [], deleted: false }));
    return g;
  };
  for (const edit of normalized) {
    if (edit.kind === 'delete') {
      group(edit.anchor.line).deleted = true;
      continue;
    }
    const c = edit.cursor;
    if (c.kind === 'bof') bof.push(edit.text);
    else if (c.kind === 'eof' || (c.kind === 'after' && c.anchor.line >= lines.length)) eof.push(edit.text);
    else group(c.kind === 'before' ? c.anchor.line : c.anchor.line + 1).before.push(edit.text);
  }

  // The output as runs of original lines and inserted lines.
  let chunks: Chunk[] = [];
  let next = 0;
  const keep = (from: number, to: number) => {
    if (from >= to) return;
    const last = chunks[chunks.length - 1];
    if (last && !last.lines && last.to === from) last.to = to;
    else chunks.push({ from, to });
  };
  for (const line of [...groups.keys()].sort((a, b) => a - b)) {
    const g = groups.get(line)!;
    keep(next, line - 1);
    if (g.before.length) chunks.push({ lines: g.before });
    if (!g.deleted) keep(line - 1, line);
    next = line;
  }
  keep(next, lines.length);

  const onlyEmptyLine = () => {
    const m = measure(chunks, lines);
    return m.count === 1 && m.last === '';
  };
  if (bof.length) {
    if (onlyEmptyLine()) chunks = [{ lines: bof }];
    else chunks.unshift({ lines: bof });
  }
  if (eof.length) {
    if (onlyEmptyLine()) chunks = [{ lines: eof }];
    else if (measure(chunks, lines).last === '') insertBeforeLastLine(chunks, eof);
    else chunks.push({ lines: eof });
  }
  return { ok: true, splices: splicesOf(chunks, lines.length), length: measure(chunks, lines).count, warnings };
}

/** A file ending in a newline keeps it: EOF lines go before its final empty line. */
function insertBeforeLastLine(chunks: Chunk[], eof: string[]): void {
  for (let i = chunks.length - 1; i >= 0; i--) {
    const c = chunks[i];
    if (c.lines) {
      if (c.lines.length === 0) continue;
      chunks.splice(i, 1, { lines: [...c.lines.slice(0, -1), ...eof, c.lines[c.lines.length - 1]] });
      return;
    }
    if (c.to === c.from) continue;
    const parts: Chunk[] = [];
    if (c.to - 1 > c.from) parts.push({ from: c.from, to: c.to - 1 });
    parts.push({ lines: eof }, { from: c.to - 1, to: c.to });
    chunks.splice(i, 1, ...parts);
    return;
  }
}

function splicesOf(chunks: readonly Chunk[], length: number): Splice[] {
  const out: Splice[] = [];
  let next = 0;
  let pending: string[] = [];
  for (const c of chunks) {
    if (c.lines) {
      for (const l of c.lines) pending.push(l);
      continue;
    }
    if (pending.length || c.from > next) out.push({ start: next, deleteCount: c.from - next, lines: pending });
    pending = [];
    next = c.to;
  }
  if (pending.length || next < length) out.push({ start: next, deleteCount: length - next, lines: pending });
  return out;
}
