import { LineIndex, type Range } from '../core/text';

/** A region longer than this (a finding on a whole long file) gives no snippet: the location says where it is. */
const MAX_SNIPPET_LINES = 20;
const MAX_SNIPPET_CHARS = 4000;

/** SARIF's `region.snippet` and `contextRegion` (SARIF 2.1.0 §3.30.13, §3.29.5) of one region, 1-based. */
export interface RegionSnippets {
  snippet?: { text: string };
  contextRegion?: { startLine: number; endLine: number; snippet: { text: string } };
}

/**
 * The text a region covers and, as its context, its whole lines with one line above and one
 * below: what the SARIF Multitool asks for (SARIF2010 ProvideCodeSnippets, SARIF2011
 * ProvideContextRegion, microsoft/sarif-sdk src/Sarif.Multitool.Library/Rules/) so that a
 * reader of the log sees the flagged text without the checkout. `range` is 0-based, in UTF-16
 * units of `lines`' text, as the report gives it. A context region must be larger than the
 * region (§3.29.5: "a proper superset"): where nothing is around it (one line, flagged whole), there is none.
 */
export function regionSnippets(lines: LineIndex, range: Range): RegionSnippets {
  if (range.end.line - range.start.line >= MAX_SNIPPET_LINES || range.start.line >= lines.lineCount) return {};
  const start = lines.offsetAt(range.start);
  const end = Math.max(start, lines.offsetAt(range.end));
  if (end - start > MAX_SNIPPET_CHARS) return {};
  const out: RegionSnippets = { snippet: { text: lines.text.slice(start, end) } };
  const first = Math.max(0, range.start.line - 1);
  const last = Math.min(lines.lineCount - 1, range.end.line + 1);
  const contextStart = lines.lineStarts[first];
  const contextEnd = lines.lineEndOffset(last);
  if ((contextStart < start || contextEnd > end) && contextEnd - contextStart <= MAX_SNIPPET_CHARS) {
    out.contextRegion = { startLine: first + 1, endLine: last + 1, snippet: { text: lines.text.slice(contextStart, contextEnd) } };
  }
  return out;
}

/** One `LineIndex` per file text, made when first asked. */
export function lineIndexes(texts: ReadonlyMap<string, string> | undefined): (file: string) => LineIndex | undefined {
  const made = new Map<string, LineIndex>();
  return (file) => {
    const text = texts?.get(file);
    if (text === undefined) return undefined;
    let index = made.get(file);
    if (!index) made.set(file, (index = new LineIndex(text)));
    return index;
  };
}
