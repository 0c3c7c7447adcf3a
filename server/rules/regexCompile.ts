/**
 * Whether a rule's content regex compiles, on its own: the lint of `regex` values
 * (`toolLint/regexValues.ts`) and Continue's activation (`agents/continue.ts`) both ask, and the
 * agent models may import nothing of the linters.
 */

/**
 * Longest pattern agentls compiles: a content regex in a rule is a line or two. Longer ones are
 * not judged (said nowhere: no finding is better than a guess), so no value makes the compile
 * costly. Compiling never runs the pattern against any text, so no pattern can hang it.
 */
const MAX_REGEX_CHARS = 2000;

/**
 * Why `pattern` is not a JavaScript regular expression (V8's words after the pattern), or
 * undefined when it compiles or is past the cap (`MAX_REGEX_CHARS`: unjudged). Compiled only,
 * never run.
 */
export function compileProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_REGEX_CHARS) return undefined;
  try {
    new RegExp(pattern);
    return undefined;
  } catch (err) {
    const message = (err as Error).message;
    // "Invalid regular expression: /PATTERN/: REASON": the reason alone, the pattern being quoted already.
    const at = message.lastIndexOf(': ');
    return at < 0 || at + 2 === message.length ? message : message.slice(at + 2);
  }
}
