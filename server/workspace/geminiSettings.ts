import * as path from 'node:path';
import { readSettingsJson, settingsMember } from './settingsJson';

/** Gemini CLI's default context file name (its docs, below). */
const DEFAULT_NAME = 'GEMINI.md';
/** Names read from the setting, at most: a settings file is the user's, and this keeps a hostile one small. */
const MAX_NAMES = 20;
/** A name longer than this is no file name (most file systems cap one at 255 bytes). */
const MAX_NAME_LENGTH = 255;

/**
 * The context file names Gemini CLI reads in a workspace folder, from its `.gemini/settings.json`.
 * Source: Gemini CLI's docs, "Provide context with GEMINI.md files", "Customizing the context file
 * name" (https://geminicli.com/docs/cli/gemini-md; docs/cli/gemini-md.md in its repository):
 * `context.fileName` in `settings.json`, a string or a list of strings (`["AGENTS.md",
 * "GEMINI.md"]`), names the files in place of `GEMINI.md`; the configuration docs
 * (https://geminicli.com/docs/cli/configuration) place the project's settings in
 * `.gemini/settings.json` at the project root. Its settings loader strips comments before parsing
 * (packages/cli/src/config/settings.ts imports strip-json-comments; no doc says so), so the file is
 * read as JSON with comments, with the reader Copilot's settings use (`settingsJson.ts`: same
 * size cap, confinement and depth cap; read as far as it parses). Only plain file names are taken: a name with a path
 * separator, `..`, `.`, a NUL or over 255 characters is left out (no doc says how Gemini CLI
 * takes a path there, and agentls reads nothing outside the folder). No usable name, no file or a
 * file that does not parse: the default, `GEMINI.md`. The user's `~/.gemini/settings.json` is not
 * read (agentls reads no settings outside the workspace).
 */
export function readGeminiContextNames(root: string, allows: (p: string) => boolean): readonly string[] {
  const tree = readSettingsJson(path.join(root, '.gemini', 'settings.json'), allows)?.tree;
  const value = settingsMember(settingsMember(tree, 'context'), 'fileName');
  const given = value?.type === 'string' ? [value] : value?.type === 'array' ? (value.children ?? []).slice(0, MAX_NAMES) : [];
  const names = given.map((n) => n.value).filter((v): v is string => typeof v === 'string' && isPlainName(v));
  return names.length > 0 ? [...new Set(names)] : [DEFAULT_NAME];
}

function isPlainName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME_LENGTH && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);
}
