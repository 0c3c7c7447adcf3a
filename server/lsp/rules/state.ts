import * as path from 'node:path';
import { CancellationSource, type Cancellation } from '../../core/cancel';
import type { Finding } from '../../core/findings';
import { LineIndex, ZERO_RANGE } from '../../core/text';
import { finding } from '../../rules/codes';
import { RulesEngine } from '../../rules/engine';
import { outsideFindings } from '../../rules/agentFiles';
import { isUnlistedRuleFile, mayBeRuleFile } from '../../rules/outsideFile';
import { isClineGlobalRule } from '../../rules/agents/cline';
import { changesIgnoreRules } from '../../workspace/ignore';
import { brokenLinkReason } from '../../workspace/links';
import { ownerOf } from '../../rules/agents';
import { fileTargets } from '../../rules/targets';
import { xcshRuleUrlFindings } from '../../rules/lint/ruleUrls';
import { RULE_URL_PREFIX } from '../../rules/ruleUrl';
import { agentsMdForClaudeFindings, claudeImportFindingsFor } from '../../rules/lint/claudeImports';
import { mdcLinkFindings } from '../../rules/lint/mdcLinks';
import { kiroFileRefFindings } from '../../rules/lint/kiroFileRefs';
import { mayHoldMdcLinks } from '../../rules/mdcLinks';
import { mayHoldKiroFileRefs } from '../../rules/kiroFileRefs';
import { isClaudeMemoryFile } from '../../rules/claudeImports';
import { geminiImportFindingsFor } from '../../rules/lint/geminiImports';
import { isMarkdownKind } from '../../workspace/classify';
import type { FileChange } from '../../workspace/changes';
import { isInside, pathToUri, uriToPath } from '../../workspace/paths';
import type { ServerContext } from '../feature';
import type { OpenDocument } from '../documents';
import { bomNotInEditor, placedAsEditorShows } from '../editorFindings';
import { InstructionViewsCache } from './instructions';
import { UserFoldersInPlay } from './userFoldersInPlay';
import { judgesImports, UnlistedRuleFiles } from './unlisted';
import { ChainReads } from './chainReads';
import { ChainMemo } from './chainMemo';
import { changeLeftOut } from '../../workspace/keptRuleFolders';
import { ListedMemoryFiles } from './listedMemory';
import { listedMdcLinkFindings, mdcLinkersAffectedBy } from './listedMdcLinks';

/** The diagnostics source (feature id) every rules finding is published under. */
export const RULES_SOURCE = 'rules';

/**
 * The rules engine as the server runs it, shared by the rules features: discovery at
 * start and whenever roots or rule settings change, incremental updates from the change
 * stream and from open buffers, and findings pushed for rule files that are not open.
 */
export class RulesState {
  private ctx: ServerContext | undefined;
  private engineInstance: RulesEngine | undefined;
  /** Paths whose findings were pushed while not open (cleared when no longer reported). */
  private readonly pushed = new Set<string>();
  /** What each open rule file's buffer last gave the engine (`syncDocument`). */
  private readonly synced = new Map<string, { engine: RulesEngine; version: number; text: string }>();
  private refreshing: Promise<void> | undefined;
  private refreshToken: CancellationSource | undefined;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  /** Claude Code's, Copilot's and the AGENTS.md readers' views of each folder (files the engine does not list). */
  readonly instructions = new InstructionViewsCache(() => this.context);
  /** Other agents' user-level folders the engine reports, said only where their agent is in play (`userFoldersInPlay.ts`). */
  private readonly userFolders = new UserFoldersInPlay(() => this.context.session, this.instructions);
  /** Findings of closed rule files the engine does not list but their own tools read. */
  private readonly unlisted = new UnlistedRuleFiles(() => this.context, RULES_SOURCE);
  /** What the Claude Code verdicts on open documents read (their import chains, through the buffers): a change there diagnoses them again. */
  private readonly chains = new ChainReads();
  /** What those verdicts last asked of each file, kept until the file changes: a keystroke away from an import line reads none of the chain again. */
  private readonly chainMemo = new ChainMemo((p) => this.changesSeen(p));
  /** Claude Code's verdicts on the closed CLAUDE.md and AGENTS.md files the engine lists (a CLAUDE.md in `.cursor/rules`). */
  private readonly listedMemory = new ListedMemoryFiles(() => this.context.session);

