import * as path from 'node:path';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import type { Finding } from '../../../core/findings';
import { agentViews, rulesForPath, testsContent } from '../../../rules/context/agents';
import { readFileContent } from '../../../rules/context/fileContent';
import type { AgentView } from '../../../rules/context/agentView';
import type { RulesEngine } from '../../../rules/engine';
import type { RulesView } from '../../../rules/view';
import type { OpenDocument } from '../../documents';
import type { RulesState } from '../state';
import { agentCost } from '../../../rules/context/cost';
import { agentGlobs, contextFindings, instructionGlobFindings, judgedRuleGlobs } from '../../../rules/context/findings';
import { codexFindings, isCodexChainFile, isCodexConfigPath } from '../../../rules/context/codexChain';
import { isRooPath, rooFindings } from '../../../rules/context/rooFallback';
import { rooModesFindings } from '../../../rules/context/rooModesFindings';
import { ROOMODES } from '../../../rules/rooModes';
import { isClineModeFallbackName, isRooFallbackName } from '../../../rules/agents/roo';
import { isZedRootFile, zedFindings, type ZedSkipped } from '../../../rules/context/zedRules';
import { ZED_OWN_FILE } from '../../../rules/agents/zed';
import { displayPath, toPosix } from '../../../workspace/paths';
import { instructionFilesWithGlobs, isInstructionPlace, mayBeCopilotDefault, MAX_INSTRUCTION_FILE_BYTES } from '../../../rules/context/instructionViews';
import { DEFAULT_INSTRUCTIONS } from '../../../workspace/copilotLocations';
import { LineIndex } from '../../../core/text';
import { ReachByRoot } from './reach';
import { unreadRuleFoldersFor } from '../../../rules/unreadRuleFolders';
import { agentsInPlay } from '../../../rules/context/userLevelFiles';
import { cappedInstructionFinding, cappedInstructionUnread } from '../../../rules/context/cappedFolders';
import { Methods } from '../../../../protocol/methods';
import { agentModel, type AgentId } from '../../../rules/agents';
import { specialEntryFinding, unwalkedLinkedFolderFinding } from '../../../rules/lint/notRead';
import { PromptFolderEntries } from './promptFolderEntries';
import { settingsFindings } from '../../../rules/copilotPrompt/linter';
import { geminiSettingsFindings } from '../../../rules/geminiSettingsLinter';
import { fileTargets } from '../../../rules/targets';
import { testHold } from '../../testHolds';
import { PARTIAL_ANSWER_HOLD, type InstructionSnapshot } from '../instructions';
import { unfollowedLinks } from '../unfollowedLinks';
import { countWork } from '../../../workspace/testCounts';

/** The diagnostics source (feature id) of rules in context. */
export const CONTEXT_SOURCE = 'rules-context';


/**
 * Rules in context as the server runs them, over the shared rules state: agent views of
 * each folder (rebuilt from the engine when asked; cheap next to discovery), the glob
 * reach of each folder from the file index, and the findings of open rule files. The dead
 * globs of Claude Code's and Copilot's instruction files (which the rules engine does not
 * list) are judged from those agents' own views, as `agentls check` judges them.
 */

export class RulesContext {
  private reachByRoot: ReachByRoot | undefined;
  /** The special entries of Copilot's prompt folders, made when first asked (`publishClosed`). */
  private promptEntries: PromptFolderEntries | undefined;

  constructor(readonly state: RulesState) {
    // Views made while the first index was listing lacked the nested rules it had not reached.
    state.instructions.onRemade(() => this.rulesChanged(undefined));
  }

