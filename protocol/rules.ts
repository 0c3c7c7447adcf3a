/**
 * The rules domain's custom requests (`lsp.md` §4): `agentls/ruleBuckets`,
 * `agentls/systemPrompt`, `agentls/resolveRule`. `agentls rules --json` prints the
 * `RuleBucketsResult` as well.
 */

export type RuleBucket = 'ttsr' | 'alwaysApply' | 'rulebook' | 'none';

export interface RuleBucketsParams {
  /** A document or folder URI: picks the workspace folder (default the first). */
  uri?: string;
}

/** One effective rule (after dedup and validation). Paths are relative to `root` when under it. */
export interface RuleInfo {
  name: string;
  path: string;
  provider: 'native' | 'agents' | 'cursor' | 'windsurf' | 'cline';
  priority: number;
  level: 'user' | 'project';
  bucket: RuleBucket;
  /** As the agent holds it: a string, except where the seed profile keeps other types. */
  description?: unknown;
  globs?: unknown[];
  alwaysApply?: unknown;
  condition?: string[];
}

export interface ShadowedRuleInfo {
  name: string;
  path: string;
  provider: string;
  /** The file that wins the name. */
  shadowedBy: string;
}

export interface RuleBucketsResult {
  /** The workspace folder (the agent's cwd), absolute. */
  root: string;
  profile: 'seed' | 'xcsh';
  rules: RuleInfo[];
  buckets: Record<RuleBucket, string[]>;
  shadowed: ShadowedRuleInfo[];
  /** The agent's discovery warnings (it drops them; agentls shows them). */
  warnings: string[];
}

export interface SystemPromptParams {
  uri?: string;
  /** `default` (Markdown section, the default) or `custom` (the `<rules>` block). */
  template?: 'default' | 'custom';
}

export interface SystemPromptResult {
  text: string;
}

export interface ResolveRuleParams {
  /** `rule://NAME`. */
  url: string;
  /** Picks the workspace folder (default the first). */
  uri?: string;
}

export interface ResolveRuleResult {
  name: string;
  /** Absolute path of the rule file. */
  path: string;
  content: string;
}
