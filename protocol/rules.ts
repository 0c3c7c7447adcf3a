/**
 * The rules domain's custom requests (the README's "Requests and their commands"): `agentls/ruleBuckets`,
 * `agentls/systemPrompt`, `agentls/resolveRule`. `agentls rules --json` prints the
 * `RuleBucketsResult` as well.
 */

import type { ActivationMode, UnreadRuleFolderInfo } from './rulesContext';

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
  /**
   * What each agent sends in every request: the xcsh agent, then each tool whose rules are
   * here (Cursor, Windsurf, Cline, Claude Code, GitHub Copilot, AGENTS.md readers), as
   * `agentls.rules.agents` selects them. Absent from servers older than this field.
   */
  alwaysSent?: AlwaysSentInfo[];
  /**
   * Rule folders below the workspace folder that only another agent reads, each scoped to the
   * folder holding it: Cursor's nested `.cursor/rules` (`packages/web/.cursor/rules/`), then
   * Claude Code's memory in subfolders (`packages/api/CLAUDE.md`, `onDemand`), then subfolders'
   * `AGENTS.md` (`agent: "agents-md"`), nearest the root first. Not in `rules`, `buckets` or
   * `alwaysSent`: the xcsh agent does not read them, Cursor sends them only while a file under the
   * folder is in context, Claude Code loads its memory there when it reads a file in the folder, and
   * a subfolder's AGENTS.md is for work on files under it. Absent from
   * servers older than this field.
   */
  nestedFolders?: NestedRuleFolderInfo[];
  /**
   * Each agent's own rules here, but the xcsh agent's (its are `rules`, by bucket): Cursor,
   * Windsurf, Cline, Claude Code, GitHub Copilot, AGENTS.md readers, in the order of
   * `alwaysSent`, as `agentls.rules.agents` selects them, each rule with how that agent
   * applies it (as `agentls/rulesForFile` judges it for one file). The workspace folder's
   * own rules and the user-level ones the agent reads; a nested folder's are in
   * `nestedFolders`. An agent with none of these is left out. Absent from servers older
   * than this field.
   */
  agentRules?: AgentRulesInfo[];
  /**
   * The workspace folder has no `.xcsh` folder, so its user most likely does not run the xcsh
   * agent: `rules` and `buckets` are what that agent would load if it ran here. Only under
   * `agentls.rules.agents` `auto`; a list naming `xcsh` asks for them. Absent otherwise.
   */
  noXcshFolder?: true;
  /**
   * Part of this answer came from a file index still listing the workspace (its first listing,
   * or the one that checks a stored index after a restart): nested rule folders it had not
   * listed yet are missing from `nestedFolders`, and packages' rule folders behind links it had
   * not met from `unread`, whichever agents the answer covers. Absent once the listing has
   * ended (and from the CLI).
   */
  indexing?: true;
  /**
   * The agents this answer covers, when `agentls.rules.agents` (`--agents`) names a list
   * (`xcsh` for the xcsh agent under either profile): `alwaysSent` and `nestedFolders` hold
   * theirs alone, and where the list leaves the xcsh agent out, `rules`, `buckets`,
   * `shadowed` and `warnings` are empty. Absent under `auto`, which leaves none out.
   */
  selectedAgents?: string[];
  /**
   * Why the listing behind `nestedFolders` is not the whole workspace (`agentls rules --json`;
   * from the language server, also `the file index stopped at N files (setting
   * agentls.search.maxFiles)`), in `agentls check`'s words (`stopped listing . after 200000 files`, `cannot
   * read folder …`, `stopped reading nested .cursor/rules folders after 200, nearest the root
   * first`): folders past it are missing, and the CLI exits 2. Absent when complete.
   */
  incomplete?: string[];
  /**
   * Rule folders whose rules are not read, so in none of the above: the root's, the
   * user-level ones and the packages' (a link out of the workspace or to nothing, a folder
   * that cannot be listed, a file or a named pipe where the folder goes), each with what
   * `agentls check` says of it, as `agentls/rulesForFile` gives them. Absent when there is none.
   */
  unread?: UnreadRuleFolderInfo[];
}

