import type { Finding } from '../../core/findings';
import type { AgentModel } from '../agents';
import { finding } from '../codes';
import { describeActivation, keysOf, leadingBlock, sameActivation } from './keyBlocks';
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
 * Reported only where the second block's keys, laid over the first's, would activate the
 * rule otherwise than the agent now does: a repeat of the same settings changes nothing.
 */
export function repeatedFrontmatterFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>): Finding[] {
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
      if (!second) return [];
      const keys = keysOf(second.lines);
      if (!keys.some((k) => k in agent.keys)) return [];
      const meant = agent.activation({ ...fm, ...intendedFrontmatter(second.lines.join('\n'), 'seed') });
      const now = agent.activation(fm);
      if (sameActivation(meant, now)) return [];
      return [
        finding(
          'frontmatter/repeated',
          'warning',
          loc.normRange(at, newline + 1 + second.end),
          `${capital(agent.name)} reads only the first frontmatter block of a rule file. This second block below it is sent as rule text, and its keys change nothing: the rule is ${describeActivation(now, agent)}, not ${describeActivation(meant, agent)}. Merge the two blocks into one.`,
        ),
      ];
    }
    if (line.trim() !== '' || newline < 0) return [];
    at = newline + 1;
  }
  return [];
}
