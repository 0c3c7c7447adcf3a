import { formatReadLine } from './hash';
import { normalizeText, readLinesOf } from './text';

/**
 * Anchored read output (`hashline.md` §2) for lines `start..end` (1-based, inclusive,
 * clamped) of a text, plus what was seen, for the snapshot store.
 */
export interface AnchoredRead {
  /** `41th|def alpha():` rows. */
  rows: string[];
  /** First and last line shown (1-based); `end < start` when nothing was shown. */
  start: number;
  end: number;
  /** Lines of the file as read output counts them. */
  lineCount: number;
  /** Shown lines as the applier sees them (LF-normalised), to record as a snapshot. */
  seen: string[];
  /** The range asked for went past `maxLines`. */
  truncated: boolean;
}

export function readAnchored(text: string, start = 1, end?: number, maxLines = Number.POSITIVE_INFINITY): AnchoredRead {
  const lines = readLinesOf(text);
  const first = Math.max(1, start);
  let last = Math.min(lines.length, end ?? lines.length);
  const truncated = last - first + 1 > maxLines;
  if (truncated) last = first + maxLines - 1;
  const rows: string[] = [];
  for (let n = first; n <= last; n++) rows.push(formatReadLine(n, lines[n - 1]));
  // The applier numbers lines after turning lone `\r` into breaks too; record only when both agree.
  let seen: string[];
  if (!text.includes('\r')) seen = lines.slice(first - 1, last);
  else seen = normalizeText(text).lines.length === lines.length ? lines.slice(first - 1, last).map((l) => l.replace(/\r$/, '')) : [];
  return { rows, start: first, end: last, lineCount: lines.length, seen, truncated };
}
