import { absorbDuplicates, type AbsorbOptions } from './absorb';
import type { PrimitiveEdit } from './types';
import { validateEdits, type Validation } from './validate';

/**
 * Applies a section's edits to LF-normalised lines (`hashline.md` §5): validate, absorb
 * duplicate boundaries, turn `after A` into `before A+1` (or EOF), then rebuild the file
 * in one pass over the original numbering, which is what upstream's bottom-up splicing
 * amounts to. BOF and EOF inserts go in last. Every output line remembers which original
 * line it is (or -1 for an inserted one), so callers can turn the result into minimal
 * editor edits and diffs without diffing.
 */

export interface Applied {
  ok: true;
  lines: string[];
  /** For each output line, the index of the original line it is, or -1 when inserted. */
  origins: number[];
  warnings: string[];
}

export type ApplyResult = Applied | Exclude<Validation, { ok: true }>;

export function applyEdits(lines: readonly string[], edits: readonly PrimitiveEdit[], opLines: readonly number[], options: AbsorbOptions = {}): ApplyResult {
  if (edits.length === 0) return { ok: true, lines: [...lines], origins: lines.map((_, i) => i), warnings: [] };
  const validation = validateEdits(edits, lines);
  if (!validation.ok) return validation;
  const warnings: string[] = [];
  const normalized = absorbDuplicates(edits, lines, opLines, options, warnings);

  const bof: string[] = [];
  const eof: string[] = [];
  /** Per original line (1-based): texts inserted before it, and whether it is deleted. */
  const before = new Map<number, string[]>();
  const deleted = new Set<number>();
  for (const edit of normalized) {
    if (edit.kind === 'delete') {
      deleted.add(edit.anchor.line);
      continue;
    }
    const c = edit.cursor;
    let target: number | 'bof' | 'eof';
    if (c.kind === 'bof' || c.kind === 'eof') target = c.kind;
    else if (c.kind === 'before') target = c.anchor.line;
    else target = c.anchor.line >= lines.length ? 'eof' : c.anchor.line + 1;
    if (target === 'bof') bof.push(edit.text);
    else if (target === 'eof') eof.push(edit.text);
    else {
      const list = before.get(target);
      if (list) list.push(edit.text);
      else before.set(target, [edit.text]);
    }
  }

  let out: string[] = [];
  let origins: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const inserted = before.get(i + 1);
    if (inserted) {
      for (const t of inserted) {
        out.push(t);
        origins.push(-1);
      }
    }
    if (!deleted.has(i + 1)) {
      out.push(lines[i]);
      origins.push(i);
    }
  }
  const inserted = (texts: string[]) => texts.map(() => -1);
  const onlyEmptyLine = () => out.length === 1 && out[0] === '';
  if (bof.length) {
    const keep = onlyEmptyLine() ? 0 : out.length;
    out = bof.concat(out.slice(out.length - keep));
    origins = inserted(bof).concat(origins.slice(origins.length - keep));
  }
  if (eof.length) {
    if (onlyEmptyLine()) {
      out = eof.slice();
      origins = inserted(eof);
    } else {
      // A file ending in a newline keeps it: EOF lines go before the final empty line.
      const at = out[out.length - 1] === '' ? out.length - 1 : out.length;
      out = out.slice(0, at).concat(eof, out.slice(at));
      origins = origins.slice(0, at).concat(inserted(eof), origins.slice(at));
    }
  }
  return { ok: true, lines: out, origins, warnings };
}
