import * as fs from 'node:fs';
import * as path from 'node:path';
import { LineIndex } from '../core/text';
import { isInside } from './paths';
import { readSettingsJson, settingsMember } from './settingsJson';
import { countWork } from './testCounts';

/**
 * Where GitHub Copilot in VS Code looks for a workspace folder's prompt files, from the
 * folder's `.vscode/settings.json`. Source: VS Code's docs, "GitHub Copilot in VS Code settings
 * reference" (microsoft/vscode-docs, docs/copilot/reference/copilot-settings.md):
 * `chat.promptFilesLocations`: "Locations to search for prompt files. Relative paths are
 * resolved from the root folder(s) of your workspace. Supports glob patterns for file paths.",
 * default `{ ".github/prompts": true }`. Only a plain folder relative to the root is taken:
 * an absolute or `~` path lies outside what agentls reads, and a glob is not expanded (no doc
 * says how VS Code expands one); each of those is refused and said (`refused`). `false` turns a
 * folder off, the default one too. The files read are a folder's own: the docs do not say
 * VS Code reads its subfolders (their text for instruction folders, "Each folder is searched
 * recursively", is not given for prompt folders).
 *
 * `chat.instructionsFilesLocations` (same page): "Locations to search for custom instructions
 * files. Each folder is searched recursively, including subdirectories. Relative paths are
 * resolved from the root folder(s) of your workspace. Supports glob patterns for file paths.",
 * default `{ ".github/instructions": true, "~/.claude/rules": false }`: read the same way,
 * its folders walked recursively (`instructionViews.ts`).
 */
export interface CopilotLocations {
  /** Absolute folders whose `*.prompt.md` files are Copilot's prompt files. */
  prompts: readonly string[];
  /** Folders (relative to the root, `/`-separated) under which `*.instructions.md` files are Copilot's instruction files. */
  instructions: readonly string[];
  /** Entries not read, each with the setting it is of, the line of its key (0-based) and why. */
  refused: readonly { setting: string; key: string; line: number; why: string }[];
  /** The settings file is there but not read, and why (too large, not a file, a link out of the workspace): the defaults then stand. */
  skipped?: string;
  /** The settings file does not parse: where and what (the file is then read as far as it parses, as VS Code's parser does). */
  parseError?: { line: number; message: string };
  /**
   * Beside `skipped` or `parseError`: the root shows Copilot in use (its instruction or prompt
   * folder, its repository-wide instructions, or the settings text naming Copilot's keys), so
   * that what agentls could not read of the file concerns a Copilot user.
   */
  copilotInUse?: true;
  /** The settings file read. */
  file: string;
}

export const PROMPT_LOCATIONS_KEY = 'chat.promptFilesLocations';
export const INSTRUCTION_LOCATIONS_KEY = 'chat.instructionsFilesLocations';
/** The default folders of each setting that agentls reads (the docs' `~/.claude/rules`, off by default, lies outside the workspace). */
export const DEFAULT_PROMPTS = '.github/prompts';
export const DEFAULT_INSTRUCTIONS = '.github/instructions';
/** Entries of one setting read, at most: a settings file is the user's, and this keeps a hostile one linear and small. */
const MAX_ENTRIES = 100;

/**
 * The locations of `root` (absolute). `allows`: the workspace's confinement (`confine.ts`), so a
 * folder named in the workspace that a symbolic link leads out of it is refused.
 */