  activate(ctx: ServerContext): void {
    this.ctx = ctx;
    ctx.services.rulesEngine = () => this.engine();
  }

  get context(): ServerContext {
    if (!this.ctx) throw new Error('rules features used before activation');
    return this.ctx;
  }

  /** The engine once started; awaits a refresh in progress. */
  async engine(): Promise<RulesEngine> {
    if (!this.engineInstance) await this.start();
    if (this.refreshing) await this.refreshing;
    return this.engineInstance!;
  }

  async start(): Promise<void> {
    const ctx = this.context;
    if (this.engineInstance) return this.refreshing;
    this.engineInstance = new RulesEngine(ctx.session, ctx.documents.ruleFs);
    this.unsubscribe = ctx.session.changes.onChanges((batch) => void this.serialize(() => this.onChanges(batch)));
    ctx.onRootsChanged(() => void this.refresh());
    // A root's `context.fileName` changed: which files Gemini CLI reads, so whose imports are judged (`lint/geminiImports.ts`).
    ctx.session.onGeminiContextNamesChanged((root) => void this.serialize(() => this.geminiNamesChanged(root)));
    ctx.onSettingsChanged((next, previous) => {
      // What is watched may have changed (`watcher`, `search.exclude`): what was kept on the word of the watchers goes.
      this.chainMemo.clear();
      if (next.home !== previous.home || JSON.stringify(next.rules) !== JSON.stringify(previous.rules)) void this.refresh();
    });
    await this.refresh();
  }

  /** Runs engine updates one at a time, in arrival order. */
  private serialize(work: () => Promise<void>): Promise<void> {
    // Each piece of work is one analysis: a folder's real path is resolved once in it (`Confinement.resolvingOnce`).
    const next = this.queue.then(() => this.context.session.confinement.resolvingOnce(work)).catch((err) => this.context.log.error(`rules: ${(err as Error).stack ?? err}`));
    this.queue = next;
    return next;
  }

  /** Rediscovers everything and republishes (start, roots or settings changed). */
  refresh(): Promise<void> {
    this.refreshToken?.cancel();
    const token = new CancellationSource();
    this.refreshToken = token;
    const run = this.serialize(async () => {
      if (token.isCancellationRequested) return;
      const engine = this.engineInstance!;
      const started = Date.now();
      await engine.refresh(token);
      await this.publish(engine.reportedPaths(), true);
      // The engine's count is of the files the xcsh agent lists; the others' are told after them (`unlisted.ts`), so the line says whose.
      this.context.log.info(`rules: ${engine.reportedPaths().size} rule files the xcsh agent lists, in ${engine.rootPaths.length} workspace folder(s), analysed in ${Date.now() - started} ms`);
    });
    this.refreshing = run.finally(() => {
      if (this.refreshing === run) this.refreshing = undefined;
    });
    void run.then(() => this.sweepUnlisted(token));
    return this.refreshing;
  }

  /**
   * Judges the rule files the engine does not list, as the file index lists them: it is
   * waited for outside the queue (a first index of a large tree takes seconds), the lint
   * runs in it. A newer refresh cancels it.
   */
  private async sweepUnlisted(token: CancellationSource, again = true): Promise<void> {
    const engine = this.engineInstance;
    if (!engine || token.isCancellationRequested) return;
    const listing = await this.unlisted.indexed(engine.rootPaths);
    if (token.isCancellationRequested) return;
    await this.serialize(() => this.unlisted.sweep(engine, listing, token));
    // Linked rule folders come with the listing, which a restart from a snapshot has not finished yet: once more then.
    if (again && (await this.unlisted.linksListed(listing))) await this.sweepUnlisted(token, false);
  }