  /** Rule files whose findings were pushed while not open, and rule folders read only in part. */
  private readonly pushed = new Set<string>();
  /** What was pushed on each rule folder read only in part. */
  private readonly cappedSaid = new Map<string, string>();
  /** What was pushed on each root's settings file (`pushSettings`), open or not. */
  private readonly settingsSaid = new Map<string, string>();
  private publishing: Promise<void> | undefined;
  /** Paths waiting for the next publication; `all` when every rule file is due. */
  private pending: Set<string> | 'all' | undefined;
  /** Whether Codex's view was shown for each root at its last snapshot (`codexChainChanged` does nothing for a root without it); absent: not known yet. */
  private readonly codexShown = new Map<string, boolean>();
  /**
   * Whether Zed's view was shown for each root at its last snapshot (`zedRulesChanged`); absent: not known yet. `zed`: the
   * file Zed read then (`InstructionViews.zedReads`) and the files it passed over (`zedSkipped`), kept until a change may
   * make the one it reads another or make it empty (`zedRulesChanged`).
   */
  private readonly zedShown = new Map<string, { shown: boolean; agents: string; zed?: { reads: string | undefined; skipped: ZedSkipped[] } }>();
  /** Changes that may alter which file Zed reads, or whether it is empty (`zedRulesChanged`): a snapshot asked before the last one is not kept as Zed's. */
  private zedChanges = 0;
  /** What the instruction views noted (`joinFindings` in `publishClosed`) on each closed rule file of the engine's, last pushed with its own findings. */
  private readonly notesSaid = new Map<string, string>();
  /** What each agent sent in every request at the last publication, per folder: a change touches every always-on rule (the budget). */
  private readonly lastTotals = new Map<string, string>();

  private reach(): ReachByRoot {
    if (!this.reachByRoot) {
      this.reachByRoot = new ReachByRoot(
        this.state.context,
        () => this.rulesChanged(undefined),
        // The open document asking is answered with the judged globs; the closed files are published again.
        () => this.closedDue(undefined),
      );
      // Instruction files are not the engine's: their own changes call for a publication.
      this.state.context.session.changes.onChanges((batch) => {
        for (const c of batch) this.codexChainChanged(c.path);
        this.rooChanged(batch.map((c) => c.path));
        for (const c of batch) this.zedRulesChanged(c.path);
        const touched = batch.map((c) => c.path).filter((p) => this.isInstructionPlace(p));
        for (const p of touched) countWork('context-instruction-change', 1, p);
        if (touched.length) this.rulesChanged(new Set(touched));
      });
    }
    return this.reachByRoot;
  }

  /** Whether `p` lies where instruction files the engine does not list live: Copilot's folders from its root's `.vscode/settings.json` too. */
  private isInstructionPlace(p: string): boolean {
    // The fixed places first: every path of a change batch comes here (92k at a checkout), and most workspaces configure none.
    // Only a path that may lie in Copilot's default folder, which the settings may turn off, asks them past a fixed place.
    const fixed = isInstructionPlace(p);
    if (fixed && !mayBeCopilotDefault(p)) return true;
    const session = this.state.context.session;
    const root = session.rootOf(p);
    if (root === undefined) return fixed;
    const folders = session.copilotLocations(root).instructions;
    // The default folder alone, on: the settings name nothing, and the fixed places are the answer.
    if (folders.length === 1 && folders[0] === DEFAULT_INSTRUCTIONS) return fixed;
    return isInstructionPlace(p, { root, folders });
  }

  /** A rule file closed: the findings its buffer showed stay, and are this service's to replace or clear from now on. */
  closed(doc: { path?: string; uri: string }): void {
    if (doc.path && this.state.context.diagnostics.has(CONTEXT_SOURCE, doc.uri)) this.pushed.add(doc.path);
    // What its buffer showed may differ from what was last pushed for the file on disk: pushed again, not taken as said.
    if (doc.path) this.cappedSaid.delete(doc.path);
  }

  /**
   * Rules changed (`paths`, the rule files an update touched) or the glob reach did
   * (`undefined`: every rule file): findings of closed rule files are published again,
   * only for the files concerned; open ones are diagnosed by the hub.
   */
  rulesChanged(paths: ReadonlySet<string> | undefined): void {
    if (!paths) this.rediagnoseRuleFiles();
    this.closedDue(paths);
  }

  /** The findings of closed rule files are due again: `paths`, or every one (`undefined`); open ones are left as they are. */
  private closedDue(paths: ReadonlySet<string> | undefined): void {
    if (!paths || this.pending === 'all') this.pending = 'all';
    else this.pending = new Set([...(this.pending ?? []), ...paths]);
    if (this.publishing) return;
    const due = this.pending;
    this.pending = undefined;
    this.publishing = this.publishClosed(due)
      .catch((err) => this.state.context.log.error(`rules in context: ${(err as Error).stack ?? err}`))
      .finally(() => {
        this.publishing = undefined;
        // The open documents were told when these came due.
        if (this.pending) this.closedDue(this.pending === 'all' ? undefined : this.pending);
      });
  }

