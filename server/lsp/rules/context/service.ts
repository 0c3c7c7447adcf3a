import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import type { Finding } from '../../../core/findings';
import { agentViews } from '../../../rules/context/agents';
import type { AgentView } from '../../../rules/context/agentView';
import { rulesForFileResult } from '../../../rules/context/report';
import type { RulesView } from '../../../rules/view';
import { relativeInside } from '../../../workspace/paths';
import type { OpenDocument } from '../../documents';
import type { RulesState } from '../state';
import { contextFindings } from './findings';
import { ReachByRoot } from './reach';

/**
 * Rules in context as the server runs them, over the shared rules state: agent views of
 * each folder (rebuilt from the engine when asked; cheap next to discovery), the glob
 * reach of each folder from the file index, and the findings of open rule files.
 */
export class RulesContext {
  private reachByRoot: ReachByRoot | undefined;

  constructor(readonly state: RulesState) {}

  private reach(): ReachByRoot {
    this.reachByRoot ??= new ReachByRoot(this.state.context, () => this.rediagnoseRuleFiles());
    return this.reachByRoot;
  }

  /** The engine's view and every agent's view of the folder holding `p` (else the first). */
  async viewsFor(p: string | undefined): Promise<{ view: RulesView; agents: AgentView[] } | undefined> {
    const engine = await this.state.engine();
    const view = engine.view(engine.rootFor(p));
    return view && { view, agents: agentViews(view) };
  }

  /** Rules for a file; undefined when it lies in no open folder. */
  async forFile(p: string): Promise<RulesForFileResult | undefined> {
    const views = await this.viewsFor(p);
    if (!views) return undefined;
    const rel = relativeInside(views.view.cwd, p);
    if (rel === undefined) return undefined;
    return rulesForFileResult(views.agents, views.view.cwd, rel);
  }

  /** Findings of an open rule file. */
  async findings(doc: OpenDocument): Promise<Finding[] | undefined> {
    if (!doc.path || doc.kind.kind !== 'rule') return undefined;
    // The buffer as the engine sees it (queued behind the rules diagnostics' own update).
    if (doc.kind.loaded) await this.state.syncDocument(doc);
    const engine = await this.state.engine();
    if (!engine.analysis(doc.path)) return undefined;
    const views = await this.viewsFor(doc.path);
    if (!views) return undefined;
    const root = views.view.cwd;
    const globs = views.agents.flatMap((a) => a.rules.flatMap((r) => r.globs.map((glob) => ({ glob, dialect: a.dialect }))));
    const reach = this.reach().follow(root, globs);
    return contextFindings({
      path: doc.path,
      text: doc.text,
      lines: doc.lines,
      root,
      engine,
      views: views.agents,
      reach,
      budget: this.state.context.session.settings.rules.budgetTokens,
    });
  }

  /** Glob reach changed (index loaded, files created or deleted): open rule files are checked again. */
  private rediagnoseRuleFiles(): void {
    const ctx = this.state.context;
    for (const doc of ctx.documents.all()) if (doc.kind.kind === 'rule') ctx.diagnostics.schedule(doc);
  }

  dispose(): void {
    this.reachByRoot?.dispose();
  }
}
