import type { Finding } from '../../core/findings';
import { finding } from '../codes';
import type { RuleLocator } from './locate';
import { capital } from './words';

/**
 * The one finding of a frontmatter agentls did not read (`ParsedFrontmatter.unread`: over
 * `LIMITS.ruleFrontmatterChars`), said for `reader` ("the xcsh agent", "Cursor"). A warning,
 * not an error: no agent is known to misread it, but nothing of how it reads the keys is
 * checked, and a check that could not look must not pass as one that found nothing. Every
 * finding built on the keys is left out with it (they would be judged from an empty block).
 */
export function unreadFrontmatterFinding(loc: RuleLocator, reader: string): Finding[] {
  const unread = loc.analysis.parsed?.unread;
  if (!unread) return [];
  // An alias bomb: the agent's own parser may throw on it and read no frontmatter, or expand it; which is not known.
  const own = unread.code === 'frontmatter/yaml-error' ? ` How ${reader}'s own YAML parser reads it is not known (one with an alias limit throws, and the rule is then read with no frontmatter).` : '';
  return [
    finding(unread.code, 'warning', loc.openerRange(), `${capital(unread.said)}: agentls does not read it, so what it means to ${reader} (its keys, and so when the rule applies) is not checked.${own}`),
  ];
}

/**
 * The finding for a tool's rule file whose frontmatter lies past what agentls parses as YAML
 * (`YamlProblem.beyondLimits`: too large, or flow collections nested past `MAX_FLOW_DEPTH`) but
 * was still read, line by line (`unread` unset). That reading is agentls's, not the tool's: a
 * `[` or `{` value nested so deep is taken as text. A check must say its keys were not analysed,
 * as `delimiters.ts` does for the xcsh agent, rather than end with "no problems".
 */
export function unanalysedFrontmatterFinding(loc: RuleLocator, reader: string): Finding[] {
  const problem = loc.analysis.parsed?.yamlError;
  if (!problem?.beyondLimits || loc.analysis.parsed?.unread) return [];
  const range = problem.range ? loc.range(problem.range[0], problem.range[1]) : loc.openerRange();
  return [
    finding(
      'frontmatter/too-large',
      'warning',
      range,
      `agentls does not analyse this frontmatter (${problem.message}): it reads each key's line as text, which may not be what ${reader} reads, so what it means to ${reader} (its keys, and so when the rule applies) is not checked.`,
    ),
  ];
}
