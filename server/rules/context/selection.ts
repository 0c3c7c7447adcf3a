import type { AgentId } from '../agents';
import { fileTargets } from '../targets';
import type { AgentView } from './agentView';

/** `agentls.rules.agents` / `--agents`: `auto`, or the agents named. */
export type AgentSelection = 'auto' | readonly string[];

/**
 * Whether the selection shows an agent's parts (its view, its "every request" total, its
 * nested rule folders): with `auto`, every agent whose files are there; with a list, the
 * listed ones, as `fileTargets` decides for the agent's own files. The xcsh agent's view is
 * named by its profile (`seed` or `xcsh`); the setting names it `xcsh` (`parseRuleAgents`).
 */
export function showsAgent(agents: AgentSelection, id: string): boolean {
  const agent = (id === 'seed' ? 'xcsh' : id) as AgentId;
  return fileTargets(agents, agent, false).has(agent);
}

/** The views the selection shows, in their order; `auto` keeps them all. */
export function selectedViews(views: readonly AgentView[], agents: AgentSelection): AgentView[] {
  return views.filter((v) => showsAgent(agents, v.agent));
}

/** The agents a reply covers when the selection is a list (said with it: `selectedAgents`); undefined under `auto`, which leaves none out. */
export function selectionNamed(agents: AgentSelection): string[] | undefined {
  return agents === 'auto' ? undefined : [...agents];
}
