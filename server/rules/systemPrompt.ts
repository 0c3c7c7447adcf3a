import type { Rule } from './model';

/**
 * The rules part of the agent's system prompt (`rules.md` §6), in its two templates:
 * `default` (a Markdown `# Rules` section) and `custom` (a `<rules>` block), each after
 * the raw content of the always-apply rules. Names and descriptions go in unescaped; the
 * agent's post-render formatter is applied to the result.
 */
export type PromptTemplate = 'default' | 'custom';

export function renderRulesPrompt(rulebook: readonly Rule[], alwaysApply: readonly Pick<Rule, 'content'>[], template: PromptTemplate): string {
  const lines: string[] = [];
  for (const rule of alwaysApply) lines.push(rule.content);
  if (rulebook.length > 0) {
    if (template === 'default') {
      lines.push('', '# Rules', '', 'Domain-specific rules from past experience. **MUST** read `rule://<name>` when working in their territory.');
      for (const rule of rulebook) {
        lines.push(`## ${rule.name} (Domain: ${(rule.globs ?? []).map(String).join(', ')})`, '', String(rule.description));
      }
    } else {
      lines.push('Rules are local constraints.', 'You **MUST** read `rule://<name>` when working in that domain.', '<rules>');
      rulebook.forEach((rule, i) => {
        if (i > 0) lines.push('');
        lines.push(`<rule name="${rule.name}">`, String(rule.description));
        for (const glob of rule.globs ?? []) lines.push(`<glob>${String(glob)}</glob>`);
        lines.push('</rule>');
      });
      lines.push('</rules>');
    }
  }
  return formatPrompt(lines.join('\n'));
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
const OPENING_TAG = /^\s*<[A-Za-z][\w.-]*(?:\s[^<>]*)?>\s*$/;
const CLOSING_TAG = /^\s*<\/[A-Za-z][\w.-]*>\s*$/;

/**
 * The agent's post-render clean-up: right-trims lines outside code fences, collapses
 * runs of blank lines, drops blank lines before list items, after an opening XML tag and
 * before a closing one, and removes blank lines at the ends.
 */
export function formatPrompt(text: string): string {
  const lines = text.split('\n');
  let inFence = false;
  const trimmed = lines.map((line) => {
    const isFence = /^\s*(```|~~~)/.test(line);
    const out = inFence && !isFence ? line : line.trimEnd();
    if (isFence) inFence = !inFence;
    return out;
  });
  const nextNonBlank: (string | undefined)[] = new Array(trimmed.length);
  let upcoming: string | undefined;
  for (let i = trimmed.length - 1; i >= 0; i--) {
    nextNonBlank[i] = upcoming;
    if (trimmed[i] !== '') upcoming = trimmed[i];
  }
  const out: string[] = [];
  for (let i = 0; i < trimmed.length; i++) {
    const line = trimmed[i];
    if (line !== '') {
      out.push(line);
      continue;
    }
    const previous = out[out.length - 1];
    const next = nextNonBlank[i];
    if (previous === undefined || previous === '') continue;
    if (next === undefined) continue;
    if (LIST_ITEM.test(next) || CLOSING_TAG.test(next)) continue;
    if (OPENING_TAG.test(previous) && !previous.trimEnd().endsWith('/>')) continue;
    out.push('');
  }
  return out.join('\n');
}