export function readCopilotLocations(root: string, allows: (p: string) => boolean): CopilotLocations {
  const file = path.join(root, '.vscode', 'settings.json');
  const read = readSettingsJson(file, allows);
  const text = read?.text;
  const refused: CopilotLocations['refused'][number][] = [];
  // The line of an offset: the line starts found in one pass, made when first asked, then a binary search per offset.
  // Counting from the start at each refused entry was quadratic (200 refused at the end of a 1 MiB file: 0.7 s).
  let index: LineIndex | undefined;
  const lineOf = (offset: number): number => {
    if (!index) {
      index = new LineIndex(text ?? '');
      countWork('settings-line-scan', index.text.length);
    }
    return index.positionAt(offset).line;
  };
  // The file is then read as far as it parses, as VS Code's parser does (`SettingsJson.tree`).
  const parseError: CopilotLocations['parseError'] = read?.problem && { line: lineOf(read.problem.offset), message: read.problem.message };
  const tree = read?.tree;
  const folders = (setting: string, fallback: string): string[] => {
    const on = new Map<string, boolean>([[fallback, true]]);
    const node = settingsMember(tree, setting);
    for (const entry of (node?.type === 'object' ? node.children ?? [] : []).slice(0, MAX_ENTRIES)) {
      const [keyNode, valueNode] = entry.children ?? [];
      if (typeof keyNode?.value !== 'string' || typeof valueNode?.value !== 'boolean') continue;
      const key = keyNode.value;
      // Judged as it is used: `..\` is `../` once normalized, so judging the key as written would let it out.
      const why = valueNode.value ? refusal(root, key, normalized(key), allows) : undefined;
      if (why !== undefined) refused.push({ setting, key, line: lineOf(keyNode.offset), why });
      else on.set(normalized(key), valueNode.value);
    }
    return [...on].filter(([, yes]) => yes).map(([rel]) => rel);
  };
  const prompts = folders(PROMPT_LOCATIONS_KEY, DEFAULT_PROMPTS).map((rel) => path.join(root, ...rel.split('/')));
  const instructions = folders(INSTRUCTION_LOCATIONS_KEY, DEFAULT_INSTRUCTIONS);
  refused.sort((x, y) => x.line - y.line);
  // Asked only where there is something to say of the file itself: any VS Code workspace has one, most no Copilot user's.
  const inUse = parseError || read?.skipped ? copilotInUse(root, text) : undefined;
  return { prompts, instructions, refused, file, ...(parseError ? { parseError } : {}), ...(read?.skipped ? { skipped: read.skipped } : {}), ...(inUse ? { copilotInUse: true as const } : {}) };
}

/** Why an entry that is on is not read, or undefined for a plain folder inside the root. `rel`: the key `normalized`, the folder it names. */
function refusal(root: string, key: string, rel: string, allows: (p: string) => boolean): string | undefined {
  // No file system takes a NUL in a name (POSIX: a pathname is a string ending at its NUL; Node's fs refuses one with
  // ERR_INVALID_ARG_VALUE, as Node 20 does here): taken, it named a folder no listing finds, and said nothing.
  if (key.includes('\0')) return 'it holds a NUL character, which no folder name holds';
  if (key.startsWith('~')) return 'it is in your home folder, outside the workspace, which agentls does not read';
  // `\etc` is `/etc` once normalized (`normalized` reads `\` as a separator, as Windows does).
  if (path.isAbsolute(key) || path.posix.isAbsolute(key.replace(/\\/g, '/')) || path.posix.isAbsolute(rel) || /^[A-Za-z]:/.test(key)) return 'it is an absolute path, outside what agentls reads';
  if (/[*?[\]{}]/.test(key)) return 'it holds a glob, which agentls does not expand (VS Code\'s docs do not say how it does)';
  const abs = path.resolve(root, ...rel.split('/'));
  if (!isInside(root, abs) || abs === root) return 'it leads outside the workspace folder';
  if (fs.existsSync(abs) && !allows(abs)) return 'a symbolic link on the way leads outside the workspace';
  return undefined;
}

function normalized(key: string): string {
  return path.posix.normalize(key.replace(/\\/g, '/')).replace(/\/+$/, '');
}

/** The root holds Copilot's files, or the settings text names Copilot's location keys. */
function copilotInUse(root: string, text: string | undefined): boolean {
  if (text !== undefined && (text.includes(PROMPT_LOCATIONS_KEY) || text.includes(INSTRUCTION_LOCATIONS_KEY))) return true;
  return [DEFAULT_INSTRUCTIONS, DEFAULT_PROMPTS, '.github/copilot-instructions.md'].some((rel) => fs.existsSync(path.join(root, ...rel.split('/'))));
}
