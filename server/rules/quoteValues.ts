import { parseDocument } from 'yaml';
import { withoutStackTraces } from '../core/limits';
import type { LineIndex, TextEdit } from '../core/text';

/**
 * Quoting the frontmatter values a YAML parser rejects (`description: Use it: always`,
 * `description: @file`, `- *.ts`), so that the block parses and each value holds the text it
 * was written with: the quick fix of a `frontmatter/yaml-error` that says "Quote the value."
 */

/** Frontmatter lines looked at: a real block is a handful of short lines. */
const MAX_LINES = 1000;
/** Longer lines are left as written (parsing them is the cost, and no real value is that long). */
const MAX_LINE_CHARS = 4096;

/** A key's value (`key: value`) or a block-list element (`- value`), with what comes before it. */
const VALUE_LINE = /^(\s*-\s+|[\w-]+:[ \t]+)(\S(?:.*\S)?)\s*$/;

/**
 * `value` as a YAML flow scalar that reads back as exactly `value` (YAML 1.2.2 §7.3.1
 * "Double-Quoted Style", §7.3.2 "Single-Quoted Style"): in double quotes with `\` and `"`
 * escaped, unless it holds either, where single quotes (`'` doubled) keep a Windows path or
 * a quotation readable. JSON's string escapes are YAML's double-quoted ones (§7.3.1: YAML
 * is a superset of JSON), which also covers control characters, which single quotes may not hold.
 */
export function quoteYamlScalar(value: string): string {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value);
  if (!control && /["\\]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
  return JSON.stringify(value);
}

/**
 * Edits that quote the value of each of `lineNumbers` a YAML parser rejects on its own line,
 * or undefined when there is none or the fix would not hold: each quoted value must read back
 * as the text it replaces, and the block with the edits must raise no error on a line they touch.
 */
export function quoteValueEdits(lines: LineIndex, lineNumbers: readonly number[]): TextEdit[] | undefined {
  const end = frontmatterEnd(lines);
  if (end === undefined) return undefined;
  const edits: TextEdit[] = [];
  const fixed: string[] = [];
  for (let line = 1; line < end; line++) fixed.push(lines.lineText(line));
  const touched = new Set<number>();
  for (const line of new Set(lineNumbers)) {
    if (line < 1 || line >= end) continue;
    const text = lines.lineText(line);
    const m = text.length <= MAX_LINE_CHARS ? VALUE_LINE.exec(text) : null;
    if (!m || !rejected(`${lineHead(m[1])}${m[2]}`)) continue;
    const quoted = quoteYamlScalar(m[2]);
    const read = readBack(`${lineHead(m[1])}${quoted}`);
    if (read !== m[2]) return undefined;
    edits.push({ range: { start: { line, character: m[1].length }, end: { line, character: m[1].length + m[2].length } }, newText: quoted });
    fixed[line - 1] = m[1] + quoted + text.slice(m[1].length + m[2].length);
    touched.add(line);
  }
  if (edits.length === 0) return undefined;
  const doc = parse(fixed.join('\n'));
  // Errors on lines the edits leave alone are another finding's (Cursor's own unquoted `globs: *.ts`).
  // `linePos` is 1-based within the block, whose first line is the file's line 1.
  if (!doc || doc.errors.some((e) => touched.has(e.linePos?.[0].line ?? 0))) return undefined;
  return edits;
}

/** The line that closes the frontmatter opened on line 0, or undefined when there is none within `MAX_LINES`. */
function frontmatterEnd(lines: LineIndex): number | undefined {
  if (!lines.lineText(0).replace(/^\uFEFF/, '').startsWith('---')) return undefined;
  const last = Math.min(lines.lineCount, MAX_LINES);
  for (let line = 1; line < last; line++) if (lines.lineText(line).startsWith('---')) return line;
  return undefined;
}

/** A line's head as parsed alone: a list element stays one, a key keeps its name. */
function lineHead(head: string): string {
  return head.trimStart();
}

function parse(text: string): ReturnType<typeof parseDocument> | undefined {
  try {
    return withoutStackTraces(() => parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: false, prettyErrors: true }));
  } catch {
    return undefined;
  }
}

/** Whether a parser rejects a one-line mapping or list: a syntax error, or an alias to no anchor (`*.ts`), which fails only when the value is read. */
function rejected(line: string): boolean {
  const doc = parse(line);
  if (!doc || doc.errors.length) return true;
  try {
    doc.toJS();
    return false;
  } catch {
    return true;
  }
}

/** The one value of a one-line mapping or list, when it parses to a string. */
function readBack(line: string): string | undefined {
  const doc = parse(line);
  if (!doc || doc.errors.length) return undefined;
  // Quoted, nothing in it is an alias: reading it cannot throw.
  const value: unknown = doc.toJS();
  const one = Array.isArray(value) ? value[0] : value && typeof value === 'object' ? Object.values(value)[0] : undefined;
  return typeof one === 'string' ? one : undefined;
}