  private async onChanges(batch: FileChange[]): Promise<void> {
    const engine = this.engineInstance;
    if (!engine) return;
    const names = () => engine.rootPaths.map((root) => engine.availableNames(root).join(',')).join('\n');
    const before = names();
    // Roo Code came into use or went out of it (a root `.roo` or `.roorules*`): a package's Roo Code files are told now, or no longer.
    const rooFlipped = await engine.rooUseChanged(batch);
    if (rooFlipped.length > 0) this.rooUseChanged(rooFlipped);
    const affected = await this.apply(engine, batch, 'disk');
    // With the listed CLAUDE.md and AGENTS.md files whose import chains or neighbours changed.
    await this.publish(affected, false);
    // And another agent's user-level folder whose agent came into play or went out of it (a project's first `.roo/rules` file).
    const flipped = await this.userFolders.changed(engine.rootPaths, engine.reportedPaths());
    await this.push(new Set([...flipped].filter((p) => !affected.has(p))), false);
    // And the closed Cursor rules whose mdc: links may name the file that came or went.
    const isOpen = (p: string) => this.context.documents.getByPath(p) !== undefined;
    const dependents = [...this.listedMemory.affectedBy(engine, batch), ...mdcLinkersAffectedBy(this.context.session, engine, batch, isOpen)];
    await this.push(new Set(dependents.filter((p) => !affected.has(p))), false);
    await this.unlisted.onChanges(engine, batch);
    // What the ignore files leave out changed: the file index lists other files now.
    if (batch.some((c) => changesIgnoreRules(c.path)) && this.refreshToken) void this.sweepUnlisted(this.refreshToken);
    if (affected.size > 0 && before !== names()) {
      await this.rediagnoseRuleUrls(engine, affected);
      await this.unlisted.ruleNamesChanged(engine);
    }
    // A file came or went, or what is ignored changed (an import into an ignored folder is told apart).
    else if (batch.some((c) => c.type !== 'changed' || changesIgnoreRules(c.path))) this.rediagnoseClaudeMemory();
    // Files the ignore rules left out are kept out of the memo; what they leave out now may be other files.
    if (batch.some((c) => changesIgnoreRules(c.path))) this.chainMemo.clear();
    for (const change of batch) {
      // A memory file saved: its chain is asked afresh (`ChainMemo.forget`).
      this.chainMemo.forget(change.path);
      this.rediagnoseReaders(change.path);
    }
  }

  /** The text of `p` changed (on disk, in its buffer, or its buffer opened or closed): the open documents whose Claude Code verdicts read it are diagnosed again. */
  rediagnoseReaders(p: string): void {
    this.chainMemo.changed(p);
    for (const reader of this.chains.readersOf(p)) {
      const doc = this.context.documents.getByPath(reader);
      if (doc) this.context.diagnostics.schedule(doc);
    }
  }

  /**
   * Roo Code came into use in `roots` or went out of it: the owner of a package's `.roo/rules`
   * files changed (`rooRoot.ts`), so the closed ones are swept again from the file index (no
   * walk) and the open ones diagnosed again.
   */
  private rooUseChanged(roots: readonly string[]): void {
    if (this.refreshToken) void this.sweepUnlisted(this.refreshToken);
    for (const doc of this.context.documents.all()) {
      if (doc.path && roots.some((root) => isInside(root, doc.path!))) this.context.diagnostics.schedule(doc);
    }
  }

  /** Gemini CLI's context names of `root` changed: its files whose imports may be judged are judged again, closed and open. */
  private async geminiNamesChanged(root: string): Promise<void> {
    const engine = this.engineInstance;
    if (!engine) return;
    await this.unlisted.importersChanged(engine, root);
    // Files of a name the settings give now were never judged: the file index names them (a sweep, never a walk).
    if (this.refreshToken) void this.sweepUnlisted(this.refreshToken);
    for (const doc of this.context.documents.all()) {
      if (doc.path && isInside(root, doc.path) && judgesImports(doc.path, this.context.session)) this.context.diagnostics.schedule(doc);
    }
  }

  /**
   * A file came or went: an open CLAUDE.md may import it, an open AGENTS.md may have gained or
   * lost a CLAUDE.md beside it, an open GEMINI.md may import it, an open Cursor rule's `mdc:`
   * link or an open Kiro steering file's `#[[file:…]]` reference may name it now or no longer.
   */
  private rediagnoseClaudeMemory(): void {
    for (const doc of this.context.documents.all()) {
      if (doc.path && (judgesImports(doc.path, this.context.session) || mayHoldMdcLinks(doc.path, doc.text) || mayHoldKiroFileRefs(doc.path, doc.text))) this.context.diagnostics.schedule(doc);
    }
  }

