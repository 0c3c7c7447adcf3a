import { lineHash } from './hash';
import type { LineList } from './text';
import { INTERIOR_HASH, type Anchor, type PrimitiveEdit } from './types';

/**
 * Validation of a section's edits against the current lines (`hashline.md` §4): every
 * anchor must name an existing line, and every anchor but a range's interior must carry
 * the hash of that line. Mismatches are one per anchor reference, as upstream counts them.
 */

export interface Mismatch {
  line: number;
  expected: string;
  actual: string;
  /** Index of the op that wrote the anchor. */
  op: number;
}

export type Validation =
  | { ok: true }
  | { ok: false; kind: 'line_out_of_range'; line: number; lineCount: number; op: number; message: string }
  | { ok: false; kind: 'hash_mismatch'; mismatches: Mismatch[] };

export function anchorOf(edit: PrimitiveEdit): Anchor | undefined {
  if (edit.kind === 'delete') return edit.anchor;
  return edit.cursor.kind === 'before' || edit.cursor.kind === 'after' ? edit.cursor.anchor : undefined;
}

export function validateEdits(edits: readonly PrimitiveEdit[], lines: LineList): Validation {
  const mismatches: Mismatch[] = [];
  const hashes = new Map<number, string>();
  for (const edit of edits) {
    const anchor = anchorOf(edit);
    if (!anchor) continue;
    if (anchor.line < 1 || anchor.line > lines.length) {
      return {
        ok: false,
        kind: 'line_out_of_range',
        line: anchor.line,
        lineCount: lines.length,
        op: edit.op,
        message: `Line ${anchor.line} does not exist (file has ${lines.length} lines)`,
      };
    }
    if (anchor.hash === INTERIOR_HASH) continue;
    let actual = hashes.get(anchor.line);
    if (actual === undefined) hashes.set(anchor.line, (actual = lineHash(lines.at(anchor.line - 1)!)));
    if (actual !== anchor.hash) mismatches.push({ line: anchor.line, expected: anchor.hash, actual, op: edit.op });
  }
  return mismatches.length ? { ok: false, kind: 'hash_mismatch', mismatches } : { ok: true };
}

/** How far from a stale anchor its line is looked for. */
const RELOCATE_WINDOW = 20;
/** Rows shown around each stale anchor. */
const CONTEXT_ROWS = 2;

/**
 * Where a stale anchor's line most likely went: the one line within ±20 lines whose
 * hash equals the stale hash. None or several: undefined. A hint only, never applied.
 */
export function relocate(line: number, expected: string, lines: LineList): number | undefined {
  let found: number | undefined;
  const hi = Math.min(lines.length, line + RELOCATE_WINDOW);
  for (let n = Math.max(1, line - RELOCATE_WINDOW); n <= hi; n++) {
    if (n === line || lineHash(lines.at(n - 1)!) !== expected) continue;
    if (found !== undefined) return undefined;
    found = n;
  }
  return found;
}

export interface MismatchReport {
  /** The model-facing rejection text (`hashline.md` §4), exactly as upstream writes it. */
  message: string;
  /** `LINE+stale hash` → `LINE+current hash` for each mismatch. */
  remaps: Record<string, string>;
  /** Stale line → the line its content likely moved to. */
  relocations: Map<number, number>;
  /** The rows shown: `{ marker, line, anchor, text }`. */
  rows: { marker: '*' | '>' | ' ' | '...'; line: number; text: string }[];
}

export function describeMismatches(mismatches: readonly Mismatch[], lines: LineList): MismatchReport {
  const stale = new Set(mismatches.map((m) => m.line));
  const relocations = new Map<number, number>();
  const shown = new Set<number>();
  for (const m of mismatches) {
    for (let n = Math.max(1, m.line - CONTEXT_ROWS); n <= Math.min(lines.length, m.line + CONTEXT_ROWS); n++) shown.add(n);
    const target = relocate(m.line, m.expected, lines);
    if (target !== undefined) {
      relocations.set(m.line, target);
      shown.add(target);
    }
  }
  const targets = new Set(relocations.values());
  const header = [
    `Edit rejected: ${mismatches.length} ${mismatches.length > 1 ? 'anchors do' : 'anchor does'} not match the current file (marked *).`,
    'The edit was NOT applied, please use the updated file content shown below, and issue another edit tool-call.',
  ];
  if (relocations.size > 0) {
    const moves = new Set<string>();
    for (const m of mismatches) {
      const t = relocations.get(m.line);
      if (t !== undefined) moves.add(`${m.line}${m.expected} -> ${t}${m.expected}`);
    }
    header.push(`Likely moved (marked >; verify the content before reusing): ${[...moves].join(', ')}.`);
  }
  const rows: MismatchReport['rows'] = [];
  const body: string[] = [];
  let previous = -1;
  for (const n of [...shown].sort((a, b) => a - b)) {
    if (previous !== -1 && n > previous + 1) {
      body.push('...');
      rows.push({ marker: '...', line: 0, text: '' });
    }
    previous = n;
    const marker = stale.has(n) ? '*' : targets.has(n) ? '>' : ' ';
    const text = lines.at(n - 1)!;
    body.push(`${marker}${n}${lineHash(text)}|${text}`);
    rows.push({ marker, line: n, text });
  }
  const remaps: Record<string, string> = {};
  for (const m of mismatches) remaps[`${m.line}${m.expected}`] = `${m.line}${m.actual}`;
  return { message: [...header, ...body].join('\n'), remaps, relocations, rows };
}
