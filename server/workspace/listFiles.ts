import * as path from 'node:path';
import type { Cancellation } from '../core/cancel';
import type { DirEntry, FileSystem } from './fs';
import { gitIndexEntryCount, gitListFiles } from './gitFiles';
import { GitListing, listingNeeds, skipped } from './gitListing';
import { IgnoredRuleFolders, ignoredRuleEntriesFromGit } from './ignoredRuleFolders';
import { globalExcludesMayName, mayIgnoreNestedRuleFolders, rootIgnoreFilesMayName } from './ruleFolderIgnores';
import type { IgnoreRules } from './ignore';
import { joinRelative } from './paths';
import { agentRuleFolders, keptAsRuleFolder } from './keptRuleFolders';
import { LinkedRuleFolders, type RuleFolderLinks } from './linkedRuleFolders';
import { nestedRuleFolderAt } from './ruleLocations';
import { walkFiles, type WalkEntry } from './walk';

export interface ListOptions {
  fs: FileSystem;
  /** Absolute root; results are relative to it. */
  root: string;
  ignore: IgnoreRules;
  maxFiles: number;
  cancel?: Cancellation;
  /** Receives files in batches, so callers can answer before the listing ends. */
  onBatch: (batch: WalkEntry[]) => void;
  /** Ask git first in a work tree (default true). */
  useGit?: boolean;
  /** Folders (relative, `/`-separated) left out: workspace folders nested in this one, indexed on their own. */
  skip?: readonly string[];
  /** Told, before the first batch, how many files git's index holds (in a git work tree whose index can be read). */
  onExpected?: (files: number) => void;
  /** Awaited between batches when given (a test holds a listing half-way with it). */
  between?: (filesSoFar: number) => Promise<void> | undefined;
  /** List symbolic links found by the walk too, as git lists them in a work tree (the linters read through them, confined). */
  includeSymlinks?: boolean;
  /**
   * Only the files the caller wants (`agentls rules --for` wants those of nested
   * `.cursor/rules`): in a git work tree the other paths git lists are dropped before they
   * are judged, the work that dominates on a large tree, and counted against `maxFiles` as
   * if listed, so `truncated` is said wherever the whole listing would say it (and maybe
   * sooner: a caller that must match the whole listing there then lists whole). Everything
   * else (the walk, submodules, the rule folders the ignore files leave out) is listed as
   * always, its batches filtered.
   */
  keep?: (rel: string) => boolean;
  /** Told of each symlink the walk leaves out (`includeSymlinks` off): the listing's own use (`LinkedRuleFolders`). */
  onLink?: (rel: string) => void;
  /** Told of each named pipe, socket or device the walk meets (`WalkOptions.onSpecial`); git lists none of them. */
  onSpecial?: (rel: string) => void;
}

export interface ListResult {
  /** Who listed: git, or the walker (no git, not a work tree, git failed). */
  source: 'git' | 'walk';
  /** Why git was not used, when the folder holds `.git`. */
  gitProblem?: string;
  fileCount: number;
  truncated: boolean;
  cancelled: boolean;
  errors: { rel: string; message: string }[];
  /** Nested rule folders behind links: those listed through the link, and the links not followed (`LinkedRuleFolders`). */
  ruleFolderLinks: RuleFolderLinks;
}

/**
 * The files of a workspace folder, as fast as they can be had: in a git work tree git
 * lists them (its ignore rules applied), then the decisions git does not make (`.ignore`
 * files, `node_modules/`, `search.exclude`) are taken once per folder and only where a
 * rule can reach files one by one; elsewhere the walker. The rule folders of coding
 * agents are listed whatever the ignore files say: a project that keeps `.cursor/` out of
 * git still references its rules. Those at the root are looked for; the nested ones
 * (`packages/web/.cursor/rules`) are found among the folders the listing leaves out, where
 * the walk or git meets them, so no ignored tree is entered for them.
 */
