import * as path from 'node:path';
import { FolderRules } from './folderRules';
import type { FileSystem } from './fs';
import { compileGlobs, GITIGNORE_STYLE, type PathMatcher } from './glob';
import { fileNameRules, ignoresFileName, type FileNameRules } from './ignoreNames';
import { joinRelative } from './paths';

/** Folders skipped everywhere unless asked for by name. */
export const ALWAYS_SKIPPED_DIRS = ['.git'];
export const DEFAULT_SKIPPED_DIRS = ['node_modules'];

/** Files whose change alters ignore decisions. */
export const IGNORE_FILE_NAMES = ['.gitignore', '.ignore'];

/** The repository's own excludes, read with the root's rules (gitignore(5)). */
const GIT_INFO_EXCLUDE = '.git/info/exclude';

/**
 * Whether a change to this path (absolute, or relative to its root) alters what is ignored:
 * an ignore file in any folder, or the root's `.git/info/exclude`.
 */
export function changesIgnoreRules(p: string): boolean {
  if (IGNORE_FILE_NAMES.includes(p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1))) return true;
  const posix = p.replaceAll('\\', '/');
  return posix === GIT_INFO_EXCLUDE || posix.endsWith('/' + GIT_INFO_EXCLUDE);
}

/** The folder (relative to the root) whose rules a changed ignore file holds: `.git/info/exclude` is the root's. */
export function ignoreRulesFolderOf(rel: string): string {
  if (rel === GIT_INFO_EXCLUDE) return '';
  const slash = rel.lastIndexOf('/');
  return slash < 0 ? '' : rel.slice(0, slash);
}

const LOADED = Promise.resolve();
const NO_RULE_DIRS: readonly RuleDir[] = [];

export interface IgnoreOptions {
  /** Walk into `node_modules` (ast-edit does when a path names it). */
  includeNodeModules?: boolean;
  /** Extra globs on workspace-relative paths (settings `search.exclude`); a matched folder excludes its content. */
  extraExcludes?: readonly string[];
  /** Do not read `.gitignore` / `.ignore` files (rule discovery on fixtures that test them is still served). */
  noIgnoreFiles?: boolean;
  /** Read only these ignore files, and not `.git/info/exclude` (after git applied its own rules). */
  onlyIgnoreFiles?: readonly string[];
}

/**
 * The ignore decisions for one root, as git makes them: `.gitignore` and `.ignore` in
 * every folder (read lazily, the first time a path below it is asked about), the root's
 * `.git/info/exclude`, deeper files overriding shallower ones, and no way to re-include a
 * file inside an ignored folder. Honoured whether or not the root is a git repository.
 * Only files inside the root are read: a parent's `.gitignore` outside the workspace is
 * not ours to read.
 */
export class IgnoreRules {
  private readonly perDir = new Map<string, FolderRules | null>();
  /** Per folder with ignore files, their rules in file-name form when they have one (see `fileNameRules`). */
  private readonly perDirNames = new Map<string, FileNameRules | undefined>();
  /** Per folder, the ancestors (and itself) that have ignore files, with where their sub-path starts. */
  private readonly chains = new Map<string, readonly RuleDir[]>();
  private readonly pending = new Map<string, Promise<void>>();
  /**
   * Folders whose ignore files hold rules. None is the common case after git applied its own
   * (few trees have `.ignore` files): every chain is then empty, known without a chain per
   * folder (a map of 24k folders, on the 92k-file tree, that a listing built for nothing).
   */
  private ruleFolders = 0;
  private readonly extra: PathMatcher;

  constructor(
    readonly root: string,
    private readonly fs: FileSystem,
    private readonly options: IgnoreOptions = {},
  ) {
    this.extra = compileGlobs(options.extraExcludes ?? [], GITIGNORE_STYLE);
  }

  /**
   * Loads the ignore files of `relDir` and its ancestors (idempotent, shared while in
   * flight). A walker that has just listed `relDir` passes its entry names, so ignore
   * files that are not there are not opened (most folders have none).
   */
  async load(relDir: string, entryNames?: readonly string[]): Promise<void> {
    const dirs = ancestorsAndSelf(relDir);
    await Promise.all(dirs.map((d) => this.loadOne(d, d === relDir ? entryNames : undefined)));
  }

