import { realpathOfLongestPrefix } from './confine';
import type { FileSystem } from './fs';
import { skipped } from './gitListing';
import { linkHoldingItself, linkLeadsTo, linkLeadsToFolder, ruleFolderLinkReason } from './links';
import { joinRelative, relativeInside } from './paths';
import { LINK_FOLLOWING_RULE_FOLDER, LINKED_FOLDER_ROUNDS, NESTED_RULE_FOLDERS, nestedRuleFolderAt } from './ruleLocations';
import { walkFiles, type WalkEntry, type WalkOptions, type WalkResult } from './walk';

/**
 * Folders below a linked nested rule folder that are listed: the depth to which agentls
 * reads a root `.cursor/rules` (`instructionViews.ts`, MAX_FOLDER_DEPTH), so that a link to
 * a large tree (a link to the workspace root) is not listed whole under the link's name.
 */
const MAX_LINKED_DEPTH = 8;

/**
 * The last names of the entries `nestedRuleFolderAt` can answer for (`rules`, `.cursor`, …):
 * every entry of a listing is asked, so the others are turned away without building a string.
 */
const LAST_NAMES = [...new Set(NESTED_RULE_FOLDERS.flatMap((f) => [f.slice(f.lastIndexOf('/') + 1), f.slice(0, f.indexOf('/'))]))];

function nestedRuleFolderOf(rel: string): { folder: string; holder: string } | undefined {
  return LAST_NAMES.some((name) => rel.endsWith(name)) ? nestedRuleFolderAt(rel) : undefined;
}

/**
 * Nested rule folders (`NESTED_RULE_FOLDERS`: `packages/web/.cursor/rules`) that are
 * symbolic links, or lie under one (`packages/web/.cursor`). Neither git nor the walker
 * follows a link, so the listing had the link as one entry and never the rule files
 * behind it. Every tool reads its rule folder through a link (`notRead.ts`,
 * LOCATION_READERS: nothing documents otherwise), and the root's linked rule folders are
 * read through theirs (discovery), so these are listed through the link, named by the link
 * path, as the tools name them. Only one the confined file system lets through, in the
 * workspace: a link out of it is never followed, and its folder never read.
 */
export class LinkedRuleFolders {
  /** Each nested rule folder noted, with the entry the listing met for it (the link itself, or the link above it). */
  private readonly folders = new Map<string, string>();

  /** Whether an entry may be, or hold, a nested rule folder: kept by a listing that keeps only some files (`ListOptions.keep`). */
  static mayBe(rel: string): boolean {
    return nestedRuleFolderOf(rel) !== undefined || LINK_FOLLOWING_RULE_FOLDER.test(rel);
  }

  /**
   * Entries inside a rule folder whose agent walks a linked folder there as the folder
   * (`LINK_FOLLOWING_RULE_FOLDER`: `.roo/rules/shared` → `../../shared/roo`): any may be such a
   * link, which neither git nor the walker follows, so its files are listed through it as the
   * agent reads them. Most are plain files, turned away by one lstat each in `list`.
   */
  private readonly inside = new Set<string>();

  /** The nested rule folders noted through `noteIgnored`: walked without the ignore files. */
  private readonly ignored = new Set<string>();

  /**
   * Notes a link the ignore files leave out (`.gitignore` has `packages/web/.cursor/`, and
   * `packages/web/.cursor/rules` is a link), kept because its tool reads it whatever they say:
   * walked as `addAgentRuleFolders` walks a real one, without the ignore files.
   */
  readonly noteIgnored = (rel: string): void => {
    this.note(rel);
    const at = nestedRuleFolderOf(rel);
    if (at !== undefined && at.holder !== '') this.ignored.add(at.folder);
  };