  /** Findings of rule files that are not open (drift and dead globs are facts of the workspace). */
  private async publishClosed(due: ReadonlySet<string> | 'all'): Promise<void> {
    const ctx = this.state.context;
    const engine = await this.state.engine();
    const seen = new Set<string>();
    for (const root of engine.rootPaths) {
      // Read before the view, not after: an engine update landing during this wait would leave
      // the view behind it, and a finding of the file's old text would be pushed after the new one.
      const asked = this.zedChanges;
      const snapshot = await this.state.instructions.snapshot(root);
      const { views: instructionAgents, capped, special, unwalkedLinks, codexOverridden, rooShadowed, rooModesNotes, zedSkipped } = snapshot;
      this.noteCodexShown(root, instructionAgents);
      this.noteZedShown(root, snapshot, asked);
      const view = engine.view(root);
      if (!view) continue;
      // The agents' rule folders read only in part: said on the folder, as check says it.
      const xcshSubfolders = engine.xcshSubfoldersCapped(root);
      for (const c of capped) {
        if (seen.has(c.path)) continue;
        seen.add(c.path);
        // Pushed when what it says changes (which caps, which agents), not at every publish.
        const said = cappedInstructionFinding(c, xcshSubfolders.has(c.path));
        if (this.pushed.has(c.path) && this.cappedSaid.get(c.path) === said.message) continue;
        ctx.diagnostics.setForPath(CONTEXT_SOURCE, c.path, [said]);
        this.pushed.add(c.path);
        this.cappedSaid.set(c.path, said.message);
      }
      this.pushSpecial(special, seen, (agent) => specialEntryFinding(agentModel(agent).name, 'rule'));
      // Links to a folder Continue never walks (`unwalkedLinkedFolderFinding`), as check says them.
      this.pushSpecial(unwalkedLinks, seen, (agent, p) => unwalkedLinkedFolderFinding(agentModel(agent), p));
      const agents = agentViews(view);
      const reach = this.reach().follow(root, globsOf(engine, agents, instructionAgents));
      const totals = agents.map((a) => agentCost(a).totalTokens).join(',');
      // The totals matter to the findings only through the budget: without one, a keystroke in
      // an always-on rule must not send every other rule file (and a pulling client's refresh) round again.
      const totalsChanged = this.lastTotals.get(root) !== totals && ctx.session.settings.rules.budgetTokens !== undefined;
      this.lastTotals.set(root, totals);
      if (totalsChanged && due !== 'all') this.rediagnoseRuleFiles();
      const always = new Set(agents.flatMap((a) => a.rules.filter((r) => r.mode === 'always').map((r) => r.path)));
      // What Codex leaves out of the AGENTS.md files (`codexChain.ts`), the fallback files Roo Code does not read (`rooFallback.ts`),
      // the `.roomodes` it refuses (`rooModesFindings.ts`) and the files Zed passes over (`zedRules.ts`, among them rule files of the engine's: `.cursorrules`), as check says them.
      const shown = (q: string) => displayPath(q, root, ctx.session.home);
      const notes = joinFindings([...codexFindings(instructionAgents, codexOverridden, shown), ...rooFindings(rooShadowed, shown), ...rooModesFindings(rooModesNotes), ...zedFindings(zedSkipped, shown)]);
      // With the files only their own tool reads (ignored, or links: `rules/toolOnly.ts`), as `agentls check` judges them.
      for (const analysis of [...view.analyses, ...view.toolOnly]) {
        const p = analysis.candidate.path;
        if (seen.has(p) || ctx.documents.getByPath(p) || engine.rootFor(p) !== root) continue;
        seen.add(p);
        // A note of the views' on the file that came, went or changed (another file was created) makes it due too.
        const more = notes.get(p) ?? [];
        const moreSaid = JSON.stringify(more);
        const moreChanged = (this.notesSaid.get(p) ?? '[]') !== moreSaid;
        if (due !== 'all' && !due.has(p) && !moreChanged && !(totalsChanged && (always.has(p) || this.pushed.has(p)))) continue;
        const findings = [...contextFindings({ path: p, text: analysis.text, lines: analysis.lines, root, engine, views: agents, reach, budget: ctx.session.settings.rules.budgetTokens }), ...more];
        if (more.length) this.notesSaid.set(p, moreSaid);
        else this.notesSaid.delete(p);
        if (findings.length === 0 && !this.pushed.has(p)) continue;
        ctx.diagnostics.setForPath(CONTEXT_SOURCE, p, findings, analysis.text, (other) => engine.findingsText(other));
        if (findings.length) this.pushed.add(p);
        else this.pushed.delete(p);
      }
      for (const [p, views] of instructionFilesWithGlobs(instructionAgents, (p) => !engine.analysis(p))) {
        if (seen.has(p) || ctx.documents.getByPath(p)) continue;
        seen.add(p);
        if (due !== 'all' && !due.has(p)) continue;
        const read = reach && (await ctx.documents.ruleFs.readText(p, { maxBytes: MAX_INSTRUCTION_FILE_BYTES }));
        const findings = read && read.ok ? instructionGlobFindings({ path: p, text: read.text, lines: new LineIndex(read.text), views, reach: reach! }) : [];
        if (findings.length === 0 && !this.pushed.has(p)) continue;
        ctx.diagnostics.setForPath(CONTEXT_SOURCE, p, findings, read && read.ok ? read.text : undefined, (other) => engine.findingsText(other));
        if (findings.length) this.pushed.add(p);
        else this.pushed.delete(p);
      }
      // The views' notes on files that are no rule file of the engine's (above): pushed when what they say changes.
      for (const [p, found] of notes) {
        if (seen.has(p) || ctx.documents.getByPath(p)) continue;
        seen.add(p);
        const said = JSON.stringify(found);
        if (this.pushed.has(p) && this.cappedSaid.get(p) === said) continue;
        ctx.diagnostics.setForPath(CONTEXT_SOURCE, p, found);
        this.pushed.add(p);
        this.cappedSaid.set(p, said);
      }
    }
    // Copilot's prompt folders are no instruction folder: listed as check lists them (their own entries, capped).
    this.promptEntries ??= new PromptFolderEntries(ctx.session, () => ctx.documents.ruleFs);
    const prompts = await this.promptEntries.entries();
    this.pushSpecial(prompts.map((p) => ({ path: p, agent: 'copilot' as const })), seen, (agent) => specialEntryFinding(agentModel(agent).name, 'prompt'));
    this.pushSettings(engine.rootPaths);
    for (const p of [...this.pushed]) {
      if (seen.has(p) || ctx.documents.getByPath(p) || engine.analysis(p)) continue;
      ctx.diagnostics.setForPath(CONTEXT_SOURCE, p, []);
      this.pushed.delete(p);
      this.cappedSaid.delete(p);
      this.notesSaid.delete(p);
    }
  }

