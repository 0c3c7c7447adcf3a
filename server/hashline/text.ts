/**
 * The file text as hashline sees it (`hashline.md` §5.1): BOM removed, `\r\n` and lone
 * `\r` turned into `\n`, split on `\n` (a final `\n` leaves a last empty line). The line
 * ending style and the BOM are remembered and restored on write.
 */

/** Lines by index, as arrays and `FileLines` both offer them. */
export interface LineList {
  readonly length: number;
  at(index: number): string | undefined;
}

/**
 * The lines of an LF text without splitting it: one string and the offset where each
 * line starts. Lines are sliced when asked for, so a 10 MB file with a handful of edits
 * never becomes a million small strings.
 */
export class FileLines implements LineList {
  private constructor(
    /** The LF text, without a BOM. */
    readonly text: string,
    private readonly starts: Int32Array,
  ) {}

  static of(text: string): FileLines {
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    const starts = new Int32Array(count);
    let k = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
    return new FileLines(text, starts);
  }

  static fromArray(lines: readonly string[]): FileLines {
    return FileLines.of(lines.join('\n'));
  }

  get length(): number {
    return this.starts.length;
  }

  at(index: number): string | undefined {
    if (index < 0 || index >= this.starts.length) return undefined;
    return this.text.slice(this.starts[index], index + 1 < this.starts.length ? this.starts[index + 1] - 1 : this.text.length);
  }

  /** Lines `[from, to)` joined with `\n`. */
  range(from: number, to: number): string {
    if (from >= to) return '';
    return this.text.slice(this.starts[from], to < this.starts.length ? this.starts[to] - 1 : this.text.length);
  }

  toArray(): string[] {
    return this.text.split('\n');
  }
}

export interface NormalizedText {
  lines: FileLines;
  bom: boolean;
  /** CRLF when the first line break of the file is `\r\n`. */
  eol: '\n' | '\r\n';
}

export function normalizeText(raw: string): NormalizedText {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const text = bom ? raw.slice(1) : raw;
  const firstLf = text.indexOf('\n');
  const eol = firstLf > 0 && text.charCodeAt(firstLf - 1) === 13 ? '\r\n' : '\n';
  const lf = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  return { lines: FileLines.of(lf), bom, eol };
}

/** The text to write for an LF text, with the remembered line ending and BOM. */
export function restoreText(lf: string, bom: boolean, eol: '\n' | '\r\n'): string {
  return (bom ? '\ufeff' : '') + (eol === '\n' ? lf : lf.replace(/\n/g, eol));
}

/**
 * Lines as read output shows them (`hashline.md` §2): BOM removed, split on `\n` only, so
 * a CRLF file keeps its `\r` in the displayed text (it does not change the hash).
 */
export function readLinesOf(raw: string): string[] {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  return text.split('\n');
}

/** Whether two line lists are equal. */
export function sameLines(a: LineList, b: LineList): boolean {
  if (a instanceof FileLines && b instanceof FileLines) return a.text === b.text;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a.at(i) !== b.at(i)) return false;
  return true;
}