  /** Notes an entry the listing met (a link, or what git lists for one): the nested rule folder it is or holds, if any. O(path length). */
  readonly note = (rel: string): void => {
    if (LINK_FOLLOWING_RULE_FOLDER.test(rel)) this.inside.add(rel);
    const at = nestedRuleFolderOf(rel);
    // The root's rule folders are discovery's: it reads them through their links already.
    if (at !== undefined && at.holder !== '' && !this.folders.has(at.folder)) this.folders.set(at.folder, rel);
  };

  /** `onBatch`, noting the entries that may be linked rule folders on the way. */
  watching(onBatch: (batch: WalkEntry[]) => void): (batch: WalkEntry[]) => void {
    return (batch) => {
      for (const entry of batch) this.note(entry.rel);
      onBatch(batch);
    };
  }

  /** Lists the files of each noted folder that leads to a folder in the workspace, through the link; adds them to `result`. */
  async list(options: LinkedListOptions, result: { fileCount: number; truncated: boolean; errors: { rel: string; message: string }[]; ruleFolderLinks: RuleFolderLinks }): Promise<void> {
    for (const [folder, link] of this.folders) {
      if (options.cancel?.isCancellationRequested || skipped(folder, options.skip)) continue;
      // `lstat` through the confinement: undefined for a link out of the workspace (refused)
      // or to nothing. A link that leads nowhere or to a file may pass it (the real path of
      // its longest prefix is in the workspace): a stat through it says so.
      const abs = joinRelative(options.root, folder);
      const st = await options.fs.stat(abs);
      // One leading to a folder that holds it (the root, an ancestor) would be walked round and round: its files listed again under the link's name.
      // A plain file written where the folder goes (`.cursor/rules` as one file), or a named pipe, socket or device, is no folder either: handed on, never read as a rule.
      if (st === undefined || st.kind === 'file' || st.kind === 'other' || (st.kind === 'symlink' && (ruleFolderLinkReason(abs) !== undefined || linkHoldingItself(abs) !== undefined))) {
        // Handed on unread, for the rules linters to say so of the link at fault.
        const holderInside = folder === link || (await options.fs.stat(joinRelative(options.root, link))) !== undefined;
        result.ruleFolderLinks.unfollowed.push(unfollowedEntry(options.root, folder, link, holderInside));
        continue;
      }
      if (st.kind !== 'symlink' && st.kind !== 'directory') continue;
      const walk = await walkLinkedRuleFolder({ ...options, ignore: this.ignored.has(folder) ? options.ignore.withoutIgnoreFiles() : options.ignore, maxFiles: Math.max(0, options.maxFiles - result.fileCount) }, folder);
      result.fileCount += walk.fileCount;
      result.truncated ||= walk.truncated;
      result.errors.push(...walk.errors);
      // A folder the walk could not open (no read permission; the links to no folder were turned
      // away above): its rules are not read, so it is handed on as a real one the listing cannot
      // read is (`listFiles`), for the rules linters to say so of it, and its error stays.
      if (walk.errors.some((e) => e.rel === folder)) {
        if (!result.ruleFolderLinks.unfollowed.includes(folder)) result.ruleFolderLinks.unfollowed.push(folder);
        continue;
      }
      // Where its files really are: an edit there is an edit of the files seen through the link (change events carry the real path).
      const target = realFolderOf(options.root, folder);
      if (target !== undefined && target !== folder) result.ruleFolderLinks.followed.push({ link: folder, target });
    }
    await this.listLinksInside(options, result);
  }

