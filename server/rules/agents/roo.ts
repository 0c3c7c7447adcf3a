import { linksOnTheWay } from '../../workspace/links';
import { LINKED_FOLDER_ROUNDS } from '../../workspace/ruleLocations';
import { afterMarker, baseName } from './shared';
import { misspeltRooFolderPlacement, rooUnseenModeNote, unknownModeFallbackPlacement, unknownModePlacement, type RooModeFilePrefix } from './rooModeFolders';
import type { AgentModel, AgentPlaces, Placement } from './types';

/**
 * Roo Code (the VS Code agent forked from Cline). Sources: its docs, "Custom Instructions"
 * (https://docs.roocode.com/features/custom-instructions, as the search tools hold it, with
 * RooCodeInc/Roo-Code-Docs#315 for the recursive reading and the empty-folder fallback), and its
 * source where the docs are silent (RooCodeInc/Roo-Code, src/core/prompts/sections/custom-instructions.ts,
 * `loadRuleFiles`, `addCustomInstructions`, `shouldIncludeRuleFile`):
 *
 * - Workspace rules (docs): "Preferred Method: Directory (.roo/rules/)", files read recursively
 *   (subfolders too) in alphabetical order by file name; "Fallback Method: Single File
 *   (.roorules)", read only "If .roo/rules/ doesn't exist or is empty".
 * - Mode-specific rules (docs): `.roo/rules-{modeSlug}/` preferred, `.roorules-{modeSlug}` the
 *   fallback the same way; they "Apply only to a specific mode".
 * - Global rules (docs): `~/.roo/rules/` and `~/.roo/rules-{modeSlug}/`, loaded before the
 *   workspace's, which "take precedence ... when they conflict".
 * - No frontmatter: the docs show plain `.md` and `.txt` files, and the source appends each
 *   file's text whole (trimmed) under a "# Rules from <path>:" header, so every file applies
 *   always within its mode.
 * - Which files of the folders are read: every file (the source reads any extension), except
 *   cache and system files by name (`shouldIncludeRuleFile`: `.DS_Store`, `*.bak`, `*.log`,
 *   `*.swp`, … below); the docs say only "e.g., .md, .txt".
 * - The source (`loadRuleFiles`, `addCustomInstructions`) falls back last to the root's `.clinerules`
 *   (and `.clinerules-{mode}`), where no `.roo/rules` (`.roo/rules-{mode}`) folder holds files and
 *   `.roorules` (`.roorules-{mode}`) is missing or empty after trimming; a `.clinerules` folder gives
 *   nothing (`safeReadFile` answers "" for EISDIR). Not in the current docs. `.clinerules` is Cline's
 *   (`cline.ts` owns it); Roo Code's view lists it where it reads it (`rooView`, `ROO_CLINE_FALLBACK_NOTE`).
 *   No Cline reads a `.clinerules-{mode}` (Cline reads no file named for a mode: its Plan and Act modes share `.clinerules`, `cline.ts`), so
 *   a root one is Roo Code's where it is shown, naming a mode as a `.roorules-{mode}` does
 *   (`AgentPlaces.rooClineModeFiles`); one a higher source of the mode keeps from being read is warned
 *   on (`context/rooFallback.ts`), and a package's is never read (`path.join(cwd, …)`, below).
 * - Roo Code also reads the workspace root's `AGENTS.md`, else `AGENT.md`, by default
 *   (RooCodeInc/Roo-Code-Docs#315: "Adds support for AGENTS.md or AGENT.md in workspace root
 *   ... Can be disabled via VSCode settings", the `roo-cline.useAgentRules` setting, which
 *   agentls does not read: `ROO_AGENT_RULES_SETTING`). Its source (`loadAgentRulesFile`) tries
 *   `AGENTS.md` then `AGENT.md` at the root only (`path.join(cwd, filename)`), takes the first
 *   whose trimmed text is not empty, and `addCustomInstructions` puts it after the mode's rules
 *   and before the generic ones (`.roo/rules/`, `.roorules`) in every mode, unless
 *   `settings.useAgentRules` is `false`. The file is the AGENTS.md readers' too (`agentsMd.ts`
 *   owns `AGENTS.md`); `AGENT.md` is owned by no model, as no other agent here reads it.
 * - The fallback files are read at the workspace root only (source: `path.join(cwd, file)`,
 *   `loadRuleFiles` and `addCustomInstructions`), whatever the settings: a package's `.roorules*`
 *   is never read, said so where Roo Code is in use (`AgentPlaces.rooShown`).
 * - The `.roo` folders read are by default `~/.roo`, then the root's and those of the folders
 *   above it (source, src/services/roo-config/index.ts, `getRooDirectoriesForCwd`: it walks up from
 *   the workspace root). Since RooCodeInc/Roo-Code#10446 ("recursively load .roo/rules and
 *   AGENTS.md from subdirectories", merged 2026-01-03) the subfolders' `.roo` folders are read too
 *   (`getAllRooDirectoriesForCwd`) when its setting `enableSubfolderRules` is on, which is off by
 *   default (src/core/webview/generateSystemPrompt.ts passes `enableSubfolderRules ?? false`;
 *   packages/types/src/global-settings.ts declares it optional). agentls does not read Roo Code's
 *   settings, and a package opened as its own workspace reads its own `.roo`: a package's
 *   `.roo/rules` files are noted (information) as read in those cases alone, where Roo Code is in use.
 */
