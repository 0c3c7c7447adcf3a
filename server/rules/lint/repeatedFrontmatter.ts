import type { Finding } from '../../core/findings';
import type { AgentModel } from '../agents';
import { finding } from '../codes';
import { describeActivation, KEY_LINE, keysOf, leadingBlock, sameActivation, UNDER_KEY } from './keyBlocks';
import type { RuleLocator } from './locate';
import { capital } from './words';
import { intendedFrontmatter } from './yamlFallback';

/** Blank lines looked past between the first block and a second one. */
const MAX_GAP_LINES = 3;

/**
 * A second frontmatter block right below the first (`---`, keys, `---`, then `---`, keys,
 * `---` again): a real shape (public Cursor rules, where a generator wrote its own header
 * above the one the author had). Frontmatter is one block at the top of the file: the xcsh
 * agent's parse is `frontmatter.ts`; Cursor's docs and VS Code's parser (for Copilot) are
 * cited in `toolLint/strandedFrontmatter.ts`. For Windsurf, Cline and Claude Code nothing
 * documents a second block; they are taken to read the first, as every frontmatter reader
 * does, and to send the second as rule text.
 *
 * The same holds for keys set right below the first block and closed by `---` with no
 * opening one (a real shape: a public Cursor rule whose empty header is followed by the
 * description and globs its author meant).
 *
 * Reported only where the second block's keys, laid over the first's, would activate the
 * rule otherwise than the agent now does: a repeat of the same settings changes nothing.
 * `scope`: the folder the rule reaches when it is less than the workspace (`toolRuleScope`).
 */
export function repeatedFrontmatterFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>, scope?: string): Finding[] {
  const layout = loc.analysis.parsed?.layout;
  const first = layout?.block;
  if (!layout || !first) return [];
  const text = layout.normalized;
  let at = first.closerLineEnd + 1;
  for (let gap = 0; at < text.length && gap <= MAX_GAP_LINES; gap++) {
    const newline = text.indexOf('\n', at);
    const line = text.slice(at, newline < 0 ? text.length : newline);
    if (line.trim() === '---') {
      if (newline < 0) return [];
      const second = leadingBlock(text.slice(newline + 1));
      return second ? secondBlockFindings(loc, agent, fm, second.lines, at, newline + 1 + second.end, 'block', scope) : [];
    }
    if (line.trim() !== '') {
      // Keys and a closing `---` with no opening one: a second header whose opener was lost.
      // Only keys a header has, with values shaped as values: a glossary line (`globs: the
      // patterns a rule attaches to.`) above a thematic break is prose.
      const second = KEY_LINE.test(line) ? leadingBlock(text.slice(at), { blankLines: true }) : undefined;
      if (!second || !second.lines.every((l) => UNDER_KEY.test(l) || headerLine(l, agent))) return [];
      return secondBlockFindings(loc, agent, fm, second.lines, at, at + second.end, 'unopened', scope);
    }
    if (newline < 0) return [];
    at = newline + 1;
  }
  return [];
}

/** The finding for a second block's `lines` (from `start` to `end` of the normalized text), when its keys would change how `agent` applies the rule. */
function secondBlockFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>, lines: string[], start: number, end: number, shape: 'block' | 'unopened', scope: string | undefined): Finding[] {
  if (!keysOf(lines).some((k) => k in agent.keys)) return [];
  const meant = agent.activation({ ...fm, ...intendedFrontmatter(lines.join('\n'), 'seed') });
  const now = agent.activation(fm);
  if (sameActivation(meant, now)) return [];
  const what = shape === 'block' ? 'This second block below it' : 'These keys below it (closed by `---`, with no `---` above them)';
  return [
    finding(
      'frontmatter/repeated',
      'warning',
      loc.normRange(start, end),
      `${capital(agent.name)} reads only the first frontmatter block of a rule file. ${what} ${shape === 'block' ? 'is' : 'are'} sent as rule text, and ${shape === 'block' ? 'its' : 'their'} keys change nothing: the rule is ${describeActivation(now, agent, scope)}, not ${describeActivation(meant, agent, scope)}. Merge the two blocks into one.`,
    ),
  ];
}

/** Keys any header has beside the agent's own. */
const HEADER_KEYS = new Set(['name', 'title', 'description']);

/** A `key: value` line a header would hold: a key the agent reads (or a name), and a glob or flag value without prose in it. */
function headerLine(line: string, agent: AgentModel): boolean {
  const m = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
  if (!m) return false;
  const [, key, value] = m;
  if (HEADER_KEYS.has(key)) return true;
  if (!(key in agent.keys)) return false;
  // A sentence ends with a full stop, or has words joined by spaces that are not list separators.
  return !/\.\s*$/.test(value) && !/[^,\s]\s+[^\s,]/.test(value.replace(/^["'\[]|["'\]]$/g, ''));
}
