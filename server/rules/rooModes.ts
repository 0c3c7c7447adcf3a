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
 * `.roomodes` at the workspace root, `parseYamlSafely` parses it as YAML, else as JSON, and
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

/** The file's value as YAML, else JSON (Roo Code's order); undefined where neither reads it. A parser's error of any kind (deep nesting too) is no crash. */
function parsed(text: string): unknown {
  try {
    return parse(text.replace(/^\uFEFF/, ''));
  } catch {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
}
