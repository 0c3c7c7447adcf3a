import * as path from 'node:path';
import { yieldToEventLoop, type Cancellation, NEVER_CANCELLED, throwIfCancelled } from '../core/cancel';
import type { Finding } from '../core/findings';
import type { FileChange } from '../workspace/changes';
import type { FileSystem } from '../workspace/fs';
import { brokenLinkReason, fileInPlaceOfFolder, isFolderAt, linkChain } from '../workspace/links';
import { changesIgnoreRules } from '../workspace/ignore';
import { realpathOfLongestPrefix } from '../workspace/confine';
import { findRepoRoot } from '../workspace/repoRoot';
import type { WorkspaceSession } from '../workspace/session';
import { analyseFile, type FileAnalysis } from './analysis';
import { discoverRules, type Discovery, type DiscoveryHost, type SkippedFile } from './discovery';
import { fileFindings, bucketFindings } from './lint/fileLints';
import { groupFindings } from './lint/groupLints';
import { fileLocationFinding, placeOf } from './lint/fileLocation';
import { brokenLinkFinding, silentBrokenFolderFinding, clineLinkFinding, linkedOutFileFinding, linkedOutLocationFinding, notReadFinding, unfollowedLinkFindings } from './lint/notRead';
import { brokenToolFolders, brokenUserToolFolders, userToolFolderPlaces, type BrokenToolFolder } from './brokenToolFolders';
import { compareOrder, type BucketPlacement, type RuleCandidate, type RulesProfile } from './model';
import { agentModel, agentOfLocation, ownerOf, sentWhole, type AgentId, type AgentModel, type AgentPlaces, type Placement } from './agents';
import { toolRelativePath } from './agents/relative';
import { codexHomePlaces } from './agents/codex';
import { clineGlobalPlacementOf, clineGlobalStanding } from './agents/cline';
import { brokenLinkFindings, sayingWhoReads, specialEntryFindings } from './agentFiles';
import { MAX_RULE_FILE_BYTES } from './analysis';
import { fileTargets } from './targets';
import { toolFindings, type ToolFile } from './toolLint';
import { capital } from './lint/words';
import { toolLintKey } from './toolLint/recent';
import { displayPath, isInside, joinRelative } from '../workspace/paths';
import { RulesView } from './view';
import { RooInUse } from './rooRoot';
import { followsFileLinks, readByItsToolOnly, toolOnlyAnalysis } from './toolOnly';
import { clineClashesOf } from './context/toolViews';
import { clineClashWhy } from './agents/clineIds';
import { RuleLocator } from './lint/locate';
import { finding } from './codes';

/** What one name resolves to in one workspace folder. */
export interface NameState {
  /** The files with this name, in the agent's order. */
  entries: RuleCandidate[];
  /** The file the agent uses for the name, if any survives. */
  effective?: RuleCandidate;
  placement?: BucketPlacement;
}

/** The rules of one workspace folder (the agent's cwd). */
class RootRules {
  discovery: Discovery = { candidates: [], skipped: [], folders: [], structural: new Set(), workspaceHasXcsh: false, clineGlobalFolders: [] };
  /** Texts of files discovery skipped (the xcsh agent does not read them; their own tool may). */
  readonly skippedTexts = new Map<string, string>();
  /** The files and locations of the last listing that the xcsh agent skips, by path, with why (`discovery.skipped`). */
  readonly skippedByPath = new Map<string, SkippedFile>();
  /**
   * Files of the root's Cursor, Windsurf and Cline folders that the xcsh agent skips (ignored,
   * or links), and the legacy `.cursorrules` and `.windsurfrules`, that their own tool reads all the same (`toolOnly.ts`, with the sources): they
   * belong in that tool's view (`RulesView.toolOnly`) and its rules in context, analysed once per listing.
   */
  readonly toolOnly = new Map<string, FileAnalysis>();
  readonly byPath = new Map<string, RuleCandidate>();
  readonly names = new Map<string, NameState>();
  /** Group findings (shadowing, clashes, buckets) per path. */
  readonly groupFindings = new Map<string, Finding[]>();
  readonly notRead = new Map<string, Finding>();
  /** Rule locations read by no one here or by their tool alone (a link out of the workspace or to nothing, a folder not listed), with what is said of each: their rules are missing from every listing. */
  readonly unreadLocations = new Map<string, Finding>();
  /** Rule files that are links out of the workspace: their tool reads the target, agentls does not (it says so). */
  readonly linkedOut = new Map<string, string>();
  /** Rule files that are links leading to a file, in the workspace or out of it (`followsFileLinks`: not every tool reads them). */
  readonly linkedFiles = new Set<string>();
  /** Rule files that are links leading to no file (nothing, a folder, a loop): what they lead to, in words. */
  readonly brokenLinks = new Map<string, string>();
  /** Entries of rule folders that are neither files nor links (a pipe, socket or device): never opened. */
  readonly specialEntries = new Set<string>();
  /** Links in `.cline/rules` and Cline's global rule folders, which Cline never reads (discovery.ts, `clineLinks`), with what is said of each: Cline's alone. */
  readonly clineLinks = new Map<string, Finding>();
  /** Cline's rule files that lose their id to another file for Cline 4 (`agents/clineIds.ts`), with what is said of each (`noteClineClashes`). */
  clineClashes = new Map<string, Finding>();
  /**
   * Where the links in rule folders lead (every step, and the real path at the end):
   * a change there re-lists the folders, so that a link's findings follow its target's text,
   * and a broken link mended by putting its target back is read again.
   */
  readonly linkTargets = new Set<string>();
  /** The folders above each link target, up to the root: a change to one of them (a folder moved in or removed whole) may carry a target with it. */
  readonly linkTargetFolders = new Set<string>();
  /** Rule folders that are links, by their real path (`noteLinkedFolders`); two tools' folders may lead to one. */
  readonly linkedFolders = new Map<string, string[]>();
  /** The last view made of the folder (`RulesEngine.view`), kept while its inputs stay the same. */
  view: RulesView | undefined;
  /** The folder's real path (it may be opened through a link). */
  readonly realCwd: string;
  constructor(readonly cwd: string) {
    this.realCwd = realpathOfLongestPrefix(cwd) ?? cwd;
  }
}

/** Counters for tests and benchmarks: how much work an update did. */
export interface EngineStats {
  analyses: number;
  groupResolutions: number;
  discoveries: number;
}

/**
 * The rules of every workspace folder, kept up to date incrementally. A change to one
 * rule file re-reads and re-lints that file and re-resolves only the files sharing its
 * name; creating or deleting files re-lists the rule folders (a handful of directory
 * reads) and re-resolves the names that gained or lost a file.
 */
export class RulesEngine {
  private readonly roots = new Map<string, RootRules>();
  private readonly analyses = new Map<string, FileAnalysis>();
  private profile: RulesProfile;
  /** Bumped on every change, so derived answers can be cached. */
  private generation = 0;
  private availableCache = new Map<string, { generation: number; names: string[] }>();
  private readonly toolCache = new Map<string, { text: string; key: string; findings: Finding[] }>();
  readonly stats: EngineStats = { analyses: 0, groupResolutions: 0, discoveries: 0 };
  /** Whether each root has Roo Code in use (`AgentPlaces.rooShown`). */
  private readonly rooInUse: RooInUse;