  /**
   * A CLAUDE.md buffer in `memoryFolder` changed: every open AGENTS.md it may keep out (beside
   * it or in a folder below; for `.claude/CLAUDE.md`, from the folder above) is judged again.
   */
  private rediagnoseAgentsMd(memoryFolder: string): void {
    const folder = path.basename(memoryFolder) === '.claude' ? path.dirname(memoryFolder) : memoryFolder;
    for (const doc of this.context.documents.all()) {
      if (doc.path && path.basename(doc.path) === 'AGENTS.md' && isInside(folder, doc.path)) this.context.diagnostics.schedule(doc);
    }
  }

  /** An open rule document changed: re-read it from its buffer; publish the other files of its name. */
  async syncDocument(doc: OpenDocument): Promise<void> {
    if (!doc.path) return;
    const p = doc.path;
    await this.serialize(async () => {
      const engine = this.engineInstance;
      if (!engine) return;
      // Once per text and engine: the files it affects are diagnosed in turn, which syncs
      // them, and two open buffers that re-list their folder (links) would do so for ever.
      const last = this.synced.get(p);
      if (last && last.engine === engine && last.version === doc.version && last.text === doc.text) return;
      this.synced.set(p, { engine, version: doc.version, text: doc.text });
      const affected = await this.apply(engine, [{ path: p, type: engine.knows(p) ? 'changed' : 'created' }], 'buffer');
      affected.delete(p);
      await this.publish(affected, false);
    });
  }

  /**
   * `engine.applyChanges`, saying at debug level when it listed the rule folders again: a
   * keystroke never should (it re-reads the file typed in), and nothing else shows whether it
   * did, to a test through the server or to a user asking why typing is slow.
   */
  private async apply(engine: RulesEngine, changes: FileChange[], from: 'disk' | 'buffer'): Promise<Set<string>> {
    const before = engine.stats.discoveries;
    const affected = await engine.applyChanges(changes, undefined, from);
    if (engine.stats.discoveries !== before) {
      const more = changes.length > 1 ? ` and ${changes.length - 1} more` : '';
      this.context.log.debug(`rules: rule folders listed again for a ${from} change of ${changes[0].path}${more}`);
    }
    return affected;
  }

  /**
   * Gives the engine an open file's buffer where the engine reads that file: a rule file the
   * xcsh agent loads, or one it skips whose text its own tool's lint reads all the same (the
   * legacy `.cursorrules` and `.windsurfrules`, which are never "loaded"; ignored and linked
   * rule files; a Cursor rule in a folder inside `.cursor/rules`; Cline's own rules, whose path
   * makes no rule kind: `.cline/rules`, a `.txt`, a global `.markdown`: `engine.readsTextOf`),
   * so that the totals and findings follow the typing, before it is saved.
   */
  async syncReadDocument(doc: OpenDocument): Promise<void> {
    if (!doc.path) return;
    const loaded = doc.kind.kind === 'rule' && doc.kind.loaded;
    if (loaded || (await this.engine()).readsTextOf(doc.path)) await this.syncDocument(doc);
  }

