import * as vm from 'node:vm';
import { countWork } from '../workspace/testCounts';

/**
 * Running a rule's content regex (Continue's `regex`) over a file's text, with a time cap: a
 * pattern written by the user may backtrack for ever on some text (`(a+)+$`), and V8 cannot stop
 * a regular expression from the outside, but it stops a script run in a `vm` context at its
 * `timeout`, a test inside it included. The patterns are compiled as `new RegExp(pattern)` with
 * no flags, as Continue compiles them (`contentMatchesRegex`, core/llm/rules/getSystemMessageWithRules.ts); one that does not compile matches nothing.
 */

/** How long one pattern may run over one text before agentls stops it and says so. */
export const CONTENT_MATCH_MS = 100;

/** What running the patterns over a text gave: the first that matched, none, or the first agentls stopped (`CONTENT_MATCH_MS`). */
export type ContentMatch = { matched: string } | { unmatched: true } | { stopped: string };

/** One context for every run: its globals are the two values set before each. */
let sandbox: vm.Context | undefined;

export function matchContent(patterns: readonly string[], text: string): ContentMatch {
  sandbox ??= vm.createContext({ pattern: '', text: '' });
  for (const pattern of patterns) {
    sandbox.pattern = pattern;
    sandbox.text = text;
    try {
      if (vm.runInContext('new RegExp(pattern).test(text)', sandbox, { timeout: CONTENT_MATCH_MS }) === true) return { matched: pattern };
    } catch (err) {
      // Past the time cap; anything else is a pattern that does not compile, which matches nothing.
      if ((err as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        // Each stop costs the whole cap: a test counts them, where a time would flake.
        countWork('content-match-stopped', 1, pattern);
        return { stopped: pattern };
      }
    } finally {
      sandbox.text = '';
    }
  }
  return { unmatched: true };
}