  /**
   * Entries of the agents' rule folders their agent never reads (a named pipe, socket or device,
   * never opened; a linked folder Continue does not walk): `said` on the entry, as `agentls check`
   * says them; pushed once.
   */
  private pushSpecial(entries: readonly { path: string; agent: AgentId }[], seen: Set<string>, said: (agent: AgentId, p: string) => Finding): void {
    for (const { path: p, agent } of entries) {
      if (seen.has(p)) continue;
      seen.add(p);
      if (this.pushed.has(p)) continue;
      this.state.context.diagnostics.setForPath(CONTEXT_SOURCE, p, [said(agent, p)]);
      this.pushed.add(p);
    }
  }

  /**
   * What `agentls check` says of each root's `.vscode/settings.json` where Copilot is targeted
   * (`settingsFindings`: not read, not parsing, entries refused) and of its `.gemini/settings.json`
   * (`geminiSettingsFindings`), from the locations the session
   * keeps (no disk read here); pushed when it changes, open or not, since nothing else diagnoses
   * that file. A change of the file reaches here through the instruction views made again.
   */
  private pushSettings(roots: readonly string[]): void {
    const session = this.state.context.session;
    const now = new Map<string, Finding[]>();
    if (fileTargets(session.settings.rules.agents, 'copilot', false).has('copilot')) {
      for (const root of roots) for (const [p, findings] of settingsFindings(session.copilotLocations(root), session.settings.rules.agents)) now.set(p, findings);
    }
    // And of its `.gemini/settings.json` where Gemini CLI refuses it (`geminiSettingsFindings`), read again when it changes.
    for (const root of roots) for (const [p, findings] of geminiSettingsFindings(session.geminiSettings(root), session.settings.rules.agents)) now.set(p, findings);
    for (const p of this.settingsSaid.keys()) if (!now.has(p)) now.set(p, []);
    for (const [p, findings] of now) {
      const said = JSON.stringify(findings);
      if ((this.settingsSaid.get(p) ?? '[]') === said) continue;
      this.state.context.diagnostics.setForPath(CONTEXT_SOURCE, p, findings);
      if (findings.length) this.settingsSaid.set(p, said);
      else this.settingsSaid.delete(p);
    }
  }