/** One nested rule folder and the rules in it. */
export interface NestedRuleFolderInfo {
  /** `cursor`. */
  agent: string;
  displayName: string;
  /** The folder holding the rule folder, relative to `root`, `/`-separated (`packages/web`): its rules reach files under it only. */
  folder: string;
  rules: NestedRuleInfo[];
  /**
   * Claude Code's memory files of `folder` (`CLAUDE.md`, `CLAUDE.local.md` and what they
   * import), not a rule folder: loaded when Claude Code reads a file in the folder, not at
   * start. Absent for Cursor's nested `.cursor/rules`, and from older servers.
   */
  onDemand?: true;
  /**
   * Files of `folder` agentls did not read (binary, too large, unreadable; a nested `.cursor/rules`
   * file past the files agentls reads of those folders), each with why: they load only with the
   * folder's, so they are told here, never under "sent in every request". Absent when there is
   * none, and from older servers.
   */
  unread?: { path: string; reason: string }[];
}

/** One agent's own rules (`RuleBucketsResult.agentRules`). */
export interface AgentRulesInfo {
  /** `cursor`, `windsurf`, `cline`, `claude`, `copilot`, `agents-md`. */
  agent: string;
  displayName: string;
  rules: AgentRuleInfo[];
}

/** A rule as an agent applies it: to any file of the workspace, or (`NestedRuleInfo`) to the files under its folder. */
export interface AgentRuleInfo {
  /** As the agent names it: Cursor, Windsurf and Cline by the file's name (within a nested rule folder, its path there) without its extension; Claude Code, Copilot and AGENTS.md readers by its path. */
  name: string;
  /** Relative to `root` when under it. */
  path: string;
  /** How the agent applies it: `always` (in every request), `glob`, `description` (offered to the model), `manual` (only when the user names it), `none` (an activation the agent does not know: never). */
  mode: ActivationMode;
  /**
   * Set where the agent's docs do not say how the rule applies, and `mode` is agentls's
   * likeliest reading (a Windsurf rule without `trigger`: `manual`); absent where the docs say.
   */
  modeInferred?: true;
  /** The one mode of the agent's in which it sends the rule (Roo Code's `.roo/rules-code/`: `code`); absent: every mode. */
  agentMode?: string;
  /**
   * The agent's VS Code setting that turns the rule off, on by default (Roo Code's root
   * `AGENTS.md`, else `AGENT.md`: `roo-cline.useAgentRules`). agentls does not read VS Code's
   * settings: `mode` is what the default does. Absent for a rule no setting turns off.
   */
  offSetting?: string;
  /**
   * For an `always` rule whose frontmatter scopes it by globs that the agent's current clients
   * ignore (Cline 4 and the Cline CLI ignore `paths`): the clause saying so, with what the older
   * clients did. Absent elsewhere.
   */
  alwaysNote?: string;
  /** The globs of a `glob` rule. */
  globs?: string[];
  /**
   * For a `glob` rule, regular expressions a matched file's content must match too, one at least
   * (Continue's `regex`): the agent attaches the rule only to such a file. agentls does not read
   * file contents, so it does not say which files pass. Absent where there is no such test.
   */
  content?: string[];
  description?: string;
  /**
   * Why the agent is reported never to apply the rule the way `mode` says, with its source (a
   * Kiro fileMatch steering file of the user's `~/.kiro/steering`, or an `inclusion: auto` one
   * without a description): as `agentls rules --for` says it. Absent for a rule applied as `mode` says.
   */
  notApplied?: string;
  /** Estimated tokens of the body (UTF-8 bytes / 4). */
  tokens: number;
  /** `user`: a user-level rule (Cline's global rules, `~/.claude/CLAUDE.md`, Windsurf's `global_rules.md`), read in every project the user opens; `project`: the workspace's own. As `RuleInfo.level`. */
  level: 'user' | 'project';
}

/** A rule of a nested rule folder: its `mode` is how the tool applies it to a file under that folder; its `name`, its path inside the rule folder. */
export type NestedRuleInfo = AgentRuleInfo;

/** One agent's always-sent text; tokens are estimates (UTF-8 bytes / 4, rounded up per item). */
export interface AlwaysSentInfo {
  /** `seed`, `xcsh`, `cursor`, `windsurf`, `cline`, `claude`, `copilot`, `agents-md`. */
  agent: string;
  displayName: string;
  totalTokens: number;
  /** Always-on rule bodies and files, then listings the agent adds. */
  items: { label: string; /** Relative to `root` when under it. */ path?: string; bytes: number; tokens: number }[];
  /** Files the agent sends that agentls did not read (outside what it may read, too large; or their frontmatter, so how the agent applies them is not known): not in the total. */
  uncounted: { path: string; reason: string }[];
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
