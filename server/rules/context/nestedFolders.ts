import * as path from 'node:path';
import type { NestedRuleFolderInfo } from '../../../protocol/rules';
import { toPosix } from '../../workspace/paths';
import { agentRuleInfo } from './agentRules';
import type { AgentView } from './agentView';
import { NESTED_TOOL_FOLDERS } from './nestedRules';
import { nestedOnDemand } from '../agents/nestedScope';

/**
 * The rules of nested rule folders in the agents' views (those with a `scope`: Cursor's
 * nested `.cursor/rules`, `nestedRules.ts`, and Claude Code's memory in subfolders,
 * `nestedClaude.ts`, which loads when Claude Code reads a file there, and a subfolder's AGENTS.md,
 * `nestedAgentsMd.ts`, for work on the files under it), one entry per agent and holding
 * folder, in the views' order (holders nearest the root first, as they were read). The
 * views already hold them, read from the listing the caller made: nothing is read here.
 *
 * Listed apart from the buckets and the "every request" totals. Source: Cursor's "Rules"
 * documentation (docs.cursor.com/context/rules, as quoted in Cursor's forum thread
 * forum.cursor.com/t/nested-cursor-rules-subdirectories/110303): nested rules are
 * "automatically attached when files in their directory are referenced", so they are in a
 * request only while such a file is; the xcsh agent reads none of them (`rule/not-read`).
 * A subfolder's memory file Claude Code would load, or a nested `.cursor/rules` file, that agentls
 * did not read (unreadable, or past `MAX_NESTED_FILES`) is told with its folder (`unread`), since it
 * too loads only with that folder.
 */
export function nestedRuleFolders(views: readonly AgentView[], root: string): NestedRuleFolderInfo[] {
  const out: NestedRuleFolderInfo[] = [];
  const byKey = new Map<string, NestedRuleFolderInfo>();
  for (const view of views) {
    const folderOf = (scope: string): NestedRuleFolderInfo => {
      const key = `${view.agent}\0${scope}`;
      let folder = byKey.get(key);
      if (!folder) {
        folder = { agent: view.agent, displayName: view.displayName, folder: scope, rules: [], ...(nestedOnDemand(view.agent) ? { onDemand: true as const } : {}) };
        byKey.set(key, folder);
        out.push(folder);
      }
      return folder;
    };
    for (const rule of view.rules) {
      if (rule.scope === undefined) continue;
      const folder = folderOf(rule.scope);
      // Claude Code's, Gemini CLI's, the AGENTS.md readers' and Codex's are named by their path, as the root's are.
      if (view.agent === 'claude' || view.agent === 'gemini' || view.agent === 'agents-md' || view.agent === 'codex') {
        folder.rules.push(agentRuleInfo(rule, rule.name, root));
        continue;
      }
      // The name the tool gives it: its path inside the holder's rule folder, as `nestedToolRules` names it (without the holder).
      const ruleDir = path.join(root, ...rule.scope.split('/'), ...(NESTED_TOOL_FOLDERS[view.agent] ?? '.cursor/rules').split('/'));
      const name = toPosix(path.relative(ruleDir, rule.path)).replace(/\.mdc?$/, '');
      folder.rules.push(agentRuleInfo(rule, name, root));
    }
    for (const u of view.uncounted ?? []) {
      if (u.folder === undefined) continue;
      const folder = folderOf(u.folder);
      (folder.unread ??= []).push({ path: u.path, reason: u.reason });
    }
  }
  return out;
}
