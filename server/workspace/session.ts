import * as path from 'node:path';
import type { Logger } from '../core/log';
import { SILENT_LOGGER } from '../core/log';
import { DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { ChangeStream, type ChangeType } from './changes';
import { classifyDocument, type ClassifyContext, type DocumentKind } from './classify';
import { readCopilotLocations, type CopilotLocations } from './copilotLocations';
import { readGeminiSettings, type GeminiSettings } from './geminiSettings';
import { Confinement } from './confine';
import { NodeFileSystem, type FileSystem } from './fs';
import { resolveCacheDir, resolveHome } from './home';
import { GitIgnoredFiles } from './gitIgnoredFiles';
import { changesIgnoreRules, ignoreRulesFolderOf, IgnoreRules } from './ignore';
import { changeLeftOut } from './keptRuleFolders';
import { isInside, toPosix } from './paths';
import { userRuleAreas } from './ruleLocations';
import { Roots, type WorkspaceFolder } from './roots';

/**
 * One workspace as every engine sees it, for the server and the CLI alike: the roots,
 * the settings, the home directory, what may be read (confinement), the confined file
 * system, the ignore rules of each root, and the one stream of file changes.
 */
export class WorkspaceSession {
  readonly roots = new Roots();
  readonly changes = new ChangeStream();
  readonly confinement = new Confinement();
  /** The disk, confined to the roots and the user-level rule areas: what every engine reads and writes through. */
  readonly diskFs: FileSystem;
  /**
   * The disk as the rules engine reads it: `diskFs` plus the rule files of the fixed places
   * the agent reads beside the roots (`allowArea`), never through a symlink leaving them.
   */
  readonly ruleFs: FileSystem;
  private readonly ignores = new Map<string, IgnoreRules>();
  /** Per root, the ignore files' rules alone, without `search.exclude` (`ignoreFilesFor`). */
  private readonly fileIgnores = new Map<string, IgnoreRules>();
  /** Per root, which rule files git's ignore rules leave out, the global excludes among them (`gitIgnoredAmong`). */
  private readonly gitIgnores: GitIgnoredFiles;
  private currentSettings: Settings;
  /** The home the settings name, resolved when they change: classifying asks it once a file, 200,000 times at the listing cap. */
  private resolvedHome: string;
  /** Rule areas the rules engine registered (a `.clinerules` in an ancestor, which the agent reads): for reading rule files only. */
  private readonly extraAreas = new Set<string>();
  /** User-level rule folders beyond the settings' (`addUserRuleArea`). */
  private readonly namedUserAreas: string[] = [];
  private readonly excludeListeners: (() => void)[] = [];

  /** `blockingReads`: files are read on the spot, for a command with nothing else to do (see `NodeFileSystem`); never in the server. */
  constructor(
    settings: Settings = DEFAULT_SETTINGS,
    readonly log: Logger = SILENT_LOGGER,
    options: { blockingReads?: boolean } = {},
  ) {
    this.diskFs = new NodeFileSystem(this.confinement, { blocking: options.blockingReads });
    this.ruleFs = new NodeFileSystem(this.confinement.ruleReader, { blocking: options.blockingReads });
    this.currentSettings = settings;
    this.resolvedHome = resolveHome(settings.home);
    this.gitIgnores = new GitIgnoredFiles(log);
    this.refreshAreas();
  }

  get settings(): Settings {
    return this.currentSettings;
  }

  get home(): string {
    return this.resolvedHome;
  }

  get cacheDir(): string {
    return resolveCacheDir(this.currentSettings.cacheDir, this.home);
  }

  setSettings(settings: Settings): void {
    const excludesChanged = JSON.stringify(settings.search.exclude) !== JSON.stringify(this.currentSettings.search.exclude);
    this.currentSettings = settings;
    this.resolvedHome = resolveHome(settings.home);
    if (excludesChanged) this.ignores.clear();
    this.refreshAreas();
    if (excludesChanged) for (const listener of this.excludeListeners) listener();
  }

  /**
   * `search.exclude` changed, so what every folder ignores did; told after the new rules
   * are in place (`ignoreFor` answers with them), which a settings listener cannot count on.
   */
  onExcludesChanged(listener: () => void): () => void {
    this.excludeListeners.push(listener);
    return () => {
      const at = this.excludeListeners.indexOf(listener);
      if (at >= 0) this.excludeListeners.splice(at, 1);
    };
  }

  addFolder(uriOrPath: string, name?: string): WorkspaceFolder | undefined {
    const folder = this.roots.add(uriOrPath, name);
    this.refreshAreas();
    return folder;
  }

  removeFolder(uriOrPath: string): WorkspaceFolder | undefined {
    const folder = this.roots.remove(uriOrPath);
    if (folder) {
      this.ignores.delete(folder.path);
      this.fileIgnores.delete(folder.path);
      this.gitIgnores.forget(folder.path);
    }
    this.refreshAreas();
    return folder;
  }

  /**
   * Lets the rules engine read rule files at one more fixed location the agent reads (never
   * a path from a document). Other engines, edits and writes never get it.
   */
  allowArea(p: string): void {
    if (!this.extraAreas.has(p)) {
      this.extraAreas.add(p);
      // The roots and user areas are unchanged: the new area alone is resolved (`addRuleArea`).
      this.confinement.addRuleArea(p);
    }
  }

  /** The user-level rule areas under the (configured) home directory. */
  userRuleAreas(): string[] {
    const s = this.currentSettings.rules;
    return [...userRuleAreas(this.home, s.profile, s.piConfigDir), ...this.namedUserAreas];
  }

  /**
   * One more user-level rule folder, read and judged as those of `userRuleAreas` are: a Roo Code
   * mode's `~/.roo/rules-{mode}` that `agentls check` was asked to check, its mode named by the
   * workspace (`rooModesRead`), of which the settings alone cannot know.
   */
  addUserRuleArea(p: string): void {
    if (this.namedUserAreas.includes(p)) return;
    this.namedUserAreas.push(p);
    this.refreshAreas();
  }

  /**
   * A user-level rule place appeared, or the link standing for one leads somewhere now
   * (`~/.claude/rules → /nowhere`, and `/nowhere` made): the real paths of the areas, resolved
   * when they were set (a link to nothing has none), are resolved again, so that the rules
   * behind the link are read as those behind a link there at the start are.
   */
  userRuleAreasMoved(): void {
    this.refreshAreas();
  }

  private refreshAreas(): void {
    // The roots may have changed: the prompt folders are those of the roots now.
    this.forgetPromptDirs();
    this.confinement.setAreas([...this.roots.paths, ...this.userRuleAreas()], this.extraAreas);
  }

  /** The ignore rules of the root owning `p` (created on first use). */
  ignoreFor(root: string): IgnoreRules {
    let rules = this.ignores.get(root);
    if (!rules) {
      rules = new IgnoreRules(root, this.diskFs, { extraExcludes: this.currentSettings.search.exclude });
      this.ignores.set(root, rules);
    }
    return rules;
  }

  /**
   * The root's ignore files alone (`.gitignore`, `.ignore`, git's exclude file), with no
   * `search.exclude` nor `agentls.json` `ignore`: what an agent's own walker honours, for
   * the rules engine's model of which rule files the agent reads. The agent reads no
   * agentls setting, so these must not make a rule look unread.
   */
  ignoreFilesFor(root: string): IgnoreRules {
    let rules = this.fileIgnores.get(root);
    if (!rules) {
      rules = new IgnoreRules(root, this.diskFs);
      this.fileIgnores.set(root, rules);
    }
    return rules;
  }

  /**
   * Which of these files of a root (relative, `/`-separated) git's ignore rules leave out,
   * the user's global excludes among them, which `ignoreFilesFor` cannot know (agentls reads
   * nothing outside the workspace, git does): one git process for the files not judged yet,
   * the answers kept until an ignore file of the root changes or `forgetGitIgnored`. None
   * outside a git work tree or where git fails.
   */
  gitIgnoredAmong(root: string, rels: readonly string[]): Promise<Set<string>> {
    return this.gitIgnores.ignoredAmong(root, rels);
  }

  /** Lets the next `gitIgnoredAmong` ask git again (a refresh: the global excludes are not watched). */
  forgetGitIgnored(): void {
    this.gitIgnores.forget();
  }

  /** Whether a path may be read or written (inside a root or a user-level rule area, through symlinks too). */
  allows(p: string): boolean {
    return this.confinement.allows(p);
  }

  /** Whether a rule file may be read at `p` (also in the rule areas `allowArea` added). */
  allowsRuleFile(p: string): boolean {
    return this.confinement.allowsRuleFile(p);
  }

  /**
   * Feeds a change from any producer into the stream, unless it lies outside the
   * workspace or is ignored. A changed `.gitignore` / `.ignore` resets its folder's rules.
   */
  async reportChange(p: string, type: ChangeType, isDir = false): Promise<void> {
    const abs = path.resolve(p);
    if (!this.allowsRuleFile(abs) && type !== 'deleted') return;
    if (!this.roots.paths.concat(this.userRuleAreas(), [...this.extraAreas]).some((a) => isInside(a, abs))) return;
    const owner = this.roots.relative(abs);
    if (owner) {
      const rules = this.ignoreFor(owner.folder.path);
      const ignoreFile = changesIgnoreRules(owner.rel);
      if (ignoreFile) {
        rules.invalidate(ignoreRulesFolderOf(owner.rel));
        this.fileIgnores.get(owner.folder.path)?.invalidate(ignoreRulesFolderOf(owner.rel));
        this.gitIgnores.forget(owner.folder.path);
      }
      // An ignore file goes on even where it ignores itself (`.gitignore` listing `.gitignore`): what it says still changed what is ignored.
      // A rule file in an ignored agent folder goes on, as the listing keeps it (`keptRuleFolders`).
      if (!ignoreFile && (await changeLeftOut(rules, owner.rel, isDir))) return;
    }
    this.changes.push({ path: abs, type });
  }

  classify(p: string, text?: string): DocumentKind {
    return classifyDocument(p, text, this.classifyContext());
  }

  /**
   * What `classify` decides by, made once for the many files classified in a row (every file of a
   * check, of the server's first listing) and again after any of it changes: the roots, the home and
   * the rules settings (`refreshAreas` follows each change of them) and Copilot's prompt folders
   * (`forgetPromptDirs`). Frozen, so that `classifyDocument` may take the same object for the same
   * context without comparing it (`locationsOf`).
   */
  private classifyContext(): ClassifyContext {
    if (this.classifyCtx) return this.classifyCtx;
    const s = this.currentSettings.rules;
    // First: reading a root's Copilot locations forgets the context (`copilotLocations`).
    const copilotPromptDirs = this.copilotPromptDirs();
    this.classifyCtx = Object.freeze({ roots: Object.freeze(this.roots.paths), home: this.home, profile: s.profile, piConfigDir: s.piConfigDir, copilotPromptDirs });
    return this.classifyCtx;
  }

  private classifyCtx: ClassifyContext | undefined;

  /** The roots, or a root's Copilot settings, changed: the prompt folders are read again, and the context `classify` decides by is made again. */
  private forgetPromptDirs(): void {
    this.promptDirs = undefined;
    this.classifyCtx = undefined;
  }

  /** Each root's Copilot locations (`copilotLocations.ts`), read once and again after its `.vscode/settings.json` changes (`noteSettingsChange`). */
  copilotLocations(root: string): CopilotLocations {
    let found = this.copilotPlaces.get(root);
    if (!found) {
      found = readCopilotLocations(root, (p) => this.confinement.allows(p));
      this.copilotPlaces.set(root, found);
      this.forgetPromptDirs();
    }
    return found;
  }

  /** The rule folders a workspace folder's settings name (`AgentPlaces` of `rules/agents`); undefined for a path in no workspace folder (each agent's defaults then). */
  agentPlaces(root: string | undefined): { copilotInstructions: readonly string[]; copilotPrompts: readonly string[] } | undefined {
    if (root === undefined || !this.roots.paths.includes(root)) return undefined;
    const found = this.copilotLocations(root);
    return { copilotInstructions: found.instructions, copilotPrompts: found.prompts.map((p) => toPosix(path.relative(root, p))) };
  }

  /** Copilot's prompt folders of every root. */
  copilotPromptDirs(): readonly string[] {
    this.promptDirs ??= this.roots.paths.flatMap((r) => this.copilotLocations(r).prompts);
    return this.promptDirs;
  }

  /** A change at `p`: where it is a root's `.vscode/settings.json` (or a folder above it), its Copilot locations are read again. Says whether they were dropped. */
  noteCopilotSettingsChange(p: string): boolean {
    const droppedRoots: string[] = [];
    for (const root of [...this.copilotPlaces.keys()]) {
      if (isInside(p, path.join(root, '.vscode', 'settings.json')) && p !== root) {
        this.copilotPlaces.delete(root);
        droppedRoots.push(root);
      }
    }
    if (droppedRoots.length) this.forgetPromptDirs();
    for (const root of droppedRoots) for (const listener of this.copilotListeners) listener(root);
    return droppedRoots.length > 0;
  }

  /**
   * A root's Copilot locations were dropped (`noteCopilotSettingsChange`): told after they are,
   * so what a listener makes from `copilotLocations` is made from the new settings file, which
   * a listener of the change stream, heard before or after the drop, cannot count on.
   */
  onCopilotLocationsChanged(listener: (root: string) => void): void {
    this.copilotListeners.push(listener);
  }

  private readonly copilotListeners: ((root: string) => void)[] = [];

  /** The context file names Gemini CLI reads in a root (`geminiSettings.ts`), read once and again after its `.gemini/settings.json` changes. */
  geminiContextNames(root: string): readonly string[] {
    return this.geminiSettings(root).names;
  }

  /** A root's `.gemini/settings.json` as Gemini CLI takes it (`geminiSettings.ts`): its context names, or why Gemini CLI refuses it. */
  geminiSettings(root: string): GeminiSettings {
    let found = this.geminiNames.get(root);
    if (!found) this.geminiNames.set(root, (found = readGeminiSettings(root, (p) => this.confinement.allows(p))));
    return found;
  }

  /** A change at `p`: where it is a root's `.gemini/settings.json` (or a folder above it), its names are read again, and the listeners told after. */
  noteGeminiSettingsChange(p: string): void {
    for (const root of [...this.geminiNames.keys()]) {
      if (p === root || !isInside(p, path.join(root, '.gemini', 'settings.json'))) continue;
      this.geminiNames.delete(root);
      for (const listener of this.geminiListeners) listener(root);
    }
  }

  /** A root's Gemini CLI context names were dropped (`noteGeminiSettingsChange`): as `onCopilotLocationsChanged`, heard once they are. */
  onGeminiContextNamesChanged(listener: (root: string) => void): void {
    this.geminiListeners.push(listener);
  }

  private readonly geminiNames = new Map<string, GeminiSettings>();
  private readonly geminiListeners: ((root: string) => void)[] = [];

  private readonly copilotPlaces = new Map<string, CopilotLocations>();
  private promptDirs: readonly string[] | undefined;

  /** `p` relative to its root, `/`-separated; undefined outside every root. */
  relative(p: string): string | undefined {
    return this.roots.relative(p)?.rel;
  }

  /** The root an absolute path belongs to. */
  rootOf(p: string): string | undefined {
    return this.roots.folderOf(p)?.path;
  }

  dispose(): void {
    this.changes.dispose();
  }
}

