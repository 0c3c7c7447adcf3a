import { LIMITS, overLimit } from '../core/limits';

/**
 * The value of a top-level `key:` line read without a YAML parser, from the lines that follow
 * it: a frontmatter over the size agentls parses as YAML (`MAX_METADATA_CHARS`) is read line
 * by line, and a block list (`globs:` then `  - "src/**"` lines, as Continue's `globs`,
 * Claude Code's `paths` and Kiro's `fileMatchPattern` are written) is the one multi-line form
 * read so, and a block scalar (`description: |` then indented lines) is read as its text,
 * roughly (`blockScalar`). Anything else on the lines below a key (a nested mapping, an item
 * that is not a plain or quoted scalar) is `unreadable`, with why, so that no activation is
 * made up from the key's first line alone.
 */
export type BlockValue = { kind: 'none' } | { kind: 'list'; items: string[] } | { kind: 'text'; text: string } | { kind: 'unreadable'; why: string };

/**
 * A block scalar's header (YAML 1.2.2 §8.1.1 "Block Scalar Headers"): `|` (literal) or `>`
 * (folded), then at most one chomping indicator (`-`, `+`) and one indentation digit, in either
 * order, then nothing but a comment.
 */
const BLOCK_SCALAR_HEADER = /^[|>](?:[-+][1-9]?|[1-9][-+]?)?(?:\s+#.*)?$/;

/**
 * A block scalar's text, read without a parser: its lines (those below the key up to the next
 * unindented one that is not blank), less the first one's indentation, joined by newlines
 * (`|`) or spaces (`>`), trimmed. Not YAML's exact folding or chomping (§8.1.1.2, §8.1.3): it
 * says that there is text and what it roughly is, which is what a description's presence
 * needs. Linear in the lines read.
 */
function blockScalar(metadata: string, lineEnd: number, folded: boolean): string {
  const lines: string[] = [];
  let indent = -1;
  for (const { line, text, lead } of linesBelow(metadata, lineEnd)) {
    if (text === '') {
      lines.push('');
      continue;
    }
    if (lead === 0) break;
    if (indent < 0) indent = lead;
    lines.push(line.slice(Math.min(lead, indent)));
  }
  return lines.join(folded ? ' ' : '\n').trim();
}

/** The lines of `metadata` after the one ending at `lineEnd`, each with its text less the indentation and the indentation's width. */
function* linesBelow(metadata: string, lineEnd: number): Generator<{ line: string; text: string; lead: number }> {
  let start = lineEnd + 1;
  while (start <= metadata.length && lineEnd < metadata.length) {
    let end = metadata.indexOf('\n', start);
    if (end < 0) end = metadata.length;
    const line = metadata.slice(start, end);
    start = end + 1;
    const text = line.trimStart();
    yield { line, text, lead: line.length - text.length };
  }
}

/**
 * What the lines after a key line hold. `lineEnd` is the offset of the key line's end in
 * `metadata`, `inline` the text after its colon. Linear in the lines looked at: the block
 * ends at the first unindented line that is not a list item, and past
 * `LIMITS.frontmatterListItems` items or an item of more than `LIMITS.frontmatterItemChars`
 * characters the value is unreadable without the rest being decoded.
 */
export function blockAfter(metadata: string, lineEnd: number, inline: string): BlockValue {
  if (BLOCK_SCALAR_HEADER.test(inline)) return { kind: 'text', text: blockScalar(metadata, lineEnd, inline.startsWith('>')) };
  const items: string[] = [];
  let itemIndent = -1;
  for (const { text, lead: indent } of linesBelow(metadata, lineEnd)) {
    // Blank and comment lines belong to no value (YAML 1.2.2 §6.6, "Comments").
    if (text === '' || text.startsWith('#')) continue;
    const item = text === '-' || text.startsWith('- ');
    // An unindented line that is no list item starts the next key (or is a line the fallback does not read).
    if (indent === 0 && !item) break;
    if (!isEmptyInline(inline)) return { kind: 'unreadable', why: 'it goes on over the lines below its key' };
    if (!item) return { kind: 'unreadable', why: 'the lines below its key are not a list' };
    if (itemIndent >= 0 && indent !== itemIndent) return { kind: 'unreadable', why: 'its list items are not all indented alike' };
    itemIndent = indent;
    if (items.length >= LIMITS.frontmatterListItems) return { kind: 'unreadable', why: `its list has more items than the ${LIMITS.frontmatterListItems} agentls reads line by line` };
    const raw = text.slice(1).trim();
    if (raw.length > LIMITS.frontmatterItemChars) return { kind: 'unreadable', why: overLimit('a list item has', raw.length, LIMITS.frontmatterItemChars, 'characters') };
    const value = lineScalar(raw);
    if (value === undefined) return { kind: 'unreadable', why: `its list item \`${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}\` is not a plain or quoted string` };
    items.push(value);
  }
  return items.length ? { kind: 'list', items } : { kind: 'none' };
}

/** A key line with nothing after the colon but a comment: its value is on the lines below. */
function isEmptyInline(inline: string): boolean {
  return inline === '' || inline.startsWith('#');
}

/**
 * One scalar written on one line, as YAML 1.2's core schema reads it, when it is a string
 * agentls can decode without a parser: a double-quoted one with JSON's escapes (YAML's own,
 * `\x`, `\e`, `\N`…, are left undecided), a single-quoted one (`''` is a quote), or a plain
 * one that the core schema keeps as text. A trailing ` # comment` is dropped. Undefined for
 * anything else (a number, `true`, an alias, a tag, a flow collection, a nested item).
 * Linear in the text: one pass for the quotes, anchored patterns with no backtracking.
 */
export function lineScalar(text: string): string | undefined {
  const first = text.charAt(0);
  if (first === '"' || first === "'") {
    const close = closingQuote(text, first);
    if (close < 0) return undefined;
    const rest = text.slice(close + 1).trim();
    if (rest !== '' && !rest.startsWith('#')) return undefined;
    const body = text.slice(1, close);
    if (first === "'") return body.replace(/''/g, "'");
    try {
      return JSON.parse(`"${body}"`) as string;
    } catch {
      return undefined;
    }
  }
  const comment = text.search(/\s#/);
  const plain = (comment < 0 ? text : text.slice(0, comment)).trim();
  return plainString(plain) ? plain : undefined;
}

/** Where the quote opening `text` closes, or -1 (a `"` escapes with `\`, a `'` with `''`). */
function closingQuote(text: string, quote: string): number {
  for (let i = 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (quote === '"' && c === '\\') i++;
    else if (c === quote) {
      if (quote === "'" && text.charAt(i + 1) === "'") i++;
      else return i;
    }
  }
  return -1;
}

/**
 * A plain scalar the core schema reads as this very text (YAML 1.2.2 §7.3.3 "Plain Style" for
 * what may start one, §10.3.2 "Tag Resolution" for the null, boolean and number words): not
 * empty, not opening with an indicator (`*` an alias, `&` an anchor, `!` a tag, `[` `{` a
 * flow collection, `|` `>` a block scalar, quotes, `%`, `@`, a backtick, `#`, `,`, or `-`
 * `?` `:` before a space), holding no `: `, and no null, boolean or number.
 */
function plainString(text: string): boolean {
  if (text === '' || /^[*&!\[\]{}|>'"%@`#,]/.test(text) || /^[-?:](\s|$)/.test(text)) return false;
  if (/:(\s|$)/.test(text)) return false;
  if (/^(~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/.test(text)) return false;
  return !/^[-+]?(\.[0-9]|[0-9]|\.(inf|Inf|INF)$|(\.(nan|NaN|NAN))$)/.test(text);
}
