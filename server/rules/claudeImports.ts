import * as path from 'node:path';
import type { Finding } from '../core/findings';
import type { Range } from '../core/text';
import type { FileSystem } from '../workspace/fs';
import { toPosix } from '../workspace/paths';
import { finding } from './codes';
import { inRanges, markdownCodeRanges } from './markdownCode';

/**
 * Claude Code's memory imports: `@path` in a CLAUDE.md pulls that file into the memory.
 * Source: Claude Code's documentation, "Manage Claude's memory", section "CLAUDE.md
 * imports" (https://code.claude.com/docs/en/memory): relative and absolute paths and
 * `~/` are allowed; a relative path resolves against the file that holds the import;
 * imports are not evaluated inside Markdown code spans and code blocks; imported files
 * may import in turn, at most 5 hops deep. The docs' own examples put imports mid-sentence
 * ("See @README for project overview"), so an import is any `@` at the start of a word.
 * What Claude Code does with an import of a missing file is not documented: it shows no
 * error, and the text it names never reaches the model.
 *
 * How Claude Code reads a token is not documented beyond that. What follows is its loader
 * as shipped: the function that extracts includes from a memory file's tokens in Claude
 * Code's bundled cli.js (the same from 2.1.12, as reproduced in the claude-agent crate's
 * import_extractor.rs on docs.rs, to 2.1.280, as transcribed from the binary in public
 * repositories), and anthropics/claude-code#86060 (a trailing `:` or `,` loses the import).
 * It lexes the file with `marked` (gfm off) and scans only text tokens, descending into
 * emphasis, links, headings and list items but never into code, code spans or HTML other
 * than comments (an HTML block hides every import in it); in each text it matches
 * `(?:^|\s)@((?:[^\s\\]|\\ )+)`, cuts the token at `#` (a heading anchor), reads `\ ` as a
 * space, and takes it as a path only when it starts with `./`, `~/`, `/`, or a letter,
 * digit, `.`, `_` or `-`.
 */
export interface ClaudeImport {
  /** The path as written after `@` (sentence punctuation after it excluded). */
  path: string;
  /** Offsets of `@path`. */
  start: number;
  end: number;
  /**
   * Punctuation right after the path that Claude Code reads as part of it (`.` in `See
   * @README.md.`), when there is any: it then looks for `README.md.`. Emphasis markers
   * (`**@AGENTS.md**`) close the text Claude Code scans, so they and what follows are not kept.
   */
  kept?: string;
}

/**
 * Claude Code's documented depth limit for imports of imports: a file 5 imports away loads.
 * Its loader as transcribed (`processMemoryFile` in claudemd.ts: it returns before reading when
 * `depth >= MAX_INCLUDE_DEPTH`, which is 5, the memory file being depth 0; the claude-agent
 * crate's memory_loader.rs checks the same way) stops a hop sooner, at 4. agentls keeps the
 * docs' count, so that it never warns of a file the docs say loads.
 */
const CLAUDE_IMPORT_MAX_HOPS = 5;
export const MAX_IMPORTS_PER_FILE = 200;
/** Files read while following imports from one memory file (each read is bounded too). */
const MAX_FILES_FOLLOWED = 50;
export const MAX_IMPORTED_FILE_BYTES = 1024 * 1024;
/** Bytes read while following imports from one memory file, all files together: 50 files of a megabyte each would be 50 MB on a keystroke. */
const MAX_BYTES_FOLLOWED = 4 * 1024 * 1024;

/** What following the imports of one file may still read (`claudeImportFindings`, `lint/geminiImports.ts`); shared by all its imports, each file read charged once. */
export interface FollowBudget {
  files: number;
  bytes: number;
}

/** A fresh budget for the imports of one file. */
export function followBudget(): FollowBudget {
  return { files: MAX_FILES_FOLLOWED, bytes: MAX_BYTES_FOLLOWED };
}

