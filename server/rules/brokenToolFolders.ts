import * as path from 'node:path';
import { brokenLinkReason, fileInPlaceOfFolder } from '../workspace/links';
import type { AgentId } from './agents';
import { DEFAULT_INSTRUCTIONS, DEFAULT_PROMPTS } from '../workspace/copilotLocations';

/**
 * Rule folders of tools whose rules the xcsh agent does not read, so its discovery (which
 * reports a link to nothing among its own folders) never looks at them: Claude Code's
 * `.claude/rules/` (agents/claude.ts) and Copilot's `.github/instructions/` (agents/copilot.ts);
 * and Copilot's prompt folder `.github/prompts/` (workspace/classify.ts, `isCopilotPromptPath`);
 * Copilot's as a root's `.vscode/settings.json` names them (`CopilotFolders`),
 * whose files agentls checks too (rules/copilotPrompt), so one linked away must not leave
 * `check` saying it found none.
 */
function toolOnlyFolders(copilot: CopilotFolders): { rel: readonly string[]; agent: AgentId; files?: 'prompt files' }[] {
  return [
    { rel: ['.claude', 'rules'], agent: 'claude' },
    ...copilot.instructions.map((dir) => ({ rel: dir.split('/'), agent: 'copilot' as const })),
    ...copilot.prompts.map((dir) => ({ rel: dir.split('/'), agent: 'copilot' as const, files: 'prompt files' as const })),
  ];
}

/**
 * Copilot's folders of a workspace folder, relative to it and `/`-separated: those its
 * `.vscode/settings.json` names (`workspace/copilotLocations.ts`), else the defaults. A named
 * folder a link leads out of is refused there, and said there, so it is never one of these.
 */
export interface CopilotFolders {
  instructions: readonly string[];
  prompts: readonly string[];
}

const DEFAULT_COPILOT_FOLDERS: CopilotFolders = { instructions: [DEFAULT_INSTRUCTIONS], prompts: [DEFAULT_PROMPTS] };

export type BrokenToolFolder = BrokenPlace & {
  /** What the folder holds, where not rules: `.github/prompts` holds Copilot's prompt files. */
  files?: 'prompt files';
};

type BrokenPlace =
  | {
      /** The link: the rule folder itself, or the folder above it (`.claude` of `.claude/rules`). */
      path: string;
      agent: AgentId;
      /** What it leads to, in words (`brokenLinkReason`). */
      reason: string;
    }
  | {
      /** The rule folder, or the folder above it, that is a file or a link to one (`fileInPlaceOfFolder`): as discovery says it of the root's other rule folders (`listFolder`). */
      path: string;
      agent: AgentId;
      /** The rule folder it stands for. */
      folder: string;
      /** Where the link leads, as written; undefined for a plain file. */
      fileLink: string | undefined;
      /** What special entry it is (a named pipe, socket or device), when it is no file. */
      special?: string;
    }
  | {
      /** The rule folder, as discovery names the root's other rule folders linked out (`listFolder`). */
      path: string;
      agent: AgentId;
      /** Where it really leads, out of the workspace (`escapeTarget`): never opened or listed. */
      outside: string;
    };

/**
 * Those rule folders of a workspace folder that are a symbolic link to nothing, or sit in
 * one (rules shared from a submodule that is not checked out), or are a file or a link to
 * one (no tool lists a file as a folder): the tool reads no rules
 * there, which a check must say rather than pass in silence. A link to a folder is fine,
 * but for one out of the workspace (or under one): its tool reads the rules there (every
 * tool reads its rule folder through a link: `notRead.ts`, LOCATION_READERS, where nothing
 * documents otherwise), agentls reads nothing there, and that is said too, as discovery says
 * it of the xcsh agent's and the other tools' folders. `escapeTarget`: the confinement's,
 * a resolution of the path, no listing.
 */
export function brokenToolFolders(cwd: string, escapeTarget: (path: string) => string | undefined, copilot: CopilotFolders = DEFAULT_COPILOT_FOLDERS): BrokenToolFolder[] {
  const out: BrokenToolFolder[] = [];
  for (const folder of toolOnlyFolders(copilot)) {
    const dir = path.join(cwd, ...folder.rel);
    const outside = escapeTarget(dir);
    if (outside !== undefined) {
      out.push({ path: dir, agent: folder.agent, outside, ...held(folder) });
      continue;
    }
    for (const at of [dir, path.dirname(dir)]) {
      const reason = brokenLinkReason(at, { folderWanted: true });
      const file = reason === undefined ? fileInPlaceOfFolder(at) : undefined;
      if (reason === undefined && file === undefined) continue;
      // `.github` itself linked to nothing or a file: said once, for the instructions, which come first.
      if (out.some((o) => o.path === at)) break;
      out.push(file === undefined ? { path: at, agent: folder.agent, reason: reason!, ...held(folder) } : { path: at, agent: folder.agent, folder: dir, fileLink: file.link, special: file.special, ...held(folder) });
      break;
    }
  }
  return out;
}

function held(folder: { files?: 'prompt files' }): { files?: 'prompt files' } {
  return folder.files ? { files: folder.files } : {};
}