  /**
   * Loads the ignore files of one folder whose ancestors are already loaded: a walker
   * enters folders from the top, so this saves re-visiting every ancestor per folder.
   */
  loadFolder(relDir: string, entryNames?: readonly string[]): Promise<void> {
    return this.loadOne(relDir, entryNames);
  }

  private loadOne(relDir: string, entryNames?: readonly string[]): Promise<void> {
    if (this.perDir.has(relDir) || this.options.noIgnoreFiles) return LOADED;
    // Most folders hold no ignore file: known from the entries, without a read or a promise chain.
    if (entryNames !== undefined && relDir !== '' && !this.ignoreFileAmong(entryNames)) {
      this.perDir.set(relDir, null);
      return LOADED;
    }
    let p = this.pending.get(relDir);
    if (!p) {
      p = this.readRules(relDir, entryNames).then((rules) => {
        this.perDir.set(relDir, rules);
        if (rules) {
          this.ruleFolders++;
          this.chains.clear();
        }
        this.pending.delete(relDir);
      });
      this.pending.set(relDir, p);
    }
    return p;
  }

  private ignoreFileAmong(entryNames: readonly string[]): boolean {
    const names = this.options.onlyIgnoreFiles ?? IGNORE_FILE_NAMES;
    for (const entry of entryNames) if (names.includes(entry)) return true;
    return false;
  }

  private async readRules(relDir: string, entryNames?: readonly string[]): Promise<FolderRules | null> {
    const dir = joinRelative(this.root, relDir);
    const present = (name: string) => entryNames === undefined || entryNames.includes(name);
    const names = this.options.onlyIgnoreFiles ?? IGNORE_FILE_NAMES;
    const sources = names.filter(present).map((n) => path.join(dir, n));
    if (relDir === '' && present('.git') && !this.options.onlyIgnoreFiles) sources.unshift(path.join(dir, '.git', 'info', 'exclude'));
    const texts: string[] = [];
    for (const source of sources) {
      const read = await this.fs.readText(source, { maxBytes: 1024 * 1024, lossy: true });
      if (read.ok) texts.push(read.text);
    }
    if (texts.length === 0) return null;
    this.perDirNames.set(relDir, fileNameRules(texts));
    return new FolderRules(texts);
  }

  /**
   * The decisions git does not make when it lists a work tree with `--exclude-standard`:
   * `.ignore` files, the always-skipped folders and the extra globs (a fresh instance;
   * `.gitignore` rules are git's).
   */
  afterGit(): IgnoreRules {
    return new IgnoreRules(this.root, this.fs, { ...this.options, onlyIgnoreFiles: ['.ignore'] });
  }

  /** Only the always-skipped folders and the extra globs: for folders listed whatever the ignore files say. */
  withoutIgnoreFiles(): IgnoreRules {
    return new IgnoreRules(this.root, this.fs, { ...this.options, noIgnoreFiles: true });
  }

  /** Whether any extra glob (`search.exclude`) is set: files must then be judged one by one. */
  get hasExtraExcludes(): boolean {
    return (this.options.extraExcludes?.length ?? 0) > 0;
  }

  /** Whether a folder (ancestors loaded) or one of its ancestors has ignore rules. */
  hasRulesFor(relDir: string): boolean {
    return this.chainOf(relDir).length > 0;
  }

  /** Forgets the rules of a folder whose `.gitignore` / `.ignore` changed. */
  invalidate(relDir: string): void {
    if (this.perDir.get(relDir)) this.ruleFolders--;
    this.perDir.delete(relDir);
    this.perDirNames.delete(relDir);
    this.chains.clear();
  }

  private chainOf(relDir: string): readonly RuleDir[] {
    if (this.ruleFolders === 0) return NO_RULE_DIRS;
    let chain = this.chains.get(relDir);
    if (chain) return chain;
    const parent = relDir === '' ? undefined : relDir.lastIndexOf('/') < 0 ? '' : relDir.slice(0, relDir.lastIndexOf('/'));
    const inherited = parent === undefined ? [] : this.chainOf(parent);
    const own = this.perDir.get(relDir);
    chain = own ? [...inherited, { offset: relDir === '' ? 0 : relDir.length + 1, rules: own, names: this.perDirNames.get(relDir) }] : inherited;
    this.chains.set(relDir, chain);
    return chain;
  }

