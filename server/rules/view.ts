import { PROVIDER_PRIORITIES } from '../workspace/ruleLocations';
import { displayPath } from '../workspace/paths';
import { notReadReason, type FileAnalysis } from './analysis';
import type { Discovery } from './discovery';
import type { RuleBucketsResult, RuleInfo } from '../../protocol/rules';
import type { BucketName, Rule, RulesProfile } from './model';
import { assignBuckets, resolveRules, type BucketResult, type LoadedEntry, type Resolution } from './resolve';
import { resolvableRules, resolveRuleUrl, type RuleUrlResult } from './ruleUrl';
import { renderRulesPrompt, type PromptTemplate } from './systemPrompt';

/** What a view is made from (`RulesView.sameInputs`). */
export type ViewInputs = Pick<RulesView, 'cwd' | 'analyses' | 'disabledRules' | 'profile' | 'discovery' | 'home' | 'toolOnly'>;

/**
 * Everything the agent derives from one folder's rules, computed on demand from the
 * engine's analyses: the merge (`all`, `items`, warnings), the buckets, `rule://` and
 * the system-prompt section.
 */
export class RulesView {
  readonly resolution: Resolution;
  readonly bucketResult: BucketResult;
  /**
   * Rule files agentls did not read, or whose frontmatter it did not read, by path, with why
   * (`notReadReason`): the bucket the engine gives one (from a stand-in or `{}`) is not the one
   * the agent would, so it is in no bucket of `summary` or the agent's view, which tells it
   * as not read.
   */
  readonly notRead: ReadonlyMap<string, string>;

  constructor(
    readonly cwd: string,
    readonly analyses: readonly FileAnalysis[],
    readonly disabledRules: readonly string[],
    readonly profile: RulesProfile,
    readonly discovery: Discovery,
    /** The user's home: user-level rule paths are placed relative to it (`toolViews.ts`). */
    readonly home: string,
    /** Rule files of Cursor, Windsurf and Cline that the xcsh agent skips (ignored, links, the legacy root files) and their tool reads: in the tools' views only, never in this agent's buckets. */
    readonly toolOnly: readonly FileAnalysis[] = [],
  ) {
    const entries: LoadedEntry[] = analyses.map((a) => ({ candidate: a.candidate, rule: a.rule, readWarning: a.readWarning }));
    this.resolution = resolveRules(entries, disabledRules);
    this.bucketResult = assignBuckets(this.resolution.items, profile);
    const notRead = new Map<string, string>();
    for (const a of analyses) {
      const reason = notReadReason(a);
      if (reason) notRead.set(a.candidate.path, reason);
    }
    this.notRead = notRead;
  }

  /**
   * Whether `other`'s inputs are this view's: the engine keeps a file's analysis object while
   * the file is unchanged, so the same analyses, settings and listing give the same view, and
   * it can be kept (`RulesEngine.view`, `agentViews`) instead of resolved again.
   */
  sameInputs(other: ViewInputs): boolean {
    if (this.cwd !== other.cwd || this.profile !== other.profile || this.discovery !== other.discovery || this.home !== other.home) return false;
    if (this.disabledRules.join('\n') !== other.disabledRules.join('\n')) return false;
    return sameList(this.analyses, other.analyses) && sameList(this.toolOnly, other.toolOnly);
  }

  bucketRules(bucket: BucketName): Rule[] {
    const names = new Set(this.bucketResult.buckets[bucket]);
    return this.resolution.items.filter((r) => names.has(r.name));
  }

  /** What the agent logs (YAML fallbacks, TTSR registration). */
  get logWarnings(): string[] {
    const out: string[] = [];
    for (const a of this.analyses) {
      if (a.parsed?.fallbackUsed && a.parsed.yamlError) {
        out.push(`Failed to parse YAML frontmatter ${JSON.stringify({ err: `Failed to parse YAML frontmatter (${a.candidate.path}): YAML Parse error: ${a.parsed.yamlError.message}` })}`);
      }
    }
    return [...out, ...this.bucketResult.logWarnings];
  }

  resolveUrl(url: string): RuleUrlResult {
    return resolveRuleUrl(url, resolvableRules(this.bucketRules('rulebook'), this.bucketRules('alwaysApply')));
  }

  systemPrompt(template: PromptTemplate): string {
    return renderRulesPrompt(this.bucketRules('rulebook'), this.bucketRules('alwaysApply'), template);
  }

  /** A path as reports print it: relative to the folder when under it, else absolute. */
  display(p: string): string {
    return displayPath(p, this.cwd);
  }

  summary(): RuleBucketsResult {
    const placement = this.bucketResult.placement;
    const known = this.resolution.items.filter((r) => !this.notRead.has(r.path));
    const unknown = new Set(this.resolution.items.filter((r) => this.notRead.has(r.path)).map((r) => r.name));
    const rules = known.map((r): RuleInfo => {
      const s: RuleInfo = {
        name: r.name,
        path: this.display(r.path),
        provider: r.source.provider,
        priority: PROVIDER_PRIORITIES[r.source.provider],
        level: r.source.level,
        bucket: placement.get(r.name)?.bucket ?? 'none',
      };
      if (r.description !== undefined) s.description = r.description;
      if (r.globs !== undefined) s.globs = r.globs;
      if (r.alwaysApply !== undefined) s.alwaysApply = r.alwaysApply;
      if (r.condition !== undefined) s.condition = r.condition;
      return s;
    });
    return {
      root: this.cwd,
      profile: this.profile,
      rules,
      buckets: unknown.size ? bucketsWithout(this.bucketResult.buckets, unknown) : this.bucketResult.buckets,
      shadowed: this.resolution.all
        .filter((e) => e.shadowed && e.winner)
        .map((e) => ({ name: e.rule.name, path: this.display(e.candidate.path), provider: e.candidate.provider, shadowedBy: this.display(e.winner!.path) })),
      warnings: this.resolution.warnings,
    };
  }
}

function bucketsWithout(buckets: BucketResult['buckets'], names: ReadonlySet<string>): BucketResult['buckets'] {
  const keep = (list: string[]) => list.filter((n) => !names.has(n));
  return { ttsr: keep(buckets.ttsr), alwaysApply: keep(buckets.alwaysApply), rulebook: keep(buckets.rulebook), none: keep(buckets.none) };
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