  /** `follow` for an open document: its new globs judged before its findings. */
  private followJudged(engine: RulesEngine, root: string, agents: AgentView[], instructionAgents: AgentView[]) {
    return this.reach().followJudged(root, globsOf(engine, agents, instructionAgents));
  }

  /**
   * What one answer or diagnosis is made from, each read once: the engine, the folder holding
   * `p` (else the first), its instruction views (with what the nested folders behind them
   * lack), then the engine's view of the folder with no wait after it. The view is a copy of
   * the engine's state when read: one read before the wait for the instruction views would be
   * left behind by an update landing during it, and mixed with what is read of the engine later.
   */
  private async readFor(p: string | undefined): Promise<Read | undefined> {
    const engine = await this.state.engine();
    const root = engine.rootFor(p);
    if (root === undefined) return undefined;
    const instructions = await this.state.instructions.snapshot(root);
    const view = engine.view(root);
    return view && { engine, root, view, agents: agentViews(view), instructions };
  }

  /** Rules for a file; undefined when it lies in no open folder. */
  async forFile(p: string): Promise<RulesForFileResult | undefined> {
    // The links before the rest: what the engine says of the file, read after them, is of one state with the views.
    const root = (await this.state.engine()).rootFor(p);
    if (root === undefined) return undefined;
    const links = await unfollowedLinks(this.state.context, root);
    const read = await this.readFor(p);
    // The workspace folders changed meanwhile so that another holds the file: its links were not asked, and the next request answers.
    if (!read || read.root !== root) return undefined;
    // Whether the nested folders behind the views are all there, taken with them: the index may complete while they are made.
    const { views, capped, indexing, incomplete } = read.instructions;
    // The agents `agentls.rules.agents` selects, as `agentls rules --for --agents` lists them (`selection.ts`).
    // The file's text (its open buffer's, where it is open), for the rules its content decides (Continue's `regex`), read within the workspace only.
    const content = testsContent(read.view, views) ? await readFileContent(this.state.context.documents.fs, p) : undefined;
    const result = rulesForPath(read.view, p, views, this.state.context.session.settings.rules.agents, content);
    if (!result) return undefined;
    // The packages' linked rule folders the file index did not follow (none yet while it lists: `indexing` says so), and the root's, as `agentls rules --for` says them:
    // those whose rules could reach the file, and how many others (`agentls/ruleBuckets` lists them).
    // Claude Code's and Copilot's rule folders read only in part with them: their rules past the cap may reach any file.
    const inPart = cappedInstructionUnread(capped, root, read.engine.xcshSubfoldersCapped(root));
    const { unread, elsewhere } = unreadRuleFoldersFor(read.engine, this.state.context.session, root, links.unfollowed, result.file, agentsInPlay(views), inPart);
    const answer = { ...result, ...(unread.length ? { unread } : {}), ...(elsewhere ? { unreadElsewhere: elsewhere } : {}) };
    // The other nested folders past the index's cap or the folder cap are missing: said, as `agentls rules --for` says it.
    const whole = incomplete.length ? { ...answer, incomplete } : answer;
    if (indexing) await testHold(PARTIAL_ANSWER_HOLD, `${Methods.rulesForFile} made from part of the file index`, (line) => this.state.context.log.info(line));
    // Made from part of the index, be it the nested folders (Cursor's) or the links (every agent's): said either way.
    return indexing || links.listing ? { ...whole, indexing: true } : whole;
  }

  /** Findings of an open rule file, or of an open instruction file of Claude Code or Copilot, with what Codex leaves out of an open AGENTS.md. */
  async findings(doc: OpenDocument): Promise<Finding[] | undefined> {
    const own = await this.fileFindings(doc);
    const codex = (await this.openCodexFindings(doc)) ?? (await this.openRooFindings(doc));
    // A root AGENTS.md may be both a file of Codex's chain and one Zed passes over.
    const zed = await this.openZedFindings(doc);
    const more = [...(codex ?? []), ...(zed ?? [])];
    return codex || zed ? [...(own ?? []), ...more] : own;
  }

