import { LIMITS, overLimit } from '../core/limits';
import { cutAt } from '../core/shortText';
import type { SourceLine, Span } from './types';

/**
 * Splits a patch into sections (`hashline.md` §3.1): a BOM and leading blank or begin
 * lines are skipped, the first remaining line must be a `§PATH` header, an end or abort
 * marker stops the scan, and sections without a non-blank line are dropped. Both
 * envelope spellings are accepted (`*** Begin Patch` and the seed's `* Begin Patch`).
 */

export const BEGIN_MARKERS = ['*** Begin Patch', '* Begin Patch'];
export const END_MARKERS = ['*** End Patch', '* End Patch'];
export const ABORT_MARKERS = ['*** Abort', '* Abort'];

export function isBeginMarker(line: string): boolean {
  return BEGIN_MARKERS.includes(line.trimEnd());
}

export function isStopMarker(line: string): boolean {
  const t = line.trimEnd();
  return END_MARKERS.includes(t) || ABORT_MARKERS.includes(t);
}

export function isAnyMarker(line: string): boolean {
  return isBeginMarker(line) || isStopMarker(line);
}

/** A `§PATH` section as written. */
export interface InputSection {
  /** The path text: `§` run stripped, trimmed, unquoted, made root-relative when absolute inside it. */
  path: string;
  header: SourceLine;
  /** Where the path is written on the header line. */
  pathSpan: Span;
  /** Body lines, each with one trailing `\r` removed. */
  body: SourceLine[];
}

export interface SplitResult {
  sections: InputSection[];
  /** `input_error`: no header first, or an empty header. Then `sections` is empty. */
  error?: { message: string; docLine: number };
  /** Sections dropped because they had no ops (duplicate or trailing headers). */
  emptySections: InputSection[];
  /** Where an end or abort marker stopped the scan (0-based doc line), if one did, and how many non-blank lines it left unread. */
  stoppedAt?: { docLine: number; abort: boolean; ignored: number };
}

export interface SplitOptions {
  /** The tool's `path` parameter: a header for it is synthesised when no line is a header. */
  fallbackPath?: string;
  /** Makes a header path canonical (absolute inside the root → root-relative). */
  normalizePath?: (path: string) => string;
}

const OP_SIGILS = ['«', '»', '≔'];

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function unquote(text: string): string {
  if (text.length >= 2 && (text[0] === '"' || text[0] === "'") && text[text.length - 1] === text[0]) return text.slice(1, -1);
  return text;
}

type Header = { ok: true; path: string; start: number; end: number } | { ok: false; message: string };

/** A header line, or undefined for any other line. */
function parseHeader(line: string, normalize?: (p: string) => string): Header | undefined {
  const trimmed = line.trimEnd();
  if (!trimmed.startsWith('§')) return undefined;
  let i = 0;
  while (trimmed[i] === '§') i++;
  const rest = trimmed.slice(i);
  const lead = rest.length - rest.trimStart().length;
  const raw = unquote(rest.trim());
  const path = raw === '' ? '' : normalize ? normalize(raw) : raw;
  if (path.length === 0) return { ok: false, message: 'Input header "§" is empty; provide a file path.' };
  return { ok: true, path, start: i + lead, end: trimmed.length };
}

export function splitPatch(input: string, options: SplitOptions = {}): SplitResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const raw = text.split('\n');
  if (raw.length > LIMITS.hashlinePatchLines) {
    return { sections: [], emptySections: [], error: { message: `${overLimit('this patch has', raw.length, LIMITS.hashlinePatchLines, 'lines')}; split it into smaller patches`, docLine: LIMITS.hashlinePatchLines } };
  }
  const lines: SourceLine[] = raw.map((t, docLine) => ({ text: stripCr(t), docLine }));
  const result: SplitResult = { sections: [], emptySections: [] };

  // Every op is parsed, checked against its file and linted: past the limit, none is.
  let ops = 0;
  let overAt: number | undefined;
  for (const l of lines) {
    if (!OP_SIGILS.includes(l.text[0])) continue;
    if (++ops === LIMITS.hashlineOps + 1) overAt = l.docLine;
  }
  if (overAt !== undefined) {
    return { ...result, error: { message: `${overLimit('this patch has', ops, LIMITS.hashlineOps, 'ops')}; split it into smaller patches`, docLine: overAt } };
  }

  let hasHeader = false;
  for (const l of lines) {
    const h = parseHeader(l.text, options.normalizePath);
    if (h && !h.ok) return { ...result, error: { message: h.message, docLine: l.docLine } };
    if (h) {
      hasHeader = true;
      break;
    }
  }
  if (!hasHeader && options.fallbackPath && lines.some((l) => OP_SIGILS.includes(l.text[0]))) {
    const path = options.normalizePath ? options.normalizePath(options.fallbackPath) : options.fallbackPath;
    if (path.length > 0) lines.unshift({ text: `§${path}`, docLine: -1 });
  }

  let start = 0;
  while (start < lines.length && (lines[start].text.trim() === '' || isBeginMarker(lines[start].text))) start++;
  const first = lines[start] ?? { text: '', docLine: Math.max(0, raw.length - 1) };
  if (!parseHeader(first.text, options.normalizePath)) {
    return {
      ...result,
      error: {
        message: `input must begin with "§PATH" on the first non-blank line; got: ${JSON.stringify(cutAt(first.text, 120))}. Example: "§src/foo.ts" then edit ops.`,
        docLine: first.docLine,
      },
    };
  }

  let current: InputSection | undefined;
  const flush = () => {
    if (!current) return;
    if (current.body.some((l) => l.text.trim() !== '')) result.sections.push(current);
    else result.emptySections.push(current);
    current = undefined;
  };
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (isStopMarker(line.text)) {
      const ignored = lines.slice(i + 1).filter((l) => l.text.trim() !== '').length;
      result.stoppedAt = { docLine: line.docLine, abort: ABORT_MARKERS.includes(line.text.trimEnd()), ignored };
      break;
    }
    if (isBeginMarker(line.text)) continue;
    const header = parseHeader(line.text, options.normalizePath);
    if (header && !header.ok) return { sections: [], emptySections: [], error: { message: header.message, docLine: line.docLine } };
    if (header) {
      flush();
      current = { path: header.path, header: line, pathSpan: { docLine: line.docLine, start: header.start, end: header.end }, body: [] };
    } else {
      current!.body.push(line);
    }
  }
  flush();
  return result;
}

/** Sections naming the same file, merged in order of first appearance (`hashline.md` §3.1 step 6). */
export interface MergedSection {
  /** The canonical key the sections were merged on (an absolute path, or the path text). */
  key: string;
  path: string;
  sections: InputSection[];
  /** The bodies joined, with the one trailing empty element that a final `\n` leaves dropped. */
  lines: SourceLine[];
}

export function mergeSections(sections: readonly InputSection[], keyOf: (path: string) => string = (p) => p): MergedSection[] {
  const byKey = new Map<string, MergedSection>();
  for (const s of sections) {
    const key = keyOf(s.path);
    const merged = byKey.get(key);
    if (merged) {
      merged.sections.push(s);
      for (const l of s.body) merged.lines.push(l);
    } else {
      byKey.set(key, { key, path: s.path, sections: [s], lines: [...s.body] });
    }
  }
  for (const m of byKey.values()) {
    // Joined with `\n` and split again upstream: a body ending in `\n` loses one empty element.
    if (m.lines.length >= 2 && m.lines[m.lines.length - 1].text === '') m.lines.pop();
  }
  return [...byKey.values()];
}