  constructor(
    private readonly session: WorkspaceSession,
    private readonly fs: FileSystem,
  ) {
    this.profile = session.settings.rules.profile;
    this.rooInUse = new RooInUse(fs, () => ({ home: session.home, allowArea: (p) => session.allowArea(p) }));
  }

  /** Discovers and analyses every workspace folder from scratch (start, settings or roots changed). */
  async refresh(cancel: Cancellation = NEVER_CANCELLED): Promise<void> {
    this.profile = this.session.settings.rules.profile;
    this.generation++;
    // The user's global excludes are not watched: a refresh asks git again.
    this.session.forgetGitIgnored();
    this.analyses.clear();
    this.toolCache.clear();
    this.roots.clear();
    await this.rooInUse.refresh(this.session.roots.paths);
    for (const root of this.session.roots.paths) {
      const state = new RootRules(root);
      this.roots.set(root, state);
      await this.rediscover(state, cancel);
      this.noteClineClashes(state);
    }
  }

  /** Workspace folders whose rules are known. */
  get rootPaths(): string[] {
    return [...this.roots.keys()];
  }

  /** Every path with findings of this engine (rule files, files it reports as not read, and files their tool alone reads). */
  reportedPaths(): Set<string> {
    const out = new Set<string>();
    for (const state of this.roots.values()) {
      for (const p of state.byPath.keys()) out.add(p);
      for (const p of state.notRead.keys()) out.add(p);
      for (const p of state.toolOnly.keys()) out.add(p);
      for (const p of state.clineLinks.keys()) out.add(p);
    }
    return out;
  }

  /**
   * Applies changed files; returns the paths whose findings may differ now. A file known
   * to a root is re-analysed; anything touching a rule folder's listing re-lists it.
   */
  async applyChanges(reported: readonly FileChange[], cancel: Cancellation = NEVER_CANCELLED, from: 'disk' | 'buffer' = 'disk'): Promise<Set<string>> {
    // A buffer's edit says nothing of what is on disk: its keystrokes need no look at the file's kind.
    const linked = this.throughLinkedFolders(reported);
    const affected = new Set<string>();
    // A buffer's edit of a file the xcsh agent skips (the legacy `.cursorrules`, an ignored or linked rule): re-read alone, not a re-listing per keystroke.
    const rereadAlone = from === 'buffer' ? await this.rereadSkipped(linked, affected) : new Set<string>();
    const rest = rereadAlone.size ? linked.filter((c) => !rereadAlone.has(c.path)) : linked;
    const changes = from === 'disk' ? await this.kindsChecked(rest) : rest;
    this.generation++;
    // Files known to some root are re-read once, whatever number of roots list them.
    const changedFiles = new Set<string>();
    for (const change of changes) {
      if (change.type !== 'changed') continue;
      const candidate = this.candidateOf(change.path);
      if (candidate && (await this.analyse(candidate, true)).changed) changedFiles.add(change.path);
    }
    for (const state of this.roots.values()) {
      // A buffer's edit changes a text alone, never what the folders hold nor where a link leads
      // (a link to it is read from disk, through the link, either way): it never lists them. A
      // buffer the engine does not know (its file deleted, not yet saved, past what a listing
      // reads) stays unknown until the disk says otherwise, which lists the folders itself.
      const relist = from === 'disk' && changes.some((c) => this.touchesListing(state, c, state.byPath.has(c.path)));
      if (relist) {
        for (const p of await this.rediscover(state, cancel, changes.map((c) => c.path), changedFiles)) affected.add(p);
        continue;
      }
      const dirty = new Set<string>();
      for (const p of changedFiles) {
        const candidate = state.byPath.get(p);
        if (!candidate) continue;
        dirty.add(candidate.name);
        affected.add(p);
      }
      for (const name of dirty) for (const p of this.resolveName(state, name)) affected.add(p);
    }
    // A file's `name`, or a file coming or going, changes which of Cline's files keep their id: those whose finding changed.
    for (const state of this.roots.values()) for (const p of this.noteClineClashes(state)) affected.add(p);
    return affected;
  }

  /**
   * Which of the root's Cline rule files (the xcsh agent's `.clinerules` listing and Cline's own
   * files: `toolOnly`) Cline 4 replaces by another of their id (`agents/clineIds.ts`), with the
   * warning said of each; returns the paths whose warning came, went or changed. Every file of
   * Cline's is looked at again: a few, their parse kept (`toolFrontmatter`).
   */
  private noteClineClashes(state: RootRules): string[] {
    const listed = [...state.byPath.values()].filter((c) => c.provider === 'cline').map((c) => this.analyses.get(c.path));
    const own = [...state.toolOnly.values()].filter((a) => a.candidate.provider === 'cline');
    const files = [...listed, ...own].filter((a): a is FileAnalysis => a !== undefined);
    const { clashes, loaded } = clineClashesOf(files, state.cwd, this.session.home);
    const shown = (p: string) => displayPath(p, state.cwd, this.session.home);
    const next = new Map<string, Finding>();
    for (const [p, clash] of clashes) {
      const analysis = files.find((a) => a.candidate.path === p)!;
      const id = loaded.find((f) => f.path === p)!.id;
      const others = 'by' in clash ? clash.by : clash.tied;
      const related = others.map((f) => ({ path: f.path, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message: `a rule of id \`${id}\` Cline 4 reads${'by' in clash ? ' after this one' : ' from the same folder'}` }));
      next.set(p, finding('rule/shadowed', 'warning', new RuleLocator(analysis).firstLine(), clineClashWhy(clash, id, shown), { related }));
    }
    const changed = [...new Set([...state.clineClashes.keys(), ...next.keys()])].filter((p) => JSON.stringify(state.clineClashes.get(p)) !== JSON.stringify(next.get(p)));
    state.clineClashes = next;
    return changed;
  }

  /**
   * Files the xcsh agent skips whose text the engine reads for their own tool (`rediscover`:
   * left out by their path or the ignore files, links, a linked `.clinerules`' files), read
   * again where their buffer changed: their findings and their tool's analysis depend on
   * their text and on what the last listing said of them (why skipped, where a link leads),
   * and a buffer's edit changes only the text. Returns the paths done: every one the last
   * listing skipped (a buffer's edit never lists the folders again).
   */
  private async rereadSkipped(changes: readonly FileChange[], affected: Set<string>): Promise<Set<string>> {
    const done = new Set<string>();
    for (const change of changes) {
      if (change.type !== 'changed') continue;
      for (const state of this.roots.values()) {
        const skipped = state.skippedByPath.get(change.path);
        if (!skipped) continue;
        const hadText = state.skippedTexts.has(change.path);
        // As `rediscover` reads them: only those it says are not read (every one it reads is), and Cline's global rules.
        const reads = readByClineAlone(skipped) || (readsSkippedText(skipped) && state.notRead.has(change.path));
        const read = reads ? await this.readToolOnly(state, skipped) : undefined;
        if (read?.ok) affected.add(change.path);
        else if (hadText) {
          // Read before, not now (a buffer past the size limit): its text goes, as a listing would drop it.
          state.skippedTexts.delete(change.path);
          state.toolOnly.delete(change.path);
          affected.add(change.path);
        }
        done.add(change.path);
      }
    }
    return done;
  }

