import { isScalar, isSeq } from 'yaml';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import type { AgentModel } from '../agents';
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
