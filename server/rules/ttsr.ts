import type { Rule } from './model';

/**
 * What the agent's TTSR manager does when a rule is registered (`rules.md` §5.2):
 * compiles each condition, parses each scope token, and refuses the rule when no pattern
 * compiles or no stream remains reachable. The log lines are the agent's, with the
 * regex engine's own error text (V8 here; the agent's runtime words them differently).
 */
export interface TtsrRegistration {
  ok: boolean;
  /** Why registration failed. */
  failure?: 'duplicate' | 'no-valid-pattern' | 'scope-unreachable' | 'no-condition';
  invalidPatterns: { pattern: string; error: string }[];
  invalidScopeTokens: string[];
  /** What the agent logs (not returned to the user). */
  logWarnings: string[];
}

export type ScopeToken =
  | { kind: 'text' }
  | { kind: 'thinking' }
  | { kind: 'anyTool'; glob?: string }
  | { kind: 'tool'; name: string; glob?: string };

const NAME = '[a-z0-9_-]+';
const TOOL_NAMED = new RegExp(`^tool:(${NAME})(?:\\((.+)\\))?$`, 'i');
const TOOL_GLOB = /^tool\((.+)\)$/i;
const NAMED_GLOB = new RegExp(`^(${NAME})\\((.+)\\)$`, 'i');
const BARE_NAME = new RegExp(`^${NAME}$`, 'i');

/** One scope token, or undefined when the agent would skip it as invalid. */
export function parseScopeToken(token: string): ScopeToken | undefined {
  const t = token.trim();
  const lower = t.toLowerCase();
  if (lower === 'text') return { kind: 'text' };
  if (lower === 'thinking') return { kind: 'thinking' };
  if (lower === 'tool' || lower === 'toolcall') return { kind: 'anyTool' };
  let m = TOOL_NAMED.exec(t);
  if (m) return { kind: 'tool', name: m[1].toLowerCase(), glob: m[2] };
  m = TOOL_GLOB.exec(t);
  if (m) return { kind: 'anyTool', glob: m[1] };
  m = NAMED_GLOB.exec(t);
  if (m) return { kind: 'tool', name: m[1].toLowerCase(), glob: m[2] };
  if (BARE_NAME.test(t)) return { kind: 'tool', name: lower };
  return undefined;
}

/** Compiles a condition as the agent does (`new RegExp(source)`, no flags); the error text when it fails. */
export function regexError(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Simulates `TtsrManager.addRule` for `rule`; `registered` holds the names already in. */
export function registerTtsr(rule: Pick<Rule, 'name' | 'condition' | 'scope'>, registered: ReadonlySet<string>): TtsrRegistration {
  const result: TtsrRegistration = { ok: false, invalidPatterns: [], invalidScopeTokens: [], logWarnings: [] };
  if (!rule.condition?.length) {
    result.failure = 'no-condition';
    return result;
  }
  if (registered.has(rule.name)) {
    result.failure = 'duplicate';
    return result;
  }
  let valid = 0;
  for (const pattern of rule.condition) {
    const error = regexError(pattern);
    if (error === undefined) valid++;
    else {
      result.invalidPatterns.push({ pattern, error });
      result.logWarnings.push(`TTSR condition has invalid regex pattern, skipping condition ${JSON.stringify({ ruleName: rule.name, pattern, error })}`);
    }
  }
  if (valid === 0) {
    result.failure = 'no-valid-pattern';
    return result;
  }
  if (rule.scope?.length) {
    let reachable = 0;
    for (const token of rule.scope) {
      if (parseScopeToken(token)) reachable++;
      else {
        result.invalidScopeTokens.push(token);
        result.logWarnings.push(`TTSR scope token is invalid, skipping token ${JSON.stringify({ ruleName: rule.name, token })}`);
      }
    }
    if (reachable === 0) {
      result.logWarnings.push(`TTSR scope excludes all streams, skipping rule ${JSON.stringify({ ruleName: rule.name, scope: rule.scope })}`);
      result.failure = 'scope-unreachable';
      return result;
    }
  }
  result.ok = true;
  return result;
}