  /** Everything to show for a document: the engine's findings and `rule://` references. */
  async findingsForDocument(doc: OpenDocument, token: Cancellation): Promise<Finding[] | undefined> {
    if (!doc.path) return undefined;
    const kind = doc.kind;
    const isRule = kind.kind === 'rule';
    // Rule files of names that are not Markdown (Zed's `.rules`, Roo Code's `.roorules-{mode}`, a `.roo/rules` file of any name,
    // Cline's `.txt` rules) are judged here too: the closed-file lint (`UnlistedRuleFiles`) passes over an open file, its buffer
    // being diagnosed here; and so is a rule of Cline's global folders, whose path may bear no mark of Cline's (`~/Documents/Cline/Rules/x.txt`).
    if (!isRule && !isMarkdownKind(kind, doc.path) && !mayBeRuleFile(doc.path) && !isClineGlobalRule(doc.path, this.context.session.home)) return undefined;
    await this.syncReadDocument(doc);
    const engine = await this.engine();
    if (token.isCancellationRequested) return undefined;
    // A file of no rule kind that the engine reads for its own tool (Cline's `.txt`, `.cline/rules`, global folders): judged by the
    // engine from this buffer, as `agentls check` judges it from disk. Not a buffer of no file yet, which the engine does not know until it is saved.
    const engineReads = !isRule && engine.readsTextOf(doc.path);
    const out: Finding[] = [];
    // Findings of a file the engine read from disk (not this buffer) with a BOM the buffer does not hold (editors drop it),
    // and related locations in other files the engine read from disk with one.
    const hadBom = (p: string) =>
      p === doc.path ? !engine.analysis(p) && bomNotInEditor(engine.findingsText(p), doc.text) : bomNotInEditor(engine.findingsText(p), this.context.documents.getByPath(p)?.text);
    const known = isRule || engineReads || engine.isClineLink(doc.path) ? placedAsEditorShows(engine.findings(doc.path), doc.path, hadBom) : [];
    if (known.length > 0 || engine.analysis(doc.path) || engineReads) out.push(...known);
    else out.push(...this.outside(engine, doc, await this.onDisk(doc.path)));
    // Judged by the folder holding the document only: the first folder's rules say nothing of another project's file.
    out.push(...xcshRuleUrlFindings(doc.text, doc.lines, engine, engine.ownerRoot(doc.path), this.context.session.settings.rules.agents));
    const read = new Set<string>();
    const fs = ChainReads.recording(this.chainMemo.fsFor(doc.path, this.context.documents.ruleFs), read);
    if (isClaudeMemoryFile(doc.path)) {
      out.push(...(await claudeImportFindingsFor(doc.path, doc.text, doc.lines, fs, this.context.session, engine.rootFor(doc.path))));
      // An AGENTS.md open beside it is judged by what this buffer imports.
      this.rediagnoseAgentsMd(path.dirname(doc.path));
    }
    out.push(...(await agentsMdForClaudeFindings(doc.path, fs, this.context.session)));
    // With the folder `agentls check` judges it by (`placeOf`): the first, for Gemini CLI's ~/.gemini/GEMINI.md (`geminiImportTarget` says what of it is read).
    out.push(...(await geminiImportFindingsFor(doc.path, doc.text, doc.lines, fs, this.context.session, engine.rootFor(doc.path))));
    out.push(...(await mdcLinkFindings(doc.path, doc.text, doc.lines, fs, this.context.session, this.context.session.rootOf(doc.path))));
    out.push(...(await kiroFileRefFindings(doc.path, doc.text, doc.lines, fs, this.context.session, this.context.session.rootOf(doc.path))));
    // A diagnosis cancelled by a newer one may have read older texts: the newer one's reads are kept.
    if (!token.isCancellationRequested && this.context.documents.getByPath(doc.path)) this.chains.set(doc.path, read);
    return out;
  }

  /**
   * Whether every change of `p` reaches the change stream, so an answer about it may be kept
   * until one does (`ChainMemo`): a watcher runs, and `p` lies in a workspace folder where the
   * ignore files keep it, as a file or as a folder (`Session.reportChange` drops the rest),
   * and no link on its way from the folder: a change behind a link is reported at the
   * target's path, never at the link's.
   */
  private async changesSeen(p: string): Promise<boolean> {
    const session = this.context.session;
    if (session.settings.watcher === 'off') return false;
    const owner = session.roots.relative(p);
    if (!owner) return false;
    if (!session.confinement.noLinkOnTheWay(owner.folder.path, owner.rel, p)) return false;
    const ignore = session.ignoreFor(owner.folder.path);
    return !(await changeLeftOut(ignore, owner.rel, false)) && !(await changeLeftOut(ignore, owner.rel, true));
  }

  /** The buffer's file is there: a file, or a link that leads to one (a shared rule linked into a folder no agent lists). */
  private async onDisk(p: string): Promise<boolean> {
    const kind = (await this.context.session.diskFs.stat(p))?.kind;
    return kind === 'file' || (kind === 'symlink' && brokenLinkReason(p) === undefined);
  }

