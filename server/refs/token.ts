import type { PromptSegment, UnmappedToken } from '../../protocol/refs';

/**
 * The inline token of RAWP-DPS §16 (`file-refs.md` §2): `<@file:REF_ID|DISPLAY_PATH>`,
 * its escaping, and the parse order. Everything here works on `prompt_text` as sent
 * (typed spans escaped, tokens not), with offsets in UTF-16 code units.
 */

/** Exactly the regular expression of §2.1: only unescaped tokens match. */
export const TOKEN_SOURCE = String.raw`(?<!\\)<@file:([a-zA-Z0-9_-]+)\|([^>]+)>`;

/** A fresh global matcher (a shared global regex would carry `lastIndex` between callers). */
export function tokenRegExp(): RegExp {
  return new RegExp(TOKEN_SOURCE, 'g');
}

const REF_ID = /^[a-zA-Z0-9_-]+$/;

/** Whether a `ref_id` can ever be matched by the token regex. */
export function isValidRefId(id: string): boolean {
  return REF_ID.test(id);
}

/** A token-shaped span of the prompt text (mapped or not). */
export interface TokenMatch {
  refId: string;
  displayPath: string;
  /** Offset of `<`. */
  start: number;
  /** Offset just after `>`. */
  end: number;
  /** Offset of the display path's first character. */
  displayStart: number;
}

/**
 * Step (1) of the decode: every unescaped token, in order. The same matches as
 * `tokenRegExp()` (leftmost, non-overlapping), found in one pass: the regex retries
 * `[^>]+` from every `<@file:` and is quadratic on a prompt of unterminated tokens.
 * An attempt fails only where no `>` follows at all, and then every later one does too.
 */
export function findTokens(text: string): TokenMatch[] {
  const out: TokenMatch[] = [];
  const OPEN = '<@file:';
  let nextClose = -2; // the first `>` at or after the position last asked for; -1 when none
  let from = 0;
  while (from < text.length) {
    const start = text.indexOf(OPEN, from);
    if (start < 0) break;
    from = start + 1;
    if (start > 0 && text.charCodeAt(start - 1) === 92 /* \\ */) continue;
    let i = start + OPEN.length;
    while (i < text.length && isRefIdChar(text.charCodeAt(i))) i++;
    if (i === start + OPEN.length || text.charCodeAt(i) !== 124 /* | */) continue;
    const displayStart = i + 1;
    if (nextClose !== -1 && nextClose < displayStart) nextClose = text.indexOf('>', displayStart);
    if (nextClose < 0) break;
    if (nextClose === displayStart) continue; // `[^>]+` needs one character
    const end = nextClose + 1;
    out.push({ refId: text.slice(start + OPEN.length, i), displayPath: text.slice(displayStart, nextClose), start, end, displayStart });
    from = end;
  }
  return out;
}

/** `[a-zA-Z0-9_-]` */
function isRefIdChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/**
 * §2.2 encoding of a span the user typed: `\` → `\\`, then `<@` → `\<@` (in this order,
 * so the backslash added for `<@` is not doubled).
 */
export function escapeTyped(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('<@', '\\<@');
}

/** §2.2 decode step (3), on text outside tokens: `\\` → `\`, then `\<@` → `<@`. */
export function decodeLiteral(text: string): string {
  return text.replaceAll('\\\\', '\\').replaceAll('\\<@', '<@');
}

/** The token text a popup pick inserts (never escaped, §2.2). */
export function formatToken(refId: string, displayPath: string): string {
  return `<@file:${refId}|${displayPath}>`;
}

/** Whether a path can be shown in a token at all: the display part stops at the first `>`. */
export function canBeDisplayPath(p: string): boolean {
  // Control characters (line breaks included) would make a token no editor shows on one line.
  return p.length > 0 && !p.includes('>') && !/[\u0000-\u001f\u007f]/.test(p);
}

export interface ParsedPrompt {
  segments: PromptSegment[];
  unmapped: UnmappedToken[];
}

/**
 * The parse of §2.2, in its order: (1) find unescaped tokens; (2) check each against the
 * references (`lookup` gives a ref_id's path, undefined when it has no entry); (3) decode
 * the remaining text. An unmapped token is kept, as literal text, in its text segment.
 */
export function parsePromptText(text: string, lookup: (refId: string) => string | undefined): ParsedPrompt {
  const segments: PromptSegment[] = [];
  const unmapped: UnmappedToken[] = [];
  let literalStart = 0;
  const flushLiteral = (end: number) => {
    if (end > literalStart) segments.push({ kind: 'text', text: decodeLiteral(text.slice(literalStart, end)), start: literalStart, end });
  };
  for (const t of findTokens(text)) {
    const path = lookup(t.refId);
    if (path === undefined) {
      unmapped.push({ ref_id: t.refId, display_path: t.displayPath, start: t.start, end: t.end });
      continue;
    }
    flushLiteral(t.start);
    segments.push({ kind: 'file', ref_id: t.refId, display_path: t.displayPath, path, start: t.start, end: t.end });
    literalStart = t.end;
  }
  flushLiteral(text.length);
  return { segments, unmapped };
}

/** A piece of a prompt as a client composes it: a span the user typed, or a popup pick. */
export type ComposedPart = { typed: string } | { refId: string; displayPath: string };

/** Builds `prompt_text` the way §2.2 says a client must: typed spans escaped, tokens as they are. */
export function composePrompt(parts: readonly ComposedPart[]): string {
  return parts.map((p) => ('typed' in p ? escapeTyped(p.typed) : formatToken(p.refId, p.displayPath))).join('');
}

/** Backslashes immediately before `offset`. */
export function backslashesBefore(text: string, offset: number): number {
  let n = 0;
  while (offset - n - 1 >= 0 && text.charCodeAt(offset - n - 1) === 92) n++;
  return n;
}

/** `ref_N` with the smallest N not in `used` (§4). */
export function nextRefId(used: ReadonlySet<string>): string {
  for (let n = 0; ; n++) {
    const id = `ref_${n}`;
    if (!used.has(id)) return id;
  }
}