  /**
   * Whether Zed reads an open file of its list at a root (`zedRules.ts`), as a closed one's note
   * is pushed: from what the folder's last instruction views said of Zed (`zedShown`), asked of the
   * views again only for `.rules` and the file Zed reads, or once a change may have altered which file
   * that is. Undefined for any other document; none where Zed's view is not shown.
   */
  private async openZedFindings(doc: OpenDocument): Promise<Finding[] | undefined> {
    const root = doc.path ? (await this.state.engine()).rootFor(doc.path) : undefined;
    if (!doc.path || !isZedRootFile(doc.path, root)) return undefined;
    // Where Zed's view was not shown at the last snapshot, a keystroke in CLAUDE.md or AGENTS.md
    // does not make the views again for it (their import chains were read once more a keystroke):
    // only `.rules` coming (`zedRulesChanged`) or another setting of the agents can show it.
    if (this.zedShownNow(root!) === false) return [];
    const p = doc.path;
    const shown = (q: string) => displayPath(q, root!, this.state.context.session.home);
    // A file's own note never depends on its own text, only on which file is first at the root and whether that one is
    // empty: kept from the last snapshot, a keystroke in CLAUDE.md beside `.rules` does not make every view again for it
    // (its import chain was read once more a keystroke). `.rules` and the file Zed reads are asked of the views.
    const last = this.zedShown.get(root!);
    if (last?.zed && last.shown && last.agents === this.agentsNow() && p !== path.join(root!, ZED_OWN_FILE) && p !== last.zed.reads) {
      return zedFindings(last.zed.skipped.filter((s) => s.path === p), shown).get(p) ?? [];
    }
    const asked = this.zedChanges;
    const snapshot = await this.state.instructions.snapshot(root!);
    this.noteZedShown(root!, snapshot, asked);
    return zedFindings(snapshot.zedSkipped.filter((s) => s.path === p), shown).get(p) ?? [];
  }

  /**
   * One of Zed's rules files at a root changed (`p`: came or went on disk, or an open buffer's
   * text, which may make the file Zed reads empty): which file Zed reads, and what the notes on
   * the others say, may differ, so the open ones are diagnosed again and the closed ones' notes
   * published again. Nothing where Zed's view was not shown, but for its own `.rules`, whose coming shows it.
   * `textOnly`: an open buffer's text changed, no file came or went: nothing either where it is neither `.rules`
   * nor the file Zed read at the last snapshot, whose text alone decides nothing of Zed's (a keystroke in
   * AGENTS.md beside `.rules` diagnosed every other open file of Zed's list again).
   */
  zedRulesChanged(p: string, textOnly = false): void {
    const root = this.state.context.session.rootOf(p);
    if (!isZedRootFile(p, root)) return;
    const own = p === path.join(root!, ZED_OWN_FILE);
    const last = this.zedShown.get(root!);
    if (textOnly && !own && last?.zed && last.agents === this.agentsNow() && p !== last.zed.reads) return;
    // Which file Zed reads, or whether it is empty, may change: what the last snapshot said of it is not kept.
    this.zedChanges++;
    if (last) delete last.zed;
    if (own) this.zedShown.delete(root!);
    else if (this.zedShownNow(root!) === false) return;
    countWork('context-zed-rules', 1, p);
    for (const doc of this.state.context.documents.all()) if (doc.path && doc.path !== p && isZedRootFile(doc.path, root)) this.state.context.diagnostics.schedule(doc);
    this.closedDue(new Set([p]));
  }

  /** `asked`: `zedChanges` when the snapshot was asked; what it says of the file Zed reads is kept only where no change came since. */
  private noteZedShown(root: string, snapshot: InstructionSnapshot, asked: number): void {
    const zed = asked === this.zedChanges ? { zed: { reads: snapshot.zedReads, skipped: snapshot.zedSkipped } } : {};
    this.zedShown.set(root, { shown: snapshot.views.some((v) => v.agent === 'zed'), agents: this.agentsNow(), ...zed });
  }

  /** `agentls.rules.agents` now, as `zedShown` keeps it. */
  private agentsNow(): string {
    return JSON.stringify(this.state.context.session.settings.rules.agents);
  }

  /** Whether Zed's view was shown at the root's last snapshot, under the agents asked for now; undefined when not known. */
  private zedShownNow(root: string): boolean | undefined {
    const last = this.zedShown.get(root);
    return last && last.agents === this.agentsNow() ? last.shown : undefined;
  }