  /**
   * Whether a workspace-relative path is ignored. The rules of its ancestors must have
   * been loaded (`load`); a walker loads each folder as it enters it, and passes
   * `parentKept` because it never enters an ignored folder, which saves re-checking them.
   */
  isIgnored(relPath: string, isDir: boolean, parentKept = false): boolean {
    if (relPath === '') return false;
    if (parentKept) return this.lastLevelIgnored(relPath, isDir);
    const parts = relPath.split('/');
    for (let i = parentKept ? parts.length - 1 : 0; i < parts.length; i++) {
      if (ALWAYS_SKIPPED_DIRS.includes(parts[i])) return true;
      if (i === parts.length - 1 && !isDir) break;
      if (!this.options.includeNodeModules && DEFAULT_SKIPPED_DIRS.includes(parts[i])) return true;
    }
    if (this.extra(relPath)) return true;
    if (this.options.noIgnoreFiles) return false;
    // Folders (among the ancestors) that have ignore files, with their depth.
    const ruleDirs: { depth: number; rules: FolderRules }[] = [];
    let prefix = '';
    for (let m = 0; m < parts.length; m++) {
      const rules = this.perDir.get(prefix);
      if (rules) ruleDirs.push({ depth: m, rules });
      prefix = m === 0 ? parts[0] : `${prefix}/${parts[m]}`;
    }
    if (ruleDirs.length === 0) return false;
    // Git's order: each ancestor folder first (an ignored folder cannot be re-entered),
    // then the path itself; at each level the deepest ignore file that speaks wins.
    for (let level = parentKept ? parts.length : 1; level <= parts.length; level++) {
      const targetIsDir = level < parts.length || isDir;
      let state = false;
      for (const { depth, rules } of ruleDirs) {
        if (depth >= level) break;
        const sub = parts.slice(depth, level).join('/');
        const result = rules.test(targetIsDir ? sub + '/' : sub);
        if (result.ignored) state = true;
        else if (result.unignored) state = false;
      }
      if (state) return true;
    }
    return false;
  }

  /** The walker's question: its folder is known to be kept, so only the last level is judged. */
  private lastLevelIgnored(relPath: string, isDir: boolean): boolean {
    const slash = relPath.lastIndexOf('/');
    const name = slash < 0 ? relPath : relPath.slice(slash + 1);
    // A `.git` file (a linked work tree, a submodule) is git's, as the folder is.
    if (ALWAYS_SKIPPED_DIRS.includes(name)) return true;
    if (isDir && !this.options.includeNodeModules && DEFAULT_SKIPPED_DIRS.includes(name)) return true;
    if (this.extra(relPath)) return true;
    if (this.options.noIgnoreFiles) return false;
    let state = false;
    for (const { offset, rules, names } of this.chainOf(slash < 0 ? '' : relPath.slice(0, slash))) {
      // A file judged by its name where the rules allow (no negation there: nothing to undo).
      if (!isDir && names) {
        if (ignoresFileName(names, name)) state = true;
        continue;
      }
      const sub = relPath.slice(offset);
      const result = rules.test(isDir ? sub + '/' : sub);
      if (result.ignored) state = true;
      else if (result.unignored) state = false;
    }
    return state;
  }

  /**
   * The shortest part of `relPath` that is ignored: an ancestor folder (with a trailing
   * `/`) or the path itself; undefined when the path is kept. Loads what it needs.
   */
  async ignoredPart(relPath: string, isDir: boolean): Promise<string | undefined> {
    if (!(await this.check(relPath, isDir))) return undefined;
    const parts = relPath.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (this.isIgnored(folder, true)) return `${folder}/`;
    }
    return isDir ? `${relPath}/` : relPath;
  }

  /** `load` then `isIgnored`, for one-off questions such as a watched-file event. */
  async check(relPath: string, isDir: boolean): Promise<boolean> {
    const slash = relPath.lastIndexOf('/');
    await this.load(slash < 0 ? '' : relPath.slice(0, slash));
    return this.isIgnored(relPath, isDir);
  }
}

interface RuleDir {
  /** Where, in a path below this folder, the part relative to the folder starts. */
  offset: number;
  rules: FolderRules;
  /** The rules in file-name form, when they have one. */
  names: FileNameRules | undefined;
}

function ancestorsAndSelf(relDir: string): string[] {
  const out = [''];
  if (relDir === '') return out;
  const parts = relDir.split('/');
  for (let i = 1; i <= parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}
