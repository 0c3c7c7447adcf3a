import type { UnreadRuleFolderInfo } from '../../protocol/rulesContext';
import { displayPath, joinRelative, respeltPath } from '../workspace/paths';
import { nestedRuleFolderAt } from '../workspace/ruleLocations';
import type { WorkspaceSession } from '../workspace/session';
import type { RulesEngine } from './engine';
import { unfollowedRuleFolderFindings } from './unfollowedRuleFolders';
import { outOfPlayUserFolder } from './context/userLevelFiles';

/**
 * The rule folders of a workspace folder whose rules no listing holds, each with what
 * `agentls check` says of it: the root's rule locations discovery could not read (a link out
 * of the workspace or to nothing, a folder it cannot list; the user-level ones too) and the
 * packages' linked rule folders the file listing did not follow (`unfollowed`: root-relative,
 * from `RuleFolderLinks.unfollowed`). Said with the buckets (`agentls rules`,
 * `agentls/ruleBuckets`) and, narrowed by `unreadRuleFoldersFor`, under the rules for a file,
 * so that "these rules" is never taken for the whole. One stat per unfollowed link (a
 * handful), no listing. `inPlay`: the agents in play in the folder (`agentsInPlay` of its
 * instruction views): another agent's user-level folder is left out (`outOfPlayUserFolder`), as
 * `check` leaves it out. `inPart`: the folders the caller read in part itself (Claude Code's
 * and Copilot's, `cappedInstructionUnread`), said with the root's.
 */
export function unreadRuleFolders(
  engine: RulesEngine,
  session: WorkspaceSession,
  root: string,
  unfollowed: readonly string[],
  inPlay: ReadonlySet<string>,
  inPart: readonly UnreadRuleFolderInfo[] = [],
): UnreadRuleFolderInfo[] {
  return sorted([...rootUnread(engine, session, root, inPlay), ...inPart, ...nestedUnread(session, root, unfollowed)]);
}

/**
 * `unreadRuleFolders` for one file (`file`: root-relative, `/`-separated; a folder counts as
 * holding itself): the root's and the
 * user-level ones, whose rules may reach any file, and the packages' whose folder holds the
 * file (a nested rule folder's rules reach only the files under the folder holding it:
 * `ruleLocations.ts`, NESTED_RULE_FOLDERS). `elsewhere` counts the packages' others, which
 * cannot concern the file: listed by `unreadRuleFolders`, never here.
 */
export function unreadRuleFoldersFor(
  engine: RulesEngine,
  session: WorkspaceSession,
  root: string,
  unfollowed: readonly string[],
  file: string,
  inPlay: ReadonlySet<string>,
  inPart: readonly UnreadRuleFolderInfo[] = [],
): { unread: UnreadRuleFolderInfo[]; elsewhere: number } {
  const holds = (rel: string) => {
    const holder = nestedRuleFolderAt(rel)?.holder;
    return holder === undefined || holder === '' || `${file}/`.startsWith(holder + '/');
  };
  const others = nestedUnread(session, root, unfollowed.filter((rel) => !holds(rel)));
  return {
    unread: sorted([...rootUnread(engine, session, root, inPlay), ...inPart, ...nestedUnread(session, root, unfollowed.filter(holds))]),
    elsewhere: new Set(others.map((u) => u.path)).size,
  };
}

/**
 * The root's (and the user-level) rule locations discovery could not read, or read only up
 * to a cap: `rule/too-large` is said of a folder alone where its files or its subfolders
 * are more than agentls reads (`notRead.ts`), the first of them read. A user-level one is
 * named by its absolute path, as the data names every user-level file, in its message too
 * (which says `~/.roo/rules`, as `check` prints it): `homePaths.ts` gives both back as `~/…` to print.
 * Another agent's user-level folder is left out where that agent is not in play (`inPlay`).
 */
function rootUnread(engine: RulesEngine, session: WorkspaceSession, root: string, inPlay: ReadonlySet<string>): UnreadRuleFolderInfo[] {
  const unread = [...engine.unreadLocations(root)].filter(([p]) => !outOfPlayUserFolder(session, p, inPlay));
  return unread.map(([p, f]) => {
    const shown = displayPath(p, root);
    return { path: shown, code: f.code, message: respeltPath(f.message, displayPath(p, root, session.home), shown), ...(f.code === 'rule/too-large' ? { readInPart: true as const } : {}) };
  });
}

/** The packages' rule folders behind the links the listing did not follow, with check's findings on them. */
function nestedUnread(session: WorkspaceSession, root: string, unfollowed: readonly string[]): UnreadRuleFolderInfo[] {
  const found: UnreadRuleFolderInfo[] = [];
  for (const rel of unfollowed) {
    const link = joinRelative(root, rel);
    for (const f of unfollowedRuleFolderFindings(session, link)) found.push({ path: displayPath(link, root), code: f.code, message: f.message });
  }
  return found;
}

function sorted(found: UnreadRuleFolderInfo[]): UnreadRuleFolderInfo[] {
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
