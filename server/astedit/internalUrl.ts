import type { RulesEngine } from '../rules/engine';
import { RULE_URL_PREFIX, type RuleUrlResult } from '../rules/ruleUrl';
import { displayPath } from '../workspace/paths';

/**
 * The backing files of internal URLs in `paths` (ast-edit.md §3), from the caller's rules
 * engine: ast-edit discovers no rules itself, and `rule://NAME` must name the file the
 * prompt side and `agentls/resolveRule` name for it (`RulesView.resolveUrl`).
 */
export interface InternalUrlFiles {
  /** `rule://NAME` as the xcsh agent resolves it in the workspace folder `root`. */
  resolveRule(url: string, root: string): Promise<RuleUrlResult>;
}

/** Resolution over a rules engine, made only when a `rule://` entry asks (discovery reads every rule folder). */
export function ruleUrlFiles(engine: () => Promise<RulesEngine>): InternalUrlFiles {
  return {
    async resolveRule(url, root) {
      const rules = await engine();
      const answer = rules.view(root)?.resolveUrl(url) ?? { ok: false, error: `${root} is not a folder whose rules agentls reads` };
      // A rule folder agentls does not read (a link out of the workspace, unlistable) may hold the rule the agent would find:
      // say so, rather than let "Unknown rule" read as the agent's whole answer.
      const unread = [...rules.unreadLocations(root).keys()].map((p) => displayPath(p, root));
      if (answer.ok || unread.length === 0) return answer;
      return { ok: false, error: `${answer.error}\nagentls does not read ${unread.join(', ')} (see agentls rules), so a rule there is not reached` };
    },
  };
}

/** Where a URL entry leads: a file to rewrite (still to be confined like any path), or the error the agent's tool gives. */
export type InternalUrlTarget = { ok: true; path: string } | { ok: false; message: string };

/**
 * Resolves an internal URL entry (anything `scheme://` but `file:`). Upstream's
 * `resolveToolSearchScope` (gajae-code `packages/coding-agent/src/tools/path-utils.ts`)
 * refuses any of `* ? [ {` in an internal URL before resolving it, and a resource without
 * a `sourcePath`; it throws for either whatever the other entries are, so one such entry
 * stops the whole call here too, unlike a missing path (a user who named a rule that is not
 * there asked for something else than the rewrite would do). `rule://` is the one scheme
 * agentls has files for: `agent://`, `memory://` and the others name the agent's session
 * state, which an editor or a command line does not have. Upstream answers an unknown rule
 * with its rule handler's error ("Unknown rule: …", `rules.md` §7) and what its router does
 * with a scheme it does not know was not read; here both are "without a backing file",
 * with the agent's answer after it for a rule.
 */
export async function internalUrlTarget(text: string, root: string, files: InternalUrlFiles | undefined): Promise<InternalUrlTarget> {
  // Upstream's `hasGlobPathChars` test, not `isGlob`'s: a backslash escapes nothing in a URL.
  if (/[*?[{]/.test(text)) return { ok: false, message: `Glob patterns are not supported for internal URLs: ${text}` };
  const none = `Cannot rewrite internal URL without a backing file: ${text}`;
  if (!text.startsWith(RULE_URL_PREFIX) || !files) return { ok: false, message: none };
  const rule = await files.resolveRule(text, root);
  // The agent's own answer ("Unknown rule: x / Available: …") says which names would do.
  if (!rule.ok) return { ok: false, message: `${none} (${rule.error.replace(/\n/g, '; ')})` };
  return { ok: true, path: rule.sourcePath };
}
