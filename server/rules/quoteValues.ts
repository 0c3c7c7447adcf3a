import { parseDocument, visit, type Scalar } from 'yaml';
import { otherEntryChanged } from './frontmatterEntries';
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

/** A key's value (`key: value`) or a block-list element (`- value`), with what comes before it: the value then ends where a ` # comment` starts (`valueOf`). */
const VALUE_LINE = /^(\s*-\s+|[\w-]+:[ \t]+)(\S.*)$/;
/** An anchor that starts a value (`&x @file`; YAML 1.2.2 §6.9.2: `&` then characters other than white space and flow indicators), with the white space after it. */
const ANCHOR = /^&[^\s,[\]{}]+[ \t]+/;
/** Quotes tried one at a time when together they change another key's value: each try parses the block. */
const MAX_TRIED = 8;

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
 * as the text it replaces, the block with the edits must raise no error on a line they touch
 * nor on the lines `about` (those the finding names), and every other key must read as before.
 * A line in a `|` or `>` block scalar is text, never a value, and is left alone; a trailing
 * ` # comment` stays outside the quotes (YAML 1.2.2 §6.6: a comment follows white space), and
 * so does an anchor that starts the value, which an alias elsewhere may name.
 */
export function quoteValueEdits(lines: LineIndex, lineNumbers: readonly number[], about: Lines): TextEdit[] | undefined {
  const end = frontmatterEnd(lines);
  if (end === undefined) return undefined;
  const block: string[] = [];
  for (let line = 1; line < end; line++) block.push(lines.lineText(line));
  const inBlockScalar = blockScalarLines(block);
  const wanted = new Set<number>();
  for (const line of lineNumbers) if (line >= 1 && line < end && !inBlockScalar[line - 1]) wanted.add(line);
  let quotes: Quote[] = [];
  for (const line of wanted) {
    const text = lines.lineText(line);
    const m = text.length <= MAX_LINE_CHARS ? VALUE_LINE.exec(text) : null;
    const rest = m ? valueOf(m[2]) : '';
    const anchor = ANCHOR.exec(rest)?.[0] ?? '';
    const head = m ? m[1] + anchor : '';
    const value = rest.slice(anchor.length);
    if (!m || !value || !rejected(`${lineHead(head)}${value}`)) continue;
    const quoted = quoteYamlScalar(value);
    if (readBack(`${lineHead(head)}${quoted}`) !== value) return undefined;
    quotes.push({ line, start: head.length, value, quoted });
  }
  if (quotes.length === 0) return undefined;
  const before = parse(block.join('\n'));
  if (!before) return undefined;
  const check: Check = { block, about, before };
  let kept = settled(check, quotes);
  // Together they change another key: each is kept where, with those kept before it, none does.
  if (kept === undefined && quotes.length <= MAX_TRIED) {
    kept = [];
    for (const q of quotes) {
      const more = settled(check, [...kept, q]);
      if (more?.length === kept.length + 1) kept = more;
    }
  }
  if (!kept?.length) return undefined;
  return kept.map((q) => ({ range: { start: { line: q.line, character: q.start }, end: { line: q.line, character: q.start + q.value.length } }, newText: q.quoted }));
}

/** File lines `first` to `last`. */
export interface Lines {
  first: number;
  last: number;
}

/** What a fixed block is checked against: the frontmatter's lines (the file's line 1 first), the lines its finding names, and the block parsed as written. */
interface Check {
  block: readonly string[];
  about: Lines;
  before: NonNullable<ReturnType<typeof parse>>;
}

/**
 * The quotes of `quotes` that hold in the block with them applied, checked in the whole block:
 * an edit is kept only where the parser reads a quoted scalar spanning exactly the edit,
 * holding the text it replaces. Dropping one changes the text the others are read in, so the
 * rest are checked once more, and must then all hold. Undefined when they do not.
 */