  /**
   * `changes`, a listed rule file's "changed" made "created" when it is no longer a regular
   * file: VS Code reports a file replaced by a link (delete, then create) as one change, and
   * a link is listed otherwise than a file (the xcsh agent skips it), so its folder is listed again.
   */
  private async kindsChecked(changes: readonly FileChange[]): Promise<readonly FileChange[]> {
    const out: FileChange[] = [];
    for (const change of changes) {
      if (change.type === 'changed' && this.candidateOf(change.path) && (await this.fs.stat(change.path))?.kind !== 'file') out.push({ ...change, type: 'created' });
      else out.push(change);
    }
    return out;
  }

  /** `changes`, and each under a linked rule folder's real path again as the file in the rule folder. */
  private throughLinkedFolders(changes: readonly FileChange[]): readonly FileChange[] {
    let out: FileChange[] | undefined;
    for (const state of this.roots.values()) {
      if (state.linkedFolders.size === 0) continue;
      for (const change of changes) {
        for (let at = change.path; ; ) {
          const folders = state.linkedFolders.get(at);
          if (folders !== undefined) {
            for (const folder of folders) (out ??= [...changes]).push({ ...change, path: folder + change.path.slice(at.length) });
            break;
          }
          const up = path.dirname(at);
          if (up === at || at === state.cwd) break;
          at = up;
        }
      }
    }
    return out ?? changes;
  }

  private candidateOf(p: string): RuleCandidate | undefined {
    for (const state of this.roots.values()) {
      const c = state.byPath.get(p);
      if (c) return c;
    }
    return undefined;
  }

  private touchesListing(state: RootRules, change: FileChange, known: boolean): boolean {
    const p = change.path;
    // Before `known`: a rule of one tool's folder linked into another's is both.
    if (underLinkTarget(state, p)) return true;
    if (known) return change.type !== 'changed';
    if (state.discovery.structural.has(p) || state.notRead.has(p) || state.clineLinks.has(p)) return true;
    const dir = path.dirname(p);
    if (state.discovery.folders.some((f) => f.dir === dir || f.dir === p || path.dirname(f.dir) === p)) return true;
    if (state.discovery.folders.some((f) => path.dirname(dir) === f.dir)) return true;
    if (state.discovery.clineGlobalFolders.includes(dir) || dir === state.discovery.clineRulesFolder) return true;
    // What is ignored changed (an ignore file, or git's `.git/info/exclude`, which the session's watchers and an editor's report too): the xcsh agent skips ignored rule files.
    if (changesIgnoreRules(p)) return true;
    const base = path.basename(p);
    return base === '.cursorrules' || base === '.windsurfrules';
  }

  /** Lists the rule folders again; analyses new or changed files and re-resolves names whose file set changed. */
  private async rediscover(state: RootRules, cancel: Cancellation, touched: readonly string[] = [], alreadyChanged: ReadonlySet<string> = new Set()): Promise<Set<string>> {
    this.stats.discoveries++;
    const affected = new Set<string>();
    const before = new Map(state.byPath);
    const discovery = await discoverRules(state.cwd, this.discoveryHost());
    // A `.xcsh` folder appearing or going changes which agents judge every file (targets under `auto`).
    const targetsChanged = state.discovery.workspaceHasXcsh !== discovery.workspaceHasXcsh;
    if (targetsChanged) for (const p of [...before.keys(), ...state.notRead.keys()]) affected.add(p);
    state.discovery = discovery;
    state.byPath.clear();
    const dirty = new Set<string>();
    let count = 0;
    for (const candidate of discovery.candidates) {
      state.byPath.set(candidate.path, candidate);
      const old = before.get(candidate.path);
      const changed = touched.includes(candidate.path) && !alreadyChanged.has(candidate.path);
      if (!old || old.name !== candidate.name || compareOrder(old, candidate) !== 0 || changed || alreadyChanged.has(candidate.path) || !this.analyses.has(candidate.path)) {
        const result = await this.analyse(candidate, changed || !old);
        if (result.changed || alreadyChanged.has(candidate.path) || !old || old.name !== candidate.name || compareOrder(old, candidate) !== 0) {
          dirty.add(candidate.name);
          if (old) dirty.add(old.name);
          affected.add(candidate.path);
        }
      }
      if (++count % 64 === 0) {
        throwIfCancelled(cancel);
        await yieldToEventLoop();
      }
    }
    for (const [p, old] of before) {
      if (!state.byPath.has(p)) {
        dirty.add(old.name);
        affected.add(p);
        state.groupFindings.delete(p);
        if (![...this.roots.values()].some((r) => r.byPath.has(p))) this.analyses.delete(p);
      }
    }
    // Names are rebuilt from the listing; only the names that changed are re-resolved.
    const grouped = new Map<string, RuleCandidate[]>();
    for (const candidate of discovery.candidates) {
      const list = grouped.get(candidate.name);
      if (list) list.push(candidate);
      else grouped.set(candidate.name, [candidate]);
    }
    for (const name of state.names.keys()) if (!grouped.has(name)) dirty.add(name);
    for (const [name, entries] of grouped) {
      const existing = state.names.get(name);
      if (existing) existing.entries = entries;
      else state.names.set(name, { entries });
    }
    for (const name of dirty) for (const p of this.resolveName(state, name)) affected.add(p);
    for (const p of state.notRead.keys()) affected.add(p);
    state.notRead.clear();
    state.unreadLocations.clear();
    state.skippedTexts.clear();
    state.skippedByPath.clear();
    state.toolOnly.clear();
    state.linkedOut.clear();
    state.brokenLinks.clear();
    state.specialEntries.clear();
    for (const p of state.clineLinks.keys()) affected.add(p);
    state.clineLinks.clear();
    state.linkedFiles.clear();
    state.linkTargets.clear();
    state.linkTargetFolders.clear();
    this.noteLinkedFolders(state);
    for (const skipped of discovery.skipped) {
      state.skippedByPath.set(skipped.path, skipped);
      if (skipped.why === 'cline-link') {
        // No word of the xcsh agent's (it never looks there), and nothing behind the link is read.
        const folder = path.dirname(skipped.path);
        state.clineLinks.set(skipped.path, clineLinkFinding(displayPath(folder, skipped.level === 'user' ? undefined : state.cwd, this.session.home), skipped.linkedFolder === true, skipped.target, skipped.olderToo === true));
        affected.add(skipped.path);
        continue;
      }
      if (readByClineAlone(skipped)) {
        // Cline's global rules and its `.txt` rules: no word of the xcsh agent's (it never reads them), Cline's view and lint only.
        await this.readToolOnly(state, skipped);
        affected.add(skipped.path);
        continue;
      }
      const finding = await notReadFinding(skipped, this.session, this.fs, skipped.why === 'symlink' ? this.listedTarget(state, skipped.path) : undefined);
      if (finding) {
        state.notRead.set(skipped.path, finding);
        if (skipped.why === 'outside' || skipped.why === 'broken-link' || skipped.why === 'unreadable' || skipped.why === 'file-location' || skipped.why === 'too-many') state.unreadLocations.set(skipped.path, finding);
        affected.add(skipped.path);
        // Read for their own tool's lint (`readsSkippedText`). A link is read only where the
        // confined file system lets it: its target inside the workspace.
        if (skipped.why === 'symlink' || skipped.why === 'broken-link' || (skipped.why === 'file-location' && skipped.target !== undefined)) this.noteLinkTargets(state, skipped.path);
        if (skipped.why === 'special') state.specialEntries.add(skipped.path);
        if (readsSkippedText(skipped)) {
          const read = await this.readToolOnly(state, skipped);
          if (!read.ok && skipped.why === 'symlink') {
            // A loop is refused as outside too (its real path cannot be resolved): it has no target.
            // A link to no file is that first, wherever it points (out to a folder, too).
            const broken = brokenLinkReason(skipped.path);
            const target = broken === undefined && read.reason === 'outside-workspace' ? this.session.confinement.escapeTarget(skipped.path) : undefined;
            if (broken !== undefined) state.brokenLinks.set(skipped.path, broken);
            else if (target !== undefined) state.linkedOut.set(skipped.path, target);
          }
          if (skipped.why === 'symlink' && !state.brokenLinks.has(skipped.path)) state.linkedFiles.add(skipped.path);
        }
      }
    }
    // Rule folders the xcsh agent does not read, linked to nothing or out of the workspace: their own tool's notice.
    const places = this.session.agentPlaces(state.cwd);
    const copilot = places && { instructions: places.copilotInstructions, prompts: places.copilotPrompts };
    for (const broken of brokenToolFolders(state.cwd, (p) => this.session.confinement.escapeTarget(p), copilot)) this.noteBrokenToolFolder(state, broken, affected);
    // The same of the user-level folders of the agents whose views read the home (Roo Code's and its modes', Continue's, Claude Code's, Kiro's):
    // a change at one, or above it, lists again.
    const rooModes = this.rooInUse.modesRead(state.cwd);
    for (const broken of brokenUserToolFolders(this.session.home, rooModes)) this.noteBrokenToolFolder(state, broken, affected);
    for (const place of userToolFolderPlaces(this.session.home, rooModes)) discovery.structural.add(place);
    return affected;
  }