export async function listFolderFiles(given: ListOptions): Promise<ListResult> {
  const skip = given.skip ?? [];
  // Nested rule folders that are links: listed through the link once the rest is. They are
  // noted before `keep` filters the batches, and `keep` lets their entries through git's list.
  const links = new LinkedRuleFolders();
  const keep = given.keep;
  const callerBatch = keep ? keptOnly(given.onBatch, keep) : given.onBatch;
  const options: ListOptions = {
    ...given,
    onBatch: links.watching(callerBatch),
    onLink: links.note,
    // A named pipe where a package's rule folder goes is no folder: handed on to be said of (git never lists one, so only a walk meets it).
    onSpecial: links.note,
    keep: keep && ((rel) => keep(rel) || LinkedRuleFolders.mayBe(rel)),
  };
  const result: ListResult = { source: 'walk', fileCount: 0, truncated: false, cancelled: false, errors: [], ruleFolderLinks: { followed: [], unfollowed: [], unlistedLinks: [] } };
  let listedByGit = false;
  const ignoredRules = new IgnoredRuleFolders();
  if (options.useGit !== false && (await options.fs.stat(path.join(options.root, '.git'))) !== undefined) {
    // When the root's own ignore files may leave out a rule entry, git's walk for the ignored
    // ones starts once the first files are handed on, beside the untracked walk, instead of
    // once the tracked list has been taken and its .gitignore files read: started then, it
    // ended well after the rest, and the 92k-file index was complete ~0.2 s later.
    let firstBatch!: () => void;
    const firstBatchOut = new Promise<void>((resolve) => (firstBatch = resolve));
    const onBatch = (batch: WalkEntry[]) => {
      firstBatch();
      options.onBatch(batch);
    };
    const listing = new GitListing({ ...options, onBatch, onIgnoredFolder: ignoredRules.take, onIgnoredFile: ignoredRules.takeFile }, skip, result);
    // Paths the caller does not want are never judged, but count as listed (`keep`); those the listing needs stay.
    const wanted = (paths: readonly string[]): readonly string[] => {
      const wants = options.keep;
      if (!wants) return paths;
      const kept = paths.filter((rel) => wants(rel) || listingNeeds(rel));
      result.fileCount += paths.length - kept.length;
      return kept;
    };
    const gitignores: string[] = [];
    // The tracked files first, before any other start-up work: the first answers wait for git
    // to read its index, and each process started before it (Node forks the whole server for
    // each) or beside it (the untracked walk reads the index too) put the first files off.
    const trackedListed = gitListFiles({
      root: options.root,
      maxFiles: options.maxFiles,
      cancel: options.cancel,
      which: 'tracked',
      onPaths: (paths) => {
        for (const rel of paths) if (isGitignore(rel)) gitignores.push(rel);
        listing.streamTracked(wanted(paths));
      },
    });
    // While git reads its index: the count, told before the first files are taken, and the
    // root's ignore files, both asked of the thread pool before the untracked git is started
    // (Node forks the server to start it, and its thread waits meanwhile).
    listing.takeAfter(tellExpected(options));
    const rootMayName = rootIgnoreFilesMayName(options.root, options.fs);
    // The untracked files (git reads every folder for them) meanwhile, taken when git has found them all.
    const untracked = gitListFiles({ root: options.root, maxFiles: options.maxFiles, cancel: options.cancel, which: 'untracked' });
    const earlyIgnored = ignoredRuleEntriesEarly(options, rootMayName, firstBatchOut);
    const tracked = await trackedListed;
    // Where the root's ignore files name no rule entry, the whole question may come down to the
    // user's global excludes: git is asked of them now, beside the untracked listing, and not
    // sooner, when a third git would have put the first files off.
    const globalExcludes = rootMayName.then((yes) => yes || globalExcludesMayName(options.root));
    globalExcludes.catch(() => undefined);
    // The ignored rule folders are asked of git (a walk of every folder) only where an ignore rule may name one; beside the untracked listing.
    // No batch yet (every path held for the `.ignore` files, or git failed): the early question need wait no longer.
    firstBatch();
    const ignoredByGit = earlyIgnored.then((early) => early ?? ignoredRuleFolders(options, gitignores, globalExcludes));
    // Awaited only when git listed the folder; when it failed, the walk that follows finds the ignored rule entries itself.
    ignoredByGit.catch(() => undefined);
    // git failed or was cancelled part-way: what it listed is in the index already; the walk that follows lists the folder again.
    if (!tracked.ok) listing.stop();
    await listing.endTracked();
    const others = await untracked;
    if (tracked.ok && others.ok) {
      listedByGit = true;
      result.source = 'git';
      await listing.addWhole(wanted(others.files));
      listing.flush();
      result.truncated ||= tracked.truncated || others.truncated;
      let nestedIgnored = await ignoredByGit;
      const untrackedGitignores = others.files.filter(isGitignore);
      if (nestedIgnored === undefined && untrackedGitignores.length > 0) nestedIgnored = await ignoredRuleFolders(options, untrackedGitignores, globalExcludes);
      for (const entry of nestedIgnored ?? []) ignoredRules.takeListed(entry);
      await walkNested(options, listing.nested, skip, result, ignoredRules);
    } else {
      // The walk that follows lists the folder again: the files git listed but not yet handed on are left to it.
      const reason = tracked.ok ? (others.ok ? '' : others.reason) : tracked.reason;
      if (reason !== 'cancelled') result.gitProblem = reason;
      result.fileCount = 0;
      result.truncated = false;
    }
  }
  if (options.cancel?.isCancellationRequested) return { ...result, cancelled: true };
  if (!listedByGit) {
    const walk = await walkFiles({ fs: options.fs, root: options.root, ignore: options.ignore, maxFiles: options.maxFiles, cancel: options.cancel, skip, between: options.between, onBatch: options.onBatch, includeSymlinks: options.includeSymlinks, onIgnoredFolder: ignoredRules.take, onIgnoredFile: ignoredRules.takeFile, onLink: options.onLink, onSpecial: options.onSpecial });
    result.fileCount = walk.fileCount;
    result.truncated = walk.truncated;
    result.cancelled = walk.cancelled;
    result.errors.push(...walk.errors);
  }
  const { walked, notFolders } = await addAgentRuleFolders(options, skip, result, ignoredRules.folders);
  // The nested ones that are no folder may be links: kept as the links the ignore files leave out by name are.
  await addKeptFiles(options, skip, result, new Set([...ignoredRules.files, ...notFolders]), walked, links);
  await links.list({ ...given, onBatch: callerBatch, skip }, result);
  // A package's rule folder the listing could not read (no read permission) is handed on too, to be said of as the root's is; the error stays.
  for (const { rel } of result.errors) {
    const at = nestedRuleFolderAt(rel);
    if (at !== undefined && at.holder !== '' && at.folder === rel && !result.ruleFolderLinks.unfollowed.includes(rel)) result.ruleFolderLinks.unfollowed.push(rel);
  }
  return result;
}

