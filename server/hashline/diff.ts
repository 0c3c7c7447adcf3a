import type { FileLines, LineList } from './text';

/**
 * Differences between a section's lines before and after, taken from the splices the
 * applier produces rather than computed by a diff algorithm: exact, and as cheap as the
 * number of changes.
 */

/** Lines `[start, start + deleteCount)` of the original replaced by `lines`. */
export interface Splice {
  start: number;
  deleteCount: number;
  lines: string[];
}

/**
 * The LF text after the splices: untouched runs are sliced from the original text in one
 * piece each, so the cost follows the number of changes, not the number of lines.
 */
export function renderSplices(original: FileLines, splices: readonly Splice[]): string {
  const parts: string[] = [];
  let next = 0;
  for (const s of splices) {
    if (s.start > next) parts.push(original.range(next, s.start));
    for (const l of s.lines) parts.push(l);
    next = s.start + s.deleteCount;
  }
  if (next < original.length) parts.push(original.range(next, original.length));
  return parts.join('\n');
}

/** Splices with the lines they delete and insert alike turned back into unchanged ones. */
export function tightenSplices(original: LineList, splices: readonly Splice[]): Splice[] {
  const out: Splice[] = [];
  for (const s of splices) {
    let p = 0;
    while (p < s.deleteCount && p < s.lines.length && original.at(s.start + p) === s.lines[p]) p++;
    let q = 0;
    while (q < s.deleteCount - p && q < s.lines.length - p && original.at(s.start + s.deleteCount - 1 - q) === s.lines[s.lines.length - 1 - q]) q++;
    if (s.deleteCount - p - q === 0 && s.lines.length - p - q === 0) continue;
    out.push({ start: s.start + p, deleteCount: s.deleteCount - p - q, lines: s.lines.slice(p, s.lines.length - q) });
  }
  return out;
}

export interface HunkLine {
  type: ' ' | '-' | '+';
  text: string;
  /** 0-based index in the original for context and removed lines. */
  old?: number;
}

export interface Hunk {
  /** 0-based first original line of the hunk. */
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: HunkLine[];
}

/** Unified-diff hunks with `context` lines around each change, merged when they touch. */
export function hunksOf(original: LineList, splices: readonly Splice[], context = 3): Hunk[] {
  const changes = tightenSplices(original, splices);
  const hunks: Hunk[] = [];
  let shift = 0;
  let i = 0;
  while (i < changes.length) {
    let j = i;
    while (j + 1 < changes.length && changes[j + 1].start - (changes[j].start + changes[j].deleteCount) <= 2 * context) j++;
    const oldStart = Math.max(0, changes[i].start - context);
    const last = changes[j];
    const oldEnd = Math.min(original.length, last.start + last.deleteCount + context);
    const lines: HunkLine[] = [];
    let at = oldStart;
    let newCount = 0;
    const newStart = oldStart + shift;
    for (let k = i; k <= j; k++) {
      const c = changes[k];
      for (; at < c.start; at++, newCount++) lines.push({ type: ' ', text: original.at(at)!, old: at });
      for (; at < c.start + c.deleteCount; at++) lines.push({ type: '-', text: original.at(at)!, old: at });
      for (const t of c.lines) lines.push({ type: '+', text: t });
      newCount += c.lines.length;
      shift += c.lines.length - c.deleteCount;
    }
    for (; at < oldEnd; at++, newCount++) lines.push({ type: ' ', text: original.at(at)!, old: at });
    hunks.push({ oldStart, oldCount: oldEnd - oldStart, newStart, newCount, lines });
    i = j + 1;
  }
  return hunks;
}

/** A unified diff of one file, `---`/`+++` headers naming `path`. Empty when nothing changed. */
export function formatUnifiedDiff(path: string, original: LineList, splices: readonly Splice[], existed = true): string {
  if (!existed) {
    const added = splices.flatMap((s) => s.lines);
    return `--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${added.length} @@\n${added.map((l) => '+' + l).join('\n')}\n`;
  }
  const hunks = hunksOf(original, splices);
  if (hunks.length === 0) return '';
  const range = (start: number, count: number) => `${count === 0 ? start : start + 1},${count}`;
  const out = [`--- ${existed ? 'a/' + path : '/dev/null'}`, `+++ b/${path}`];
  for (const h of hunks) {
    out.push(`@@ -${range(h.oldStart, h.oldCount)} +${range(h.newStart, h.newCount)} @@`);
    for (const l of h.lines) out.push(l.type + l.text);
  }
  return out.join('\n') + '\n';
}
