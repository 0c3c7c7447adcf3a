/**
 * Rules in context (issue 16): `agentls/rulesForFile` (and its command twin
 * `agentls.rules.showForFile`), `agentls.rules.convert`. `agentls rules --for PATH --json`
 * prints the `RulesForFileResult` as well.
 */

/** The answer is a `RulesForFileResult`, or `null` when the file lies in no workspace folder. */
export interface RulesForFileParams {
  /** Any file of the workspace (source code included). */
  uri: string;
}

export type ActivationMode = 'always' | 'glob' | 'description' | 'ttsr' | 'manual' | 'none';

export interface RuleForFileInfo {
  name: string;
  /** Relative to `root` when under it. */
  path: string;
  mode: ActivationMode;
  /** As `AgentRuleInfo.modeInferred`: the agent's docs do not say how the rule applies, and `mode` is agentls's likeliest reading. */
  modeInferred?: true;
  /** As `AgentRuleInfo.agentMode`: the one mode of the agent's in which it sends the rule; absent: every mode. */
  agentMode?: string;
  /** As `AgentRuleInfo.offSetting`: the agent's VS Code setting that turns the rule off (on by default); `reason` says it. */
  offSetting?: string;
  /** As `AgentRuleInfo.alwaysNote`: why the agent sends the rule always where its globs scope it; `reason` says it. */
  alwaysNote?: string;
  /** The agent attaches (or offers) the rule while working on the file. */
  applies: boolean;
  /**
   * The agent attaches the rule only where the file's content matches a pattern (Continue's
   * `regex`), and agentls cannot tell whether it does: the file was not read (outside the
   * workspace, too large), a pattern ran past agentls's time cap, or the answer depends on how
   * the file reaches the agent; `applies` is false and `reason` says which. Absent where the
   * content decided, or no content test applies.
   */
  dependsOnContent?: true;
  reason: string;
  matchedGlob?: string;
  /** Estimated tokens of the body (UTF-8 bytes / 4). */
  tokens: number;
  /**
   * The folder, relative to `root`, a nested rule reaches only files under: Claude Code's memory in
   * a subfolder (`packages/api/CLAUDE.md`, `CLAUDE.local.md` there, and what they import), which
   * Claude Code loads when it reads a file in the folder, not at start; and a rule of a nested
   * `.cursor/rules` (`packages/web/.cursor/rules/web.mdc`), which Cursor attaches only while a file
   * under the folder is in context; and a rule of a nested `.windsurf/rules`, whose reach Windsurf's
   * docs do not give: there the folder is agentls's likeliest reading, and `reason` says so; and a
   * subfolder's `AGENTS.md` (`packages/api/AGENTS.md`), for work on files under it. Absent
   * for every other rule, and from older servers.
   */
  onDemandIn?: string;
}

export interface AgentRulesForFileInfo {
  /** `seed`, `xcsh`, and per-tool agents when they are modelled. */
  agent: string;
  displayName: string;
  /** Rules that apply first, then those that do not, with the reason. */
  rules: RuleForFileInfo[];
  /** Estimated tokens the agent sends in every request (always-on bodies, listings). */
  alwaysSentTokens: number;
  /**
   * Rule files of this agent's that could reach the file and that agentls did not read (too
   * large, unreadable, a link out of what it may read): whether they apply is not known, so
   * they are named, with why, never left out in silence. Absent when there is none.
   */
  notRead?: { path: string; reason: string }[];
}

export interface RulesForFileResult {
  root: string;
  /** The file, relative to `root`. */
  file: string;
  agents: AgentRulesForFileInfo[];
  /**
   * Part of this answer came from a file index still listing the workspace (its first listing,
   * or the one that checks a stored index after a restart): rules of nested `.cursor/rules`
   * folders it had not listed yet are missing, and packages' rule folders behind links it had
   * not met from `unread` and `unreadElsewhere`, whichever agents the answer covers. Absent
   * once the listing has ended.
   */
  indexing?: true;
  /**
   * Rule folders whose rules are not read, so not listed here: a link out of the workspace
   * (its tool reads it, agentls does not), a link to nothing, a folder that cannot be listed.
   * Only those whose rules could reach the file: the root's, the user-level ones, and a
   * package's whose folder holds the file. Absent when there is none.
   */
  unread?: UnreadRuleFolderInfo[];
  /**
   * How many other rule folders agentls could not read there are: packages' whose folder does
   * not hold the file, so whose rules cannot reach it (`unread` of `agentls/ruleBuckets` and
   * `agentls rules` lists them). Absent when there is none.
   */
  unreadElsewhere?: number;
  /**
   * The agents `agents` covers, when `agentls.rules.agents` (`--agents`) names a list (`xcsh`
   * for the xcsh agent under either profile). Absent under `auto`, which leaves none out.
   */
  selectedAgents?: string[];
  /**
   * `agentls rules --for --json`, and `agentls/rulesForFile` (where the file index stopped at
   * `search.maxFiles`, or past the 200 nested folders read): why the listing behind the other nested folders and
   * `unread` is not the whole workspace, in `agentls check`'s words (past the 200 nested
   * folders read too): those past it are missing, and the CLI exits 2. Absent when complete.
   */
  incomplete?: string[];
}

/** A rule folder (or the link above one) whose rules agentls could not read. */
export interface UnreadRuleFolderInfo {
  /** Relative to `root` when under it. */
  path: string;
  /** What `agentls check` reports of it: `rule/link-outside` or `rule/unreadable`; `rule/too-large` for one read in part. */
  code: string;
  /** What `agentls check` says of it. */
  message: string;
  /**
   * The folder was read in part, as far as a cap of agentls's (`rule/too-large`): the rules
   * before it are listed, those past it are not. Absent for a folder none of whose rules
   * could be read.
   */
  readInPart?: true;
}

export interface ConvertRuleParams {
  /** The rule file to convert. */
  uri: string;
  /** `cursor`, `windsurf`, `cline`, `native` or `agents`. */
  to: string;
  /** Overwrite an existing file at the target (default false). */
  overwrite?: boolean;
}
