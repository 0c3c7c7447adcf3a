import { formatReadLine, lineHash } from './hash';
import type { LineList } from './text';
import type { ParseIssue } from './types';

/**
 * The executor's answers to anchors written without a hash or without a line number
 * (`hashline.md` §3.2): the parser cannot know the file, so these messages are completed
 * here with the current anchors, as a copy-ready retry.
 */

/** Rows echoed for a hash-less reference: both ends always shown, a long span elided in the middle. */
const MAX_ROWS = 20;

function rowsFor(lines: LineList, start: number, end: number): string[] {
  const count = end - start + 1;
  if (count <= MAX_ROWS) return Array.from({ length: count }, (_, k) => formatReadLine(start + k, lines.at(start + k - 1)!));
  const head = Array.from({ length: MAX_ROWS - 1 }, (_, k) => formatReadLine(start + k, lines.at(start + k - 1)!));
  return [...head, '...', formatReadLine(end, lines.at(end - 1)!)];
}

/** The copy-ready op for bare line numbers, e.g. `≔2kt..4pf`, or undefined when a line does not exist. */
export function suggestedAnchors(issue: ParseIssue, lines: LineList): string | undefined {
  const { start, end } = issue.lines!;
  if (end > lines.length) return undefined;
  const anchor = (n: number) => `${n}${lineHash(lines.at(n - 1)!)}`;
  if (issue.sigil === '«') return anchor(start);
  if (issue.sigil === '»') return anchor(end);
  return start === end ? anchor(start) : `${anchor(start)}..${anchor(end)}`;
}

export function missingHashMessage(issue: ParseIssue, lines: LineList, display: string): string {
  const { end } = issue.lines!;
  if (end > lines.length) return `${issue.message}\nThe edit was NOT applied. Line ${end} does not exist (${display} has ${lines.length} lines).`;
  if (issue.inRange) {
    return `${issue.message}\nThe edit was NOT applied. Read ${display} again and use full anchors (line number and hash) on both ends of the range.`;
  }
  const rows = rowsFor(lines, issue.lines!.start, end);
  return `${issue.message}\nUse ${issue.sigil}${suggestedAnchors(issue, lines)}\nThe edit was NOT applied. Current anchors for ${display}:\n${rows.join('\n')}`;
}

/** The one line carrying the hash, when exactly one does; the count otherwise. */
export function linesWithHash(hash: string, lines: LineList): { count: number; line?: number } {
  let count = 0;
  let line: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (lineHash(lines.at(i)!) === hash) {
      count++;
      line = i + 1;
    }
  }
  return count === 1 ? { count, line } : { count };
}

export function missingLineNumberMessage(issue: ParseIssue, lines: LineList, display: string): string {
  const hash = issue.hash!;
  if (issue.inRange) {
    return `Anchor ${JSON.stringify(issue.raw)} lacks a line number on one end. Read ${display} again and use full anchors (line number and hash). The edit was NOT applied.`;
  }
  const found = linesWithHash(hash, lines);
  if (found.line !== undefined) return `Anchor ${JSON.stringify(issue.raw)} lacks its line number. Did you mean ${issue.sigil}${found.line}${hash}? The edit was NOT applied.`;
  const which = found.count === 0 ? `no line of ${display} has` : `${found.count} lines of ${display} have`;
  return `Anchor ${JSON.stringify(issue.raw)} lacks its line number, and ${which} that hash. Read the file again and use the full anchor (line number and hash). The edit was NOT applied.`;
}
