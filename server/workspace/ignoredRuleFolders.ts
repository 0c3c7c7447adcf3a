import type { Cancellation } from '../core/cancel';
import { gitListFiles } from './gitFiles';
import { ROOT_RULE_FOLDERS, ruleFileHolderOf } from './keptRuleFolders';
import { CLAUDE_LOCAL_MEMORY, NESTED_RULE_FOLDERS, nestedRuleFolderAt, nestedRuleFolderHolding } from './ruleLocations';

/** Nested rule folders kept from one listing: each is walked, so their number bounds the extra work. */
const MAX_FOLDERS = 1000;
/** Rule files the ignore files leave out by name, kept from one listing: each is looked at once. */
const MAX_FILES = 1000;
/** Entries taken from git's list of ignored ones: an ignored folder is one entry, never entered. */
const MAX_GIT_ENTRIES = 20_000;

/**
 * `.cursor` and `.cursor/rules` at any depth, for each nested rule folder: git then lists
 * the ignored folders of these names, and the ignored ones that could hold one
 * (`node_modules/`), as one entry each, entering none of them. What lies in a rule folder
 * too: a folder that holds a file added with `git add -f` is not ignored as a whole, and git
 * names its other, ignored, files one by one instead (the folder's pathspec alone names none);
 * so does a folder that is not ignored but some of whose files are (`*.local.mdc`). The
 * root's own rule folders (`.xcsh/rules`, `.clinerules`) and `CLAUDE.local.md` anywhere, for
 * the files the ignore files leave out by name.
 */
const PATHSPECS = [
  ...NESTED_RULE_FOLDERS.flatMap((folder) => [`:(glob)**/${folder.slice(0, folder.indexOf('/'))}`, `:(glob)**/${folder}`, `:(glob)**/${folder}/**`]),
  ...ROOT_RULE_FOLDERS.map((folder) => `:(glob)${folder}/**`),
  `:(glob)**/${CLAUDE_LOCAL_MEMORY}`,
];

/**
 * The nested rule folders of coding agents (`NESTED_RULE_FOLDERS`) that the ignore files
 * keep out of a listing, gathered from the folders the listing leaves out: the walk tells
 * each one (`take`), git lists them (`ignoredRuleFoldersFromGit`). Only the folders that are,
 * or hold, an agent rule folder are kept, so an ignored tree is never walked for them. And
 * the agent files the ignore files leave out by name in a folder the listing enters
 * (`takeFile`): a personal `.cursor/rules/me.local.mdc` or `CLAUDE.local.md`.
 */
export class IgnoredRuleFolders {
  private readonly found = new Map<string, string>();
  private readonly foundFiles = new Set<string>();

  /** A folder (relative, `/`-separated) that the ignore rules leave out. */
  readonly take = (rel: string): void => {
    const at = nestedRuleFolderAt(rel);
    if (at !== undefined && this.found.size < MAX_FOLDERS) this.found.set(at.folder, at.holder);
  };

  /** A file (relative, `/`-separated) that the ignore rules leave out: kept when it is an agent file (`ruleFileHolderOf`). */
  readonly takeFile = (rel: string): void => {
    if (this.foundFiles.size < MAX_FILES && ruleFileHolderOf(rel) !== undefined) this.foundFiles.add(rel);
  };

  /**
   * An entry of git's ignored listing (`ignoredRuleFoldersFromGit`): a folder ends with a
   * slash; a file is taken as one, and for the nested rule folder it lies in, which is then
   * walked whole (an ignored subfolder there is one more entry, not named by the pathspecs).
   */
  takeListed(entry: string): void {
    if (entry.endsWith('/')) return this.take(entry.slice(0, -1));
    this.takeFile(entry);
    const folder = nestedRuleFolderHolding(entry)?.folder;
    if (folder !== undefined) this.take(folder);
  }

  /** The folders kept, relative and `/`-separated, each with the folder holding its agent folder (`web` of `web/.cursor/rules`). */
  get folders(): ReadonlyMap<string, string> {
    return this.found;
  }

  /** The files kept, relative and `/`-separated. */
  get files(): ReadonlySet<string> {
    return this.foundFiles;
  }
}

/**
 * The ignored entries git finds that are, hold or lie in a rule folder, or are a
 * `CLAUDE.local.md` (`git ls-files --others --ignored --directory` with the pathspecs
 * above, which reads the folders git reads for the untracked files and enters no ignored
 * one): an ignored folder with a slash at its end. None when git fails.
 */
export async function ignoredRuleEntriesFromGit(root: string, cancel: Cancellation | undefined): Promise<string[]> {
  const listed = await gitListFiles({ root, maxFiles: MAX_GIT_ENTRIES, cancel, which: 'ignored', pathspecs: PATHSPECS });
  return listed.ok ? listed.files : [];
}