  /**
   * What Codex leaves out of an open AGENTS.md or AGENTS.override.md (`codexChain.ts`), as a
   * closed one's are pushed: from the folder's instruction views, which read this buffer and
   * remember the chain's other files until a change names them (`InstructionViewsCache`), so a
   * keystroke walks nothing. Undefined for any other document; none where Codex's view is not shown.
   */
  private async openCodexFindings(doc: OpenDocument): Promise<Finding[] | undefined> {
    if (!doc.path || !isCodexChainFile(doc.path)) return undefined;
    const root = (await this.state.engine()).rootFor(doc.path);
    if (root === undefined) return undefined;
    const { views, codexOverridden } = await this.state.instructions.snapshot(root);
    this.noteCodexShown(root, views);
    const p = doc.path;
    return codexFindings(views, codexOverridden.filter((o) => o.path === p), (q) => displayPath(q, root, this.state.context.session.home)).get(p) ?? [];
  }

  /**
   * Whether Roo Code reads an open root `.roorules`, `.roorules-{mode}` or `.clinerules-{mode}` (`rooFallback.ts`), and
   * whether it refuses an open `.roomodes` (`rooModesFindings.ts`, from the buffer's text), as a
   * closed one's finding is pushed: from the folder's instruction views, made when a file came
   * or went (or `.roomodes`'s text changed), so a keystroke lists nothing. Undefined for any other document.
   */
  private async openRooFindings(doc: OpenDocument): Promise<Finding[] | undefined> {
    const name = doc.path && path.basename(doc.path);
    if (!doc.path || !name || (!isRooFallbackName(name) && !isClineModeFallbackName(name) && name !== ROOMODES)) return undefined;
    const root = (await this.state.engine()).rootFor(doc.path);
    if (root === undefined) return undefined;
    const { rooShadowed, rooModesNotes } = await this.state.instructions.snapshot(root);
    const p = doc.path;
    if (name === ROOMODES) return rooModesFindings(rooModesNotes.filter((r) => r.path === p)).get(p) ?? [];
    return rooFindings(rooShadowed.filter((s) => s.path === p), (q) => displayPath(q, root, this.state.context.session.home)).get(p) ?? [];
  }

  /**
   * A file of Codex's chains changed (`p`: on disk, or an open buffer's text): what Codex
   * sends of every file below it may differ, so the open ones are diagnosed again (a look
   * over the open documents) and the closed ones' findings published again. A root's `.codex`
   * folder (or a file in it) that came or went may show or hide Codex's view under `auto`: the same.
   */
  codexChainChanged(p: string): void {
    const session = this.state.context.session;
    const config = isCodexConfigPath(p, (q) => session.rootOf(q));
    if (!config && !isCodexChainFile(p)) return;
    // Codex's view not shown for this root at its last snapshot (`rules.agents` without it, or `auto` with neither `.codex`
    // nor a root override): nothing of Codex to redo, but for the root's own `.codex` or override, whose coming may show it.
    const root = session.rootOf(p);
    if (root !== undefined && this.codexShown.get(root) === false && !config && p !== path.join(root, 'AGENTS.override.md')) return;
    countWork('context-codex-chain', 1, p);
    for (const doc of this.state.context.documents.all()) if (doc.path && doc.path !== p && isCodexChainFile(doc.path)) this.state.context.diagnostics.schedule(doc);
    this.closedDue(new Set([p]));
  }

  /**
   * Files of Roo Code's came or went (`isRooPath`: under a `.roo` folder, or a `.roorules` file):
   * whether it reads a root `.roorules(-{mode})` or `.clinerules-{mode}` may have changed (it reads
   * one only where its folder is missing or empty), so the open fallback files are diagnosed again (a look over the
   * open documents, once a batch) and the closed ones' findings published again.
   */
  private rooChanged(paths: readonly string[]): void {
    const roo = paths.filter((p) => isRooPath(toPosix(p)));
    if (roo.length === 0) return;
    for (const doc of this.state.context.documents.all()) if (doc.path && (isRooFallbackName(path.basename(doc.path)) || isClineModeFallbackName(path.basename(doc.path)))) this.state.context.diagnostics.schedule(doc);
    this.closedDue(new Set(roo));
  }

  private noteCodexShown(root: string, views: readonly AgentView[]): void {
    this.codexShown.set(root, views.some((v) => v.agent === 'codex'));
  }

