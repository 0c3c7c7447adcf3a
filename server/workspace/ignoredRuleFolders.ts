import type { Cancellation } from '../core/cancel';
import { gitListFiles } from './gitFiles';
import { NESTED_RULE_FOLDERS, nestedRuleFolderAt, nestedRuleFolderHolding } from './ruleLocations';

/** Nested rule folders kept from one listing: each is walked, so their number bounds the extra work. */
const MAX_FOLDERS = 1000;
/** Entries taken from git's list of ignored ones: an ignored folder is one entry, never entered. */
const MAX_GIT_ENTRIES = 20_000;

/**
 * `.cursor` and `.cursor/rules` at any depth, for each nested rule folder: git then lists
 * the ignored folders of these names, and the ignored ones that could hold one
 * (`node_modules/`), as one entry each, entering none of them. What lies in a rule folder
 * too: a folder that holds a file added with `git add -f` is not ignored as a whole, and git
 * names its other, ignored, files one by one instead (the folder's pathspec alone names none).
 */
const PATHSPECS = NESTED_RULE_FOLDERS.flatMap((folder) => [`:(glob)**/${folder.slice(0, folder.indexOf('/'))}`, `:(glob)**/${folder}`, `:(glob)**/${folder}/**`]);

/**
 * The nested rule folders of coding agents (`NESTED_RULE_FOLDERS`) that the ignore files
 * keep out of a listing, gathered from the folders the listing leaves out: the walk tells
 * each one (`take`), git lists them (`ignoredRuleFoldersFromGit`). Only the folders that are,
 * or hold, an agent rule folder are kept, so an ignored tree is never walked for them.
 */
export class IgnoredRuleFolders {
  private readonly found = new Map<string, string>();

  /** A folder (relative, `/`-separated) that the ignore rules leave out. */
  readonly take = (rel: string): void => {
    const at = nestedRuleFolderAt(rel);
    if (at !== undefined && this.found.size < MAX_FOLDERS) this.found.set(at.folder, at.holder);
  };

  /** The folders kept, relative and `/`-separated, each with the folder holding its agent folder (`web` of `web/.cursor/rules`). */
  get folders(): ReadonlyMap<string, string> {
    return this.found;
  }
}

/**
 * The ignored folders git finds that are, or hold, a nested rule folder (`git ls-files
 * --others --ignored --directory` with the pathspecs above, which reads the folders git
 * reads for the untracked files and enters no ignored one); none when git fails.
 */
export async function ignoredRuleFoldersFromGit(root: string, cancel: Cancellation | undefined): Promise<string[]> {
  const listed = await gitListFiles({ root, maxFiles: MAX_GIT_ENTRIES, cancel, which: 'ignored', pathspecs: PATHSPECS });
  if (!listed.ok) return [];
  const folders = new IgnoredRuleFolders();
  // A folder ends with a slash; an ignored file is taken for the rule folder it lies in, if any.
  for (const entry of listed.files) {
    if (entry.endsWith('/')) folders.take(entry.slice(0, -1));
    else {
      const folder = nestedRuleFolderHolding(entry)?.folder;
      if (folder !== undefined) folders.take(folder);
    }
  }
  return [...folders.folders.keys()];
}
