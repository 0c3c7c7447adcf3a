import type { ActivationMode } from '../../../protocol/rulesContext';
import { displayPath } from '../../workspace/paths';
import type { RulesView } from '../view';
import type { Rule } from '../model';
import { renderRulesPrompt } from '../systemPrompt';

/**
 * "An agent's view" of one workspace folder: the rules it loads, how each is activated
 * and the glob dialect it matches paths with. Everything in `rules/context/` works on
 * this shape only, so per-tool agent models (Cursor, Windsurf, Cline, …) plug in by
 * producing one `AgentView` each; today the seed's agent (profiles `seed` and `xcsh`)
 * is the one producer (`seedAgentView`).
 */
export interface AgentView {
  /** Stable id (`seed`, `xcsh`, later `cursor`, `windsurf`, …). */
  agent: string;
  /** How messages name the agent. */
  displayName: string;
  /** The workspace folder (the agent's cwd), absolute. */
  root: string;
  rules: AgentRule[];
  dialect: GlobDialect;
  /** Text the agent sends in every request beside the always-on bodies (a rulebook listing). */
  alwaysSentExtra: { label: string; text: string }[];
  /** Files the agent sends in every request that agentls could not read (outside what it may read, too large), or whose frontmatter it did not read (its rule's mode is not known): not in the totals. */
  uncounted?: UncountedFile[];
}

export interface UncountedFile {
  /** As reports show it (relative to the folder, or under `~/`). */
  path: string;
  reason: string;
  /** A subfolder's memory (or what it imports), which loads on demand with that folder: told with the folder's rules, not in the "every request" totals. */
  folder?: string;
  /** Its size in bytes where it was too large to read (from its stat): Codex's chain still spends its limit on it (`codexChain.ts`). */
  size?: number;
}

/**
 * How a rule reaches the model (`protocol/rulesContext.ts`): `always` (the body is in every
 * request), `glob` (attached while a matching file is in play), `description` (offered to
 * the model, with `globs` as its domain), `ttsr` (injected when the output matches),
 * `manual` (only when the user names it), `none` (loaded, never shown).
 */
export type { ActivationMode };

export interface AgentRule {
  /** The rule's name in the listings: its path, or the agent's own name for it where `ownName` says so. */
  name: string;
  /** `name` is the name the agent's own UI gives the rule (Continue's: `continueRuleName`), not its path: the hover titles the rule by it. */
  ownName?: true;
  /** Absolute path of the file the agent uses. */
  path: string;
  mode: ActivationMode;
  /** The agent's docs do not say how this rule applies: `mode` is agentls's likeliest reading (`Activation`'s `inferred`). */
  inferred?: true;
  /** String globs as the agent holds them (non-strings dropped). */
  globs: string[];
  description?: string;
  /** What the agent injects when the rule applies. */
  body: string;
  /** The user-level (global) rule of a tool, as opposed to a workspace rule. */
  global: boolean;
  /**
   * For a rule of a nested rule folder (`packages/web/.cursor/rules/`), the folder holding it,
   * relative to the view's root and `/`-separated (`packages/web`): the rule reaches files
   * under it only (`nestedRules.ts`). Undefined for a rule of the root's own folders.
   */
  scope?: string;
  /**
   * Why the agent is reported never to apply this rule the way its mode says (Kiro's user-level
   * fileMatch file: `agents/kiro.ts`), a clause with its source: said in place of the mode's verdict.
   */
  notApplied?: string;
  /**
   * For an `always` rule its frontmatter scopes by globs that the agent's current clients ignore
   * (`Activation.sentAlways`: Cline 4's `paths`): the clause saying so, with what the older clients
   * did, said after the rule's verdict in every report that lists it.
   */
  alwaysNote?: string;
  /** For a `glob` rule: patterns a matched file's content must match too (`Activation.content`: Continue's `regex`). */
  content?: string[];
  /** The UTF-8 bytes of `body` the agent sends where it sends less than all of it (Codex past its limit: `codexSentBytes`); undefined: all. */
  sentBytes?: number;
  /** The file began with a UTF-8 byte order mark, not in `body`: Codex reads the file's raw bytes, so its limit counts the mark's 3 (`codexChain.ts`). Set by Codex's view alone. */
  bom?: true;
  /** The one mode of the agent's in which it sends the rule (Roo Code's `.roo/rules-code/`: `code`); undefined: every mode. */
  agentMode?: string;
  /**
   * A VS Code setting of the agent's that turns the rule off, on by default (Roo Code's root
   * AGENTS.md: `roo-cline.useAgentRules`, `agents/roo.ts`). agentls does not read VS Code's
   * settings, so the rule is told as the default has it (sent), with the setting said beside it
   * (`offSettingNote`).
   */
  offSetting?: string;
}

