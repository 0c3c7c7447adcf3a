import { LIMITS, formatCount } from '../../server/core/limits';
import { tempDir, writeTree } from './repo';

/**
 * Words that vary (a fixed pseudo-random stream), so that no cache or repetition makes the
 * comparison of two such bodies cheap: `count` characters of them on one line.
 */
function words(count: number, seed: number): string {
  let s = seed;
  const parts: string[] = [];
  let length = 0;
  while (length < count) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const w = `w${(s % 20000).toString(36)}`;
    parts.push(w);
    length += w.length + 1;
  }
  // Ends in a letter: a body's spaces at either end are not part of its length.
  return `${parts.join(' ').slice(0, count - 1)}x`;
}

/** Characters of each body: just under the 2 MiB a rule file may be before it is not analysed at all. */
export const HUGE_BODY_CHARS = 1_900_000;

/** The words every drift finding on these copies says of the comparison. */
export const COMPARED_NOTE = `the longer body is ${formatCount(HUGE_BODY_CHARS + ' edited'.length)} characters; agentls reads up to ${formatCount(LIMITS.driftComparedChars)} characters to compare`;

/**
 * A workspace with two rules kept for Cursor and Cline whose bodies are one line of 1.9 MB
 * each (a hostile run's shape: it took 1.2 s and 250 MB to compare them): `early` differs in
 * its first words, `late` only at its very end, past what agentls compares.
 */
export function hugeDriftedRules(): string {
  const body = words(HUGE_BODY_CHARS, 1);
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    '.cursor/rules/early.mdc': `---\nalwaysApply: true\n---\n${body} edited`,
    '.clinerules/early.md': `edited ${body}`,
    '.cursor/rules/late.mdc': `---\nalwaysApply: true\n---\n${body} edited`,
    '.clinerules/late.md': `${body} Edited`,
  });
}