  /** A document the engine does not list: per target, the xcsh agent's "never reads" and its own tool's view. */
  private outside(engine: RulesEngine, doc: OpenDocument, onDisk: boolean): Finding[] {
    const p = doc.path!;
    const root = engine.rootFor(p);
    const { rel, places } = engine.toolPlace(p, root);
    const agents = this.context.session.settings.rules.agents;
    const hasXcsh = engine.workspaceHasXcsh(root);
    // A buffer on a link to nothing (an editor opens it empty): the link is the finding, as `agentls check` says.
    const brokenLink = onDisk ? undefined : brokenLinkReason(p);
    const found = outsideFindings({ path: p, rel, root, places, text: doc.text, kind: doc.kind, agents, workspaceHasXcsh: hasXcsh, named: false, brokenLink });
    if (found.length > 0 || doc.kind.kind !== 'rule') return found;
    const xcshTargeted = fileTargets(agents, ownerOf(rel, places)?.agent.id ?? 'xcsh', hasXcsh).has('xcsh');
    const notListed = xcshTargeted ? this.notListed(doc, onDisk) : undefined;
    return notListed ? [notListed] : [];
  }

  /** A rule file by its path that no provider lists for the open folders (a farther `.clinerules`, a disabled provider). */
  private notListed(doc: OpenDocument, onDisk: boolean): Finding | undefined {
    if (doc.kind.kind !== 'rule') return undefined;
    const rules = this.context.session.settings.rules;
    const provider = doc.kind.provider;
    // A new buffer, or one whose file was renamed or deleted behind it (Eglot keeps the buffer
    // after the rename command): this place may well be one the agent reads, the file is what is missing.
    if (!onDisk) return finding('rule/not-read', 'warning', ZERO_RANGE, 'The xcsh agent does not read this buffer: its file is not on disk (not saved yet, renamed or deleted), and agents read files. Save it to make it a rule file.');
    const reason = rules.disabledProviders.includes(provider)
      ? `its provider (${provider}) is switched off in agentls.rules.disabledProviders`
      : provider === 'cline'
        ? 'Cline rules come only from the .clinerules nearest to the workspace folder, and that is another one'
        : `no workspace folder open here reads ${provider} rules from this place`;
    return finding('rule/not-read', 'warning', ZERO_RANGE, `The xcsh agent does not read this file for the folders open: ${reason}.`);
  }

  /** Findings of a file that is not open: from the engine, plus its `rule://` references, for a CLAUDE.md or AGENTS.md Claude Code's verdicts, and a Cursor rule's `mdc:` links. */
  private async findingsForPath(engine: RulesEngine, p: string): Promise<Finding[]> {
    if (await this.userFolders.holdsBack(engine.rootPaths, p)) return [];
    const out = engine.findings(p);
    const analysis = engine.analysis(p);
    if (analysis) out.push(...xcshRuleUrlFindings(analysis.text, analysis.lines, engine, engine.rootFor(p), this.context.session.settings.rules.agents));
    out.push(...(await this.listedMemory.findings(engine, p, analysis)));
    out.push(...(await listedMdcLinkFindings(this.context.session, p, analysis)));
    return out;
  }

  private readonly updateListeners: ((paths: ReadonlySet<string>, all: boolean) => void)[] = [];

  /** Called after every engine update has been published, with the paths it touched (other features derive from the rules). */
  onUpdated(listener: (paths: ReadonlySet<string>, all: boolean) => void): void {
    this.updateListeners.push(listener);
  }

  /** Publishes findings for `paths`: open documents with their version, others from disk. `all` also clears stale ones. */
  private async publish(paths: Set<string>, all: boolean): Promise<void> {
    if (all || paths.size > 0) for (const listener of this.updateListeners) queueMicrotask(() => listener(paths, all));
    await this.push(paths, all);
  }