  /** A rule folder of a tool the xcsh agent does not list, linked to nothing or out, or a file: its tool's notice, where that tool is judged. */
  private noteBrokenToolFolder(state: RootRules, broken: BrokenToolFolder, affected: Set<string>): void {
    if (!fileTargets(this.session.settings.rules.agents, broken.agent, state.discovery.workspaceHasXcsh).has(broken.agent)) return;
    const model = agentModel(broken.agent);
    const tool = model.name;
    const files = broken.files ?? 'rules';
    const finding =
      'reason' in broken && model.brokenFolderReadsNoRule !== undefined && broken.files === undefined
        ? silentBrokenFolderFinding(broken.reason, tool, model.brokenFolderReadsNoRule)
        : 'outside' in broken
        ? linkedOutLocationFinding(`This ${placeOf(files)} is a symbolic link to ${broken.outside} outside the workspace.`, tool, files)
        : 'folder' in broken
          ? fileLocationFinding(tool, broken.agent, displayPath(broken.folder, state.cwd, this.session.home), { link: broken.fileLink, special: broken.special }, files)
          : brokenLinkFinding(broken.reason, tool, 'location', files);
    state.notRead.set(broken.path, finding);
    // Prompt files are run on demand, never sent with a request: no rule that reaches a file went unread.
    if (broken.files === undefined) state.unreadLocations.set(broken.path, finding);
    affected.add(broken.path);
    if ('reason' in broken || ('folder' in broken && broken.fileLink !== undefined)) this.noteLinkTargets(state, broken.path);
  }

  /** Reads a skipped file for its own tool's lint, and analyses it where its tool reads it (`readByItsToolOnly`). */
  private async readToolOnly(state: RootRules, skipped: SkippedFile): Promise<Awaited<ReturnType<FileSystem['readText']>>> {
    const read = await this.fs.readText(skipped.path, { maxBytes: MAX_RULE_FILE_BYTES });
    if (read.ok) {
      state.skippedTexts.set(skipped.path, read.text);
      if (readByItsToolOnly(skipped, state.cwd)) state.toolOnly.set(skipped.path, toolOnlyAnalysis(skipped, read.text, this.profile));
    }
    return read;
  }

  private noteLinkTargets(state: RootRules, link: string): void {
    // Every hop: a link in the middle of a chain removed or mended changes where it ends.
    for (const hop of linkChain(link)) noteLinkTarget(state, hop, link);
    noteLinkTarget(state, realpathOfLongestPrefix(link), link);
  }

  /**
   * Rule folders reached through a link (`.windsurf/rules → ../shared/rules`): changes are
   * reported where the files really are, so their real folder is followed like a link
   * target, and a change there is taken for the file in the rule folder too.
   */
  private noteLinkedFolders(state: RootRules): void {
    state.linkedFolders.clear();
    for (const folder of state.discovery.folders) {
      const real = realpathOfLongestPrefix(folder.dir);
      if (real === undefined || real === folder.dir || !isInside(state.cwd, real)) continue;
      state.linkedFolders.set(real, [...(state.linkedFolders.get(real) ?? []), folder.dir]);
      noteLinkTarget(state, real, folder.dir);
    }
  }

  /**
   * For a link in a rule folder: the path (relative to the workspace folder) of the file it
   * leads to, when that file is one the xcsh agent reads itself. Only the link is resolved;
   * nothing is read.
   */
  private listedTarget(state: RootRules, link: string): string | undefined {
    const real = realpathOfLongestPrefix(link);
    const realRoot = realpathOfLongestPrefix(state.cwd);
    if (real === undefined || realRoot === undefined) return undefined;
    const rel = path.relative(realRoot, real);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    return state.byPath.has(path.join(state.cwd, rel)) ? rel.split(path.sep).join('/') : undefined;
  }

  /** (Re-)reads a file; `changed` says whether its analysis differs from the one held before. */
  private async analyse(candidate: RuleCandidate, force: boolean): Promise<{ analysis: FileAnalysis; changed: boolean }> {
    const cached = this.analyses.get(candidate.path);
    const sameKind = (a: FileAnalysis) => a.candidate.name === candidate.name && a.candidate.provider === candidate.provider && a.candidate.level === candidate.level && a.profile === this.profile;
    if (cached && !force && sameKind(cached)) return { analysis: cached, changed: false };
    const analysis = await analyseFile(candidate, this.fs, this.profile);
    if (cached && sameKind(cached) && cached.text === analysis.text && cached.readWarning === analysis.readWarning && cached.readProblem?.kind === analysis.readProblem?.kind) {
      return { analysis: cached, changed: false };
    }
    this.stats.analyses++;
    this.analyses.set(candidate.path, analysis);
    return { analysis, changed: true };
  }

