import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult, UnreadRuleFolderInfo } from '../../protocol/rulesContext';
import { displayPath, isAbsolutePath, respeltPath } from '../workspace/paths';

/*
 * The rules reports name user-level rule files as `agentls check` and the completion list do:
 * `~/.cursor/rules/x.mdc`, not the absolute home path; both `agentls rules` (`--for`) and
 * their editor twins (`agentls.rules.showBuckets`, `agentls.rules.showForFile` and the hover)
 * print through here, so text and Markdown agree. Only what people read: `--json` and the
 * custom requests keep the absolute paths that scripts and clients already read, so the
 * results are copied for printing, never changed where they are built.
 */

/** An absolute path under `home` as `~/…`; a workspace-relative one (already as users read it) unchanged. */
function fromHome(p: string, home: string): string {
  // Only absolute paths: a relative one would be resolved against the process's folder, which may lie in the home.
  return isAbsolutePath(p) ? displayPath(p, undefined, home) : p;
}

function unreadFromHome(unread: readonly UnreadRuleFolderInfo[] | undefined, home: string): { unread?: UnreadRuleFolderInfo[] } {
  // The message names the folder as the data does (`unreadRuleFolders`): as the path, from `~`.
  return unread ? { unread: unread.map((u) => ({ ...u, path: fromHome(u.path, home), message: respeltPath(u.message, u.path, fromHome(u.path, home)) })) } : {};
}

/** The buckets with the paths of user-level rules (the xcsh agent's and each other agent's), of the rules they shadow or that shadow them, and of unread folders from `~`. */
export function bucketsFromHome<T extends RuleBucketsResult>(result: T, home: string): T {
  return {
    ...result,
    rules: result.rules.map((r) => ({ ...r, path: fromHome(r.path, home) })),
    ...(result.agentRules ? { agentRules: result.agentRules.map((a) => ({ ...a, rules: a.rules.map((r) => ({ ...r, path: fromHome(r.path, home) })) })) } : {}),
    shadowed: result.shadowed.map((s) => ({ ...s, path: fromHome(s.path, home), shadowedBy: fromHome(s.shadowedBy, home) })),
    ...unreadFromHome(result.unread, home),
  };
}

/** The rules for one file with every agent's user-level rules, and unread folders, from `~`. */
export function forFileFromHome<T extends RulesForFileResult>(result: T, home: string): T {
  return {
    ...result,
    agents: result.agents.map((a) => ({ ...a, rules: a.rules.map((r) => ({ ...r, path: fromHome(r.path, home) })) })),
    ...unreadFromHome(result.unread, home),
  };
}
