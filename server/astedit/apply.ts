import { cutAt } from '../core/shortText';
import type { AstChange, AstEditPreview, FilePreview } from './types';

/** One file's part of an apply: the text it must still have, and the edits against it. */
export interface PlannedFile {
  path: string;
  display: string;
  /** The text the edits were computed against (the apply is refused if the file moved since). */
  text: string;
  newText: string;
  /** Non-overlapping, sorted by start; UTF-16 offsets into `text`. */
  edits: { start: number; end: number; newText: string }[];
  replacements: number;
}

export type ApplyPlan =
  | { ok: true; files: PlannedFile[]; replacements: number }
  | { ok: false; reason: 'stale' | 'overlap' | 'nothing'; message: string; details: string[] };

/**
 * Decides whether a re-run may be applied: it must be exactly the rewrite the user saw
 * (same files, and in each the same replacements at the same places with the same text)
 * and no two replacements in a file may overlap. Only then are the edits produced, for
 * all files at once. Files whose text would not change are left out.
 */
export function planApply(preview: AstEditPreview, rerun: AstEditPreview): ApplyPlan {
  const differences = compareRuns(preview, rerun);
  if (differences.length) {
    return {
      ok: false,
      reason: 'stale',
      message: `Preview is stale: the rewrite no longer matches its preview, so nothing was applied (${differences[0]}${differences.length > 1 ? `, and ${differences.length - 1} more difference${differences.length > 2 ? 's' : ''}` : ''}). Preview again.`,
      details: differences,
    };
  }
  const overlapping = rerun.files.filter((f) => f.overlaps.length > 0);
  if (overlapping.length) {
    const details = overlapping.flatMap((f) => f.overlaps.map(([a, b]) => `${f.display}: line ${f.changes[a].startLine} (\`${firstLine(f.changes[a].before)}\`) overlaps line ${f.changes[b].startLine} (\`${firstLine(f.changes[b].before)}\`)`));
    return {
      ok: false,
      reason: 'overlap',
      message: `Overlapping replacements detected in ${overlapping.map((f) => f.display).join(', ')}; refine pattern to avoid ambiguous edits. Nothing was applied (${details[0]}).`,
      details,
    };
  }
  const files: PlannedFile[] = [];
  for (const f of rerun.files) {
    const planned = planFile(f);
    if (planned.newText !== f.text) files.push(planned);
  }
  if (files.length === 0) return { ok: false, reason: 'nothing', message: 'No replacements to apply: every match already reads as its replacement.', details: [] };
  return { ok: true, files, replacements: files.reduce((n, f) => n + f.replacements, 0) };
}

function planFile(f: FilePreview): PlannedFile {
  const edits = f.changes.map((c) => ({ start: c.start, end: c.end, newText: c.after }));
  let newText = '';
  let cursor = 0;
  for (const e of edits) {
    newText += f.text.slice(cursor, e.start) + e.newText;
    cursor = e.end;
  }
  newText += f.text.slice(cursor);
  return { path: f.path, display: f.display, text: f.text, newText, edits, replacements: f.changes.length };
}

/** Human-readable differences between a preview and its re-run (empty when identical). */
export function compareRuns(preview: AstEditPreview, rerun: AstEditPreview): string[] {
  const out: string[] = [];
  const before = new Map(preview.files.map((f) => [f.path, f]));
  const after = new Map(rerun.files.map((f) => [f.path, f]));
  for (const f of preview.files) {
    const now = after.get(f.path);
    if (!now) {
      out.push(`${f.display} no longer has any of its ${count(f.changes.length)}`);
      continue;
    }
    if (now.changes.length !== f.changes.length) {
      out.push(`${f.display} now has ${count(now.changes.length)}, the preview had ${f.changes.length}`);
      continue;
    }
    const moved = f.changes.findIndex((c, i) => !sameChange(c, now.changes[i]));
    if (moved >= 0) out.push(`${f.display}: the replacement at line ${f.changes[moved].startLine} changed or moved`);
  }
  for (const f of rerun.files) {
    if (!before.has(f.path)) out.push(`${f.display} now has ${count(f.changes.length)}, the preview had none`);
  }
  if (preview.limitReached !== rerun.limitReached) out.push(rerun.limitReached ? 'the files-with-changes limit is now reached' : 'the files-with-changes limit is no longer reached');
  return out;
}

function sameChange(a: AstChange, b: AstChange): boolean {
  return a.op === b.op && a.start === b.start && a.end === b.end && a.before === b.before && a.after === b.after;
}

function count(n: number): string {
  return `${n} replacement${n === 1 ? '' : 's'}`;
}

function firstLine(text: string): string {
  const nl = text.indexOf('\n');
  const line = nl < 0 ? text : text.slice(0, nl);
  return line.length > 60 ? cutAt(line, 59) + '…' : line;
}