  /** Re-resolves one name: which file wins, which are shadowed, where the winner goes. Returns the paths involved. */
  private resolveName(state: RootRules, name: string): string[] {
    this.stats.groupResolutions++;
    const group = state.names.get(name);
    const entries = (group?.entries ?? []).filter((c) => state.byPath.get(c.path) === c);
    if (!group || entries.length === 0) {
      state.names.delete(name);
      return [];
    }
    entries.sort(compareOrder);
    group.entries = entries;
    const analyses = entries.map((c) => this.analyses.get(c.path)).filter((a): a is FileAnalysis => a !== undefined);
    const result = groupFindings(analyses, this.session.settings.rules.disabledRules, this.profile, this.session.home);
    group.effective = result.effective?.candidate;
    group.placement = result.effective?.placement;
    for (const a of analyses) state.groupFindings.set(a.candidate.path, result.findings.get(a.candidate.path) ?? []);
    return entries.map((c) => c.path);
  }

  private discoveryHost(): DiscoveryHost {
    const s = this.session;
    return {
      fs: this.fs,
      home: s.home,
      profile: this.profile,
      piConfigDir: s.settings.rules.piConfigDir,
      disabledProviders: s.settings.rules.disabledProviders,
      isIgnored: async (p) => {
        const root = s.rootOf(p);
        if (!root) return false;
        const rel = path.relative(root, p).split(path.sep).join('/');
        // The agent's walker honours the ignore files alone, never agentls's own excludes (rules.md §2.1).
        return s.ignoreFilesFor(root).check(rel, false);
      },
      gitIgnored: async (paths) => {
        const byRoot = new Map<string, string[]>();
        for (const p of paths) {
          const owner = s.roots.relative(p);
          if (owner) byRoot.set(owner.folder.path, [...(byRoot.get(owner.folder.path) ?? []), owner.rel]);
        }
        const out = new Set<string>();
        for (const [root, rels] of byRoot) for (const rel of await s.gitIgnoredAmong(root, rels)) out.add(joinRelative(root, rel));
        return out;
      },
      allowArea: (p) => s.allowArea(p),
      findRepoRoot,
      escapeTarget: (p) => s.confinement.escapeTarget(p),
      brokenLink: (p, options) => brokenLinkReason(p, options),
      fileInPlaceOfFolder,
      isFolder: isFolderAt,
    };
  }

  /** Whether `p` is a link in `.cline/rules` or a global rule folder of Cline's, which Cline never reads (`RootRules.clineLinks`): its findings are the engine's, whatever kind of document it is. */
  isClineLink(p: string): boolean {
    return [...this.roots.values()].some((state) => state.clineLinks.has(p));
  }

  /** Whether some root lists the file or skips it (`discovery.skipped`): a buffer's edit of it is a change of its text, never a new file. */
  knows(p: string): boolean {
    return this.analyses.has(p) || [...this.roots.values()].some((state) => state.byPath.has(p) || state.skippedByPath.has(p));
  }

  /**
   * Whether the findings of a file depend on its text as the engine read it: a listed file, or
   * one the xcsh agent skips whose text is read for its own tool's lint (`rediscover`: by its
   * path, as `.cursor/rules/sub/a.mdc`, ignored, or a link). An open buffer of such a file
   * must reach the engine (`rereadSkipped` reads it alone), else its findings follow the disk.
   */
  readsTextOf(p: string): boolean {
    return this.analyses.has(p) || [...this.roots.values()].some((state) => state.toolOnly.has(p) || state.skippedTexts.has(p));
  }

  /** The analysis of a rule file, if some root lists it. */
  analysis(p: string): FileAnalysis | undefined {
    return this.analyses.get(p);
  }

  /** The analysis of a rule file no root lists but its own tool reads (`toolOnly.ts`): ignored, a link, or a legacy root file. */
  toolOnlyAnalysis(p: string): FileAnalysis | undefined {
    for (const state of this.roots.values()) {
      const analysis = state.toolOnly.get(p);
      if (analysis) return analysis;
    }
    return undefined;
  }

  /**
   * The text a file's findings were computed on: its analysis's (a buffer's, when open), or
   * for a file the xcsh agent skips (`.cursorrules`, a rule its own tool reads) the text read
   * from disk, byte-order mark and all. Undefined when neither was read.
   */
  findingsText(p: string): string | undefined {
    const analysed = this.analyses.get(p)?.text;
    if (analysed !== undefined) return analysed;
    for (const state of this.roots.values()) {
      const skipped = state.skippedTexts.get(p);
      if (skipped !== undefined) return skipped;
    }
    return undefined;
  }

  /** The agents a rule file's findings are about (`targets.ts`): its own tool's and the xcsh agent's, as the settings say. */
  targetsOf(p: string): Set<AgentId> {
    const state = this.stateListing(p);
    if (!state) return new Set<AgentId>(['xcsh']);
    return fileTargets(this.session.settings.rules.agents, this.ownerFor(state, p)?.agent.id, state.discovery.workspaceHasXcsh);
  }

  /** The rule folders a workspace folder's settings name (`AgentPlaces`: Copilot's instruction folders), whether Roo Code is in use there, its `.roomodes` modes and its `.clinerules-{mode}` files, and Gemini CLI's context names, for `ownerOf`. */
  agentPlaces(root: string | undefined): AgentPlaces | undefined {
    const places = this.session.agentPlaces(root);
    if (!places || root === undefined) return places;
    const rooShown = this.rooInUse.shown(root, this.session.settings.rules.agents);
    // A `.clinerules-{mode}` is Roo Code's only where its view is shown (`AgentPlaces.rooClineModeFiles`).
    const geminiNames = this.session.geminiContextNames(root);
    return { ...places, rooShown, rooModes: this.rooInUse.customModes(root), rooUserModes: this.rooInUse.userModes(root), rooClineModeFiles: rooShown ? this.rooInUse.clineModeFiles(root) : [], geminiNames };
  }

  /**
   * Files came, changed or went on disk: the roots whose root `.roo` or `.roorules*` they touch
   * are read again (`RooInUse`). Returns the roots where Roo Code came into use or went out of
   * it: the owner of their packages' Roo Code files changed, which no listing of this engine holds.
   */
  rooUseChanged(changes: readonly FileChange[]): Promise<string[]> {
    return this.rooInUse.noteChanges(changes.map((c) => c.path));
  }

  /** The tool a listed or skipped file belongs to and where it stands for it, as the findings take it (hovers speak for the same tool). */
  ownerOf(p: string): { agent: AgentModel; placement: Placement } | undefined {
    const state = this.stateListing(p);
    return state && this.ownerFor(state, p);
  }

