import * as path from 'node:path';
import { brokenLinkReason } from '../workspace/links';
import type { AgentId } from './agents';

/**
 * Rule folders of tools whose rules the xcsh agent does not read, so its discovery (which
 * reports a link to nothing among its own folders) never looks at them: Claude Code's
 * `.claude/rules/` (agents/claude.ts) and Copilot's `.github/instructions/` (agents/copilot.ts).
 */
const TOOL_ONLY_FOLDERS: readonly { rel: readonly string[]; agent: AgentId }[] = [
  { rel: ['.claude', 'rules'], agent: 'claude' },
  { rel: ['.github', 'instructions'], agent: 'copilot' },
];

export interface BrokenToolFolder {
  /** The link: the rule folder itself, or the folder above it (`.claude` of `.claude/rules`). */
  path: string;
  agent: AgentId;
  /** What it leads to, in words (`brokenLinkReason`). */
  reason: string;
}

/**
 * Those rule folders of a workspace folder that are a symbolic link to nothing, or sit in
 * one (rules shared from a submodule that is not checked out): the tool reads no rules
 * there, which a check must say rather than pass in silence. A link to a folder is fine.
 */
export function brokenToolFolders(cwd: string): BrokenToolFolder[] {
  const out: BrokenToolFolder[] = [];
  for (const folder of TOOL_ONLY_FOLDERS) {
    const dir = path.join(cwd, ...folder.rel);
    for (const at of [dir, path.dirname(dir)]) {
      const reason = brokenLinkReason(at, { folderWanted: true });
      if (reason === undefined) continue;
      out.push({ path: at, agent: folder.agent, reason });
      break;
    }
  }
  return out;
}