export const roo: AgentModel = {
  id: 'roo',
  name: 'Roo Code',
  reads: '`.roo/rules/` (every file, subfolders too) at the workspace root, else a root `.roorules`, else Cline\'s root `.clinerules` file; `.roo/rules-{mode}/`, else `.roorules-{mode}`, else `.clinerules-{mode}`, in that mode only; a package\'s `.roo/rules/` and `.roo/rules-{mode}/` too with its setting enableSubfolderRules on (off by default); `~/.roo/rules/` and `~/.roo/rules-{mode}/`; the root `AGENTS.md`, else `AGENT.md`, unless its setting `roo-cline.useAgentRules` is off',
  owns: rooPlacement,
  keys: {},
  // Its source reads every rule file with `fs.readFile(filePath, "utf-8")` (custom-instructions.ts, `safeReadFile`),
  // and Node's UTF-8 decoding puts U+FFFD where bytes do not decode, throwing nothing.
  decodesInvalidUtf8: 'Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode',
  activation: () => ({ mode: 'always' }),
};

/** The root files Roo Code reads as agent rules, the first of them that is not empty (its source's `loadAgentRulesFile`). */
export const ROO_AGENT_RULES = ['AGENTS.md', 'AGENT.md'] as const;

/** Roo Code's VS Code setting that turns `ROO_AGENT_RULES` off, on by default (RooCodeInc/Roo-Code-Docs#315; its source reads it as `settings.useAgentRules`). */
export const ROO_AGENT_RULES_SETTING = 'roo-cline.useAgentRules';

/**
 * The mode-specific folder's or file's slug (`code` of `rules-code`, `.roorules-code`); undefined
 * for the all-modes ones, and for a name whose rest is no slug (`.roorules-code.bak`, `.roorules-code~`):
 * a mode's slug is letters, digits and dashes (Roo Code's source, packages/types/src/mode.ts,
 * `modeConfigSchema`: `slug` matches /^[a-zA-Z0-9-]+$/), so no mode reads such a file.
 */
export function rooModeOf(name: string, prefix: 'rules-' | '.roorules-' | '.clinerules-'): string | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const slug = name.slice(prefix.length);
  return ROO_SLUG.test(slug) ? slug : undefined;
}

// Roo Code's built-in modes live with the other user-level places (workspace/ruleLocations.ts).
export { ROO_BUILT_IN_MODES } from '../../workspace/ruleLocations';

/** A mode's slug as Roo Code's source accepts it (`rooModeOf`, `rooModeSchema.ts`). */
export const ROO_SLUG = /^[a-zA-Z0-9-]+$/;

/** Whether a file name is one of Cline's root files Roo Code falls back to last: `.clinerules` or `.clinerules-{mode}` (the sources are at the top). */
export function isClineFallbackName(name: string): boolean {
  return name === '.clinerules' || isClineModeFallbackName(name);
}

/**
 * Whether a file name is `.clinerules-{mode}`: the last fallback of a mode's rules in Roo Code's
 * source (`addCustomInstructions`, the sources are at the top), left from its days as a fork of
 * Cline. Cline itself reads `.clinerules` alone (`cline.ts`), so the file is Roo Code's where it reads it.
 */
