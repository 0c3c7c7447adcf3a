import type { ProviderId, RuleLevel } from '../../workspace/ruleLocations';
import { agentsMd } from './agentsMd';
import { claude } from './claude';
import { cline } from './cline';
import { codex } from './codex';
import { copilot } from './copilot';
import { cursor } from './cursor';
import { gemini } from './gemini';
import { kiro } from './kiro';
import { roo } from './roo';
import { continueDev } from './continue';
import type { AgentId, AgentModel, AgentPlaces, Placement } from './types';
import { windsurf } from './windsurf';
import { xcsh } from './xcsh';
import { zed } from './zed';

export type { AgentId, AgentModel, AgentPlaces, Placement } from './types';
export { AGENT_IDS } from './types';

/** Every agent model, in the order ownership is decided (the most specific locations first). */
export const AGENT_MODELS: readonly AgentModel[] = [xcsh, cursor, windsurf, cline, claude, copilot, codex, gemini, kiro, roo, continueDev, zed, agentsMd];

/**
 * The frontmatter keys some agent's model reads (`AgentModel.keys`, of every agent): those whose
 * values decide a rule's activation, scope or listing. The xcsh agent's further keys that its
 * model leaves out (`lint/fields.ts`, `AGENT_KEYS`) are not among them.
 */
export const KEYS_AGENTS_READ: ReadonlySet<string> = new Set(AGENT_MODELS.flatMap((model) => Object.keys(model.keys)));

export function agentModel(id: AgentId): AgentModel {
  return AGENT_MODELS.find((m) => m.id === id)!;
}

/** The tool a file belongs to by its workspace-relative path (`/`-separated), and where it stands for that tool; `places`: the folders its workspace folder's settings name (`AgentPlaces`). */
export function ownerOf(rel: string, places?: AgentPlaces): { agent: AgentModel; placement: Placement } | undefined {
  for (const agent of AGENT_MODELS) {
    const placement = agent.owns(rel, places);
    if (placement) return { agent, placement };
  }
  return undefined;
}

/**
 * The agent that reads the files behind a link to a folder at `rel` inside a rule folder whose
 * agent reads a linked folder as part of it (`LINK_FOLLOWING_RULE_FOLDER`): the owner of a
 * Markdown file in that folder. The link's own name decides nothing (`.claude/rules/shared`,
 * `.roo/rules/team.log`): Claude Code and Roo Code judge the names of the files behind it.
 */
export function ownerBehindLink(rel: string, places?: AgentPlaces): { agent: AgentModel; placement: Placement } | undefined {
  return ownerOf(`${rel}/rule.md`, places);
}

/** The agent whose own folders a provider of the xcsh agent reads (`cursor` → Cursor; `native`, `agents` → xcsh). */
export function agentOfProvider(provider: ProviderId): AgentId {
  switch (provider) {
    case 'cursor':
    case 'windsurf':
    case 'cline':
      return provider;
    default:
      return 'xcsh';
  }
}

/**
 * The agent a provider's rule location at `level` belongs to: its tool, where the tool reads
 * that location, else the xcsh agent, which reads them all. A tool reads its project folders;
 * of the user-level ones, only those its model says it reads (`readsUserLocation`): Cursor
 * reads no `~/.cursor/rules`, so a rule there is the xcsh agent's alone.
 */
export function agentOfLocation(provider: ProviderId, level: RuleLevel): AgentId {
  const id = agentOfProvider(provider);
  return level === 'user' && !agentModel(id).readsUserLocation ? 'xcsh' : id;
}

/**
 * Whether the xcsh agent reads a provider's rule location at `level`. It reads them all but
 * Cline's at user level: its cline provider looks for the nearest `.clinerules` only
 * (rules.md §2.6), so Cline's global rule folders (`~/.cline/rules`, `~/Documents/Cline/Rules`,
 * `~/Cline/Rules`: discovery.ts, `clineGlobalRules`) are Cline's alone.
 */
export function xcshReadsLocation(provider: ProviderId, level: RuleLevel): boolean {
  return !(provider === 'cline' && level === 'user');
}

/** A tool's location that the tool itself does not read (`~/.cursor/rules`): the xcsh agent's alone, though named after the tool. */
export function toolSkipsLocation(provider: ProviderId, level: RuleLevel): boolean {
  return agentOfProvider(provider) !== 'xcsh' && agentOfLocation(provider, level) === 'xcsh';
}

/**
 * Whether a tool sends a file in this placement whole in every request: it reads the file
 * and the file has no frontmatter to pick when (`read` without `frontmatter`), nor a block the
 * tool takes off before sending it (`stripsFrontmatter`: Claude Code's CLAUDE.md). Asked of the
 * tools whose folders the xcsh agent's discovery reads (Cursor, Windsurf, Cline; the
 * Claude Code, Copilot and AGENTS.md views read their plain files themselves, where a
 * subfolder's CLAUDE.md or AGENTS.md loads on demand instead). Those placements, with where
 * "always" is documented and where it is assumed:
 * - Cursor's root `.cursorrules`: its docs ("Rules") say the legacy file is still supported,
 *   not when it applies; it has no key to scope it, so it is taken as sent always, as the
 *   project-wide rules it was before `.cursor/rules` (assumed).
 * - Windsurf's `global_rules.md`: its docs ("Memories & Rules") call it "rules applied across
 *   all workspaces" and give the activation modes (triggers) for the workspace rule files
 *   only: sent always (documented as applying everywhere; that a trigger in it is ignored is
 *   assumed, as its placement has no frontmatter).
 * - Windsurf's root `.windsurfrules`: not in its current docs at all; earlier releases read
 *   it as the workspace's rules, with no trigger: sent always (assumed).
 * Cline has no such placement (a single `.clinerules` file has `paths` frontmatter).
 */
export function sentWhole(placement: Placement | undefined): boolean {
  return placement?.read === true && !placement.frontmatter && !placement.stripsFrontmatter;
}
