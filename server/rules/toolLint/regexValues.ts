import { isScalar, isSeq } from 'yaml';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import type { AgentModel } from '../agents';
import { finding } from '../codes';
import type { KeyEntry, RuleLocator } from '../lint/locate';

/**
 * Longest pattern agentls compiles: a content regex in a rule is a line or two. Longer ones are
 * not judged (said nowhere: no finding is better than a guess), so no value makes the compile
 * costly. Compiling never runs the pattern against any text, so no pattern can hang it.
 */
const MAX_REGEX_CHARS = 2000;

/**
 * Each string of a one-or-list value that the agent compiles with `new RegExp(pattern)` (no
 * flags) and that does not compile in JavaScript: the agent never matches it (`effect`, which
 * names the source). Compiled here only, never run; a value of another type is the type
 * check's to say (`keyFindings`).
 */
export function regexValueFindings(loc: RuleLocator, agent: AgentModel, key: string, entry: KeyEntry, effect: string): Finding[] {
  const out: Finding[] = [];
  for (const { value, range } of stringItems(loc, entry)) {
    const problem = compileProblem(value);
    if (problem === undefined) continue;
    out.push(finding('frontmatter/invalid-value', 'warning', range, `${agent.name} compiles \`${key}\` as a JavaScript regular expression, and ${JSON.stringify(value)} is not one (${problem}): ${effect}.`));
  }
  return out;
}

/** The strings of a scalar or a list, each with where it is written. */
function stringItems(loc: RuleLocator, entry: KeyEntry): { value: string; range: Range }[] {
  const node = entry.node;
  if (isScalar(node)) return typeof node.value === 'string' ? [{ value: node.value, range: entry.valueRange }] : [];
  if (!isSeq(node)) return [];
  const ranges = loc.elementRanges(entry);
  return node.items.flatMap((item, i) => (isScalar(item) && typeof item.value === 'string' ? [{ value: item.value, range: ranges[i] ?? entry.valueRange }] : []));
}

/**
 * Why `pattern` is not a JavaScript regular expression (V8's words after the pattern), or
 * undefined when it compiles or is past the cap (`MAX_REGEX_CHARS`: unjudged). Compiled only,
 * never run. Also what Continue's activation asks of its `regex` (`agents/continue.ts`).
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