  /**
   * Lists through each link to a folder of the workspace among the entries inside a
   * link-following rule folder (`inside`), named by the link's path; links met in such a
   * folder are followed in turn, `LINKED_FOLDER_ROUNDS` deep, as Roo Code's source follows them.
   * A link to a file, out of the workspace, to nothing, or to a folder holding it is not
   * followed here, nor one met past those rounds: each is handed on (`RuleFolderLinks.unlistedLinks`), for the
   * rules linters to say so of the link (`readOutsideFile`), as `check`, which lists links, does.
   */
  private async listLinksInside(options: LinkedListOptions, result: { fileCount: number; truncated: boolean; errors: { rel: string; message: string }[]; ruleFolderLinks: RuleFolderLinks }): Promise<void> {
    let round = [...this.inside];
    for (let depth = 0; depth < LINKED_FOLDER_ROUNDS && round.length > 0; depth++) {
      const next: string[] = [];
      for (const link of round) {
        if (options.cancel?.isCancellationRequested || skipped(link, options.skip)) continue;
        const abs = joinRelative(options.root, link);
        // The confined lstat: undefined for a link out of the workspace; a plain file for most.
        const st = await options.fs.stat(abs);
        if (st?.kind === 'file' || st?.kind === 'directory') continue;
        if (st?.kind !== 'symlink' || !linkLeadsToFolder(abs) || linkHoldingItself(abs) !== undefined) {
          handOnUnlisted(options, result.ruleFolderLinks, link, abs);
          continue;
        }
        const onBatch = (batch: WalkEntry[]): void => {
          for (const e of batch) if (e.kind === 'symlink') next.push(e.rel);
          options.onBatch?.(batch);
        };
        const walk = await walkLinkedRuleFolder({ ...options, onBatch, onLink: (rel) => next.push(rel), maxFiles: Math.max(0, options.maxFiles - result.fileCount) }, link);
        result.fileCount += walk.fileCount;
        result.truncated ||= walk.truncated;
        result.errors.push(...walk.errors);
        const target = realFolderOf(options.root, link);
        if (target !== undefined && target !== link) result.ruleFolderLinks.followed.push({ link, target });
      }
      round = next;
    }
    // Met in the last folders listed: past the links the listing follows, as past those Roo Code follows (`rooLinkTooDeep`).
    for (const link of round) {
      if (options.cancel?.isCancellationRequested || skipped(link, options.skip)) continue;
      const abs = joinRelative(options.root, link);
      const st = await options.fs.stat(abs);
      if (st === undefined || st.kind === 'symlink') handOnUnlisted(options, result.ruleFolderLinks, link, abs);
    }
  }
}

/**
 * Hands on a link inside a link-following rule folder that the listing does not list through
 * (`RuleFolderLinks.unlistedLinks`): to a folder, to nothing, and to a file of the workspace too,
 * whose agent reads the file behind it as one of its rules (`LINK_FOLLOWING_RULE_FOLDER` has the
 * sources) and which `check`, listing links as files, judges on the link; the file index keeps
 * no link, whether a walk or git listed it. Kept only while it is a link (the confined stat may
 * have given nothing for one out of the workspace, round a loop, or gone), not a named pipe or a
 * socket. Capped at the listing's file budget. A readlink, never an open.
 */
function handOnUnlisted(options: LinkedListOptions, links: RuleFolderLinks, link: string, abs: string): void {
  if (links.unlistedLinks.length >= options.maxFiles || links.unlistedLinks.includes(link)) return;
  if (linkLeadsTo(abs) === undefined) return;
  links.unlistedLinks.push(link);
}

/**
 * Lists the one nested rule folder reached through `entry` again, as a listing does (`list`:
 * the confined stat, the walk through the link, its depth and the file budget left after
 * `fileCount`), once its target may have come or gone while the listing it was in is kept:
 * the folder's files through the link go to `onBatch`, and it is handed on followed or not;
 * `truncated` when some of them were left out past that budget.
 * `entry` is what a listing notes: the link, or the link above it (`ruleFolderEntry`).
 */
export async function relistLinkedRuleFolder(options: LinkedListOptions, entry: string, fileCount: number): Promise<{ ruleFolderLinks: RuleFolderLinks; truncated: boolean }> {
  const links = new LinkedRuleFolders();
  // A link the ignore files leave out is still read by its tool: walked without them, as the listing walks it.
  if ((await options.ignore.ignoredPart(entry, true)) !== undefined) links.noteIgnored(entry);
  else links.note(entry);
  const result = { fileCount, truncated: false, errors: [], ruleFolderLinks: { followed: [], unfollowed: [], unlistedLinks: [] } };
  await links.list(options, result);
  return { ruleFolderLinks: result.ruleFolderLinks, truncated: result.truncated };
}

