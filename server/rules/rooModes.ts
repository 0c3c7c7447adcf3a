import * as path from 'node:path';
import { parse } from 'yaml';
import type { FileSystem } from '../workspace/fs';

/** Roo Code's project custom modes file, at the workspace root (its source: `ROOMODES_FILENAME`, below). */
export const ROOMODES = '.roomodes';

/** Bytes of `.roomodes` read: a user's file of a few modes is a few kilobytes; a larger one is not read (no custom modes known). */
const MAX_ROOMODES_BYTES = 256 * 1024;
/** Modes taken from it: enough for any hand-kept list, and a bound on a hostile one. */
const MAX_MODES = 500;

/**
 * The slugs of the custom modes the workspace's `.roomodes` defines: `[]` where there is no such
 * file, undefined where it cannot be read or is not YAML or JSON (then agentls knows no custom
 * mode, and says nothing that depends on them). Source: Roo Code's
 * src/core/config/CustomModesManager.ts (RooCodeInc/Roo-Code): `getWorkspaceRoomodes` takes
 * `.roomodes` at the workspace root; `parseYamlSafely` strips a byte order mark, replaces the
 * characters of `PROBLEMATIC_CHARS_REGEX` (`rooCleanText`) and parses the result as YAML, else the
 * original text as JSON; and
 * `loadModesFromFile` reads its `customModes` list of `{ slug, name, … }`. Roo Code drops the whole
 * file when one mode fails its schema; agentls takes every string `slug`, so a mode it does not
 * know is never made up.
 */
export async function readRooModes(fs: FileSystem, root: string): Promise<string[] | undefined> {
  const read = await fs.readText(path.join(root, ROOMODES), { maxBytes: MAX_ROOMODES_BYTES });
  if (!read.ok) return read.reason === 'not-found' ? [] : undefined;
  const value = parsed(read.text);
  if (value === undefined) return undefined;
  const modes = value !== null && typeof value === 'object' ? (value as { customModes?: unknown }).customModes : undefined;
  if (modes === undefined || modes === null) return [];
  if (!Array.isArray(modes)) return undefined;
  return modes.slice(0, MAX_MODES).flatMap((m: unknown) => {
    const slug = m !== null && typeof m === 'object' ? (m as { slug?: unknown }).slug : undefined;
    return typeof slug === 'string' ? [slug] : [];
  });
}

/** The file's value as YAML once cleaned, else JSON as it is (Roo Code's order); undefined where neither reads it. A parser's error of any kind (deep nesting too) is no crash. */
function parsed(text: string): unknown {
  try {
    return parse(rooCleanText(text.replace(/^\uFEFF/, '')));
  } catch {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
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
