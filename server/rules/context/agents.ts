import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { relativeInside } from '../../workspace/paths';
import type { RulesView } from '../view';
import { agentRules } from './agentRules';
import { seedAgentView, type AgentView } from './agentView';
import { alwaysSentInfo, costLines, agentCosts, rulesForFileResult } from './report';
import { nestedRuleFolders } from './nestedFolders';
import { selectedViews, selectionNamed, showsAgent, type AgentSelection } from './selection';
import { joinToolViews, toolAgentViews } from './toolViews';
import type { FileContent } from './fileContent';

/**
 * Every agent's view of a folder: the seed's agent (profile `seed` or `xcsh`) over the
 * engine's view, then each tool whose folders hold rules (`toolViews.ts`, from the agent
 * models in `rules/agents/`), then `extra`: the agents whose files the engine does not
 * list (Claude Code, Copilot, AGENTS.md readers, and the tools' rule files the engine's
 * discovery leaves out: `instructionViews.ts`, read by the caller), a tool's joined to its view.
 */
export function agentViews(view: RulesView, extra: readonly AgentView[] = []): AgentView[] {
  const cached = cache.get(view.cwd);
  const base = cached && cached.view.sameInputs(view) ? cached.agents : [seedAgentView(view), ...toolAgentViews(view)];
  if (base !== cached?.agents) cache.set(view.cwd, { view, agents: base });
  return extra.length ? joinToolViews(base, extra) : base;
}

/**
 * The last views of each folder: the engine keeps a file's analysis object while the file
 * is unchanged, so the same analyses (and settings) give the same agents' views, and rules
 * for a file stay fast while nothing changes.
 */
const cache = new Map<string, { view: RulesView; agents: AgentView[] }>();

/** Whether some rule of the folder is attached only by a file's content (Continue's `regex`): then `rulesForPath` wants the file's text. */
export function testsContent(view: RulesView, extra: readonly AgentView[] = []): boolean {
  return agentViews(view, extra).some((v) => v.rules.some((r) => r.content !== undefined));
}

/** Rules for a file of the folder, from the agents `agents` selects (`content`: its text, for the rules its content decides); undefined for a path outside it. */
export function rulesForPath(view: RulesView, absPath: string, extra: readonly AgentView[] = [], agents: AgentSelection = 'auto', content?: FileContent): RulesForFileResult | undefined {
  const rel = relativeInside(view.cwd, absPath);
  if (rel === undefined) return undefined;
  const result = rulesForFileResult(shownViews(view, extra, agents), view.cwd, rel, content);
  const named = selectionNamed(agents);
  return named ? { ...result, selectedAgents: named } : result;
}

/**
 * The views the selection shows, less the xcsh agent's where it is idle: under `auto`, with
 * no `.xcsh` folder and no rule it would load (a Claude Code and Copilot project), its
 * section could only say "0 rules, ≈0 tokens" of an agent the project does not run. A
 * `.xcsh` folder, a rule it reads (a Cursor rule, read or not by agentls) or a list naming it keeps it.
 */
function shownViews(view: RulesView, extra: readonly AgentView[], agents: AgentSelection): AgentView[] {
  const shown = selectedViews(agentViews(view, extra), agents);
  // A rule file it loads but agentls did not read (`uncounted`) is a rule it would load too.
  const idle = agents === 'auto' && !view.discovery.workspaceHasXcsh && shown.some((v) => v.agent === view.profile && v.rules.length === 0 && !v.uncounted?.length);
  return idle ? shown.filter((v) => v.agent !== view.profile) : shown;
}

/** The "sent in every request" section of the buckets report and `agentls rules`. */
export function alwaysSentSection(view: RulesView, budget: number | undefined, markdown: boolean, extra: readonly AgentView[] = [], agents: AgentSelection = 'auto'): string {
  const lines = costLines(agentCosts(shownViews(view, extra, agents)), budget, markdown);
  const title = markdown ? '## Sent in every request (≈ tokens, UTF-8 bytes / 4)' : 'Sent in every request (≈ tokens, UTF-8 bytes / 4):';
  return ['', title, ...(markdown ? [''] : []), ...lines].join('\n') + '\n';
}

/**
 * The buckets (`agentls/ruleBuckets`, `agentls rules --json`) with what each agent sends in
 * every request, each other agent's own rules, and the nested rule folders another agent
 * reads (kept out of the buckets and the totals), of the agents `agents` selects: where it
 * leaves the xcsh agent out, its buckets are empty (the shape stays), and the agents covered
 * are named (`selectedAgents`). Under `auto`, a workspace without `.xcsh` is said to be one
 * (`noXcshFolder`): its user most likely runs other agents, and the buckets are only what
 * the xcsh agent would load (`targets.ts` reads `.xcsh` the same way).
 */
export function bucketsWithCosts(view: RulesView, extra: readonly AgentView[] = [], agents: AgentSelection = 'auto'): RuleBucketsResult {
  const shown = shownViews(view, extra, agents);
  const named = selectionNamed(agents);
  const xcsh = showsAgent(agents, view.profile) ? view.summary() : { ...view.summary(), rules: [], buckets: { ttsr: [], alwaysApply: [], rulebook: [], none: [] }, shadowed: [], warnings: [] };
  return {
    ...xcsh,
    ...(agents === 'auto' && !view.discovery.workspaceHasXcsh ? { noXcshFolder: true as const } : {}),
    alwaysSent: agentCosts(shown).map((c) => alwaysSentInfo(c, view.cwd)),
    agentRules: agentRules(shown, view.cwd),
    nestedFolders: nestedRuleFolders(shown, view.cwd),
    ...(named ? { selectedAgents: named } : {}),
  };
}
