import { isScalar, isSeq } from 'yaml';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import type { AgentModel } from '../agents';
import { CONTINUE_EMPTY_REGEX_SOURCE } from '../agents/continue';
import type { Activation } from '../agents/types';
import { finding } from '../codes';
import { compileProblem } from '../regexCompile';
import type { KeyEntry, RuleLocator } from '../lint/locate';

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

/** What Continue does with a rule, by its activation mode, in the words `emptyRegexListFindings` says it. */
const CONTINUE_DOES: Record<Activation['mode'], string> = {
  always: 'send it in every request',
  description: 'offer it by its description',
  manual: 'never attach it by itself',
  globs: 'attach it by its globs',
  unknown: 'apply it otherwise',
};

/**
 * Continue's `regex: []`: an empty list reads as a content filter every file passes, not as no
 * `regex` (`CONTINUE_EMPTY_REGEX_SOURCE`), so the rule is attached whenever a file is in
 * context. Said only where that is not what the rule would do without the key (beside
 * `alwaysApply: true` or globs it changes nothing). A warning: what an empty list means is not
 * documented, and the author's reading of it is a guess, but either guess (no filter, or no
 * match) is not what Continue does.
 */
export function emptyRegexListFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>): Finding[] {
  const entry = loc.entry('regex');
  if (agent.id !== 'continue' || !entry || !Array.isArray(fm.regex) || fm.regex.length > 0) return [];
  const without = agent.activation({ ...fm, regex: undefined }).mode;
  if (agent.activation(fm).mode === without) return [];
  return [
    finding(
      'frontmatter/invalid-value',
      'warning',
      entry.lineRange,
      `${agent.name} reads an empty \`regex\` list as a filter every file's content passes, not as no \`regex\`: it attaches this rule whenever a file is in context, where without the key it would ${CONTINUE_DOES[without]} (${CONTINUE_EMPTY_REGEX_SOURCE}). Remove \`regex\`.`,
    ),
  ];
}
