import * as path from 'node:path';
import { yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { FileSystem } from './fs';
import { gitListFiles } from './gitFiles';
import type { IgnoreRules } from './ignore';
import { joinRelative, relativeInside } from './paths';
import { agentsProjectFolders, clineCandidates, projectRuleFolders } from './ruleLocations';
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
  /** Awaited between batches when given (a test holds a listing half-way with it). */
  between?: (filesSoFar: number) => Promise<void> | undefined;
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
}

const BATCH = 4096;

/**
 * The files of a workspace folder, as fast as they can be had: in a git work tree git
 * lists them (its ignore rules applied), then the decisions git does not make (`.ignore`
 * files, `node_modules/`, `search.exclude`) are taken once per folder and only where a
 * rule can reach files one by one; elsewhere the walker. The rule folders of coding
 * agents are listed whatever the ignore files say: a project that keeps `.cursor/` out of
 * git still references its rules.
 */
export async function listFolderFiles(options: ListOptions): Promise<ListResult> {
  const skip = options.skip ?? [];
  const result: ListResult = { source: 'walk', fileCount: 0, truncated: false, cancelled: false, errors: [] };
  let listedByGit = false;
  if (options.useGit !== false && (await options.fs.stat(path.join(options.root, '.git'))) !== undefined) {
    // Tracked files come from git's index at once; the untracked ones (git reads every folder for them) meanwhile.
    const untracked = gitListFiles({ root: options.root, maxFiles: options.maxFiles, cancel: options.cancel, which: 'untracked' });
    const tracked = await gitListFiles({ root: options.root, maxFiles: options.maxFiles, cancel: options.cancel, which: 'tracked' });
    if (tracked.ok) await emitGitListing(options, tracked.files, skip, result);
    const others = await untracked;
    if (tracked.ok && others.ok) {
      listedByGit = true;
      result.source = 'git';
      await emitGitListing(options, others.files, skip, result);
      result.truncated ||= tracked.truncated || others.truncated;
    } else {
      const reason = tracked.ok ? (others.ok ? '' : others.reason) : tracked.reason;
      if (reason !== 'cancelled') result.gitProblem = reason;
      result.fileCount = 0;
    }
  }
  if (options.cancel?.isCancellationRequested) return { ...result, cancelled: true };
  if (!listedByGit) {
    const walk = await walkFiles({ fs: options.fs, root: options.root, ignore: options.ignore, maxFiles: options.maxFiles, cancel: options.cancel, skip, between: options.between, onBatch: options.onBatch });
    result.fileCount = walk.fileCount;
    result.truncated = walk.truncated;
    result.cancelled = walk.cancelled;
    result.errors.push(...walk.errors);
  }
  await addAgentRuleFolders(options, skip, result);
  return result;
}

/** Whether `rel` lies in one of the skipped folders. */
function skipped(rel: string, skip: readonly string[]): boolean {
  for (const s of skip) if (rel === s || rel.startsWith(s + '/')) return true;
  return false;
}

async function emitGitListing(options: ListOptions, files: readonly string[], skip: readonly string[], result: ListResult): Promise<void> {
  const rules = options.ignore.afterGit();
  // Folders that hold an `.ignore` file (git does not read them): loaded before any decision.
  for (const rel of files) {
    if (rel === '.ignore' || rel.endsWith('/.ignore')) {
      const dir = rel === '.ignore' ? '' : rel.slice(0, -'/.ignore'.length);
      await rules.load(dir, ['.ignore']);
    }
  }
  // Each folder is judged once: kept when its parent is and no rule of its own drops it.
  const folderKept = new Map<string, boolean>([['', true]]);
  const keep = (dir: string): boolean => {
    let kept = folderKept.get(dir);
    if (kept !== undefined) return kept;
    const slash = dir.lastIndexOf('/');
    kept = keep(slash < 0 ? '' : dir.slice(0, slash)) && !rules.isIgnored(dir, true, true);
    folderKept.set(dir, kept);
    return kept;
  };
  // Files need a test of their own only where a rule could name them.
  const fileRules = new Map<string, boolean>();
  const judgeFiles = (dir: string): boolean => {
    let judge = fileRules.get(dir);
    if (judge === undefined) fileRules.set(dir, (judge = rules.hasExtraExcludes || rules.hasRulesFor(dir)));
    return judge;
  };
  let batch: WalkEntry[] = [];
  const nested: string[] = [];
  for (const entry of files) {
    // A submodule or a nested repository: git lists the folder (with a slash when untracked).
    const rel = entry.endsWith('/') ? entry.slice(0, -1) : entry;
    if (skipped(rel, skip)) continue;
    const slash = rel.lastIndexOf('/');
    const dir = slash < 0 ? '' : rel.slice(0, slash);
    if (!keep(dir)) continue;
    if (entry.endsWith('/')) {
      if (!rules.isIgnored(rel, true, true)) nested.push(rel);
      continue;
    }
    if (judgeFiles(dir) && rules.isIgnored(rel, false, true)) continue;
    if (result.fileCount + batch.length >= options.maxFiles) {
      result.truncated = true;
      break;
    }
    batch.push({ rel, kind: 'file' });
    if (batch.length >= BATCH) {
      result.fileCount += batch.length;
      options.onBatch(batch);
      batch = [];
      await options.between?.(result.fileCount);
      // Let requests queued behind the listing through.
      await yieldToEventLoop();
      if (options.cancel?.isCancellationRequested) return;
    }
  }
  if (batch.length) {
    result.fileCount += batch.length;
    options.onBatch(batch);
  }
  for (const start of nested) {
    const walk = await walkFiles({ fs: options.fs, root: options.root, start, ignore: options.ignore, maxFiles: Math.max(0, options.maxFiles - result.fileCount), cancel: options.cancel, skip, onBatch: options.onBatch });
    result.fileCount += walk.fileCount;
    result.truncated ||= walk.truncated;
    result.errors.push(...walk.errors);
  }
}

/** Folders (relative to the root) where coding agents read project rules. */
export function agentRuleFolders(root: string): string[] {
  const absolute = [...projectRuleFolders(root).map((f) => f.dir), clineCandidates(root)[0], ...agentsProjectFolders(root, root)];
  return absolute.map((dir) => relativeInside(root, dir)).filter((rel): rel is string => rel !== undefined && rel !== '');
}

/** Rule folders of coding agents that the ignore files kept out of the listing. */
async function addAgentRuleFolders(options: ListOptions, skip: readonly string[], result: ListResult): Promise<void> {
  const plain = options.ignore.withoutIgnoreFiles();
  for (const rel of agentRuleFolders(options.root)) {
    if (skipped(rel, skip)) continue;
    // Already listed unless an ignore file drops the folder (or one above it).
    if (!(await options.ignore.check(rel, true))) continue;
    const st = await options.fs.stat(joinRelative(options.root, rel));
    if (st?.kind !== 'directory') continue;
    const walk = await walkFiles({
      fs: options.fs,
      root: options.root,
      start: rel,
      ignore: plain,
      maxFiles: Math.max(0, options.maxFiles - result.fileCount),
      cancel: options.cancel,
      onBatch: options.onBatch,
    });
    result.fileCount += walk.fileCount;
    result.truncated ||= walk.truncated;
  }
}