export function isClineModeFallbackName(name: string): boolean {
  return rooModeOf(name, '.clinerules-') !== undefined;
}

/** Said beside a `.clinerules` that Roo Code's view lists as read. */
export const ROO_CLINE_FALLBACK_NOTE = "Cline's file, which Roo Code's source reads as its last fallback (no rule folder of its own holds files, and no .roorules has text; its docs do not say so)";

/** Said beside a `.clinerules-{mode}` that Roo Code's view lists as read: no Cline reads it (`isClineModeFallbackName`). */
export const ROO_CLINE_MODE_FALLBACK_NOTE = "Roo Code's own legacy file, from its days as a fork of Cline, which its source reads as the mode's last fallback (no rule folder of the mode holds files, and its .roorules-{mode} has no text; its docs do not say so)";

/** Whether a file name is one of Roo Code's root fallback files: `.roorules` or `.roorules-{mode}`. */
export function isRooFallbackName(name: string): boolean {
  return name === '.roorules' || rooModeOf(name, '.roorules-') !== undefined;
}

/**
 * Whether a path (any folder, either separator) may be one of Roo Code's files by its name alone:
 * a `.roorules(-{mode})`, a `.clinerules-{mode}`, or a file of a `.roo/rules(-{mode})` folder it
 * does not skip; where it is read is `rooPlacement`'s to say. O(path length), for every file of a tree.
 */
export function mayBeRooFile(p: string): boolean {
  const name = p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);
  return isRooFallbackName(name) || isClineModeFallbackName(name) || (ROO_RULE_FOLDER.test(p) && !rooSkipsFile(name));
}

/** A path (either separator) under a `.roo/rules` or `.roo/rules-{mode}` folder, at any depth: a folder whose every file may be Roo Code's. */
export const ROO_RULE_FOLDER = /(?:^|[\\/])\.roo[\\/]rules(?:-[a-zA-Z0-9-]+)?[\\/]/;

/**
 * For a link to a folder under a `.roo/rules` or `.roo/rules-{mode}` folder (`~/.roo/rules` too),
 * how many links lie on the way to it (`linksOnTheWay`: itself the last) where that is more than
 * Roo Code follows, `LINKED_FOLDER_ROUNDS`: it reads none of the files behind such a link. Its
 * source (RooCodeInc/Roo-Code, src/core/prompts/sections/custom-instructions.ts) lists the rule
 * folder with a recursive `readdir` (real subfolders add no depth), gives each entry depth 0
 * (`readTextFilesFromDirectory`), and `resolveDirectoryEntry` hands a link to `resolveSymLink`
 * one deeper, which lists a linked folder and hands its entries back one deeper again: the
 * files behind the n-th link are at depth 2n, and an entry past `MAX_DEPTH` (5) is dropped, so
 * the third link's folder (depth 6) gives nothing. Undefined where Roo Code reads through it.
 */
export function rooLinkTooDeep(link: string): number | undefined {
  const match = ROO_RULE_FOLDER.exec(link);
  if (match === null) return undefined;
  const links = linksOnTheWay(link.slice(0, match.index + match[0].length), link);
  return links > LINKED_FOLDER_ROUNDS ? links : undefined;
}

/** Whether a file of a rule folder is one Roo Code skips as a cache or system file (its source's `shouldIncludeRuleFile`). */
export function rooSkipsFile(name: string): boolean {
  return name === 'Thumbs.db' || ROO_SKIPPED_SUFFIXES.some((s) => name.endsWith(s));
}

const ROO_SKIPPED_SUFFIXES = ['.DS_Store', '.bak', '.cache', '.crdownload', '.db', '.dmp', '.dump', '.eslintcache', '.lock', '.log', '.old', '.part', '.partial', '.pyc', '.pyo', '.stackdump', '.swo', '.swp', '.temp', '.tmp'];

