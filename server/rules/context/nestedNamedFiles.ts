import { holdersForFile, holdersIn, nearestHolders } from './nestedRules';

/**
 * Instruction files an agent reads by their name in any folder below the workspace folder
 * (Claude Code's `CLAUDE.md` and `CLAUDE.local.md`: `nestedClaude.ts`; `AGENTS.md`:
 * `nestedAgentsMd.ts`), each reaching the files under its own folder. Their folders come from
 * paths the caller already lists (the file index, a listing): never a walk, and capped
 * (`MAX_NESTED_FOLDERS`, nearest the root first) as nested `.cursor/rules` are.
 */
export interface NestedNamedFiles {
  /** The names looked for in each folder, in the order the agent appends them. */
  readonly names: readonly string[];
  /** The folder of such a file at workspace-relative `rel` (`packages/api`); undefined for the root's own and any other path. O(path length). */
  folderOf(rel: string): string | undefined;
  /** The folders holding one, nearest the root first, at most `MAX_NESTED_FOLDERS`; `more`: some left out. */
  folders(rels: Iterable<string>): { holders: string[]; more: boolean };
  /** The folders to read for one file's rules (`holdersForFile`): those above it first, then the others the listing names. */
  foldersForFile(rel: string, rels: Iterable<string>, complete: boolean): { holders: string[]; more: boolean };
  /** Whether `rel` (relative, `/`-separated) names such a file at any depth, the root's included: a change there may add or drop one. */
  isPath(rel: string): boolean;
}

/** `names` in any folder but the root; `rootOwn`: a folder below the root whose files are the root's own (Claude Code's `.claude`), read at start. */
export function nestedNamedFiles(names: readonly string[], rootOwn: (folder: string) => boolean = () => false): NestedNamedFiles {
  const folderOf = (rel: string): string | undefined => {
    const slash = rel.lastIndexOf('/');
    if (slash <= 0 || !names.includes(rel.slice(slash + 1))) return undefined;
    const folder = rel.slice(0, slash);
    return rootOwn(folder) ? undefined : folder;
  };
  return {
    names,
    folderOf,
    folders: (rels) => nearestHolders(holdersIn(rels, folderOf)),
    foldersForFile: (rel, rels, complete) => holdersForFile(rel, rels, complete, folderOf),
    isPath: (rel) => names.some((name) => rel === name || rel.endsWith('/' + name)),
  };
}
