import type { AgentRuleInfo, AgentRulesInfo } from '../../../protocol/rules';
import { displayPath } from '../../workspace/paths';
import type { AgentRule, AgentView } from './agentView';
import { sentTokens } from './cost';

/**
 * Each agent's own rules (`RuleBucketsResult.agentRules`): those of the workspace folder's rule
 * folders and files, and the user-level ones the agent reads, with how it applies each
 * (`agentView.ts` modes, from its model in `rules/agents/`), in the views' order (that of
 * "Sent in every request"). Not the xcsh agent's, which the buckets list, nor a nested
 * folder's rules (`nestedFolders.ts`); an agent with none left out. The views already hold
 * them: nothing is read here.
 */
export function agentRules(views: readonly AgentView[], root: string): AgentRulesInfo[] {
  const out: AgentRulesInfo[] = [];
  for (const view of views) {
    if (view.agent === 'seed' || view.agent === 'xcsh') continue;
    const rules = view.rules.filter((r) => r.scope === undefined).map((r) => agentRuleInfo(r, r.name, root));
    if (rules.length) out.push({ agent: view.agent, displayName: view.displayName, rules });
  }
  return out;
}

/** A rule as the protocol gives it, under the name its agent gives it (`name`), its path relative to `root` when under it. */
export function agentRuleInfo(rule: AgentRule, name: string, root: string): AgentRuleInfo {
  return {
    name,
    path: displayPath(rule.path, root),
    mode: rule.mode,
    ...(rule.inferred ? { modeInferred: true } : {}),
    ...(rule.agentMode !== undefined ? { agentMode: rule.agentMode } : {}),
    ...(rule.offSetting !== undefined ? { offSetting: rule.offSetting } : {}),
    ...(rule.alwaysNote !== undefined ? { alwaysNote: rule.alwaysNote } : {}),
    ...(rule.mode === 'glob' ? { globs: rule.globs } : {}),
    ...(rule.mode === 'glob' && rule.content ? { content: rule.content } : {}),
    ...(rule.description !== undefined ? { description: rule.description } : {}),
    ...(rule.notApplied !== undefined ? { notApplied: rule.notApplied } : {}),
    tokens: sentTokens(rule),
    level: rule.global ? 'user' : 'project',
  };
}