/** The entry a listing meets for a nested rule folder it followed: the link above it (`packages/web/.cursor`) when that is one, else the folder (`packages/web/.cursor/rules`). */
export async function ruleFolderEntry(fs: FileSystem, root: string, folder: string): Promise<string> {
  const above = folder.slice(0, Math.max(0, folder.lastIndexOf('/')));
  return above !== '' && (await fs.stat(joinRelative(root, above)))?.kind === 'symlink' ? above : folder;
}

/**
 * The entry a nested rule folder that is not followed is said of: the rule folder itself when
 * it is a link, seen through a link above it that stays in the workspace
 * (`packages/web/.cursor` → `shared/cursor`, whose `rules` leads nowhere or out), as it is
 * said of one in a real `.cursor`; else the link the listing met (`link`). `holderInside`:
 * whether the confinement lets that link through, so that nothing beyond it is read. One
 * readlink, no listing.
 */
export function unfollowedEntry(root: string, folder: string, link: string, holderInside: boolean): string {
  return folder !== link && holderInside && linkLeadsTo(joinRelative(root, folder)) !== undefined ? folder : link;
}

/** The files of a nested rule folder reached through a link in the workspace, named by the link's path, to the depth agentls reads a rule folder. */
export function walkLinkedRuleFolder(options: Omit<LinkedListOptions, 'skip'> & Pick<WalkOptions, 'onLink'>, folder: string): Promise<WalkResult> {
  return walkFiles({ fs: options.fs, root: options.root, start: folder, ignore: options.ignore, maxFiles: options.maxFiles, maxDepth: MAX_LINKED_DEPTH, cancel: options.cancel, onBatch: options.onBatch, includeSymlinks: options.includeSymlinks, onLink: options.onLink });
}

/**
 * The nested rule folders behind links, as a listing met them: those it listed through the
 * link, with the folder that really holds their files, and the links it did not follow.
 */
export interface RuleFolderLinks {
  /** Root-relative: the rule folder as the tools name it (`packages/web/.cursor/rules`), and where it really is (`shared/web-rules`). */
  followed: { link: string; target: string }[];
  /** Root-relative links (`packages/web/.cursor/rules`, `packages/web/.cursor`) not followed: out of the workspace (the confined file system refuses them), to nothing or a file, round a loop, or to a folder holding the link; such a rule folder, or the folder above it, that is a plain file; and a rule folder, real or linked, the listing could not open. Never read. */
  unfollowed: string[];
  /**
   * Root-relative links inside a rule folder whose agent reads a linked folder as part of it
   * (`LINK_FOLLOWING_RULE_FOLDER`: `.roo/rules/shared`, `.claude/rules/l1/l2/l3`) that were not
   * listed through: to a file, out of the workspace, to nothing or round a loop, to a folder
   * holding them, or met past `LINKED_FOLDER_ROUNDS`. A listing that keeps no link (the file index) hands them
   * on here, for the rules linters to judge each (`readOutsideFile`). Never read.
   */
  unlistedLinks: string[];
}

/** Where a rule folder reached through a link in the workspace really is, relative to the root's real path; undefined when that is not in it. */
export function realFolderOf(root: string, folder: string): string | undefined {
  const realRoot = realpathOfLongestPrefix(root);
  const real = realpathOfLongestPrefix(joinRelative(root, folder));
  return realRoot === undefined || real === undefined ? undefined : relativeInside(realRoot, real);
}

/** What the listing's walks are given, its budget and the folders it leaves out. */
export type LinkedListOptions = Pick<WalkOptions, 'fs' | 'root' | 'ignore' | 'cancel' | 'onBatch' | 'includeSymlinks'> & { maxFiles: number; skip: readonly string[] };