/** Which part of the budget ran out: the count of files read, or their bytes. */
export type SpentBudget = 'files' | 'bytes';

/**
 * The note on a file whose import walk the budget cut short (`spent`), on the import `range` of the
 * first chain it cut: without it, a walk that stopped reads as one that found nothing. `others`: how
 * many more of the file's imports lead to files left unread; `alsoUnchecked`: what else the cut left unchecked, said last.
 */
export function importsNotCheckedFinding(agent: 'claude' | 'gemini', range: Range, spent: SpentBudget, others: number, alsoUnchecked = ''): Finding {
  const name = agent === 'claude' ? 'Claude Code' : 'Gemini CLI';
  const cap = spent === 'files' ? `${MAX_FILES_FOLLOWED} imported files` : `${MAX_BYTES_FOLLOWED / (1024 * 1024)} MiB of imported files`;
  const also = others === 0 ? '' : ` and below ${others} more of this file's imports`;
  return finding(
    `${agent}/import-not-checked`,
    'information',
    range,
    `agentls stopped following ${name}'s imports of this file after ${cap}: the imports in the files below this import${also} were not checked, so a missing file or a chain too deep there goes unreported${alsoUnchecked}.`,
  );
}

/**
 * How an agent follows imports of imports: how deep (a file at hop `maxHops` loads, its own
 * imports do not), and which file a token names in a file at `from` (undefined: the agent does
 * not follow it, or agentls does not look there). Claude Code's is `claudeDialect`; Gemini
 * CLI's is `geminiDialect` (`lint/geminiImports.ts`). Each is built there only: the views follow
 * them as they are, the lints follow their file-shaped part (`fileShapedImports`).
 */
export interface ImportDialect {
  maxHops: number;
  resolve(from: string, token: string): string | undefined;
}

/** Claude Code's: 5 hops (its memory docs, above); any token it takes for a path, `~/` from the home folder. */
export function claudeDialect(home: string): ImportDialect {
  return { maxHops: CLAUDE_IMPORT_MAX_HOPS, resolve: (from, token) => resolveClaudeImport(from, token, home) };
}

/**
 * The part of `dialect` a lint judges: file-shaped tokens only (`looksLikeFile`), so that a
 * mention (`@alice`) never warns. The views count every file an import names, whatever its shape.
 */
export function fileShapedImports(dialect: ImportDialect): ImportDialect {
  return { maxHops: dialect.maxHops, resolve: (from, token) => (looksLikeFile(token) ? dialect.resolve(from, token) : undefined) };
}
/**
 * Characters of a memory file looked at for imports. Claude Code's docs ask for short
 * memory files (a few hundred lines); the cap keeps a pasted megabyte from costing every keystroke.
 */
export const MAX_SCANNED_CHARS = 1024 * 1024;
/** Characters of a path being typed that completion looks at around the cursor. */
const MAX_PATH_CHARS = 4096;

/** The part of a memory file looked at for imports (`MAX_SCANNED_CHARS`); Gemini CLI's finder (`geminiImportTokens.ts`) looks at the same. */
export function scannedPart(text: string): string {
  return text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
}

// `@` at the start of the text, after whitespace, or just inside emphasis that starts there
// (`**@AGENTS.md**`: Claude Code scans the text inside the emphasis), then everything up to
// whitespace or a backslash, where `\ ` is an escaped space. Each character is taken by one
// branch only: linear in the text.
const IMPORT = /(?<=^|\s|(?:^|\s)[*_]{1,3})@((?:[^\s\\]|\\ )+)/g;
const TRAILING_PUNCTUATION = new Set('.,;:!?)]\'"*_');
/** How a token Claude Code takes for a path starts (its loader's own test). */
const PATH_START = /^(?:\.\/|~\/|\/.|[A-Za-z0-9._-])/;

/**
 * Every `@token` of `text` that Claude Code would take for an import, outside code spans,
 * fenced blocks, HTML comments and HTML blocks, cut at `#`, with trailing sentence punctuation dropped
 * (Claude Code keeps it, so `@a.md.` names no file there; the path shown is the one the
 * author meant).
 */
