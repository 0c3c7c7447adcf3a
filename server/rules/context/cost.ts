import type { AgentRule, AgentView, UncountedFile } from './agentView';

/**
 * What rules cost in the context window.
 *
 * Tokens are an estimate: UTF-8 bytes / 4, rounded up. That is the usual rule of thumb
 * for English prose and code under the BPE tokenizers agents use (OpenAI's tokenizer
 * guide gives "about 4 characters a token"); real counts differ by model, by ±25% on
 * typical rule files. A real tokenizer from npm would tie the estimate to one model's
 * vocabulary and ship megabytes of tables, so agentls states the estimate instead.
 */
export function estimateTokens(text: string): number {
  return tokensOfBytes(Buffer.byteLength(text, 'utf8'));
}

export function tokensOfBytes(bytes: number): number {
  return Math.ceil(bytes / 4);
}

/** An estimate as the reports write it: `≈1 token`, `≈12 tokens`. */
export function tokensText(tokens: number): string {
  return `≈${tokens} token${tokens === 1 ? '' : 's'}`;
}

export interface CostItem {
  label: string;
  /** Rule file, when the item is one rule's body. */
  path?: string;
  /** UTF-8 bytes of the text sent. */
  bytes: number;
  tokens: number;
}

/** What one agent sends in every request, and what that costs. */
export interface AgentCost {
  agent: string;
  displayName: string;
  /** Always-on bodies (workspace and global), then listings. */
  items: CostItem[];
  totalTokens: number;
  /** Tokens of each rule body, by rule name (any mode), for hovers and hints. */
  perRule: Map<string, number>;
  /** Sent, but not read by agentls (and not in the total). */
  uncounted: UncountedFile[];
}

const costs = new WeakMap<AgentView, AgentCost>();

/** What an agent sends in every request (kept with the view: views are rebuilt when rules change). */
export function agentCost(view: AgentView): AgentCost {
  const known = costs.get(view);
  if (known) return known;
  const cost = computeCost(view);
  costs.set(view, cost);
  return cost;
}

function computeCost(view: AgentView): AgentCost {
  const items: CostItem[] = [];
  const perRule = new Map<string, number>();
  for (const rule of view.rules) {
    const bytes = sentBytes(rule);
    perRule.set(rule.name, tokensOfBytes(bytes));
    // A nested folder's always-on rule is sent only while a file under its folder is in play (`nestedRules.ts`).
    // So is a rule of one of the agent's modes (Roo Code's `.roo/rules-code/`): only in that mode.
    if (inEveryRequest(rule)) items.push({ label: `${rule.name}${rule.global ? ' (global)' : ''}`, path: rule.path, bytes, tokens: tokensOfBytes(bytes) });
  }
  for (const extra of view.alwaysSentExtra) {
    const bytes = Buffer.byteLength(extra.text, 'utf8');
    items.push({ label: extra.label, bytes, tokens: tokensOfBytes(bytes) });
  }
  return { agent: view.agent, displayName: view.displayName, items, totalTokens: items.reduce((n, i) => n + i.tokens, 0), perRule, uncounted: (view.uncounted ?? []).filter((u) => u.folder === undefined) };
}

/** The UTF-8 bytes the agent sends of a rule's text: all of it, but where it cuts the text (`AgentRule.sentBytes`). */
export function sentBytes(rule: AgentRule): number {
  return rule.sentBytes ?? Buffer.byteLength(rule.body, 'utf8');
}

/** The tokens of what the agent sends of a rule (`sentBytes`). */
export function sentTokens(rule: AgentRule): number {
  return tokensOfBytes(sentBytes(rule));
}

/** An always-on rule of the root's (no nested folder) and of every mode of the agent's. */
function inEveryRequest(rule: AgentRule): boolean {
  return rule.mode === 'always' && rule.scope === undefined && rule.agentMode === undefined;
}
