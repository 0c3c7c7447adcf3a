import { applyTextEdits, editorView, LineIndex, type TextEdit } from '../core/text';
import type { FilePlan } from './plan';

/**
 * The editor edits of a planned file: one text edit per changed run of lines, against the
 * text the plan was computed from (as an editor holds it: without a BOM), so that untouched lines (and the marks, folds and undo
 * history on them) are left alone. When the file mixes line endings the per-run edits
 * would keep the odd ones that a write normalises, so the result is checked and, if it
 * differs, one edit covering the changed middle of the text is used instead.
 */
export function textEditsFor(plan: FilePlan): TextEdit[] {
  if (!plan.changed) return [];
  // Positions address the text as an editor holds it, without the BOM (kept on disk by the write, by the editor on save).
  const before = editorView(plan.before ?? '').text;
  const after = editorView(plan.after).text;
  if (before === '') return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: after }];
  const edits = spliceEdits(plan);
  if (applyTextEdits(before, edits) === after) return edits;
  return [middleEdit(before, after)];
}

function spliceEdits(plan: FilePlan): TextEdit[] {
  const lines = plan.original;
  const last = lines.length - 1;
  const eol = plan.eol;
  const edits: TextEdit[] = [];
  for (const s of plan.splices) {
    const end = s.start + s.deleteCount;
    if (end <= last) {
      edits.push({ range: { start: { line: s.start, character: 0 }, end: { line: end, character: 0 } }, newText: s.lines.map((l) => l + eol).join('') });
    } else if (s.start > 0) {
      // Touching the last line, which has no line break after it: take the one before.
      edits.push({ range: { start: { line: s.start - 1, character: lines.at(s.start - 1)!.length }, end: { line: last, character: lines.at(last)!.length } }, newText: s.lines.map((l) => eol + l).join('') });
    } else {
      edits.push({ range: { start: { line: 0, character: 0 }, end: { line: last, character: lines.at(last)!.length } }, newText: s.lines.join(eol) });
    }
  }
  return edits;
}

/** One edit replacing what lies between the common start and the common end of two texts. */
export function middleEdit(before: string, after: string): TextEdit {
  let head = 0;
  const max = Math.min(before.length, after.length);
  while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  // Never split a surrogate pair or a CRLF.
  if (head > 0 && (isLowSurrogate(before.charCodeAt(head)) || (before.charCodeAt(head - 1) === 13 && before.charCodeAt(head) === 10))) head--;
  let tail = 0;
  while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  const end = before.length - tail;
  if (tail > 0 && (isLowSurrogate(before.charCodeAt(end)) || (before.charCodeAt(end - 1) === 13 && before.charCodeAt(end) === 10))) tail--;
  const index = new LineIndex(before);
  return { range: index.range(head, before.length - tail), newText: after.slice(head, after.length - tail) };
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