export function findClaudeImports(whole: string, max = MAX_IMPORTS_PER_FILE): ClaudeImport[] {
  const out: ClaudeImport[] = [];
  const text = scannedPart(whole);
  if (!text.includes('@')) return out;
  const code = markdownCodeRanges(text);
  const comments = htmlCommentRanges(text);
  const html = htmlBlockRanges(text, code);
  IMPORT.lastIndex = 0;
  for (let m = IMPORT.exec(text); m && out.length < max; m = IMPORT.exec(text)) {
    if (inRanges(code, m.index) || inRanges(comments, m.index) || inRanges(html, m.index)) continue;
    const hash = m[1].indexOf('#');
    const whole = hash < 0 ? m[1] : m[1].slice(0, hash);
    const written = withoutTrailingPunctuation(whole);
    const token = written.replace(/\\ /g, ' ');
    if (!PATH_START.test(token)) continue;
    const kept = /^[^*_]*/.exec(whole.slice(written.length))![0];
    out.push({ path: token, start: m.index, end: m.index + 1 + written.length, ...(kept ? { kept } : {}) });
  }
  return out;
}

/** `token` without the sentence punctuation after it (`TRAILING_PUNCTUATION`): the path the author meant. */
export function withoutTrailingPunctuation(token: string): string {
  let end = token.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(token[end - 1])) end--;
  return token.slice(0, end);
}

/**
 * Extensions of the text files people import into a memory file. A token ending in anything
 * else is more likely code than a path: `@pytest.fixture` and `@app.route` are Python
 * decorators written in prose.
 */
const TEXT_EXTENSIONS = new Set(
  (
    'md mdc mdx markdown txt rst adoc org json jsonc json5 yaml yml toml ini cfg conf env xml html htm css scss less ' +
    'js mjs cjs jsx ts mts cts tsx vue svelte py pyi rb go rs java kt kts swift c h cc cpp hpp cs fs php pl lua dart scala ' +
    'ex exs erl hs ml r jl sh bash zsh fish ps1 bat sql graphql gql proto prisma tf hcl gradle csv tsv svg ipynb lock'
  ).split(' '),
);

/**
 * HTML comments (`<!-- … -->`, an unclosed one to the end). Whether Claude Code follows an
 * import inside one is not documented; skipping them reports no import the author hid.
 */
function htmlCommentRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let at = text.indexOf('<!--'); at >= 0; at = text.indexOf('<!--', at)) {
    const close = text.indexOf('-->', at + 4);
    const end = close < 0 ? text.length : close + 3;
    out.push([at, end]);
    at = end;
  }
  return out;
}

