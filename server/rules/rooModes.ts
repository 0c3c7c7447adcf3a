import * as path from 'node:path';
import { parseDocument, type Document } from 'yaml';
import { LineIndex } from '../core/text';
import type { FileSystem, ReadFailure } from '../workspace/fs';
import { rooModeRefusal } from './rooModeSchema';

/** Roo Code's project custom modes file, at the workspace root (its source: `ROOMODES_FILENAME`, below). */
export const ROOMODES = '.roomodes';

/** Bytes of `.roomodes` read: a user's file of a few modes is a few kilobytes; a larger one is not read (no custom modes known), and said (`RooModesRead.unread`). */
const MAX_ROOMODES_BYTES = 256 * 1024;
/** Modes taken from it: enough for any hand-kept list, and a bound on a hostile one. */
const MAX_MODES = 500;
/** Most characters of the YAML parser's own message kept: it quotes the text around the fault. */
const MAX_PARSER_MESSAGE = 200;

/** Why Roo Code refuses a `.roomodes`, where (a 0-based line of the file), and the error Roo Code shows then (src/i18n/locales/en/common.json, `customModes.errors`). */
export interface RooModesRefusal {
  line: number;
  why: string;
  shown: string;
}

/** What Roo Code takes of the workspace's `.roomodes` (`readRooModes`). */
export interface RooModesRead {
  /** The slugs of its custom modes: `[]` where there is no such file or it defines none, undefined where agentls could not read it or Roo Code refuses it. */
  modes: string[] | undefined;
  /** Roo Code refuses the file: it shows an error and takes none of its modes. */
  refused?: RooModesRefusal;
  /**
   * The root holds a `.roomodes` that is no folder: Roo Code's own file, so Roo Code is in use
   * there. Its source (`getWorkspaceRoomodes`) takes any path that exists (`fileExistsAtPath`), and
   * `loadModesFromFile` gets nothing of a folder (its read throws, and it answers no mode).
   */
  found: boolean;
  /**
   * Why agentls did not read the file, as a clause (too large, binary, no regular file, a link out
   * of the workspace), where it could not: Roo Code reads it all the same (`loadModesFromFile`
   * reads it whole), so its custom modes, and whether Roo Code refuses it, are not known.
   */
  unread?: string;
}

/**
 * The custom modes of the workspace's `.roomodes`, as Roo Code takes them. Source: Roo Code's
 * src/core/config/CustomModesManager.ts (RooCodeInc/Roo-Code): `getWorkspaceRoomodes` takes
 * `.roomodes` at the workspace root; `parseYamlSafely` strips a byte order mark, replaces the
 * characters of `PROBLEMATIC_CHARS_REGEX` (`rooCleanText`) and parses the result as YAML (the
 * `yaml` package, ^2.8 in src/package.json, as agentls's), else the original text as JSON; where
 * both fail it shows an error naming the YAML error's line ("at line N") and takes the file as
 * `{}`. `loadModesFromFile` then takes no mode where the value has no truthy `customModes`, and
 * checks the rest against `customModesSettingsSchema`: where that fails, it shows the schema's
 * issues and takes no mode of the file (`return []`): one bad mode drops them all.
 * A file too large or unreadable gives undefined with no refusal, and why (`unread`): agentls does not know.
 */
export async function readRooModes(fs: FileSystem, root: string): Promise<RooModesRead> {
  // Lossy, as Roo Code's `fs.readFile(filePath, "utf-8")` decodes bytes that are not UTF-8 (U+FFFD for each).
  const read = await fs.readText(path.join(root, ROOMODES), { maxBytes: MAX_ROOMODES_BYTES, lossy: true });
  if (!read.ok) {
    if (read.reason === 'not-found' || read.reason === 'is-directory') return { modes: read.reason === 'not-found' ? [] : undefined, found: false };
    return { modes: undefined, found: true, unread: unreadWhy(read) };
  }
  // The same text as last time (a keystroke in AGENTS.md makes every view again, Roo Code's with it): parsed once, not on every keystroke (500 modes: about 60 ms each).
  if (lastRead?.text !== read.text) lastRead = { text: read.text, read: modesOfText(read.text) };
  const got = lastRead.read;
  // A copy: what a caller does with its modes never reaches the next one.
  return { ...got, ...(got.modes ? { modes: [...got.modes] } : {}) };
}

