import type { Finding } from '../../core/findings';
import type { AgentId, AgentModel } from '../agents';
import { finding } from '../codes';
import { describeActivation } from '../lint/keyBlocks';
import type { RuleLocator } from '../lint/locate';
import { nonMappingRoot } from '../lint/notAMapping';

/**
 * What is known of each tool reading frontmatter that is a YAML list or a single value
 * (`---\npa\n---`): it reads no key from it, so the rule gets the activation of a rule
 * without keys (`agent.activation({})`). Where the tool's docs say what a rule without keys
 * does, and whether anything says how such a block is read.
 */
const WHY: Partial<Record<AgentId, string>> = {
  // Claude Code's memory docs (https://code.claude.com/docs/en/memory, `.claude/rules/`): rules without `paths` load unconditionally.
  claude: 'its docs load a rule without `paths` unconditionally; how it reads frontmatter that is not `key: value` pairs is not documented',
  // GitHub's docs (agents/copilot.ts): without applyTo a path-specific file is not applied automatically.
  copilot: 'its docs apply a file without `applyTo` only when it is attached by hand; how it reads frontmatter that is not `key: value` pairs is not documented',
  // Cursor's docs ("Rule types", agents/cursor.ts): a rule with no alwaysApply, globs or description is Manual.
  cursor: 'its docs make a rule without `alwaysApply`, `globs` or `description` a manual one; how it reads frontmatter that is not `key: value` pairs is not documented',
  // Windsurf's docs ("Activation modes") describe no rule without a trigger (agents/windsurf.ts).
  windsurf: 'how it reads frontmatter that is not `key: value` pairs, and a rule without `trigger`, are not documented',
  // Cline's source (cline/cline, src/core/context/instructions/user-instructions/frontmatter.ts,
  // parseYamlFrontmatter): the loaded YAML value is taken as the keys whatever it is, so a
  // list or a string has no `paths`, and evaluatePathsConditional then applies the rule (agents/cline.ts).
  cline: 'its source takes the parsed value as the keys, and a rule without `paths` goes to every request',
};

/** Tools whose docs do not say what a rule without keys does (Windsurf: a rule without `trigger`). */
const UNDOCUMENTED_WITHOUT_KEYS: ReadonlySet<AgentId> = new Set(['windsurf']);

/**
 * The tool's word on frontmatter that is not `key: value` pairs, at the spot the xcsh agent's
 * finding of the same code has (`lint/delimiters.ts`), so that the two are said as one where
 * both agents are judged. `scope`: the folder a nested rule reaches.
 */
export function notAMappingFindings(loc: RuleLocator, agent: AgentModel, scope?: string): Finding[] {
  const root = nonMappingRoot(loc.analysis.parsed);
  const why = WHY[agent.id];
  if (!root || why === undefined) return [];
  const applied = describeActivation(agent.activation({}), agent, scope);
  // Where nothing documents what a rule without keys does, its activation is agentls's best guess.
  const likely = UNDOCUMENTED_WITHOUT_KEYS.has(agent.id) ? 'most likely ' : '';
  return [finding('frontmatter/not-a-mapping', 'error', loc.metaRange(root.start, root.end), `The frontmatter is ${root.kind}, not \`key: value\` pairs: ${agent.name} reads no key from it, so in ${agent.name} this rule is ${likely}${applied}: ${why}.`)];
}