// CommonMark's HTML blocks as `marked` (which Claude Code lexes with) starts them: raw-text
// tags to their closing tag, `<?`, `<!X` and CDATA to their terminator, block-level tags to
// the next blank line, and any other tag alone on its line (XML-style `<rules>`) likewise,
// except in the middle of a paragraph. Comments are left to `htmlCommentRanges`.
const RAW_HTML_OPEN = /^\s*<(script|pre|style|textarea)(?:[\s>]|$)/i;
const HTML_DIRECTIVE_OPEN: [RegExp, string][] = [
  [/^\s*<\?/, '?>'],
  [/^\s*<![A-Za-z]/, '>'],
  [/^\s*<!\[CDATA\[/, ']]>'],
];
const BLOCK_TAG_OPEN = /^\s*<\/?([A-Za-z][A-Za-z0-9]*)(?:\s|\/?>|$)/;
const BLOCK_TAGS = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem meta nav noframes ol optgroup option p param search section summary table tbody td tfoot th ' +
    'thead title tr track ul'
  ).split(' '),
);
const LONE_TAG = /^\s*(?:<([A-Za-z][\w-]*)(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>|<\/([A-Za-z][\w-]*)\s*>)\s*$/;
const MAX_TAG_LINE = 1000;

/**
 * Where `text` has HTML blocks, which Claude Code never scans for imports (it skips every
 * HTML token but a comment). One pass over the lines; each block's end is found once.
 */
function htmlBlockRanges(text: string, code: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  if (!text.includes('<')) return out;
  let inParagraph = false;
  for (let offset = 0; offset < text.length; ) {
    const nl = text.indexOf('\n', offset);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(offset, lineEnd);
    const end = inRanges(code, offset) ? undefined : htmlBlockEnd(text, offset, line, inParagraph);
    if (end !== undefined) {
      out.push([offset, end]);
      inParagraph = false;
      offset = end + 1;
      continue;
    }
    // A heading or a code fence ends a paragraph; any other non-blank line continues one.
    inParagraph = line.trim() !== '' && !/^\s{0,3}(#{1,6}(\s|$)|```|~~~)/.test(line) && !inRanges(code, offset);
    offset = lineEnd + 1;
  }
  return out;
}

/** The end offset of the HTML block that starts with `line` at `start`, if one does. */
function htmlBlockEnd(text: string, start: number, line: string, inParagraph: boolean): number | undefined {
  if (!line.trimStart().startsWith('<') || line.trimStart().startsWith('<!--')) return undefined;
  // Indented four spaces or more, such a line continues a paragraph rather than start a block.
  if (inParagraph && /^(?: {4}|\t)/.test(line)) return undefined;
  const lineEndAfter = (at: number) => {
    const nl = text.indexOf('\n', at);
    return nl < 0 ? text.length : nl;
  };
  const raw = RAW_HTML_OPEN.exec(line);
  if (raw) {
    const closing = new RegExp(`</${raw[1]}>`, 'ig');
    closing.lastIndex = start;
    const close = closing.exec(text);
    return close ? lineEndAfter(close.index) : text.length;
  }
  for (const [open, terminator] of HTML_DIRECTIVE_OPEN) {
    if (!open.test(line)) continue;
    const close = text.indexOf(terminator, start);
    return close < 0 ? text.length : lineEndAfter(close);
  }
  const tag = BLOCK_TAG_OPEN.exec(line);
  const block = tag !== null && BLOCK_TAGS.has(tag[1].toLowerCase());
  const lone = !block && !inParagraph && line.length <= MAX_TAG_LINE && LONE_TAG.test(line) && !/^\s*<\/?(script|pre|style|textarea)\b/i.test(line);
  if (!block && !lone) return undefined;
  const blank = /\n[ \t]*(?=\n|$)/g;
  blank.lastIndex = start;
  const found = blank.exec(text);
  return found ? found.index : text.length;
}

/**
 * Whether a token is meant as a file, not a mention: `@alice`, `@types/node` or `@README`
 * may be a person, a package or a file, so a missing one is not reported. A token that
 * starts like a path (`./`, `../`, `~/`, `/`) or ends in a text file's extension is a file.
 */
export function looksLikeFile(token: string): boolean {
  if (token.includes('://') || token.startsWith('@')) return false;
  if (/^(\.{1,2}|~)?\//.test(token)) return true;
  const ext = /\.([A-Za-z0-9]+)$/.exec(path.posix.basename(token));
  return ext !== null && TEXT_EXTENSIONS.has(ext[1].toLowerCase());
}

/** The file a Claude Code memory file at `from` imports with `token` (home for `~/`). */
export function resolveClaudeImport(from: string, token: string, home: string): string {
  if (token.startsWith('~/')) return path.join(home, token.slice(2));
  if (path.isAbsolute(token)) return path.normalize(token);
  return path.resolve(path.dirname(from), token);
}

/** Whether Claude Code reads `rel` (relative to its root) as memory: CLAUDE.md and CLAUDE.local.md, in any folder. */
export function isClaudeMemoryFile(p: string): boolean {
  const name = path.basename(p);
  return name === 'CLAUDE.md' || name === 'CLAUDE.local.md';
}

/** Whether `p` is a file, is not there, or lies where `fs` may not look (outside the workspace: never asked of the disk). */
export async function fileState(fs: FileSystem, p: string): Promise<'present' | 'missing' | 'unchecked'> {
  const st = await fs.stat(p);
  if (st) return st.kind === 'file' ? 'present' : 'unchecked';
  // Tell "not there" from "not ours to look at": a read outside the workspace is refused before the disk is touched.
  const read = await fs.readText(p, { maxBytes: 1 });
  if (read.ok) return 'present';
  return read.reason === 'not-found' ? 'missing' : 'unchecked';
}

/**
 * What an import of `target` down a chain comes to, in either agent's walk: a file to follow,
 * a file that is not there (with the punctuation the agent reads after the path, `kept`, the
 * name it looks for: `a.md.`), or `unchecked` where agentls may not look.
 */
export async function importedFile(fs: FileSystem, target: string, kept: string | undefined): Promise<'present' | 'unchecked' | { missing: string }> {
  const state = await fileState(fs, target);
  if (state !== 'present') return state === 'missing' ? { missing: target } : state;
  if (kept && (await fileState(fs, target + kept)) === 'missing') return { missing: target + kept };
  return 'present';
}

/**
 * Reads `p`, an imported file, for its own imports, within `budget` (one file and its size).
 * `spent`: which part of the budget was used up, so that the file was not read (nothing is known below it).
 */
export async function readFollowed(fs: FileSystem, p: string, budget: FollowBudget): Promise<{ ok: true; text: string } | { ok: false; spent?: SpentBudget; tooLarge?: true }> {
  if (budget.files-- <= 0) return { ok: false, spent: 'files' };
  if (budget.bytes <= 0) return { ok: false, spent: 'bytes' };
  const maxBytes = Math.min(MAX_IMPORTED_FILE_BYTES, budget.bytes);
  const read = await fs.readText(p, { maxBytes });
  if (!read.ok) {
    if (read.reason !== 'too-large') return { ok: false };
    // Over what is left of the budget, or over the cap for one file (`tooLarge`: its imports go unchecked, which is said).
    return maxBytes < MAX_IMPORTED_FILE_BYTES ? { ok: false, spent: 'bytes' } : { ok: false, tooLarge: true };
  }
  // Bytes as read from disk (`size`), not the UTF-16 units of the text: a file of three-byte characters is a third as many units.
  budget.bytes -= read.size;
  return { ok: true, text: read.text };
}

/**
 * The import being typed at `offset`: an `@` at a word start, outside code, up to the
 * cursor (the query) and on to the end of the word (what an accepted item replaces).
 */
export function claudeImportBeingTyped(whole: string, offset: number): { start: number; end: number; query: string } | undefined {
  const text = scannedPart(whole);
  if (offset > text.length) return undefined;
  const lineStart = Math.max(text.lastIndexOf('\n', offset - 1) + 1, offset - MAX_PATH_CHARS);
  let word = offset;
  while (word > lineStart && !/\s/.test(text[word - 1])) word--;
  // `**@AGENTS.md**` is an import too (see IMPORT): the `@` may follow an opening emphasis.
  let start = word;
  while (start < word + 3 && (text[start] === '*' || text[start] === '_')) start++;
  if (text[start] !== '@' || start >= offset) return undefined;
  const closer = start > word ? text[word] : undefined;
  let end = offset;
  while (end < text.length && end < offset + MAX_PATH_CHARS && !/\s/.test(text[end]) && text[end] !== closer) end++;
  if (inRanges(markdownCodeRanges(text), start)) return undefined;
  return { start, end, query: text.slice(start + 1, offset) };
}

/** How a memory file at `from` imports `target`: relative to its folder, `/`-separated, as Claude Code resolves it. */
export function importPathFor(from: string, target: string): string {
  return toPosix(path.relative(path.dirname(from), target));
}