/** The `.roomodes` text last read, and what `readRooModes` made of it. */
let lastRead: { text: string; read: RooModesRead } | undefined;

/** What Roo Code takes of a `.roomodes` holding `text` (`readRooModes`). */
function modesOfText(text: string): RooModesRead {
  const parsed = parsedAsRooCode(text);
  if ('refused' in parsed) return { modes: undefined, refused: parsed.refused, found: true };
  const value = parsed.value;
  const modes = value !== null && typeof value === 'object' ? (value as { customModes?: unknown }).customModes : undefined;
  // `loadModesFromFile`: `!settings.customModes` takes no mode, and says nothing.
  if (!modes) return { modes: [], found: true };
  const refused = rooModeRefusal(modes, parsed.yaml?.doc);
  // The place in the YAML text read: the cleaned one, whose zero-width characters are gone (no line ends are).
  const line = refused?.offset === undefined || !parsed.yaml ? 0 : new LineIndex(parsed.yaml.cleaned).positionAt(refused.offset).line;
  if (refused) return { modes: undefined, refused: { line, why: refused.why, shown: 'Invalid custom modes format in .roomodes' }, found: true };
  return { modes: (modes as { slug: string }[]).slice(0, MAX_MODES).map((m) => m.slug), found: true };
}

/** Why agentls did not read a `.roomodes` it found, as a clause after "agentls has not read this file: ". */
function unreadWhy(read: { reason: ReadFailure; size?: number }): string {
  switch (read.reason) {
    case 'too-large':
      return `it is ${read.size ?? 'over'} bytes, more than the ${MAX_ROOMODES_BYTES} agentls reads of a .roomodes`;
    case 'binary':
      return 'it holds a NUL byte, as a binary file does';
    case 'outside-workspace':
      return 'it is a link to a file outside the workspace';
    default:
      return 'it is no regular file, or could not be opened';
  }
}

/**
 * The file's value as Roo Code's `parseYamlSafely` takes it: YAML of the cleaned text, else JSON
 * of the text as it is; where neither, the YAML error and its line. A parser's error of any kind
 * (deep nesting, an alias bomb) is no crash. `yaml`: the YAML document and the text it was parsed from, to place a schema's issue.
 */
function parsedAsRooCode(text: string): { value: unknown; yaml?: { doc: Document; cleaned: string } } | { refused: RooModesRefusal } {
  const cleaned = rooCleanText(text.replace(/^\uFEFF/, ''));
  let yamlError: unknown;
  try {
    const doc = parseDocument(cleaned);
    // `yaml.parse` throws the document's first error, as here; its `toJS` throws on too many aliases.
    if (doc.errors.length > 0) throw doc.errors[0];
    return { value: doc.toJS() ?? {}, yaml: { doc, cleaned } };
  } catch (err) {
    yamlError = err;
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    const linePos = (yamlError as { linePos?: { line: number }[] } | undefined)?.linePos;
    // The parser's first line, less its place, which the finding's line gives.
    const said = String((yamlError as Error)?.message ?? yamlError).split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').slice(0, MAX_PARSER_MESSAGE);
    const shown = `Invalid YAML in .roomodes file at line ${linePos ? linePos[0].line : 'unknown'}`;
    return { refused: { line: linePos ? linePos[0].line - 1 : 0, why: `it is neither YAML nor JSON (the YAML parser says "${said}")`, shown } };
  }
}

/**
 * The text with the characters Roo Code replaces before it parses `.roomodes` as YAML, replaced
 * as it does (CustomModesManager.ts, `PROBLEMATIC_CHARS_REGEX`, `cleanInvisibleCharacters`): a
 * no-break space by a space; zero-width spaces and joiners by nothing; typographic single and
 * double quotes by `'` and `"`; the dashes U+2010 to U+2015 and the minus sign by `-`. O(length).
 */
function rooCleanText(text: string): string {
  return text.replace(ROO_PROBLEM_CHARS, (c) => ROO_REPLACEMENTS[c] ?? '-');
}

// eslint-disable-next-line no-misleading-character-class
const ROO_PROBLEM_CHARS = /[\u00A0\u200B\u200C\u200D\u2010-\u2015\u2212\u2018\u2019\u201C\u201D]/g;
const ROO_REPLACEMENTS: Record<string, string> = { '\u00A0': ' ', '\u200B': '', '\u200C': '', '\u200D': '', '\u2018': "'", '\u2019': "'", '\u201C': '"', '\u201D': '"' };
