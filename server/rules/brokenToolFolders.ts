import * as path from 'node:path';
import { brokenLinkReason, fileInPlaceOfFolder } from '../workspace/links';
import type { AgentId } from './agents';
import { rooUserModeFolderOf } from './rooRoot';
import { DEFAULT_INSTRUCTIONS, DEFAULT_PROMPTS } from '../workspace/copilotLocations';
import { claudeUserRulesFolder, CONTINUE_RULES_FOLDER, KIRO_STEERING_FOLDER, rooUserRuleFolder } from '../workspace/ruleLocations';

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
    if (outside !== undefined) out.push({ path: dir, agent: folder.agent, outside, ...held(folder) });
    else noteBrokenPlace(out, dir, folder);
  }
  return out;
}

/**
 * The user-level rule folders of the agents whose views read them (`instructionViews.ts`: Roo
 * Code's `~/.roo/rules` and `~/.roo/rules-{mode}` of `rooModes`, Continue's `~/.continue/rules`, Claude Code's `~/.claude/rules`,
 * Kiro's `~/.kiro/steering`), which the xcsh agent's discovery never lists, so a link to
 * nothing (or round a loop) there, or a file in a folder's place, or the same of the folder
 * above (`~/.roo`), would pass in silence: said as `brokenToolFolders` says a project's, and
 * as discovery says Cline's global folders and the xcsh agent's own (`listFolder`). Each
 * agent reads its folder through a link (Roo Code's source and Claude Code's docs:
 * `LINK_FOLLOWING_RULE_FOLDER`; Continue's and Kiro's say nothing otherwise: `notRead.ts`,
 * LOCATION_READERS), and none lists a link to nothing or a file as a folder. No link out of
 * the home is said here: `check` says those of these folders it names (`checkTargets.ts`).
 * An lstat and a stat of each, nothing opened.
 */
export function brokenUserToolFolders(home: string, rooModes: readonly string[]): BrokenToolFolder[] {
  const out: BrokenToolFolder[] = [];
  for (const folder of userToolFolders(home, rooModes)) noteBrokenPlace(out, folder.dir, folder);
  return out;
}

/**
 * The agent whose user-level rule folder `p` is, or the folder above one (`~/.roo` of
 * `~/.roo/rules`; the folder of any mode, `~/.roo/rules-{mode}`), as `brokenUserToolFolders` says
 * them; undefined for another place. Paths compared, nothing looked at.
 */
export function userToolFolderAgent(home: string, p: string): AgentId | undefined {
  const modeFolder = rooUserModeFolderOf(p, home);
  const modes = modeFolder === p ? [path.basename(p).slice('rules-'.length)] : [];
  return userToolFolders(home, modes).find((folder) => folder.dir === p || path.dirname(folder.dir) === p)?.agent;
}

/** The folders `brokenUserToolFolders` looks at, and the folders above them: a change at one may make or mend what it says. */
export function userToolFolderPlaces(home: string, rooModes: readonly string[]): string[] {
  return userToolFolders(home, rooModes).flatMap((folder) => [folder.dir, path.dirname(folder.dir)]);
}

/** `rooModes`: the modes whose `~/.roo/rules-{mode}` Roo Code's view reads (`rooModesRead`: the built-in ones and those the workspace names), read as `~/.roo/rules` is. */
function userToolFolders(home: string, rooModes: readonly string[]): { dir: string; agent: AgentId }[] {
  return [
    { dir: rooUserRuleFolder(home), agent: 'roo' },
    ...rooModes.map((mode) => ({ dir: rooUserRuleFolder(home, mode), agent: 'roo' as const })),
    { dir: path.join(home, CONTINUE_RULES_FOLDER), agent: 'continue' },
    { dir: claudeUserRulesFolder(home), agent: 'claude' },
    { dir: path.join(home, KIRO_STEERING_FOLDER), agent: 'kiro' },
  ];
}

/**
 * Adds to `out` what keeps `dir` from being a folder its agent lists: it, or the folder above
 * it, is a link to nothing or round a loop, or a file (or a link to one). A place already said
 * (`.github` of both Copilot's folders) is said once, for the first.
 */
function noteBrokenPlace(out: BrokenToolFolder[], dir: string, folder: { agent: AgentId; files?: 'prompt files' }): void {
  for (const at of [dir, path.dirname(dir)]) {
    const reason = brokenLinkReason(at, { folderWanted: true });
    const file = reason === undefined ? fileInPlaceOfFolder(at) : undefined;
    if (reason === undefined && file === undefined) continue;
    if (out.some((o) => o.path === at)) return;
    out.push(file === undefined ? { path: at, agent: folder.agent, reason: reason!, ...held(folder) } : { path: at, agent: folder.agent, folder: dir, fileLink: file.link, special: file.special, ...held(folder) });
    return;
  }
}

function held(folder: { files?: 'prompt files' }): { files?: 'prompt files' } {
  return folder.files ? { files: folder.files } : {};
}
