/**
 * Whether the scope agentls gives a nested rule folder's rules (the files under the folder
 * holding it) is agentls's reading rather than the tool's docs, so said as a likelihood.
 * Windsurf's: its docs ("Memories & Rules", Rules discovery, docs.windsurf.com/windsurf/cascade/memories)
 * say it discovers every `.windsurf/rules` of the workspace's subfolders, not which files their
 * rules reach (`context/nestedRules.ts`). Cursor documents its nested folders' scope. Here, below
 * both the lint and the context views, so that every message saying the scope hedges it alike.
 */
export function nestedScopeHedged(agent: string): boolean {
  return agent === 'windsurf';
}

/** Said beside a hedged scope (`nestedScopeHedged`), after the tool's name. */
export const SCOPE_NOT_DOCUMENTED = "its docs do not say which files a subfolder's rules reach";

/** " to files under packages/web/", or for a hedged scope ", most likely to files under packages/web/ only (…)": how a rule's reach is said after "applied always". */
export function toFilesUnder(agent: string, scope: string): string {
  return nestedScopeHedged(agent) ? `, most likely to files under ${scope}/ only (${SCOPE_NOT_DOCUMENTED})` : ` to files under ${scope}/`;
}

/**
 * Whether an agent loads a subfolder's instruction file only once work reaches that folder, not
 * at start: Claude Code's subfolder CLAUDE.md (`context/nestedClaude.ts`) and Gemini CLI's
 * subfolder GEMINI.md (`context/nestedGemini.ts`), each with its source there.
 */
export function nestedOnDemand(agent: string): boolean {
  return agent === 'claude' || agent === 'gemini';
}
