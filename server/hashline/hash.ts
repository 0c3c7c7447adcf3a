import { xxhash32String } from './xxhash32';

/**
 * The line hash ("anchor hash", `hashline.md` §1): every `\r` removed, trailing
 * whitespace trimmed (JavaScript `trimEnd`), UTF-8, xxHash32 seed 0, modulo 647, as an
 * index into the bigram alphabet. The line number is not mixed in.
 */

/** Pairs left out of the alphabet (not single BPE tokens). Never change: saved anchors depend on it. */
const EXCLUDED_PAIRS = new Set('bq gk gq jv jz kq kz lq nq qf qg qj qk qv qz rj tq wq wz xg xj xk xq xv xw yq zj zq zv'.split(' '));

function buildAlphabet(): string[] {
  const pairs: string[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters) for (const b of letters) if (!EXCLUDED_PAIRS.has(a + b)) pairs.push(a + b);
  return pairs;
}

/** The 647 two-letter hashes, index = xxHash32 % 647. */
export const BIGRAMS: readonly string[] = buildAlphabet();
const BIGRAM_SET = new Set(BIGRAMS);

/** Whether a two-letter hash can ever be produced (anchors outside the alphabet never validate). */
export function isProducibleHash(hash: string): boolean {
  return BIGRAM_SET.has(hash);
}

/** The hash of one line (without its line break). */
export function lineHash(line: string): string {
  const text = line.includes('\r') ? line.replace(/\r/g, '') : line;
  return BIGRAMS[xxhash32String(text.trimEnd()) % BIGRAMS.length];
}

/** `41th`: a line number and the hash of its text. */
export function formatAnchor(line: number, text: string): string {
  return `${line}${lineHash(text)}`;
}

/** One read-output row: `41th|def alpha():` (the full text, never truncated for the hash). */
export function formatReadLine(line: number, text: string): string {
  return `${line}${lineHash(text)}|${text}`;
}
