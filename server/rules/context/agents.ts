import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { relativeInside } from '../../workspace/paths';
import type { RulesView } from '../view';
import { seedAgentView, type AgentView } from './agentView';
import { costLines, agentCosts, rulesForFileResult } from './report';
import { toolAgentViews } from './toolViews';

/**
 * Every agent's view of a folder: the seed's agent (profile `seed` or `xcsh`) over the
 * engine's view, then each tool whose folders hold rules (`toolViews.ts`, from the agent
 * models in `rules/agents/`).
 */
export function agentViews(view: RulesView): AgentView[] {
  const cached = cache.get(view.cwd);
  if (cached && sameInputs(cached.view, view)) return cached.agents;
  const agents = [seedAgentView(view), ...toolAgentViews(view)];
  cache.set(view.cwd, { view, agents });
  return agents;
}

/**
 * The last views of each folder: the engine keeps a file's analysis object while the file
 * is unchanged, so the same analyses (and settings) give the same agents' views, and rules
 * for a file stay fast while nothing changes.
 */
const cache = new Map<string, { view: RulesView; agents: AgentView[] }>();

function sameInputs(a: RulesView, b: RulesView): boolean {
  if (a.profile !== b.profile || a.analyses.length !== b.analyses.length || a.disabledRules.join('\n') !== b.disabledRules.join('\n')) return false;
  return a.analyses.every((x, i) => x === b.analyses[i]);
}

/** Rules for a file of the folder; undefined for a path outside it. */
export function rulesForPath(view: RulesView, absPath: string): RulesForFileResult | undefined {
  const rel = relativeInside(view.cwd, absPath);
  return rel === undefined ? undefined : rulesForFileResult(agentViews(view), view.cwd, rel);
}

/** The "sent in every request" section of the buckets report and `agentls rules`. */
export function alwaysSentSection(view: RulesView, budget: number | undefined, markdown: boolean): string {
  const lines = costLines(agentCosts(agentViews(view)), budget, markdown);
  const title = markdown ? '## Sent in every request (≈ tokens, UTF-8 bytes / 4)' : 'Sent in every request (≈ tokens, UTF-8 bytes / 4):';
  return ['', title, ...(markdown ? [''] : []), ...lines].join('\n') + '\n';
}