/**
 * Where Roo Code reads a workspace-relative path: the root's fallback files and the files under
 * the root's `.roo/rules` and `.roo/rules-{mode}` folders; the same below the root are not read
 * (`NESTED`), said only where `places` shows Roo Code in use. A root `.clinerules-{mode}` is its
 * own only where `places` lists it (`AgentPlaces.rooClineModeFiles`: Roo Code is shown), judged by
 * its mode as a `.roorules-{mode}` is (`modeFilePlacement`); whether a higher source of the mode keeps
 * it from being read is its view's to say (`rooView`), as for a `.roorules-{mode}`. O(path length).
 */
function rooPlacement(rel: string, places?: AgentPlaces): Placement | undefined {
  const name = baseName(rel);
  if (rooSkipsFile(name)) return undefined;
  if (isClineModeFallbackName(name)) {
    if (rel !== name) return places?.rooShown ? NESTED_CLINE_MODE : undefined;
    return places?.rooClineModeFiles?.includes(name) ? modeFilePlacement(name, '.clinerules-', places) : undefined;
  }
  const nested = places?.rooShown ? NESTED : undefined;
  if (isRooFallbackName(name)) {
    if (rel !== name) return nested;
    return name === '.roorules' ? { read: true, frontmatter: false } : modeFilePlacement(name, '.roorules-', places);
  }
  if (ROOT_RULE_FILE.test(rel)) {
    const mode = ROOT_MODE_FILE.exec(rel);
    return (mode && unknownModePlacement(mode[1], mode[2], places)) || { read: true, frontmatter: false };
  }
  const at = afterMarker(rel, '.roo/');
  if (at && at.prefix !== '' && NESTED_RULE_FILE.test(at.rest)) return places?.rooShown ? nestedFolderPlacement(at.prefix.slice(0, -1)) : undefined;
  return misspeltRooFolderPlacement(rel, places, (corrected) => rooPlacement(corrected, places));
}

/**
 * A root `.roorules-{mode}` or `.clinerules-{mode}` (`name`, whose slug is one): read in that mode,
 * never where the slug is a slip of a known mode (`unknownModeFallbackPlacement`), with a note where
 * no mode agentls knows of has it (`rooUnseenModeNote`).
 */
function modeFilePlacement(name: string, prefix: RooModeFilePrefix, places: AgentPlaces | undefined): Placement {
  const mode = rooModeOf(name, prefix)!;
  const note = rooUnseenModeNote(mode, prefix, places);
  return unknownModeFallbackPlacement(mode, prefix, places) ?? { read: true, frontmatter: false, ...(note !== undefined ? { onlyIfNote: note } : {}) };
}

/** A file under the root's `.roo/rules-{mode}`: the slug, and the path below the folder. */
const ROOT_MODE_FILE = /^\.roo\/rules-([a-zA-Z0-9-]+)\/(.+)$/;

/** A file under the root's `.roo/rules` or `.roo/rules-{mode}`, at any depth. */
const ROOT_RULE_FILE = /^\.roo\/rules(?:-[a-zA-Z0-9-]+)?\/./;
/** What follows a `.roo/` below the root for a file of its rule folders. */
const NESTED_RULE_FILE = /^rules(?:-[a-zA-Z0-9-]+)?\/./;

const NESTED: Placement = { read: false, frontmatter: false, why: 'Roo Code reads its fallback files (.roorules, .roorules-{mode}) at the workspace root only' };
/** A package's `.clinerules-{mode}`: Roo Code reads the mode's last fallback at the root alone (`path.join(cwd, …)`, the sources are at the top), and Cline reads no file named for a mode. */
const NESTED_CLINE_MODE: Placement = { read: false, frontmatter: false, why: 'Roo Code reads .clinerules-{mode}, the last fallback of a mode\'s rules, at the workspace root only, and no Cline reads it' };

/**
 * A file of a package's `.roo/rules` or `.roo/rules-{mode}` (`folder`: the package, the folder
 * holding that `.roo`): read only with Roo Code's `enableSubfolderRules` on, off by default, or
 * with the package opened as its own workspace (the sources are in the comment at the top).
 */
function nestedFolderPlacement(folder: string): Placement {
  return {
    read: false,
    frontmatter: false,
    why: "Roo Code reads a subfolder's .roo/rules and .roo/rules-{mode} folders only with its setting enableSubfolderRules on (off by default)",
    alsoReadBy: `it reads this one too when ${folder} is opened as its own workspace`,
  };
}
