import type { Rule } from './model';

/**
 * `rule://NAME` as the agent resolves it (`rules.md` §7): over the rulebook rules, then
 * the always-apply rules; exact, case-sensitive names; TTSR and unbucketed rules are not
 * resolvable.
 */
export type RuleUrlResult =
  | { ok: true; name: string; content: string; contentType: 'text/markdown'; size: number; sourcePath: string }
  | { ok: false; error: string };

export const RULE_URL_PREFIX = 'rule://';

/** The name part of a `rule://` URL: the host, taken raw. */
export function ruleUrlName(url: string): string | undefined {
  if (!url.startsWith(RULE_URL_PREFIX)) return undefined;
  const rest = url.slice(RULE_URL_PREFIX.length);
  const end = rest.search(/[/?#]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The rules `rule://` can reach, in the order the error lists them. */
export function resolvableRules(rulebook: readonly Rule[], alwaysApply: readonly Rule[]): Rule[] {
  return [...rulebook, ...alwaysApply];
}

export function resolveRuleUrl(url: string, resolvable: readonly Rule[]): RuleUrlResult {
  const name = ruleUrlName(url) ?? '';
  if (name === '') return { ok: false, error: 'rule:// URL requires a rule name: rule://<name>' };
  const rule = resolvable.find((r) => r.name === name);
  if (!rule) return { ok: false, error: unknownRuleMessage(name, resolvable.map((r) => r.name)) };
  return { ok: true, name, content: rule.content, contentType: 'text/markdown', size: Buffer.byteLength(rule.content, 'utf8'), sourcePath: rule.path };
}

export function unknownRuleMessage(name: string, available: readonly string[]): string {
  return `Unknown rule: ${name}\nAvailable: ${available.length ? available.join(', ') : 'none'}`;
}
