import { PROVIDER_DISPLAY_NAMES } from '../workspace/ruleLocations';
import { isTruthy } from './build';
import type { BucketName, BucketPlacement, Rule, RuleCandidate, RulesProfile } from './model';
import { registerTtsr } from './ttsr';

/** A listed file after reading: its rule, or why the agent could not read it. */
export interface LoadedEntry {
  candidate: RuleCandidate;
  rule?: Rule;
  /** The agent's warning when the read failed (the file contributes no rule). */
  readWarning?: string;
}

export interface MergedEntry {
  candidate: RuleCandidate;
  rule: Rule;
  shadowed: boolean;
  /** The entry that won the name, for shadowed ones. */
  winner?: RuleCandidate;
}

/** `loadCapability("rules")` (`rules.md` §4). */
export interface Resolution {
  /** Every rule in order, shadowed ones marked. */
  all: MergedEntry[];
  /** Survivors of dedup and validation, in order. */
  items: Rule[];
  /** Winners removed by validation, with the reason (their name disappears). */
  invalid: { entry: MergedEntry; reason: string }[];
  /** Rules dropped by `disabledRules` before dedup. */
  disabled: RuleCandidate[];
  warnings: string[];
}

/** Whether a rule is switched off by the `disabledRules` setting (`name` or `rule:name`). */
export function isRuleDisabled(name: string, disabledRules: readonly string[]): boolean {
  return disabledRules.includes(name) || disabledRules.includes(`rule:${name}`);
}

/** Merge in order, drop disabled rules, dedup by name (first wins), then validate the survivors. */
export function resolveRules(entries: readonly LoadedEntry[], disabledRules: readonly string[]): Resolution {
  const out: Resolution = { all: [], items: [], invalid: [], disabled: [], warnings: [] };
  const winners = new Map<string, RuleCandidate>();
  for (const entry of entries) {
    if (entry.readWarning) {
      out.warnings.push(`[${PROVIDER_DISPLAY_NAMES[entry.candidate.provider]}] ${entry.readWarning}`);
      continue;
    }
    const rule = entry.rule;
    if (!rule) continue;
    if (isRuleDisabled(rule.name, disabledRules)) {
      out.disabled.push(entry.candidate);
      continue;
    }
    const winner = winners.get(rule.name);
    if (winner) {
      out.all.push({ candidate: entry.candidate, rule, shadowed: true, winner });
      continue;
    }
    winners.set(rule.name, entry.candidate);
    out.all.push({ candidate: entry.candidate, rule, shadowed: false });
  }
  for (const entry of out.all) {
    if (entry.shadowed) continue;
    const reason = validationProblem(entry.rule);
    if (reason) {
      out.invalid.push({ entry, reason });
      out.warnings.push(`[${entry.rule.source.providerName}] Invalid item at ${entry.rule.path}: ${reason}`);
    } else out.items.push(entry.rule);
  }
  return out;
}

/** Why the agent's validation drops a rule, or undefined. */
export function validationProblem(rule: Rule): string | undefined {
  if (!rule.name) return 'Missing rule name';
  if (!rule.path) return 'Missing rule path';
  if (typeof rule.content !== 'string' || rule.content === '') return 'Rule must have content';
  return undefined;
}

export interface BucketResult {
  buckets: Record<BucketName, string[]>;
  placement: Map<string, BucketPlacement>;
  /** What the agent logs while registering TTSR rules. */
  logWarnings: string[];
}

/** The bucket loop of `createAgentSession` (`rules.md` §5) under the given profile. */
export function assignBuckets(items: readonly Rule[], profile: RulesProfile): BucketResult {
  const result: BucketResult = { buckets: { ttsr: [], alwaysApply: [], rulebook: [], none: [] }, placement: new Map(), logWarnings: [] };
  const registered = new Set<string>();
  for (const rule of items) {
    const placement = placeRule(rule, profile, registered);
    result.logWarnings.push(...placement.logWarnings);
    result.buckets[placement.bucket].push(rule.name);
    result.placement.set(rule.name, { bucket: placement.bucket, ttsrFailure: placement.ttsrFailure });
  }
  return result;
}

/**
 * One rule's bucket. `xcsh`: TTSR only when registration succeeds, then always-apply
 * (`=== true`), then rulebook (truthy description). `seed`: any condition means TTSR;
 * rulebook needs a falsy `alwaysApply` as well as a truthy description.
 */
export function placeRule(rule: Rule, profile: RulesProfile, registered: Set<string>): BucketPlacement & { logWarnings: string[] } {
  const logWarnings: string[] = [];
  let ttsrFailure: string | undefined;
  if (rule.condition?.length) {
    if (profile === 'seed') return { bucket: 'ttsr', logWarnings };
    const registration = registerTtsr(rule, registered);
    logWarnings.push(...registration.logWarnings);
    if (registration.ok) {
      registered.add(rule.name);
      return { bucket: 'ttsr', logWarnings };
    }
    ttsrFailure = registration.failure;
  }
  if (rule.alwaysApply === true) return { bucket: 'alwaysApply', ttsrFailure, logWarnings };
  const describedEnough = profile === 'seed' ? !isTruthy(rule.alwaysApply) && isTruthy(rule.description) : isTruthy(rule.description);
  if (describedEnough) return { bucket: 'rulebook', ttsrFailure, logWarnings };
  return { bucket: 'none', ttsrFailure, logWarnings };
}
