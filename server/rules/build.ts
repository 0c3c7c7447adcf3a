import { PROVIDER_DISPLAY_NAMES } from '../workspace/ruleLocations';
import { parseConditionAndScope, type ConditionAndScope } from './condition';
import { INTERRUPT_MODES, type InterruptMode, type Rule, type RuleCandidate, type RulesProfile } from './model';

/**
 * Turns a parsed file into the rule the agent holds (`rules.md` §2.1). `xcsh` uses the
 * one shared builder of current upstream; `seed` follows the seed's per-provider casts:
 *
 * | provider | globs | alwaysApply | description | trigger |
 * | --- | --- | --- | --- | --- |
 * | native | list kept unfiltered | as written | as written | string or list |
 * | cursor | strings only | only `true` kept | strings only | string only |
 * | windsurf | strings only | as written | as written | string only |
 * | cline | strings only | booleans only | strings only | string only |
 */
export function buildRule(candidate: RuleCandidate, frontmatter: Record<string, unknown>, body: string, profile: RulesProfile): { rule: Rule; condition: ConditionAndScope } {
  const provider = candidate.provider;
  const seedCast = profile === 'seed';
  const condition = parseConditionAndScope(frontmatter, !seedCast || provider === 'native');
  const rule: Rule = {
    name: candidate.name,
    path: candidate.path,
    content: body,
    source: { provider, providerName: PROVIDER_DISPLAY_NAMES[provider], level: candidate.level, path: candidate.path },
  };
  const globs = readGlobs(frontmatter.globs, seedCast && provider === 'native');
  if (globs !== undefined) rule.globs = globs;

  const always = frontmatter.alwaysApply;
  if (!seedCast) rule.alwaysApply = always === true;
  else if (provider === 'cursor') rule.alwaysApply = always === true ? true : undefined;
  else if (provider === 'cline') rule.alwaysApply = typeof always === 'boolean' ? always : undefined;
  else rule.alwaysApply = always;

  const description = frontmatter.description;
  if (seedCast && (provider === 'native' || provider === 'windsurf')) rule.description = description;
  else if (typeof description === 'string') rule.description = description;

  if (condition.condition) rule.condition = condition.condition;
  if (condition.scope) rule.scope = condition.scope;
  const mode = frontmatter.interruptMode;
  if (typeof mode === 'string' && (INTERRUPT_MODES as readonly string[]).includes(mode)) rule.interruptMode = mode as InterruptMode;
  return { rule, condition };
}

/** A list keeps its strings (every element when `unfiltered`); a string becomes a one-glob list. */
function readGlobs(value: unknown, unfiltered: boolean): unknown[] | undefined {
  if (Array.isArray(value)) return unfiltered ? [...value] : value.filter((g) => typeof g === 'string');
  if (typeof value === 'string') return [value];
  return undefined;
}

/** Truthiness as the agent's bucket predicates test it. */
export function isTruthy(value: unknown): boolean {
  return Boolean(value);
}
