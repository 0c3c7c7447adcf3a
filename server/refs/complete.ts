import { usedIds } from './fixes';
import { entryLookup, type PromptModel, type SourceEdit } from './model';
import { backslashesBefore, formatToken, nextRefId } from './token';
import { referencePathKey } from './resolve';

/** The reference the user is typing at the cursor (source offsets). */
export interface TypedReference {
  /** Where the token being typed starts (`@` or `<`). */
  start: number;
  cursor: number;
  /** Where the whole token being typed ends (for a replace). */
  end: number;
  /** What to search for. */
  query: string;
}

// An `@` after one of these is in an e-mail address (`me@example.com`, `j.doe@…`): the
// characters of an address's local part. After anything else (a space, punctuation, CJK
// punctuation, an emoji, Markdown emphasis) or at a line start it begins a reference.
const ADDRESS_CHAR = /[A-Za-z0-9]/;
const ADDRESS_JOINER = /[._%+-]/;
const CLOSERS = /[\s<)\]}"'`,;]/;

/**
 * Decides whether the cursor is in a reference being typed: an `@` at a word start
 * (`see @aut|`), or a `<@file:` prefix typed by hand (`<@fi|`, `<@file:ref_0|src/a|`).
 * Only inside the prompt text; never after an escaping backslash.
 */
export function referenceBeingTyped(model: PromptModel, offset: number): TypedReference | undefined {
  const prompt = model.prompt;
  if (!prompt) return undefined;
  const c = prompt.fromSource(offset);
  if (c === undefined) return undefined;
  const v = prompt.value;
  const lineStart = Math.max(v.lastIndexOf('\n', c - 1), v.lastIndexOf('\r', c - 1)) + 1;
  const before = v.slice(lineStart, c);

  let start: number | undefined;
  let query = '';
  let manual = false;
  const lt = before.lastIndexOf('<@');
  if (lt >= 0) {
    const rest = before.slice(lt + 2);
    if (!/[\s>]/.test(rest) && ('file:'.startsWith(rest) || rest.startsWith('file:')) && backslashesBefore(v, lineStart + lt) === 0) {
      start = lineStart + lt;
      manual = true;
      query = rest.startsWith('file:') ? rest.slice(5).slice(rest.slice(5).lastIndexOf('|') + 1) : '';
    }
  }
  if (start === undefined) {
    const at = before.lastIndexOf('@');
    if (at < 0) return undefined;
    const typed = before.slice(at + 1);
    if (/[\s<>@]/.test(typed) || !atWordStart(before, at)) return undefined;
    start = lineStart + at;
    query = typed;
  }
  // The rest of the token being typed, up to a space or closing punctuation (`(@src/a|)` keeps its `)`).
  let end = c;
  while (end < v.length && !CLOSERS.test(v[end])) {
    if (v[end] === '>') {
      if (manual) end++;
      break;
    }
    end++;
  }
  return { start: prompt.toSource(start), cursor: offset, end: prompt.toSource(end), query };
}

/** What accepting a file from the popup does to the document. */
export interface ReferencePick {
  refId: string;
  /** The path already had an entry, whose ref_id is reused. */
  reused: boolean;
  /** The token as written into the source (JSON-escaped inside a RAWP message). */
  tokenText: string;
  /** The new `file_references` entry; undefined when reused, or when the list cannot be edited. */
  entryEdit?: SourceEdit;
}

/** The ref_id a new entry gets in this document (`ref_N`, smallest unused N, forged tokens counted as used). */
export function freshRefId(model: PromptModel): string {
  return nextRefId(usedIds(model));
}

/** Plans the insertion of a token for `path` (workspace-relative). */
export function planPick(model: PromptModel, path: string, freshId: string): ReferencePick {
  const key = referencePathKey(path);
  const existing = [...entryLookup(model).values()].find((e) => e.path !== undefined && referencePathKey(e.path) === key);
  const refId = existing?.refId ?? freshId;
  const tokenText = model.prompt!.encode(formatToken(refId, path));
  if (existing) return { refId, reused: true, tokenText };
  return { refId, reused: false, tokenText, entryEdit: model.editor?.add(refId, path) };
}

/**
 * A completion's main edit and its additional edit, made safe for clients that apply the
 * main edit first and then the additional one at its unchanged position (Helix, Eglot,
 * Neovim's own completion): an additional edit after the main one on the same line would
 * be shifted by it, so the two become one edit (still one line, still around the cursor).
 * One before the main edit is not shifted and stays apart: folded, a new frontmatter block
 * made the main edit span lines, and Neovim's own completion inserts only the first line of
 * a plain-text edit (it replaced "Explain @aut" with "---"), while nvim-cmp types it, with
 * the buffer's indenting. Neovim's own completion also leaves the text after the cursor, so
 * for it the LSP adapter does not fold at all (`lsp/prompt/completion.ts`).
 */
export function combineEdits(source: string, main: SourceEdit, extra: SourceEdit | undefined): { main: SourceEdit; extra?: SourceEdit } {
  if (!extra || extra.end <= main.start) return { main, extra };
  const lo = Math.min(main.start, extra.start);
  const hi = Math.max(main.end, extra.end);
  if (/[\r\n]/.test(source.slice(lo, hi))) return { main, extra };
  const ordered = [extra, main].sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  let text = '';
  let pos = lo;
  for (const e of ordered) {
    text += source.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return { main: { start: lo, end: hi, text: text + source.slice(pos, hi) } };
}

/** Whether the `@` at `at` starts a word: not in an e-mail address, after an escaping backslash or in a `<@`. */
function atWordStart(line: string, at: number): boolean {
  const prev = line[at - 1];
  if (prev === undefined) return true;
  // `<@` is a token's start, judged as one (an escaped `\<@`, a `<@user` that is no token) before this.
  if (prev === '\\' || prev === '<' || ADDRESS_CHAR.test(prev)) return false;
  // `j.doe@`, `first-last@`: a joiner inside an address; `_@` and `-@` after a space are emphasis and list marks.
  return !(ADDRESS_JOINER.test(prev) && at >= 2 && ADDRESS_CHAR.test(line[at - 2]));
}