  /**
   * Every finding for a file, for the agents it is judged by (`targets.ts`): the xcsh
   * agent's (its own lints, its name group's, or why it never reads the file) and those of
   * the tool the file belongs to (`toolLint`).
   */
  findings(p: string): Finding[] {
    const state = this.stateListing(p);
    if (!state) return this.xcshFindings(p);
    const clineLink = state.clineLinks.get(p);
    if (clineLink) return fileTargets(this.session.settings.rules.agents, 'cline', state.discovery.workspaceHasXcsh).has('cline') ? [clineLink] : [];
    const owner = this.ownerFor(state, p);
    const targets = fileTargets(this.session.settings.rules.agents, owner?.agent.id, state.discovery.workspaceHasXcsh);
    const broken = state.brokenLinks.get(p);
    if (broken !== undefined) return brokenLinkFindings(p, broken, owner, targets, true);
    if (state.specialEntries.has(p)) return specialEntryFindings(owner, targets, true);
    if (owner && state.linkedFiles.has(p) && !followsFileLinks(owner.agent.id)) return unfollowedLinkFindings(this.xcshFindings(p), owner.agent, targets);
    // A rule location (or rule file) linking out of the workspace is agentls's own notice (not a prediction): always shown.
    const linkTarget = state.linkedOut.get(p);
    const linkedFile = linkTarget !== undefined && owner ? [linkedOutFileFinding(linkTarget, owner.agent.name)] : [];
    // As is a rule location that is a link to nothing (a file that is one is answered above).
    const own = state.notRead.get(p);
    const linkedOut = own && (own.code === 'rule/link-outside' || own.code === 'rule/unreadable' || own.code === 'rule/too-large') ? [own] : [];
    const out = [...(targets.has('xcsh') ? this.xcshFindings(p).map((f) => sayingWhoReads(f, owner)) : linkedOut), ...linkedFile];
    // Cline lists a `.clinerules` linked to a folder (discovery.ts, `clineLinkedFolder`): the link is no file of Cline's.
    if (p === state.discovery.linkedClineFolder) return out;
    const tool = this.ownToolFindings(state, p, owner, targets);
    return tool ? mergeSameGlob(out, saidOnce(out, tool)) : out;
  }

  /**
   * The findings of the tool a listed or skipped file belongs to (`toolLint`), when that tool
   * is judged for it: what `findings` shows for it, before it is merged with the xcsh agent's
   * (a hover on a key says what they say of its value).
   */
  toolFindingsOf(p: string): Finding[] | undefined {
    const state = this.stateListing(p);
    if (!state || state.brokenLinks.has(p) || state.specialEntries.has(p) || state.clineLinks.has(p) || p === state.discovery.linkedClineFolder) return undefined;
    const owner = this.ownerFor(state, p);
    if (owner && state.linkedFiles.has(p) && !followsFileLinks(owner.agent.id)) return undefined;
    return this.ownToolFindings(state, p, owner, fileTargets(this.session.settings.rules.agents, owner?.agent.id, state.discovery.workspaceHasXcsh));
  }

  private ownToolFindings(state: RootRules, p: string, owner: { agent: AgentModel; placement: Placement } | undefined, targets: ReadonlySet<AgentId>): Finding[] | undefined {
    if (!owner || owner.agent.id === 'xcsh' || !targets.has(owner.agent.id)) return undefined;
    const text = this.analyses.get(p)?.text ?? state.skippedTexts.get(p);
    if (text === undefined) return undefined;
    const own = this.toolFindingsCached({ agent: owner.agent, placement: owner.placement, path: p, text, root: state.cwd, targets, readProblem: this.analyses.get(p)?.readProblem });
    // Another file of its id that Cline 4 reads after it, or beside it (`noteClineClashes`).
    const clash = owner.agent.id === 'cline' ? state.clineClashes.get(p) : undefined;
    return clash ? [...own, clash] : own;
  }

  /** The root that lists `p`, reports it as not read, or reads it for its tool alone (Cline's global rules). */
  private stateListing(p: string): RootRules | undefined {
    return [...this.roots.values()].find((r) => r.byPath.has(p) || r.notRead.has(p) || r.toolOnly.has(p) || r.clineLinks.has(p));
  }

  /** A tool's lint of a file, recomputed only when its text or targets change (publishing asks often). */
  private toolFindingsCached(file: ToolFile): Finding[] {
    const key = toolLintKey(file);
    const cached = this.toolCache.get(file.path);
    if (cached && cached.text === file.text && cached.key === key) return cached.findings;
    const findings = toolFindings(file);
    this.toolCache.set(file.path, { text: file.text, key, findings });
    return findings;
  }

  /** Whether the xcsh agent is judged in a workspace folder under `auto` (it has `.xcsh`). */
  workspaceHasXcsh(root: string | undefined): boolean {
    return (root !== undefined && this.roots.get(root)?.discovery.workspaceHasXcsh) ?? false;
  }

  /** The tool a listed or skipped file belongs to, and where the file stands for it. */
  private ownerFor(state: RootRules, p: string): { agent: AgentModel; placement: Placement } | undefined {
    const candidate = state.byPath.get(p);
    const base = candidate?.level === 'user' || (!candidate && !isInside(state.cwd, p)) ? this.session.home : state.cwd;
    const rel = toolRelativePath(p, base);
    if (!candidate) {
      // Below Cline's global rule folders, a file Cline 4 and the Cline CLI pass over, which Cline 3.x may have read.
      const passedOver = clineGlobalPlacementOf(p, this.session.home);
      if (passedOver) return { agent: agentModel('cline'), placement: passedOver };
      // Cline's global rules, wherever they sit in the home (`~/Documents/Cline/Rules` has no mark of Cline's own in its path).
      if (state.discovery.clineGlobalFolders.includes(path.dirname(p)) && state.toolOnly.has(p)) return { agent: agentModel('cline'), placement: { read: true, frontmatter: true } };
      const owner = ownerOf(rel, base === state.cwd ? this.agentPlaces(state.cwd) : undefined);
      // A file the xcsh agent skips in a home rule folder: one whose tool does not read the
      // home (`~/.cursor/rules/more/a.mdc`: Cursor reads no rule folder there) is no file of that tool's.
      const home = base === this.session.home && isInside(this.session.home, p);
      return owner && home && owner.agent.id !== 'xcsh' && !owner.agent.readsUserLocation ? { agent: agentModel('xcsh'), placement: { read: false, frontmatter: true } } : owner;
    }
    // A user-level rule its tool does not read (`~/.cursor/rules`) is the xcsh agent's file.
    const agent = agentModel(agentOfLocation(candidate.provider, candidate.level));
    return { agent, placement: agent.owns(rel) ?? { read: true, frontmatter: true } };
  }

