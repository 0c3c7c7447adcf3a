/**
 * The file text as hashline sees it (`hashline.md` §5.1): BOM removed, `\r\n` and lone
 * `\r` turned into `\n`, split on `\n` (a final `\n` leaves a last empty line). The line
 * ending style and the BOM are remembered and restored on write.
 */
export interface NormalizedText {
  /** LF-normalised lines; `"a\n"` is `["a", ""]`, `""` is `[""]`. */
  lines: string[];
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
  return { lines: lf.split('\n'), bom, eol };
}

/** The text to write for normalised lines, with the remembered line ending and BOM. */
export function restoreText(lines: readonly string[], bom: boolean, eol: '\n' | '\r\n'): string {
  return (bom ? '\ufeff' : '') + lines.join(eol);
}

/**
 * Lines as read output shows them (`hashline.md` §2): BOM removed, split on `\n` only, so
 * a CRLF file keeps its `\r` in the displayed text (it does not change the hash).
 */
export function readLinesOf(raw: string): string[] {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  return text.split('\n');
}

/** Whether two line arrays are equal. */
export function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
