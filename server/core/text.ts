/**
 * Positions in editor terms. Engines speak in UTF-16 offsets and {line, character}
 * pairs, which is what JavaScript strings index by and what LSP uses by default, so
 * no conversion is ever needed between an engine and the protocol.
 */

export interface Position {
  /** 0-based line. */
  line: number;
  /** 0-based UTF-16 code-unit offset within the line. */
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/**
 * Maps offsets to positions and back for one text. Line breaks are `\n`, `\r\n` and a
 * lone `\r`, as in LSP.
 */
export class LineIndex {
  /** Offset of the first character of each line. */
  readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.lineStarts[lo] };
  }

  /** Offset of a position; characters past the end of a line clamp to the line end. */
  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    const end = this.lineEndOffset(position.line);
    return Math.max(start, Math.min(start + position.character, end));
  }

  /** Offset just before the line break of `line` (or the end of the text). */
  lineEndOffset(line: number): number {
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    let end = next;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStarts[line], this.lineEndOffset(line));
  }

  range(startOffset: number, endOffset: number): Range {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset) };
  }

  /** The whole of one line, without its line break. */
  lineRange(line: number): Range {
    return {
      start: { line, character: 0 },
      end: { line, character: this.lineEndOffset(line) - this.lineStarts[line] },
    };
  }
}

export function rangeContains(range: Range, position: Position): boolean {
  return comparePositions(range.start, position) <= 0 && comparePositions(position, range.end) <= 0;
}

export function rangesIntersect(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.end) <= 0 && comparePositions(b.start, a.end) <= 0;
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

export const ZERO_RANGE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export interface TextEdit {
  range: Range;
  newText: string;
}

/**
 * Applies edits (positions against the original text, as LSP defines them) and returns
 * the new text. Overlapping edits are a caller bug: they throw.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return text;
  const index = new LineIndex(text);
  const spans = edits
    .map((e, i) => ({ start: index.offsetAt(e.range.start), end: index.offsetAt(e.range.end), text: e.newText, i }))
    .sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  let out = '';
  let cursor = 0;
  for (const s of spans) {
    if (s.start < cursor) throw new Error('overlapping text edits');
    out += text.slice(cursor, s.start) + s.text;
    cursor = Math.max(cursor, s.end);
  }
  return out + text.slice(cursor);
}

/**
 * Characters as a person counts them in a file: code points (an astral symbol, two UTF-16
 * units, counts once), leaving out a leading BOM and the CR of each CRLF, which an editor
 * shows as no character. `offset`: where the first `upTo` of them end (all: the text's length).
 */
export function personCharacters(text: string, upTo = Infinity): { count: number; offset: number } {
  let count = 0;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length && count < upTo; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) i++;
    count++;
  }
  return { count, offset: i };
}

/**
 * A file's text as an editor holds it: without a leading UTF-8 BOM, which editors keep
 * aside and write back on save (VS Code, Neovim's 'bomb', Emacs's coding system). Edits the
 * server sends for a file that is not open address this text, not the bytes on disk.
 */
export function editorView(diskText: string): { text: string; bom: boolean } {
  return diskText.charCodeAt(0) === 0xfeff ? { text: diskText.slice(1), bom: true } : { text: diskText, bom: false };
}

/** A range of a file's text on disk as a range of its `editorView`: the BOM an editor does not load moves line 1 one character left. */
export function editorRangeOf(range: Range, bom: boolean): Range {
  return bom ? shiftLineOne(range, -1) : range;
}

/** A range of a file's `editorView` as a range of its text on disk (`editorRangeOf` undone): line 1 moves one character right, past the BOM. */
export function diskRangeOf(range: Range, bom: boolean): Range {
  return bom ? shiftLineOne(range, 1) : range;
}

function shiftLineOne(range: Range, by: number): Range {
  const shift = (p: Position): Position => (p.line === 0 ? { line: 0, character: Math.max(0, p.character + by) } : p);
  return { start: shift(range.start), end: shift(range.end) };
}

/** Edits of the editor's view of a file (`editorView`) applied to its text on disk, the BOM kept. */
export function applyEditorEdits(diskText: string, edits: readonly TextEdit[]): string {
  const view = editorView(diskText);
  return (view.bom ? '\ufeff' : '') + applyTextEdits(view.text, edits);
}

/** The line break a file is written with, as editors decide it: that of its first line. */
export function lineBreakOf(source: string): '\n' | '\r\n' {
  const first = source.indexOf('\n');
  return first > 0 && source.charCodeAt(first - 1) === 13 ? '\r\n' : '\n';
}

/** A replacement written with the file's line breaks: a template's `\n` in a CRLF file would leave it mixed. */
export function withLineBreak(text: string, eol: '\n' | '\r\n'): string {
  if (!text.includes('\n')) return text;
  return eol === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
}
