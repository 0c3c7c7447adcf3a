import * as fs from 'node:fs';
import { createScanner, parseTree, printParseErrorCode, SyntaxKind, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { LIMITS } from '../core/limits';

/** A settings file larger than this is not read (VS Code's own are a few KiB): its defaults stand. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * A workspace's settings file of some tool, read as JSON with comments and trailing commas:
 * VS Code's `.vscode/settings.json` (`copilotLocations.ts`) and Gemini CLI's
 * `.gemini/settings.json` (`geminiSettings.ts`), each file's source named there.
 */
export interface SettingsJson {
  /** The file's text (a leading byte order mark dropped); none where the file is not read (`skipped`). */
  text?: string;
  /** The file is there but not read, and why (too large, not a file, a link out of the workspace). */
  skipped?: string;
  /** The file as far as it parses; none for an empty file, one of comments alone (VS Code reads it as `{}`), or one nested too deep. */
  tree?: JsonNode;
  /** Where the file first stops being JSON with comments (an offset into `text`), and what is wrong there. */
  problem?: { offset: number; message: string };
  /** The file began with a byte order mark, dropped from `text` (a tool that keeps it may refuse the file: `geminiSettings.ts`). */
  bom?: true;
}

/**
 * The settings file, undefined when there is none. `allows`: the workspace's confinement
 * (`confine.ts`). A file nested deeper than `LIMITS.settingsJsonDepth` is not parsed: the
 * parser recurses once per level.
 */
export function readSettingsJson(file: string, allows: (p: string) => boolean): SettingsJson | undefined {
  const read = readSmall(file, allows);
  const text = read?.text;
  if (text === undefined || createScanner(text, true).scan() === SyntaxKind.EOF) return read;
  const bom = read?.bom ? { bom: true as const } : {};
  const tooDeep = deeperThan(text, LIMITS.settingsJsonDepth);
  if (tooDeep !== undefined) return { text, ...bom, problem: { offset: tooDeep, message: `nested deeper than ${LIMITS.settingsJsonDepth} levels` } };
  const errors: ParseError[] = [];
  // VS Code's settings are JSON with comments and trailing commas (its parser, jsonc-parser, with allowTrailingComma).
  const tree = parseTree(text, errors, { allowTrailingComma: true });
  return { text, tree, ...bom, ...(errors.length ? { problem: { offset: errors[0].offset, message: printParseErrorCode(errors[0].error) } } : {}) };
}

/**
 * Where `text` (a settings file read by `readSettingsJson`, not nested past its depth cap)
 * first stops being strict JSON with comments: no trailing comma. An offset into `text`;
 * undefined where jsonc-parser finds nothing wrong.
 */
export function firstStrictJsonError(text: string): number | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: false });
  return errors[0]?.offset;
}

/** `text` with its line and block comments (`//`, `/*`) turned to spaces, line breaks kept: every offset stays where it was. One scan, linear. */
export function blankComments(text: string): string {
  const scanner = createScanner(text, false);
  const parts: string[] = [];
  let from = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    parts.push(text.slice(from, start), text.slice(start, end).replace(/[^\r\n]/g, ' '));
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** The value of `key` in an object node; undefined where the node is no object or has no such key. */
export function settingsMember(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.type === 'object' ? node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1] : undefined;
}

/**
 * The settings file's text, or why it is there and not read; undefined when there is none. Judged
 * by `stat` and the confinement alone, neither of which opens it: opening a named pipe blocks
 * until someone writes to it.
 */
function readSmall(file: string, allows: (p: string) => boolean): { text?: string; skipped?: string; bom?: true } | undefined {
  try {
    // A link out of the workspace (the file's or its folder's) is refused before the disk is asked more of it.
    if (!allows(file)) return fs.lstatSync(file, { throwIfNoEntry: false }) ? { skipped: 'a symbolic link leads it outside the workspace' } : undefined;
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st) return undefined;
    if (st.isDirectory()) return { skipped: 'it is a folder' };
    if (!st.isFile()) return { skipped: 'it is a named pipe, socket or device, which agentls never opens' };
    if (st.size > MAX_SETTINGS_BYTES) return { skipped: `it is larger than the ${MAX_SETTINGS_BYTES / 1024 / 1024} MiB agentls reads of it` };
    // A leading byte order mark is an encoding mark, not text: jsonc-parser's scanner takes U+FEFF for an
    // InvalidSymbol, while VS Code's editor opens such a file as its `utf8bom` encoding and shows no mark
    // (VS Code's `files.encoding` setting lists `utf8bom`; no doc says how its settings reader takes one).
    // Dropping it keeps every line where it was.
    const text = fs.readFileSync(file, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? { text: text.slice(1), bom: true } : { text };
  } catch {
    return undefined;
  }
}

/** The offset of the first bracket that opens a level past `max`, or undefined: one scan, linear, no recursion. */
function deeperThan(text: string, max: number): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > max) return scanner.getTokenOffset();
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth = Math.max(0, depth - 1);
  }
  return undefined;
}