  /** `findings` but Codex's. */
  private async fileFindings(doc: OpenDocument): Promise<Finding[] | undefined> {
    if (!doc.path) return undefined;
    if (doc.kind.kind !== 'rule') return this.instructionFindings(doc, doc.path);
    // The buffer as the engine sees it (queued behind the rules diagnostics' own update).
    await this.state.syncReadDocument(doc);
    const read = await this.readFor(doc.path);
    if (!read) return undefined;
    const { engine, root, agents } = read;
    // A rule file the engine's discovery does not list (one in a folder inside `.cursor/rules/`) is judged as an instruction
    // file; one it skips but whose own tool reads it (ignored, or a link) as a listed one, its analysis following the buffer.
    if (!engine.analysis(doc.path) && !engine.toolOnlyAnalysis(doc.path)) return this.isInstructionPlace(doc.path) ? this.instructionGlobFindings(doc, doc.path, read) : this.noLongerMine(doc);
    const reach = await this.followJudged(engine, root, agents, read.instructions.views);
    return contextFindings({
      path: doc.path,
      text: doc.text,
      lines: doc.lines,
      root,
      engine,
      views: agents,
      reach,
      budget: this.state.context.session.settings.rules.budgetTokens,
    });
  }

  /** Dead globs of an open instruction file (Claude Code's `paths`, Copilot's `applyTo`, a tool's rule the engine does not list); undefined for any other document. */
  private async instructionFindings(doc: OpenDocument, p: string): Promise<Finding[] | undefined> {
    if (!this.isInstructionPlace(p)) return this.noLongerMine(doc);
    const read = await this.readFor(p);
    return read && this.instructionGlobFindings(doc, p, read);
  }

  /**
   * A document this feature has no say on: nothing (`undefined`, the hub keeps what it has), or,
   * where it showed findings before, none (`[]`): a folder `.vscode/settings.json` no longer names
   * leaves its open instruction file with no tool, and its dead glob must go with it.
   */
  private noLongerMine(doc: OpenDocument): Finding[] | undefined {
    // A root's settings file: what is shown on it is `pushSettings`'s alone, open or not.
    if (doc.path !== undefined && this.settingsSaid.has(doc.path)) return undefined;
    return this.state.context.diagnostics.has(CONTEXT_SOURCE, doc.uri) ? [] : undefined;
  }

  /** `instructionFindings` from what was read for it. */
  private async instructionGlobFindings(doc: OpenDocument, p: string, { engine, root, agents, instructions }: Read): Promise<Finding[] | undefined> {
    if (engine.analysis(p)) return undefined;
    const views = instructionFilesWithGlobs(instructions.views, (q) => q === p).get(p);
    // No globs (now): nothing of this feature's to show, and what it showed before goes.
    if (!views) return [];
    const reach = await this.followJudged(engine, root, agents, instructions.views);
    return reach ? instructionGlobFindings({ path: p, text: doc.text, lines: doc.lines, views, reach }) : [];
  }

  /** Glob reach changed (index loaded, files created or deleted): open rule and instruction files are checked again. */
  private rediagnoseRuleFiles(): void {
    const ctx = this.state.context;
    for (const doc of ctx.documents.all()) {
      if (doc.kind.kind === 'rule' || (doc.path && this.isInstructionPlace(doc.path))) ctx.diagnostics.schedule(doc);
    }
  }

  dispose(): void {
    this.reachByRoot?.dispose();
  }
}

/** What `RulesContext.readFor` read for one answer or diagnosis. */
interface Read {
  engine: RulesEngine;
  root: string;
  view: RulesView;
  /** The agents of the files the engine lists, from `view`. */
  agents: AgentView[];
  instructions: InstructionSnapshot;
}

/**
 * The globs the reach follows: those of the engine's rule files for the agents their findings
 * are about (`judgedRuleGlobs`), and every glob of the instruction files' views (already only
 * the agents `rules.agents` selects: `instructionViews.ts`).
 */
function globsOf(engine: RulesEngine, agents: AgentView[], instructionAgents: AgentView[]): { glob: string; dialect: AgentView['dialect'] }[] {
  return [...judgedRuleGlobs(agents, (p) => engine.targetsOf(p)), ...agentGlobs(instructionAgents)];
}

/** Findings by path from several sources, those of one path joined (a root AGENTS.md may be noted by Codex's view and by Zed's). */
function joinFindings(entries: readonly (readonly [string, Finding[]])[]): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const [p, found] of entries) out.set(p, [...(out.get(p) ?? []), ...found]);
  return out;
}
