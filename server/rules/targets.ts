import type { AgentId } from './agents';

/**
 * Which agents a file's diagnostics predict (`agentls.rules.agents`, `--agents`). `auto`:
 * the tool the file belongs to (a `.windsurf/rules` file: Windsurf), plus the xcsh agent
 * when the workspace folder has a `.xcsh` folder (its user then runs it, and it reads the
 * other tools' folders too). A list: the listed agents among the file's owner and xcsh,
 * which reads every tool's folders.
 */
export function fileTargets(setting: 'auto' | readonly string[], owner: AgentId | undefined, workspaceHasXcsh: boolean): Set<AgentId> {
  const out = new Set<AgentId>();
  if (setting === 'auto') {
    if (owner) out.add(owner);
    if (workspaceHasXcsh) out.add('xcsh');
    return out;
  }
  if (owner && setting.includes(owner)) out.add(owner);
  if (setting.includes('xcsh')) out.add('xcsh');
  return out;
}
