import { CLAUDE_LOCAL_MEMORY } from '../../workspace/ruleLocations';
import { holdersForFile, holdersIn, MAX_NESTED_FOLDERS, nearestHolders } from './nestedRules';

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

/**
 * The folder of a nested memory file at workspace-relative `rel` (`packages/api` for
 * `packages/api/CLAUDE.md`); undefined for the root's own (`CLAUDE.md`, `.claude/CLAUDE.md`,
 * read at start) and any other path. O(path length).
 */
export function claudeMemoryFolder(rel: string): string | undefined {
  const slash = rel.lastIndexOf('/');
  if (slash <= 0 || !(NESTED_CLAUDE_MEMORY as readonly string[]).includes(rel.slice(slash + 1))) return undefined;
  const folder = rel.slice(0, slash);
  // The root's `.claude/` holds its project memory and rules, read at start.
  return folder === '.claude' || folder.startsWith('.claude/') ? undefined : folder;
}

/** The folders holding nested memory, from paths the caller already lists (the file index, a listing): never a walk. Capped as nested `.cursor/rules` are. */
export function nestedClaudeFolders(rels: Iterable<string>): { holders: string[]; more: boolean } {
  return nearestHolders(holdersIn(rels, claudeMemoryFolder));
}

/** The folders to read for one file's rules (`holdersForFile`): those above it first, then the others the listing names. */
export function claudeFoldersForFile(rel: string, rels: Iterable<string>, complete: boolean): { holders: string[]; more: boolean } {
  return holdersForFile(rel, rels, complete, claudeMemoryFolder);
}

/** Whether `rel` (relative, `/`-separated) names a memory file Claude Code may load: a change there may add or drop one. */
export function isClaudeMemoryPath(rel: string): boolean {
  return NESTED_CLAUDE_MEMORY.some((name) => rel === name || rel.endsWith('/' + name));
}
