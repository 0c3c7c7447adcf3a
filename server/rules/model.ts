import type { ProviderId, RuleLevel, RulesProfile } from '../workspace/ruleLocations';

export type { ProviderId, RuleLevel, RulesProfile };

export type InterruptMode = 'never' | 'prose-only' | 'tool-only' | 'always';
export const INTERRUPT_MODES: readonly InterruptMode[] = ['never', 'prose-only', 'tool-only', 'always'];

/** Where a rule came from (`rules.md` §1 `_source`). */
export interface RuleSource {
  provider: ProviderId;
  /** Display name, as in the agent's warnings (`OMP`, `Cursor`, …). */
  providerName: string;
  level: RuleLevel;
  /** Absolute path of the file. */
  path: string;
}

/**
 * A rule as the agent holds it after its provider normalised the frontmatter
 * (`rules.md` §1–§2). Under `xcsh` every field has its canonical type; the `seed`
 * profile keeps the seed's per-provider casts, so `alwaysApply`, `description` and glob
 * elements may hold whatever the YAML gave.
 */
export interface Rule {
  name: string;
  path: string;
  content: string;
  globs?: unknown[];
  alwaysApply?: unknown;
  description?: unknown;
  /** TTSR regex sources (after glob tokens were moved into `scope`). */
  condition?: string[];
  scope?: string[];
  interruptMode?: InterruptMode;
  source: RuleSource;
}

/** A file some provider lists, in the agent's evaluation order. */
export interface RuleCandidate {
  path: string;
  provider: ProviderId;
  level: RuleLevel;
  /** The rule name derived from the file name (or fixed: `global_rules`, `clinerules`). */
  name: string;
  /** Sort key: provider rank, folder rank within the provider, then the file name (byte order, as the agent's walker sorts). */
  order: [number, number, string];
}

export type BucketName = 'ttsr' | 'alwaysApply' | 'rulebook' | 'none';

/** Where an effective rule ends up, and why (for hovers and lints). */
export interface BucketPlacement {
  bucket: BucketName;
  /** TTSR registration was attempted and failed (xcsh): the rule fell through. */
  ttsrFailure?: string;
}

export function compareOrder(a: RuleCandidate, b: RuleCandidate): number {
  return a.order[0] - b.order[0] || a.order[1] - b.order[1] || compareBytes(a.order[2], b.order[2]);
}

/** Compares two strings by their UTF-8 bytes (UTF-16 order differs only around surrogates). */
export function compareBytes(a: string, b: string): number {
  if (!/[\ud800-\uffff]/.test(a + b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
