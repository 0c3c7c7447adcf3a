import * as path from 'node:path';
import type { IgnoreRules } from './ignore';
import { relativeInside } from './paths';
import { agentsProjectFolders, CLAUDE_LOCAL_MEMORY, clineCandidates, nestedRuleFolderAt, nestedRuleFolderHolding, projectRuleFolders } from './ruleLocations';

/**
 * The agents' rule folders are listed whatever the ignore files say (`listFolderFiles`):
 * the root's, and the nested ones whose holding folder is kept. The watchers and the filter
 * of file changes ask the same of one path at a time, here, so that a rule file written
 * on disk in an ignored `.cursor/rules` reaches the findings and the index as the listing
 * did. Each question costs O(path length): a handful of fixed folder names looked for.
 */

/** Folders (relative to the root, `/`-separated) where coding agents read project rules. */
export function agentRuleFolders(root: string): string[] {
  const absolute = [...projectRuleFolders(root).map((f) => f.dir), clineCandidates(root)[0], ...agentsProjectFolders(root, root)];
  return absolute.map((dir) => relativeInside(root, dir)).filter((rel): rel is string => rel !== undefined && rel !== '');
}

/** The root's rule folders, the same for every root. */
export const ROOT_RULE_FOLDERS = agentRuleFolders(path.resolve('/'));

/**
 * The folder holding the agent rule folder that `rel` (relative, `/`-separated) is, lies
 * in, or leads to: `''` for the root's (`.cursor`, `.cursor/rules`, `.cursor/rules/a.mdc`),
 * `packages/web` for `packages/web/.cursor/rules/a.mdc`; undefined for any other path.
 */
export function ruleFolderHolderOf(rel: string): string | undefined {
  for (const folder of ROOT_RULE_FOLDERS) {
    if (rel === folder || rel.startsWith(folder + '/') || folder.startsWith(rel + '/')) return '';
  }
  return (nestedRuleFolderAt(rel) ?? nestedRuleFolderHolding(rel))?.holder;
}

/**
 * The folder holding the agent file that `rel` (a file, relative, `/`-separated) is: that of
 * the rule folder it lies in (`ruleFolderHolderOf`), or, for Claude Code's personal memory
 * (`CLAUDE.local.md`, kept out of git by name), the folder it lies in; undefined for any
 * other file. O(path length).
 */
export function ruleFileHolderOf(rel: string): string | undefined {
  const holder = ruleFolderHolderOf(rel);
  if (holder !== undefined || (rel !== CLAUDE_LOCAL_MEMORY && !rel.endsWith('/' + CLAUDE_LOCAL_MEMORY))) return holder;
  return rel.slice(0, Math.max(0, rel.length - CLAUDE_LOCAL_MEMORY.length - 1));
}

/**
 * Whether a path the ignore files leave out is kept all the same, as the listing keeps it:
 * it lies in (or leads to) an agent rule folder whose holding folder is kept, or is a
 * `CLAUDE.local.md` in a kept folder, and nothing but the ignore files drops it
 * (`node_modules`, `search.exclude`).
 */
export async function keptAsRuleFolder(ignore: IgnoreRules, rel: string, isDir: boolean): Promise<boolean> {
  const holder = isDir ? ruleFolderHolderOf(rel) : ruleFileHolderOf(rel);
  if (holder === undefined) return false;
  if (holder !== '' && (await ignore.check(holder, true))) return false;
  return !(await ignore.withoutIgnoreFiles().check(rel, isDir));
}

/** Whether a change at `rel` is left out: the ignore rules drop it and no agent rule folder keeps it. */
export async function changeLeftOut(ignore: IgnoreRules, rel: string, isDir: boolean): Promise<boolean> {
  return (await ignore.check(rel, isDir)) && !(await keptAsRuleFolder(ignore, rel, isDir));
}
