import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { relativeInside } from '../../workspace/paths';
import type { RulesView } from '../view';
import { seedAgentView, type AgentView } from './agentView';
import { alwaysSentInfo, costLines, agentCosts, rulesForFileResult } from './report';
import { nestedRuleFolders } from './nestedFolders';
import { joinToolViews, toolAgentViews } from './toolViews';

/**
 * Every agent's view of a folder: the seed's agent (profile `seed` or `xcsh`) over the
 * engine's view, then each tool whose folders hold rules (`toolViews.ts`, from the agent
 * models in `rules/agents/`), then `extra`: the agents whose files the engine does not
 * list (Claude Code, Copilot, AGENTS.md readers, and the tools' rule files the engine's
 * discovery leaves out: `instructionViews.ts`, read by the caller), a tool's joined to its view.
 */
export function agentViews(view: RulesView, extra: readonly AgentView[] = []): AgentView[] {
  const cached = cache.get(view.cwd);
  const base = cached && sameInputs(cached.view, view) ? cached.agents : [seedAgentView(view), ...toolAgentViews(view)];
  if (base !== cached?.agents) cache.set(view.cwd, { view, agents: base });
  return extra.length ? joinToolViews(base, extra) : base;
}

/**
 * The last views of each folder: the engine keeps a file's analysis object while the file
 * is unchanged, so the same analyses (and settings) give the same agents' views, and rules
 * for a file stay fast while nothing changes.
 */
const cache = new Map<string, { view: RulesView; agents: AgentView[] }>();

function sameInputs(a: RulesView, b: RulesView): boolean {
  if (a.profile !== b.profile || a.disabledRules.join('\n') !== b.disabledRules.join('\n')) return false;
  return sameList(a.analyses, b.analyses) && sameList(a.toolOnly, b.toolOnly);
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Rules for a file of the folder; undefined for a path outside it. */
export function rulesForPath(view: RulesView, absPath: string, extra: readonly AgentView[] = []): RulesForFileResult | undefined {
  const rel = relativeInside(view.cwd, absPath);
  return rel === undefined ? undefined : rulesForFileResult(agentViews(view, extra), view.cwd, rel);
}

/** The "sent in every request" section of the buckets report and `agentls rules`. */
export function alwaysSentSection(view: RulesView, budget: number | undefined, markdown: boolean, extra: readonly AgentView[] = []): string {
  const lines = costLines(agentCosts(agentViews(view, extra)), budget, markdown);
  const title = markdown ? '## Sent in every request (≈ tokens, UTF-8 bytes / 4)' : 'Sent in every request (≈ tokens, UTF-8 bytes / 4):';
  return ['', title, ...(markdown ? [''] : []), ...lines].join('\n') + '\n';
}

/**
 * The buckets (`agentls/ruleBuckets`, `agentls rules --json`) with what each agent sends in
 * every request, and the nested rule folders another agent reads (kept out of both).
 */
export function bucketsWithCosts(view: RulesView, extra: readonly AgentView[] = []): RuleBucketsResult {
  const agents = agentViews(view, extra);
  return { ...view.summary(), alwaysSent: agentCosts(agents).map((c) => alwaysSentInfo(c, view.cwd)), nestedFolders: nestedRuleFolders(agents, view.cwd) };
}
