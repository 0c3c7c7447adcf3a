import { CLAUDE_LOCAL_MEMORY } from '../../workspace/ruleLocations';
import { MAX_NESTED_FOLDERS } from './nestedRules';
import { nestedNamedFiles, type NestedNamedFiles } from './nestedNamedFiles';

/**
 * Claude Code's memory in subfolders: a `CLAUDE.md` or `CLAUDE.local.md` below the workspace
 * folder (`packages/api/CLAUDE.md`). Source: Claude Code's documentation, "Manage Claude's
 * memory" (https://code.claude.com/docs/en/memory, "How CLAUDE.md files load"): it also
 * discovers CLAUDE.md and CLAUDE.local.md files in subdirectories under the working directory,
 * and instead of loading them at launch includes them when it reads files in those
 * subdirectories. So such a file reaches the files under its folder only, and is in no request
 * until one of them is read. Its `@path` imports come with it (the docs' imports are those of
 * any CLAUDE.md). The docs name no `.claude/CLAUDE.md` variant for subfolders, nor a subfolder's
 * `.claude/rules` or `AGENTS.md` (its AGENTS.md fallback is for the working folder and above):
 * none of those is read here. The working folder is taken to be the workspace folder, as
 * for the root's memory.
 */

/** The memory files Claude Code looks for in a subfolder, in the order it appends them (CLAUDE.local.md after CLAUDE.md). */
export const NESTED_CLAUDE_MEMORY = ['CLAUDE.md', CLAUDE_LOCAL_MEMORY] as const;

/**
 * What an answer says when folders holding memory were left out (past `MAX_NESTED_FOLDERS`),
 * worded as for nested `.cursor/rules` (`NESTED_FOLDERS_CAPPED`).
 */
export const NESTED_CLAUDE_CAPPED = `stopped reading subfolders' CLAUDE.md files after ${MAX_NESTED_FOLDERS} folders, nearest the root first`;

/** Claude Code's memory files in subfolders (`nestedNamedFiles`): the root's `.claude/` holds its project memory and rules, read at start. */
export const NESTED_CLAUDE: NestedNamedFiles = nestedNamedFiles(NESTED_CLAUDE_MEMORY, (folder) => folder === '.claude' || folder.startsWith('.claude/'));

/**
 * The folder of a nested memory file at workspace-relative `rel` (`packages/api` for
 * `packages/api/CLAUDE.md`); undefined for the root's own (`CLAUDE.md`, `.claude/CLAUDE.md`,
 * read at start) and any other path. O(path length).
 */
export const claudeMemoryFolder = NESTED_CLAUDE.folderOf;

/** The folders holding nested memory, from paths the caller already lists (the file index, a listing): never a walk. Capped as nested `.cursor/rules` are. */
export const nestedClaudeFolders = NESTED_CLAUDE.folders;

/** The folders to read for one file's rules (`holdersForFile`): those above it first, then the others the listing names. */
export const claudeFoldersForFile = NESTED_CLAUDE.foldersForFile;

/** Whether `rel` (relative, `/`-separated) names a memory file Claude Code may load: a change there may add or drop one. */
export const isClaudeMemoryPath = NESTED_CLAUDE.isPath;
