import type { UnreadRuleFolderInfo } from '../../protocol/rulesContext';
import { displayPath, joinRelative } from '../workspace/paths';
import type { WorkspaceSession } from '../workspace/session';
import type { RulesEngine } from './engine';
import { unfollowedRuleFolderFindings } from './unfollowedRuleFolders';

/**
 * The rule folders of a workspace folder whose rules no listing holds, each with what
 * `agentls check` says of it: the root's rule locations discovery could not read (a link out
 * of the workspace or to nothing, a folder it cannot list) and the packages' linked rule
 * folders the file listing did not follow (`unfollowed`: root-relative, from
 * `RuleFolderLinks.unfollowed`). Said under the rules for a file (`agentls rules --for`,
 * `agentls/rulesForFile`) so that "these rules reach it" is never taken for the whole.
 * One stat per unfollowed link (a handful), no listing.
 */
export function unreadRuleFolders(engine: RulesEngine, session: WorkspaceSession, root: string, unfollowed: readonly string[]): UnreadRuleFolderInfo[] {
  const found = [...engine.unreadLocations(root)].map(([p, f]) => ({ path: p, finding: f }));
  for (const rel of unfollowed) {
    const link = joinRelative(root, rel);
    for (const f of unfollowedRuleFolderFindings(session, link)) found.push({ path: link, finding: f });
  }
  return found
    .map(({ path: p, finding }) => ({ path: displayPath(p, root), code: finding.code, message: finding.message }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
