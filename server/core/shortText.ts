import { formatCount } from './limits';

/**
 * The most characters of a rule's free text (a description) that a plain listing quotes on
 * its line: a description the length of a page pushed every other rule off the screen.
 * JSON keeps the whole text.
 */
export const QUOTED_TEXT_MAX = 200;

/**
 * `text` in double quotes, cut at `max` characters when longer, with `…` and how long the
 * whole is: `"Use the…" (20,000 characters)`. Never cut inside a surrogate pair.
 */
export function quotedShort(text: string, max = QUOTED_TEXT_MAX): string {
  if (text.length <= max) return `"${text}"`;
  return `"${cutAt(text, max)}…" (${formatCount(text.length)} characters)`;
}

/** `text` as it is, or cut at `max` characters with `…` and how long the whole is, for a place that quotes it already (a Markdown block quote). */
export function shortened(text: string, max = QUOTED_TEXT_MAX): string {
  return text.length <= max ? text : `${cutAt(text, max)}… (${formatCount(text.length)} characters)`;
}

/** The first `max` characters of `text`, one fewer where the last would split a surrogate pair. */
export function cutAt(text: string, max: number): string {
  return text.slice(0, isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