function settled(check: Check, quotes: readonly Quote[]): Quote[] | undefined {
  let current = quotes;
  for (let round = 0; current.length > 0; round++) {
    const kept = quotesThatHold(check, current);
    if (kept === undefined) return undefined;
    if (kept.length === current.length) return current.slice();
    if (round === 1) return undefined;
    current = kept;
  }
  return [];
}

/** A value to quote: on file line `line` from `start`, `value` as written and `quoted`. */
interface Quote {
  line: number;
  start: number;
  value: string;
  quoted: string;
}

/**
 * The quotes of `quotes` that hold in the block with them all applied, or undefined when the
 * fixed block raises an error on a line they touch or the finding names, or another key
 * reads otherwise than it did.
 */
function quotesThatHold({ block, about, before }: Check, quotes: readonly Quote[]): Quote[] | undefined {
  const fixed = block.slice();
  for (const q of quotes) {
    const text = fixed[q.line - 1];
    fixed[q.line - 1] = text.slice(0, q.start) + q.quoted + text.slice(q.start + q.value.length);
  }
  const doc = parse(fixed.join('\n'));
  // Errors on lines the edits leave alone are another finding's (Cursor's own unquoted `globs: *.ts`).
  // `linePos` is 1-based within the block, whose first line is the file's line 1.
  const touched = new Set(quotes.map((q) => q.line));
  const named = (line: number) => touched.has(line) || (line >= about.first && line <= about.last);
  if (!doc || doc.errors.some((e) => named(e.linePos?.[0].line ?? 0))) return undefined;
  // Where each edit starts in the fixed block: the quoted scalar the parser should find there.
  const lineStart: number[] = [];
  let offset = 0;
  for (const text of fixed) {
    lineStart.push(offset);
    offset += text.length + 1;
  }
  if (otherEntryChanged(before, doc, quotes.map((q) => lineStart[q.line - 1] + q.start))) return undefined;
  const scalars = new Map<number, Scalar>();
  visit(doc, {
    Scalar(_key, node) {
      if (node.range) scalars.set(node.range[0], node);
    },
  });
  return quotes.filter((q) => {
    const at = lineStart[q.line - 1] + q.start;
    const node = scalars.get(at);
    return !!node && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range![1] === at + q.quoted.length && node.value === q.value;
  });
}

/** The value of a plain line's rest: up to a ` # comment` (YAML 1.2.2 §6.6: `#` after white space starts one), trailing blanks off. */
function valueOf(rest: string): string {
  const comment = /[ \t]#/.exec(rest);
  return (comment ? rest.slice(0, comment.index) : rest).trimEnd();
}

/**
 * Whether a line's value is a block scalar's header (`key: |`, `- >-`, `key: |2 # why`;
 * YAML 1.2.2 §8.1.1): an indicator `|` or `>` with at most an indentation and a chomping
 * indicator, after `key:` or `-` and white space, before any comment.
 */
function isBlockHeader(text: string): boolean {
  const rest = valueOf(text);
  const indicator = /[|>][0-9+-]{0,2}$/.exec(rest);
  if (!indicator) return false;
  const before = rest.slice(0, indicator.index);
  if (!/\s$/.test(before)) return false;
  const head = before.trimEnd();
  return head.endsWith(':') || /^\s*-$/.test(head);
}

/**
 * Per line of `block`, whether it is content of a `|` or `>` block scalar (YAML 1.2.2 §8.1):
 * the lines after a header line that are blank or indented deeper than it. One pass.
 */
function blockScalarLines(block: readonly string[]): boolean[] {
  const inside: boolean[] = [];
  let headerIndent = -1;
  for (const text of block) {
    const indent = /^ */.exec(text)![0].length;
    if (headerIndent >= 0 && (text.trim() === '' || indent > headerIndent)) {
      inside.push(true);
      continue;
    }
    headerIndent = isBlockHeader(text) ? indent : -1;
    inside.push(false);
  }
  return inside;
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