  private xcshFindings(p: string): Finding[] {
    const out: Finding[] = [];
    const seen = new Set<string>();
    const add = (f: Finding) => {
      const key = `${f.code}|${f.message}|${f.range.start.line}:${f.range.start.character}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(f);
      }
    };
    const analysis = this.analyses.get(p);
    let listed = false;
    let effective = false;
    // The tool that sends the file whole (global_rules.md), if one does: such a file is not
    // told to take keys for the xcsh agent, nor read as having a trigger for its tool.
    let wholeBy: AgentModel | undefined;
    for (const state of this.roots.values()) {
      const notRead = state.notRead.get(p);
      if (notRead) add(notRead);
      if (!state.byPath.has(p)) continue;
      listed = true;
      const owner = this.ownerFor(state, p);
      if (owner && sentWhole(owner.placement)) wholeBy = owner.agent;
      for (const f of state.groupFindings.get(p) ?? []) add(f);
      const group = state.names.get(state.byPath.get(p)!.name);
      if (analysis && group?.effective?.path === p) {
        effective = true;
        for (const f of bucketFindings(analysis, wholeBy)) add(f);
      }
    }
    // A shadowed copy is never read, so where its trigger would put it ("goes to no
    // bucket") is moot: rule/shadowed says what happens to it.
    if (analysis && listed) for (const f of fileFindings(analysis, wholeBy)) if (effective || f.code !== 'rule/windsurf-trigger') add(f);
    return out;
  }

  /** The root whose view answers for `p` (its folder, else the first). */
  rootFor(p: string | undefined): string | undefined {
    return (p && this.ownerRoot(p)) || this.roots.keys().next().value;
  }

  /**
   * The root `p` belongs to: the folder holding it, or one whose agents list it (a parent
   * `.clinerules`, a user-level rule). Undefined for a file of no folder (another project's,
   * or one of a folder removed while it stays open): no agent run in any open folder reads
   * it, so no folder's rules are a measure of it.
   */
  ownerRoot(p: string): string | undefined {
    const owner = this.session.rootOf(p);
    if (owner && this.roots.has(owner)) return owner;
    for (const [root, state] of this.roots) if (state.byPath.has(p)) return root;
    // A user-level file another tool reads (`~/.kiro/steering`, `~/.roo/rules`): every folder's view lists it, the first answers, as for a listed one.
    return this.inUserArea(p) ? this.roots.keys().next().value : undefined;
  }

  /** `p` lies in a user-level rule location (`userRuleAreas`) and in no workspace folder. */
  private inUserArea(p: string): boolean {
    return this.session.rootOf(p) === undefined && this.session.userRuleAreas().some((area) => isInside(area, p));
  }

  /**
   * `p` as the agent models read it (`toolRelativePath`), with the rule folders its workspace
   * folder's settings name: from `root`; or, for a user-level file outside the workspace
   * folders, from the home (`~/.kiro/steering/a.md` is `.kiro/steering/a.md`, where Kiro reads
   * it), which no folder's settings speak of. `root` undefined: the bare name.
   */
  toolPlace(p: string, root: string | undefined): { rel: string; places?: AgentPlaces } {
    // The Codex home's AGENTS.md is Codex's alone, though its name is every AGENTS.md reader's (`codexHomePlaces`).
    if (this.inUserArea(p)) {
      // Cline's global rules are its own wherever they sit (`~/Documents/Cline/Rules` has no mark of Cline's in its path): read or passed over.
      const clineGlobal = clineGlobalStanding(p, this.session.home);
      return { rel: toolRelativePath(p, this.session.home), places: clineGlobal ? { copilotInstructions: [], clineGlobal } : codexHomePlaces(p, this.session.home) };
    }
    return { rel: root ? toolRelativePath(p, root) : path.basename(p), places: this.agentPlaces(root) };
  }

  /** The rule folders of a workspace folder that exist but cannot be listed: their rules are unknown. */
  unreadableFolders(root: string): string[] {
    return (this.roots.get(root)?.discovery.skipped ?? []).filter((s) => s.why === 'unreadable').map((s) => s.path);
  }

  /** Rule folders of more rule files than agentls reads (`too-many`), with what check says of each: their files past the cap are not read. */
  cappedFolders(): Map<string, Finding> {
    const out = new Map<string, Finding>();
    for (const state of this.roots.values()) {
      for (const s of state.discovery.skipped) {
        // A folder whose subfolders were not all looked into still has its own files all read.
        const said = s.why === 'too-many' && !s.subfolders ? state.notRead.get(s.path) : undefined;
        if (said) out.set(s.path, said);
      }
    }
    return out;
  }

  /**
   * The root's rule folders whose subfolders discovery did not all look into (`too-many` with
   * `subfolders`), where the xcsh agent is targeted: what it looked there for, the files the
   * xcsh agent never loads. Said with Cursor's finding on its walk of them (`context/cappedFolders.ts`).
   */
  xcshSubfoldersCapped(root: string): ReadonlySet<string> {
    return new Set(this.xcshSubfolderStops(root).keys());
  }

  /** Those folders (`xcshSubfoldersCapped`), each with its first subfolder not looked into (`SkippedFile.from`). */
  xcshSubfolderStops(root: string): ReadonlyMap<string, string> {
    const state = this.roots.get(root);
    if (!state || !fileTargets(this.session.settings.rules.agents, undefined, state.discovery.workspaceHasXcsh).has('xcsh')) return new Map();
    return new Map(state.discovery.skipped.flatMap((s) => (s.why === 'too-many' && s.subfolders && s.from ? [[s.path, s.from] as const] : [])));
  }

  /** The root's rule locations whose rules are not read (`RootRules.unreadLocations`): path and what check says of it. */
  unreadLocations(root: string): ReadonlyMap<string, Finding> {
    return this.roots.get(root)?.unreadLocations ?? new Map();
  }

  /**
   * Resolution and buckets of one workspace folder, computed on demand from the current state
   * and kept while its inputs stay the same: a hover on a rule's first line asks for it each
   * time, and resolving every rule of the folder per hover made it grow with the folder.
   */
  view(root: string | undefined): RulesView | undefined {
    const state = root ? this.roots.get(root) : undefined;
    if (!state) return undefined;
    const analyses = state.discovery.candidates.filter((c) => state.byPath.get(c.path) === c).map((c) => this.analyses.get(c.path)).filter((a): a is FileAnalysis => a !== undefined);
    const inputs = { cwd: state.cwd, analyses, disabledRules: this.session.settings.rules.disabledRules, profile: this.profile, discovery: state.discovery, home: this.session.home, toolOnly: [...state.toolOnly.values()] };
    if (state.view?.sameInputs(inputs)) return state.view;
    state.view = new RulesView(inputs.cwd, analyses, inputs.disabledRules, inputs.profile, inputs.discovery, inputs.home, inputs.toolOnly);
    return state.view;
  }

  /** Name state in a root (for hovers and links). */
  nameState(root: string, name: string): NameState | undefined {
    return this.roots.get(root)?.names.get(name);
  }

  /** Names `rule://` resolves to in a root, with their file. */
  resolvableNames(root: string): Map<string, RuleCandidate> {
    const out = new Map<string, RuleCandidate>();
    const state = this.roots.get(root);
    if (!state) return out;
    for (const [name, group] of state.names) {
      if (group.effective && (group.placement?.bucket === 'rulebook' || group.placement?.bucket === 'alwaysApply')) out.set(name, group.effective);
    }
    return out;
  }

  /**
   * The names `rule://` resolves in a root, in the order the agent's error lists them:
   * rulebook rules, then always-apply rules, each in the agent's order.
   */
  availableNames(root: string): string[] {
    const cached = this.availableCache.get(root);
    if (cached && cached.generation === this.generation) return cached.names;
    const groups = [...this.names(root).entries()].filter(([, g]) => g.effective && (g.placement?.bucket === 'rulebook' || g.placement?.bucket === 'alwaysApply'));
    groups.sort((a, b) => compareOrder(a[1].effective!, b[1].effective!));
    const names = [...groups.filter(([, g]) => g.placement?.bucket === 'rulebook'), ...groups.filter(([, g]) => g.placement?.bucket === 'alwaysApply')].map(([n]) => n);
    this.availableCache.set(root, { generation: this.generation, names });
    return names;
  }

  /** The name states of a root, for completion and reports. */
  names(root: string): ReadonlyMap<string, NameState> {
    return this.roots.get(root)?.names ?? new Map();
  }
}

const SEVERITY_RANK = { error: 0, warning: 1, information: 2, hint: 3 } as const;

/**
 * One slip both agents misread (a glob, a quoted boolean) is one diagnostic naming both,
 * not two on the same text: same code and range merge, at the graver severity, keeping
 * the first quick fix.
 */
function mergeSameGlob(xcsh: Finding[], tool: Finding[]): Finding[] {
  const sameSpot = (a: Finding, b: Finding) => a.code === b.code && JSON.stringify(a.range) === JSON.stringify(b.range);
  const merged = tool.map((t) => {
    const twin = xcsh.find((x) => sameSpot(x, t));
    if (!twin) return t;
    const severity = SEVERITY_RANK[twin.severity] < SEVERITY_RANK[t.severity] ? twin.severity : t.severity;
    return { ...t, severity, message: joinMessages(t.message, twin.message), data: t.data ?? twin.data };
  });
  return [...xcsh.filter((x) => !tool.some((t) => sameSpot(x, t))), ...merged];
}

/**
 * The tool's word that a file it sends whole carries its frontmatter to its model as text
 * (`frontmatter/sent-as-text`), left out where the xcsh agent's finding on the same file
 * says so already: rule/no-bucket and rule/windsurf-trigger, which on such a file speak of
 * what its tool sends (`xcshFindings`, `wholeBy`). One thing is said once.
 */
function saidOnce(xcsh: Finding[], tool: Finding[]): Finding[] {
  if (!xcsh.some((x) => x.code === 'rule/no-bucket' || x.code === 'rule/windsurf-trigger')) return tool;
  return tool.filter((t) => t.code !== 'frontmatter/sent-as-text');
}

/** Longest stretch of a message that may differ between two agents' twins: the agent's name. */
const AGENT_NAME_CHARS = 30;

/**
 * Two agents' messages as one: twins that differ only in the agent named become one naming
 * both ("… for Cursor and the xcsh agent …"); otherwise their shared closing advice ("Merge
 * the two blocks into one.") is said once, at the end.
 */
function joinMessages(first: string, second: string): string {
  if (first === second) return first;
  let head = 0;
  while (head < first.length && first[head] === second[head]) head++;
  let tail = 0;
  while (tail < first.length - head && tail < second.length - head && first[first.length - 1 - tail] === second[second.length - 1 - tail]) tail++;
  // Back to a word boundary on each side, so that "Cursor" and "Copilot" do not share a "C".
  while (head > 0 && /\w/.test(first[head - 1])) head--;
  while (tail > 0 && /\w/.test(first[first.length - tail])) tail--;
  const a = first.slice(head, first.length - tail);
  const b = second.slice(head, second.length - tail);
  if (a && b && a.length <= AGENT_NAME_CHARS && b.length <= AGENT_NAME_CHARS && !/[.:;]/.test(a + b)) {
    const rest = first.slice(first.length - tail);
    // Two names opening the sentence are its subject: "Cursor and the xcsh agent read …".
    const plural = head === 0 && !/'/.test(a + b) ? pluralVerbFirst(rest) : undefined;
    if (plural !== undefined) return `${a} and ${b.replace(/^The /, 'the ')}${plural}`;
    return `${first.slice(0, head)}${a} and ${b}${rest}`;
  }
  const advice = (m: string) => m.slice(m.lastIndexOf('. ', m.length - 2) + 2);
  const last = advice(first);
  if (last.length < first.length && last === advice(second)) return `${first.slice(0, first.length - last.length).trimEnd()} ${second}`;
  // A shared opening clause ("The frontmatter is a list, not `key: value` pairs: ") is said once, each agent's rest after it.
  if (head > 0 && first.slice(0, head).endsWith(': ')) return `${first} ${capital(second.slice(head))}`;
  return `${first} ${second}`;
}

/**
 * ` reads …` as said of two subjects (` read …`): the verb that follows them, in the plural;
 * undefined where the next word is not one of the verbs the messages open with (an adverb:
 * "always", "only reads"), and the two names are then joined without touching it.
 */
function pluralVerbFirst(rest: string): string | undefined {
  const m = /^ (\w+)\b/.exec(rest);
  const plural = m ? PLURAL_VERBS[m[1]] : undefined;
  return plural === undefined ? undefined : ` ${plural}${rest.slice(m![0].length)}`;
}

/** The verbs the tool and xcsh lints put after an agent's name, and their plural. */
const PLURAL_VERBS: Record<string, string> = { is: 'are', has: 'have', does: 'do', reads: 'read', ignores: 'ignore', applies: 'apply', sends: 'send', loads: 'load', takes: 'take', matches: 'match', drops: 'drop', never: 'never' };

/** A rule file Cline reads and the xcsh agent never does (discovery.ts: `clineGlobalRules`, `clineOwnFiles`). */
function readByClineAlone(skipped: SkippedFile): boolean {
  return skipped.why === 'tool-global' || skipped.why === 'tool-extension';
}

/**
 * Whether the engine reads a skipped file's text, for its own tool's lint: files the xcsh
 * agent leaves out by name or ignore rules, and links (a rule shared between tools by a link
 * is common; the xcsh agent drops links, the other tools follow them). Never a special file.
 */
function readsSkippedText(skipped: SkippedFile): boolean {
  return skipped.why === 'by-path' || skipped.why === 'ignored' || skipped.why === 'symlink' || skipped.why === 'linked-folder';
}

/**
 * Whether `p` is a link's target, lies under one or holds one: a look-up per folder above
 * it, so a burst of changes costs the same however many links the rule folders hold.
 */
function underLinkTarget(state: RootRules, p: string): boolean {
  if (state.linkTargets.size === 0) return false;
  if (state.linkTargetFolders.has(p)) return true;
  for (let at = p; ; ) {
    if (state.linkTargets.has(at)) return true;
    const up = path.dirname(at);
    if (up === at || at === state.cwd) return false;
    at = up;
  }
}

/** Follows a link's target inside the folder, and the folders above it (`RootRules.linkTargets`). */
function noteLinkTarget(state: RootRules, real: string | undefined, link: string): void {
  // A folder opened through a link of its own: changes come by the path the editor opened.
  const target = real !== undefined && !isInside(state.cwd, real) && isInside(state.realCwd, real) ? state.cwd + real.slice(state.realCwd.length) : real;
  // Only places inside the folder report changes; the folder itself would re-list on every change.
  if (target === undefined || target === link || target === state.cwd || !isInside(state.cwd, target)) return;
  state.linkTargets.add(target);
  for (let up = path.dirname(target); up !== state.cwd && isInside(state.cwd, up); up = path.dirname(up)) state.linkTargetFolders.add(up);
}