  /** `publish` without telling the other features: for files whose text the engine has not seen change. */
  private async push(paths: Set<string>, all: boolean): Promise<void> {
    const ctx = this.context;
    const engine = this.engineInstance!;
    const listed = engine.reportedPaths();
    const reported = all ? listed : undefined;
    for (const p of paths) {
      const open = ctx.documents.getByPath(p);
      if (open || !listed.has(p)) this.listedMemory.forget(p);
      if (open) {
        // The hub re-diagnoses open documents itself; refresh them so they pick up group changes.
        ctx.diagnostics.schedule(open);
        continue;
      }
      const findings = await this.findingsForPath(engine, p);
      if (findings.length === 0 && !this.pushed.has(p)) continue;
      ctx.diagnostics.setForPath(RULES_SOURCE, p, findings, engine.findingsText(p), (other) => engine.findingsText(other));
      if (findings.length) this.pushed.add(p);
      else this.pushed.delete(p);
    }
    if (reported) {
      for (const p of [...this.pushed]) {
        // A file the engine no longer lists may be one whose own tool reads it: `unlisted` holds it now.
        if (reported.has(p) || ctx.documents.getByPath(p) || this.unlisted.has(p)) continue;
        ctx.diagnostics.setForPath(RULES_SOURCE, p, []);
        this.pushed.delete(p);
      }
    }
  }

  /**
   * `rule://` lints depend on which names resolve: re-check open Markdown documents and the
   * rule files (open or not) that hold a `rule://` link, beyond those the change itself touched.
   */
  private async rediagnoseRuleUrls(engine: RulesEngine, touched: ReadonlySet<string>): Promise<void> {
    const ctx = this.context;
    for (const doc of ctx.documents.all()) {
      if (doc.path && (doc.kind.kind === 'rule' ? doc.text.includes(RULE_URL_PREFIX) : isMarkdownKind(doc.kind, doc.path))) ctx.diagnostics.schedule(doc);
    }
    const linking = new Set<string>();
    for (const p of engine.reportedPaths()) {
      if (!touched.has(p) && !ctx.documents.getByPath(p) && engine.analysis(p)?.text.includes(RULE_URL_PREFIX)) linking.add(p);
    }
    if (linking.size) await this.publish(linking, false);
  }

  /** A document was closed: a rule file goes back to its disk text; other Markdown loses its findings. */
  closed(doc: OpenDocument): void {
    if (!doc.path) return;
    const p = doc.path;
    // A buffer the engine read (`syncReadDocument`) goes back to its file's text, whatever kind of document it is.
    const gaveBuffer = this.synced.delete(p);
    this.chains.forget(p);
    this.chainMemo.forget(p);
    // Whose verdicts read its buffer read its file from now on.
    this.rediagnoseReaders(p);
    const shown = this.context.diagnostics.has(RULES_SOURCE, doc.uri);
    // A rule file the engine does not list, that its own tool reads: its findings are pushed from disk, as before it was opened.
    const engine = this.engineInstance;
    const unlisted = engine !== undefined && !engine.reportedPaths().has(p) && isUnlistedRuleFile(this.context.session, engine, p);
    // A buffer closed because its file was renamed or deleted (Helix closes it after a rename
    // edit) is a deletion, not a file to read back: reading it would report rule/unreadable.
    if (doc.kind.kind === 'rule' || gaveBuffer) {
      // What it showed while open stays after the close: from now on it is this state's to
      // replace or clear, like findings pushed for a closed file (a deleted one's are cleared).
      if (shown && !unlisted) this.pushed.add(p);
      void this.serialize(async () => this.onChanges([{ path: p, type: (await this.context.session.diskFs.stat(p)) ? 'changed' : 'deleted' }]));
    } else if (!unlisted) this.context.diagnostics.clear(RULES_SOURCE, doc.uri);
    if (unlisted) void this.serialize(() => this.unlisted.closed(engine, p, shown));
  }

  /** The workspace folder a request is about (from a document or folder URI), else the first. */
  async rootFor(uri: string | undefined): Promise<string | undefined> {
    const engine = await this.engine();
    const p = uri ? uriToPath(uri) : undefined;
    if (p && engine.rootPaths.includes(path.resolve(p))) return path.resolve(p);
    return engine.rootFor(p);
  }

  uriOf(p: string): string {
    return pathToUri(p);
  }

  lines(text: string): LineIndex {
    return new LineIndex(text);
  }

  dispose(): void {
    this.unsubscribe?.();
    this.refreshToken?.cancel();
  }
}