/** Said after how a rule with an `offSetting` applies, in every report that lists it (`agentls rules`, `--for`). */
export function offSettingNote(displayName: string, setting: string): string {
  return `read by default; ${displayName}'s setting ${setting} turns it off (agentls does not read VS Code's settings)`;
}

/**
 * How a glob rule left with no glob is said in every report that lists it (`agentls rules`,
 * `--for`): one whose globs its agent matches against no path (Continue's `globs: 42`, a
 * `regex` none of whose patterns compiles) never reaches the model.
 */
export const NO_GLOBS_NEVER_ATTACHED = 'glob rule without globs: never attached';

/** Said after the mode of a rule whose mode is `inferred`, in the reports that list it (`agentls rules`, `--for`). */
export function inferredNote(displayName: string): string {
  return `${displayName}'s docs do not say how it applies a rule like this`;
}

/**
 * Whether a rule's globs are judged against the files of this workspace (dead, broad): the one
 * place that decides it. A user-level rule (`~/.cursor/rules`, the xcsh agent's user folders,
 * Cline's global rules, `~/.claude/rules`) serves every project the user opens, so a glob of it
 * matching nothing, or nearly everything, here says nothing of the rule. What is wrong with the
 * glob itself (an unclosed `[`, commas) is the lint's (`agents/globs.ts`), for every rule alike.
 */
export function judgedAgainstWorkspace(rule: Pick<AgentRule, 'global'>): boolean {
  return !rule.global;
}

/** How an agent matches a glob against a workspace-relative, `/`-separated path. */
export interface GlobDialect {
  id: string;
  /** A glob also matches a path whose file name it matches (`*.ts` matches `src/a.ts`). */
  basename: boolean;
  nocase: boolean;
  /** Said in reports: where this behaviour is documented. */
  note: string;
}

/**
 * The seed's agent: TTSR globs match a stream's file path or its base name, case-sensitive
 * (`rules.md` §5.2); rulebook globs are only listed as the rule's domain (§6: "globs are
 * advisory only"), and the same dialect is used to say whether that domain covers a file.
 */
export const SEED_DIALECT: GlobDialect = {
  id: 'seed',
  basename: true,
  nocase: false,
  note: 'the path or the file name, case-sensitively (rules.md §5.2)',
};

/** The seed's agent (profile `seed` or `xcsh`) over today's engine view of one folder. */
export function seedAgentView(view: RulesView): AgentView {
  const placement = view.bucketResult.placement;
  // A rule whose frontmatter agentls did not read has no bucket agentls knows: told as not read, not as "no bucket".
  const uncounted: UncountedFile[] = [];
  const known = view.resolution.items.filter((rule) => {
    const reason = view.notRead.get(rule.path);
    if (reason) uncounted.push({ path: displayPath(rule.path, view.cwd, view.home), reason });
    return !reason;
  });
  const rules: AgentRule[] = known.map((rule) => {
    const bucket = placement.get(rule.name)?.bucket ?? 'none';
    const mode: ActivationMode = bucket === 'alwaysApply' ? 'always' : bucket === 'rulebook' ? 'description' : bucket === 'ttsr' ? 'ttsr' : 'none';
    return {
      name: rule.name,
      path: rule.path,
      mode,
      globs: stringGlobs(rule),
      description: typeof rule.description === 'string' && rule.description !== '' ? rule.description : undefined,
      body: rule.content,
      global: rule.source.level === 'user',
    };
  });
  const rulebook = view.bucketRules('rulebook');
  const listing = rulebook.length ? renderRulesPrompt(rulebook, [], 'default') : '';
  return {
    agent: view.profile,
    displayName: 'the xcsh agent',
    root: view.cwd,
    rules,
    dialect: SEED_DIALECT,
    alwaysSentExtra: listing ? [{ label: 'rulebook listing', text: listing }] : [],
    ...(uncounted.length ? { uncounted } : {}),
  };
}

function stringGlobs(rule: Rule): string[] {
  return (rule.globs ?? []).filter((g): g is string => typeof g === 'string' && g.trim() !== '');
}
