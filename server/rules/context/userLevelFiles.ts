import type { AgentId } from '../agents';
import { userToolFolderAgent } from '../brokenToolFolders';
import { isInside } from '../../workspace/paths';
import type { WorkspaceSession } from '../../workspace/session';
import { instructionViews, sessionInstructionHost } from './instructionViews';

/**
 * The user-level files the instruction views read for the agents they show (Kiro's
 * `~/.kiro/steering`, Continue's `~/.continue/rules`, Roo Code's `~/.roo/rules` and
 * `~/.roo/rules-{mode}`, Gemini CLI's `~/.gemini/GEMINI.md`, Codex's global AGENTS.md), so that
 * a whole-project `agentls check` lints them beside the user-level rules the engine lists
 * (`~/.cursor/rules`, Cline's global rules) and its note counts what they hold. Only files of
 * the areas `check` accepts named (`userRuleAreas`: the note's command names them), outside
 * every workspace folder, whose owner (`ownerOfFile`) has its view shown for some folder: under
 * `auto` where its views show it (Gemini CLI where the root has a GEMINI.md or `.gemini`), else
 * as `rules.agents` lists. The views are made without the nested folders (none is asked for):
 * the root's and the home's files alone, which is all the user-level ones depend on. With the
 * agents shown, for what else of the home the note counts (a user-level folder linked to nothing).
 */
export async function shownUserLevelFiles(session: WorkspaceSession, ownerOfFile: (p: string) => AgentId | undefined): Promise<ShownUserLevel> {
  const areas = session.userRuleAreas();
  const out = new Set<string>();
  const agents = new Set<string>();
  for (const root of session.roots.paths) {
    const made = await instructionViews(root, sessionInstructionHost(session));
    const shown = agentsInPlay(made.views);
    for (const agent of shown) agents.add(agent);
    // Every file the views looked at: those they could not read too (too large, not UTF-8), which have findings of their own.
    for (const p of made.read) {
      if (out.has(p) || session.rootOf(p) !== undefined || !areas.some((area) => isInside(area, p))) continue;
      const owner = ownerOfFile(p);
      if (owner !== undefined && shown.has(owner)) out.add(p);
    }
  }
  return { files: [...out].sort(), agents };
}

/**
 * The agents in play in a workspace folder: those its instruction views show (`instructionViews`:
 * under `auto`, an agent with a rule there, as Roo Code's where the project has `.roo`; else as
 * `rules.agents` lists them). What a user-level place of theirs holds concerns the project; another
 * agent's does not (`shownUserLevelFiles`, `outOfPlayUserFolder`).
 */
export function agentsInPlay(views: Iterable<{ agent: string }>): Set<string> {
  const agents = new Set<string>();
  for (const view of views) agents.add(view.agent);
  return agents;
}

/**
 * Whether `p`, a place the rules engine reports, is the user-level rule folder (or the folder
 * above one: `userToolFolderAgent`) of an agent not in play (`inPlay`, `agentsInPlay`) under
 * `auto`: a link to nothing there (`~/.roo/rules → /gone`) is then left unsaid, as the agent's files
 * in the home are, by `check`'s note, `agentls rules`, the buckets and the editor alike: a user of
 * Cursor alone is not told of a broken `~/.roo/rules`. With `rules.agents` a list, the engine says it
 * of the agents listed alone (`fileTargets`).
 */
export function outOfPlayUserFolder(session: WorkspaceSession, p: string, inPlay: ReadonlySet<string>): boolean {
  if (session.settings.rules.agents !== 'auto' || session.rootOf(p) !== undefined) return false;
  const agent = userToolFolderAgent(session.home, p);
  return agent !== undefined && !inPlay.has(agent);
}

/** The user-level files a whole-project `check` judges, and the agents of which some workspace folder has a view with a rule in it (`shownUserLevelFiles`). */
export interface ShownUserLevel {
  files: string[];
  agents: ReadonlySet<string>;
}
