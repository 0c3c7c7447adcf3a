/**
 * The TTSR `condition` and `scope` fields as the agent reads them (`rules.md` §5.1):
 * which key wins, list normalisation, scope splitting, and condition tokens that look
 * like file globs turned into tool scopes.
 */

export interface ConditionAndScope {
  condition?: string[];
  scope?: string[];
  /** Which key the raw condition came from, when one did. */
  conditionKey?: 'condition' | 'ttsr_trigger' | 'ttsrTrigger';
  /** Condition tokens that became scopes (the agent replaced the trigger with `.*`). */
  globTokens: string[];
}

export const CONDITION_KEYS = ['condition', 'ttsr_trigger', 'ttsrTrigger'] as const;

/**
 * Reads condition and scope from frontmatter. `acceptsLists` is false for the seed's
 * cursor, windsurf and cline providers, which keep the trigger only when it is a string.
 */
export function parseConditionAndScope(frontmatter: Record<string, unknown>, acceptsLists = true): ConditionAndScope {
  let conditionKey: ConditionAndScope['conditionKey'];
  let raw: unknown;
  for (const key of CONDITION_KEYS) {
    const v = frontmatter[key];
    if (v !== undefined && v !== null) {
      raw = v;
      conditionKey = key;
      break;
    }
  }
  if (!acceptsLists && typeof raw !== 'string') raw = undefined;
  const parsedCondition = normalizeList(raw);
  const parsedScope = normalizeList(frontmatter.scope)?.flatMap(splitScope);
  const inferredScope: string[] = [];
  const condition: string[] = [];
  const globTokens: string[] = [];
  for (const token of parsedCondition ?? []) {
    if (looksLikeFileGlob(token)) {
      globTokens.push(token);
      inferredScope.push(`tool:edit(${token})`, `tool:write(${token})`);
    } else condition.push(token);
  }
  if (condition.length === 0 && inferredScope.length > 0) condition.push('.*');
  const scope = unique([...(parsedScope ?? []), ...inferredScope]);
  return {
    condition: condition.length ? unique(condition) : undefined,
    scope: scope.length ? scope : undefined,
    conditionKey,
    globTokens,
  };
}

/** A string becomes `[trimmed]`; a list keeps its trimmed non-empty strings, de-duplicated. */
export function normalizeList(value: unknown): string[] | undefined {
  if (typeof value === 'string') {
    const t = value.trim();
    return t ? [t] : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const out = unique(value.filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean));
  return out.length ? out : undefined;
}

/** Splits on commas that are not inside `()`, `[]`, `{}` or quotes. */
export function splitScope(entry: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < entry.length; i++) {
    const c = entry[i];
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(entry.slice(start, i));
      start = i + 1;
    }
  }
  out.push(entry.slice(start));
  return unique(out.map((s) => s.trim()).filter(Boolean));
}

/**
 * A condition token the agent treats as a file glob: no regex-only characters, some glob
 * magic, and a `/` or the `*.ext` form.
 */
export function looksLikeFileGlob(token: string): boolean {
  if (/[\\^$+|()]/.test(token)) return false;
  if (!/[?*[\]{}]/.test(token)) return false;
  return token.includes('/') || /^\*\.[^\s/]+$/.test(token);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
