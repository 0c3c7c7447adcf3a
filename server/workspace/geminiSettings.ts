import * as path from 'node:path';
import { LineIndex } from '../core/text';
import { blankComments, firstStrictJsonError, readSettingsJson, settingsMember, type SettingsJson } from './settingsJson';

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
 * size cap, confinement and depth cap). A file Gemini CLI refuses (`geminiRefusal`) gives no
 * value: Gemini CLI does not start with it. Only plain file names are taken: a name with a path
 * separator, `..`, `.`, a NUL or over 255 characters is left out (no doc says how Gemini CLI
 * takes a path there, and agentls reads nothing outside the folder). No usable name, no file or a
 * file Gemini CLI refuses: the default, `GEMINI.md`. The user's `~/.gemini/settings.json` is not
 * read (agentls reads no settings outside the workspace).
 */
export interface GeminiSettings {
  /** The workspace folder's `.gemini/settings.json`. */
  file: string;
  /** The context file names (`context.fileName`), `GEMINI.md` by default. */
  names: readonly string[];
  /**
   * Gemini CLI refuses the file and stops at start-up (`geminiRefusal`): where (a 0-based line)
   * and why. No value is taken from it then: the names are the default.
   */
  refused?: { line: number; why: string };
}

export function readGeminiSettings(root: string, allows: (p: string) => boolean): GeminiSettings {
  const file = path.join(root, '.gemini', 'settings.json');
  const read = readSettingsJson(file, allows);
  const refusal = read && geminiRefusal(read);
  if (refusal) return { file, names: [DEFAULT_NAME], refused: { line: new LineIndex(read.text ?? '').positionAt(refusal.offset).line, why: refusal.why } };
  const value = settingsMember(settingsMember(read?.tree, 'context'), 'fileName');
  const given = value?.type === 'string' ? [value] : value?.type === 'array' ? (value.children ?? []).slice(0, MAX_NAMES) : [];
  const names = given.map((n) => n.value).filter((v): v is string => typeof v === 'string' && isPlainName(v));
  return { file, names: names.length > 0 ? [...new Set(names)] : [DEFAULT_NAME] };
}

/** Most characters of the parser's own message kept: it quotes the text around the fault. */
const MAX_PARSER_MESSAGE = 200;

/**
 * Why Gemini CLI refuses a workspace settings file, where it reads one; undefined where it takes
 * it. Source: google-gemini/gemini-cli, packages/cli/src/config/settings.ts (`loadSettings`):
 * the file is read as UTF-8 text and parsed with `JSON.parse(stripJsonComments(content))`; a
 * parse that throws, or a value that is no object (`null`, a list, a string...: "Settings file is
 * not a valid JSON object."), is an error of severity `error`, and any such error makes
 * `loadSettings` throw a `FatalConfigError` ("Please fix the configuration file(s) and try
 * again."), which packages/cli/index.ts prints before it exits. strip-json-comments is 3.1.1
 * there (packages/cli/package.json), which turns line and block comments (`//`, `/*`) into white space and
 * has no option for trailing commas, so a trailing comma throws; Node's `readFileSync(file,
 * 'utf-8')` keeps a leading byte order mark, which `JSON.parse` rejects. So an empty file, or one
 * of comments alone, is refused too. A file agentls does not read (too large, a link out of the
 * workspace) is not judged; one nested past agentls's depth cap is judged by `JSON.parse` alone,
 * which does not recurse, its fault then placed at the start.
 */
export function geminiRefusal(read: SettingsJson): { offset: number; why: string } | undefined {
  const text = read.text;
  if (text === undefined) return undefined;
  if (read.bom) return { offset: 0, why: 'it begins with a byte order mark, which JSON.parse rejects (Gemini CLI reads the file with the mark kept)' };
  let value: unknown;
  try {
    value = JSON.parse(blankComments(text));
  } catch (err) {
    const offset = read.tree !== undefined || read.problem === undefined ? (firstStrictJsonError(text) ?? 0) : 0;
    const said = (err as Error).message.slice(0, MAX_PARSER_MESSAGE);
    return { offset, why: `it is not JSON once its comments are taken out (Gemini CLI takes // and /* */ comments, but no trailing comma): ${text.trim() === '' ? 'it is empty' : `JSON.parse says "${said}"`}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { offset: 0, why: `it holds ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}, not an object of settings` };
  return undefined;
}

function isPlainName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME_LENGTH && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);
}
