import { matchContent, CONTENT_MATCH_MS } from '../contentMatch';

/**
 * Whether Continue attaches a rule whose globs match a file, by the file's content and the
 * rule's `regex` (`AgentRule.content`: the patterns that compile). Continue's `checkGlobsAndRegex`
 * (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts) tests the content it holds
 * for a file in context, no content never matching (`if (!content) return false`), with
 * `contentMatchesRegex`: `new RegExp(pattern)`, no flags, any pattern matching. Which content it
 * holds depends on how the file came into context:
 * - a code block of the message headed by the file's path: the block's text
 *   (`extractContentFromCodeBlock`), taken here to be the file as written;
 * - an @-mention of the file: the context item's content, the file read by Continue's VS Code
 *   `readFile` (extensions/vscode/src/VsCodeIde.ts: its first 100,000 bytes, "" for a file over
 *   1,000,000) inside a fenced block headed by its URI (core/context/providers/FileContextProvider.ts:
 *   "```" + the URI + a line break + the content + a line break + "```").
 * Where the two agree, that is the answer; where they differ (a pattern anchored with `^` or `$`,
 * with no `m` flag, matches the file's first or last line as written only), it depends on how the
 * file reaches Continue, and is said so.
 */
export type ContinueContent = { attached: true; pattern: string } | { attached: false } | { depends: string };

/** What Continue's VS Code `readFile` hands the @-mention of a file of `bytes` bytes (the notes above). */
const CONTINUE_READ_BYTES = 100_000;
export const CONTINUE_EMPTY_PAST_BYTES = 10 * CONTINUE_READ_BYTES;

export function continueContent(patterns: readonly string[], file: { text: string; uri: string; bytes: number }): ContinueContent {
  const asBlock = file.text === '' ? ({ unmatched: true } as const) : matchContent(patterns, file.text);
  // Stopped once, the answer is undecided whatever the other match gives: it is not run, which would cost the cap a second time.
  if ('stopped' in asBlock) return stoppedAt(asBlock.stopped);
  const read = file.bytes > CONTINUE_EMPTY_PAST_BYTES ? '' : file.bytes > CONTINUE_READ_BYTES ? Buffer.from(file.text, 'utf8').subarray(0, CONTINUE_READ_BYTES).toString('utf8') : file.text;
  const asMention = matchContent(patterns, `\`\`\`${file.uri}\n${read}\n\`\`\``);
  if ('stopped' in asMention) return stoppedAt(asMention.stopped);
  if ('matched' in asBlock && 'matched' in asMention) return { attached: true, pattern: asBlock.matched };
  if (!('matched' in asBlock) && !('matched' in asMention)) return { attached: false };
  const mention = 'as an @-mention sends it (in a fenced block headed by its URI: continuedev/continue, core/context/providers/FileContextProvider.ts)';
  return { depends: 'matched' in asBlock ? `the file's text matches it as a code block of the message holds it, not ${mention}` : `the file's text matches it only ${mention}, not as a code block of the message holds it` };
}

function stoppedAt(pattern: string): ContinueContent {
  return { depends: `agentls stopped matching \`${pattern}\` against it after ${CONTENT_MATCH_MS} ms` };
}