/** Tells `onExpected`, when asked for, how many files git's index holds (capped at `maxFiles`). */
async function tellExpected(options: ListOptions): Promise<void> {
  if (!options.onExpected) return;
  const expected = await gitIndexEntryCount(options.root);
  if (expected !== undefined) options.onExpected(Math.min(expected, options.maxFiles));
}

/**
 * The rule folders and files git's ignore rules leave out (`ignoredRuleEntriesFromGit`), or
 * undefined when no rule of the repository nor of the user's global excludes can name one
 * (`mayIgnoreNestedRuleFolders`, judged from `gitignores`).
 */
async function ignoredRuleFolders(options: ListOptions, gitignores: readonly string[], globalExcludes: Promise<boolean>): Promise<string[] | undefined> {
  if (!(await mayIgnoreNestedRuleFolders(options.root, options.fs, gitignores, globalExcludes))) return undefined;
  return ignoredRuleEntriesFromGit(options.root, options.cancel);
}

/**
 * The rule folders and files git's ignore rules leave out, asked of git once `started`
 * settles when the root's own ignore files may name one (`rootIgnoreFilesMayName`: the
 * whole question then answers yes too); undefined when they do not, and the whole question
 * waits for the listing's `.gitignore` files.
 */
async function ignoredRuleEntriesEarly(options: ListOptions, rootMayName: Promise<boolean>, started: Promise<void>): Promise<string[] | undefined> {
  if (!(await rootMayName)) return undefined;
  await started;
  return options.cancel?.isCancellationRequested ? [] : ignoredRuleEntriesFromGit(options.root, options.cancel);
}

/** `onBatch`, given only the files `keep` wants. */
function keptOnly(onBatch: (batch: WalkEntry[]) => void, keep: (rel: string) => boolean): (batch: WalkEntry[]) => void {
  return (batch) => {
    const kept = batch.filter((e) => keep(e.rel));
    if (kept.length > 0) onBatch(kept);
  };
}

function isGitignore(rel: string): boolean {
  return rel === '.gitignore' || rel.endsWith('/.gitignore');
}

/** Submodules and nested repositories that git listed as folders: walked. */
async function walkNested(options: ListOptions, nested: readonly string[], skip: readonly string[], result: ListResult, ignoredRules: IgnoredRuleFolders): Promise<void> {
  for (const start of nested) {
    const walk = await walkFiles({ fs: options.fs, root: options.root, start, ignore: options.ignore, maxFiles: Math.max(0, options.maxFiles - result.fileCount), cancel: options.cancel, skip, onBatch: options.onBatch, includeSymlinks: options.includeSymlinks, onIgnoredFolder: ignoredRules.take, onIgnoredFile: ignoredRules.takeFile, onLink: options.onLink, onSpecial: options.onSpecial });
    result.fileCount += walk.fileCount;
    result.truncated ||= walk.truncated;
    result.errors.push(...walk.errors);
  }
}

