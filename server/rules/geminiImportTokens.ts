import { MAX_IMPORTS_PER_FILE, scannedPart, withoutTrailingPunctuation, type ClaudeImport } from './claudeImports';
import { inRanges } from './markdownCode';

/**
 * Gemini CLI's `@path` imports as its own processor finds them: `findImports` and
 * `findCodeRegions` in google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts
 * (as of commit 04fbf50, 2026; earlier releases found code with the `marked` lexer instead). Its docs
 * (https://geminicli.com/docs/reference/memport) give the syntax only; where the code and Claude
 * Code's loader (`findClaudeImports`) part ways:
 * - An import is an `@` at the start of the file or right after a space, tab, CR or LF: nothing else
 *   opens one, so `**@./a.md**` and `(@./a.md)` are text to Gemini CLI. Its path runs to the next of
 *   those four characters, whatever it holds: it is not cut at `#`, `\ ` is no escaped space, and
 *   punctuation after it (`.`, `)`, `**`) is part of the path it looks for.
 * - It is taken only where the path starts with `.`, `/` or an ASCII letter.
 * - Code is every match of /(`+)([\s\S]*?)\1/g over the whole file: a run of backticks to the next
 *   run of as many, across blank lines and paragraphs, a backslash escaping nothing. `~~~` fences and
 *   indented blocks are not code to it, and neither are HTML comments or blocks: an import in them is
 *   read.
 */
export type GeminiImport = ClaudeImport;

/** The white space that opens and ends an import to Gemini CLI (`isWhitespace` in its processor): no other. */
const GEMINI_SPACE = new Set([' ', '\t', '\n', '\r']);
/** How a token Gemini CLI takes for an import starts (its processor's own test). */
const GEMINI_IMPORT_START = /^[./A-Za-z]/;

/**
 * Every `@path` of `text` Gemini CLI takes for an import, outside what it counts as code. `path` is
 * the token without the sentence punctuation after it, the file the author meant; `kept` that
 * punctuation, which Gemini CLI reads as part of the path (`@./a.md.` looks for `a.md.`).
 */
export function findGeminiImports(whole: string, max = MAX_IMPORTS_PER_FILE): GeminiImport[] {
  const out: GeminiImport[] = [];
  const text = scannedPart(whole);
  if (!text.includes('@')) return out;
  const code = geminiCodeRegions(text);
  for (let at = text.indexOf('@'); at >= 0 && out.length < max; ) {
    if (at > 0 && !GEMINI_SPACE.has(text[at - 1])) {
      at = text.indexOf('@', at + 1);
      continue;
    }
    let end = at + 1;
    while (end < text.length && !GEMINI_SPACE.has(text[end])) end++;
    const token = text.slice(at + 1, end);
    if (GEMINI_IMPORT_START.test(token) && !inRanges(code, at)) {
      // A token of punctuation alone (`@.`) keeps it: nothing else names a path.
      const meant = withoutTrailingPunctuation(token) || token;
      const kept = token.slice(meant.length);
      out.push({ path: meant, start: at, end: at + 1 + meant.length, ...(kept ? { kept } : {}) });
    }
    at = text.indexOf('@', end);
  }
  return out;
}

/**
 * Where Gemini CLI's `findCodeRegions` regex matches, found without its backtracking (linear): at
 * a run of backticks the regex opens with as many of them as it can close, trying fewer in turn; a
 * run of `n` can close itself with `n / 2` of them (an empty span), or it closes at the first later
 * run at least as long as its opener, ending inside that run where it is longer (the rest of that
 * run then opens the next try). A lone backtick that nothing closes opens nothing.
 */
export function geminiCodeRegions(text: string): [number, number][] {
  const runs: { at: number; length: number }[] = [];
  for (let i = text.indexOf('`'); i >= 0; ) {
    let j = i;
    while (text[j] === '`') j++;
    runs.push({ at: i, length: j - i });
    i = text.indexOf('`', j);
  }
  // The longest run after each run.
  const longestAfter = new Array<number>(runs.length).fill(0);
  for (let k = runs.length - 2; k >= 0; k--) longestAfter[k] = Math.max(runs[k + 1].length, longestAfter[k + 1]);
  const out: [number, number][] = [];
  let k = 0;
  let at = runs[0]?.at ?? 0;
  let left = runs[0]?.length ?? 0;
  const next = (run: number, from: number, length: number) => {
    k = length > 0 ? run : run + 1;
    at = length > 0 ? from : (runs[k]?.at ?? 0);
    left = length > 0 ? length : (runs[k]?.length ?? 0);
  };
  while (k < runs.length) {
    const half = Math.floor(left / 2);
    const closable = Math.min(left, longestAfter[k]);
    if (half === 0 && closable === 0) break;
    if (half >= closable) {
      out.push([at, at + 2 * half]);
      next(k, at + 2 * half, left - 2 * half);
      continue;
    }
    let close = k + 1;
    while (runs[close].length < closable) close++;
    out.push([at, runs[close].at + closable]);
    next(close, runs[close].at + closable, runs[close].length - closable);
  }
  return out;
}