/**
 * Rule folders of coding agents that the ignore files kept out of the listing: those at the
 * root, and the nested ones the listing found left out (`ignoredNested`).
 */
async function addAgentRuleFolders(options: ListOptions, skip: readonly string[], result: ListResult, ignoredNested: ReadonlyMap<string, string>): Promise<{ walked: string[]; notFolders: string[] }> {
  const walked: string[] = [];
  const notFolders: string[] = [];
  const plain = options.ignore.withoutIgnoreFiles();
  for (const rel of new Set([...agentRuleFolders(options.root), ...ignoredNested.keys()])) {
    if (skipped(rel, skip)) continue;
    // Already listed unless an ignore file drops the folder (or one above it). A nested one
    // was found left out; its holder must be kept all the same (git does not skip
    // node_modules, the `.ignore` files nor search.exclude).
    const holder = ignoredNested.get(rel);
    if (holder === undefined ? !(await options.ignore.check(rel, true)) : holder !== '' && (await options.ignore.check(holder, true))) continue;
    const st = await options.fs.stat(joinRelative(options.root, rel));
    if (st?.kind !== 'directory') {
      if (holder !== undefined) notFolders.push(rel);
      continue;
    }
    walked.push(rel);
    const walk = await walkFiles({
      fs: options.fs,
      root: options.root,
      start: rel,
      ignore: plain,
      maxFiles: Math.max(0, options.maxFiles - result.fileCount),
      cancel: options.cancel,
      onBatch: options.onBatch,
      includeSymlinks: options.includeSymlinks,
    });
    result.fileCount += walk.fileCount;
    result.truncated ||= walk.truncated;
  }
  return { walked, notFolders };
}

/**
 * Agent files the ignore files leave out by name in folders the listing entered
 * (`.cursor/rules/me.local.mdc`, `CLAUDE.local.md`), as `keptAsRuleFolder` keeps them:
 * each once, those in a rule folder walked whole (`walked`) already listed. A kept link that
 * is, or holds, a nested rule folder (`packages/web/.cursor/rules`, `packages/web/.cursor`)
 * is listed through, as one not ignored is (`links`: confined, a link out never followed).
 */
async function addKeptFiles(options: ListOptions, skip: readonly string[], result: ListResult, files: ReadonlySet<string>, walked: readonly string[], links: LinkedRuleFolders): Promise<void> {
  const batch: WalkEntry[] = [];
  const folders = new Map<string, Promise<Map<string, DirEntry['kind']>>>();
  for (const rel of files) {
    if (skipped(rel, skip) || skipped(rel, walked)) continue;
    if (!(await keptAsRuleFolder(options.ignore, rel, false))) continue;
    const kind = await keptFileKind(options, rel, folders);
    if (kind === 'symlink') links.noteIgnored(rel);
    if (kind !== 'file' && !(kind === 'symlink' && options.includeSymlinks)) continue;
    if (result.fileCount + batch.length >= options.maxFiles) {
      result.truncated = true;
      break;
    }
    batch.push({ rel, kind });
  }
  result.fileCount += batch.length;
  if (batch.length > 0) options.onBatch(batch);
}

/**
 * What a kept file is, as the walk and git see it: a link out of the workspace is one (the
 * linters then say so, as of the same link not ignored), though the confined `stat` refuses
 * it; its folder's entry gives its kind, never its target's. Only when `stat` refuses, each
 * folder read once (`folders`), so many such links cost one listing of their folder.
 */
async function keptFileKind(options: ListOptions, rel: string, folders: Map<string, Promise<Map<string, DirEntry['kind']>>>): Promise<DirEntry['kind'] | undefined> {
  const abs = joinRelative(options.root, rel);
  const st = await options.fs.stat(abs);
  if (st !== undefined) return st.kind;
  const folder = path.dirname(abs);
  let kinds = folders.get(folder);
  if (!kinds) {
    kinds = options.fs.readDir(folder).then((entries) => new Map((entries ?? []).map((e) => [e.name, e.kind])));
    folders.set(folder, kinds);
  }
  return (await kinds).get(path.basename(abs));
}
