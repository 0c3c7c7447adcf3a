import type { RuleForFileInfo } from '../../../protocol/rulesContext';
import { contentNarrowing, noFileGlobs } from '../agents/globs';
import { inferredNote, NO_GLOBS_NEVER_ATTACHED, offSettingNote, type AgentRule, type AgentView } from './agentView';
import { estimateTokens } from './cost';
import { CODEX_LIMIT, codexSharesFor, type CodexShare } from './codexChain';
import { formatCount } from '../../core/limits';
import { dialectMatcher } from './globMatcher';
import { insideScope, NESTED_TOOL_FOLDERS, nestedScopeHedged, scopedPaths } from './nestedRules';
import { nestedOnDemand, SCOPE_NOT_DOCUMENTED } from '../agents/nestedScope';
import { continueContent } from '../agents/continueContent';
import type { FileContent } from './fileContent';

/** One rule of one agent, and whether and why it reaches a file (`path` absolute here). */
export type RuleForFile = RuleForFileInfo;

export interface AgentRulesForFile {
  agent: string;
  displayName: string;
  rules: RuleForFile[];
}

/**
 * The rules an agent attaches to a file (`rel`: relative to the agent's folder,
 * `/`-separated) and why. Rules that never reach it come after, with the reason.
 */
export function rulesForFile(view: AgentView, rel: string, content?: FileContent): AgentRulesForFile {
  const applying: RuleForFile[] = [];
  const others: RuleForFile[] = [];
  // Codex's shares of the files it joins for this one: a file it sends none of is no nearer file taking precedence.
  const shares = view.agent === 'codex' ? codexSharesFor(view.rules, view.uncounted ?? [], (scope) => scope === undefined || (rel !== '' && insideScope(scope, rel) !== undefined)) : undefined;
  const sent = (r: AgentRule) => shares?.get(r)?.sent !== 0;
  const nearest = byFolder(view) ? nearestAgentsMd(view.rules.filter(sent), rel) : undefined;
  const entries = view.rules.map((rule) => withAlwaysNote(rule, withOffSetting(rule, explain(rule, rel, view, nearest, content), view)));
  const told = shares ? entries.map((entry, i) => codexLimited(view.rules[i], entry, shares.get(view.rules[i]))) : entries;
  for (const entry of told) (entry.applies ? applying : others).push(entry);
  return { agent: view.agent, displayName: view.displayName, rules: [...applying, ...others] };
}

/**
 * The AGENTS.md nearest to a file among those that reach it (the root's, and those of the
 * folders above it: `nestedAgentsMd.ts`), when more than one does: agents.md says "the closest
 * AGENTS.md to the edited file wins" where they conflict, and Codex joins them root first so
 * that nearer ones, later, override earlier guidance (its AGENTS.md guide). `rules`: those the
 * agent sends (not Codex's past its limit); a global file (Codex's home's) is no folder's and
 * never the nearest. O(rules × path length).
 */
function nearestAgentsMd(rules: readonly AgentRule[], rel: string): AgentRule | undefined {
  const reaching = rules.filter((r) => !r.global && (r.scope === undefined || (rel !== '' && scopedPaths(r, rel) !== undefined)));
  if (reaching.length < 2) return undefined;
  return reaching.reduce((a, b) => ((b.scope?.length ?? -1) > (a.scope?.length ?? -1) ? b : a));
}

/** The AGENTS.md readers and Codex: one file per folder, each reaching the files under its folder (`nestedAgentsMd.ts`). */
function byFolder(view: AgentView): boolean {
  return view.agent === 'agents-md' || view.agent === 'codex';
}

/** What an AGENTS.md's reason says of a file sent whole (`explain`). */
const WHOLE = /the whole (file is in context|rule is in every request)/;

/**
 * Codex's entry for a rule where the files it joins for this file (those reaching it, root
 * first) pass its `project_doc_max_bytes` (`share`: `codexChain.ts` has the source): the file
 * reaching the limit is said to be sent only in part, its tokens those of the part sent, and a
 * file after it not to be sent at all. Linear in the part sent.
 */
function codexLimited(rule: AgentRule, entry: RuleForFile, share: CodexShare | undefined): RuleForFile {
  if (!share) return entry;
  const before = share.before ? `after ${share.before}` : 'alone';
  if (share.sent === 0) return { ...entry, applies: false, reason: `not sent: Codex would read it for this file, but the files before it, ${share.before}, already reach ${CODEX_LIMIT}` };
  const part = `Codex sends only its first ${formatCount(share.sent)} of its ${formatCount(share.bytes)} bytes (${before}, the files it joins reach ${CODEX_LIMIT}), and does not say so`;
  // In place of what the entry says of a file sent whole, the precedence after it kept.
  const reason = WHOLE.test(entry.reason) ? entry.reason.replace(WHOLE, part) : `${entry.reason}; ${part}`;
  return { ...entry, tokens: estimateTokens(rule.body.slice(0, share.cut)), reason };
}

/** A rule sent always though globs scope it (`AgentRule.alwaysNote`: Cline 4 ignoring `paths`): why, said after the reason. */
function withAlwaysNote(rule: AgentRule, entry: RuleForFile): RuleForFile {
  if (rule.alwaysNote === undefined || !entry.applies) return entry;
  return { ...entry, alwaysNote: rule.alwaysNote, reason: `${entry.reason}; ${rule.alwaysNote}` };
}

/** A rule a setting of the agent's turns off (Roo Code's root AGENTS.md: `AgentRule.offSetting`): told as its default has it, the setting said after the reason. */
function withOffSetting(rule: AgentRule, entry: RuleForFile, view: AgentView): RuleForFile {
  if (rule.offSetting === undefined) return entry;
  return { ...entry, offSetting: rule.offSetting, reason: `${entry.reason}; ${offSettingNote(view.displayName, rule.offSetting)}` };
}

/** Said after an AGENTS.md's reason for a file more than one reaches: which of them takes precedence. */
function precedence(rule: AgentRule, nearest: AgentRule | undefined): string {
  if (!nearest) return '';
  return rule === nearest ? '; the nearest AGENTS.md to this file: it takes precedence where they conflict' : `; ${nearest.name} is nearer to this file and takes precedence where they conflict`;
}

/** Compiled globs of each rule, kept while its view lives (views are rebuilt when rules change). */
const matchers = new WeakMap<AgentRule, { glob: string; match: (p: string) => boolean }[]>();

/** The first glob matching the file: for a nested folder's rule, on the path from its holder or from the root (`nestedRules.ts`). */
function firstMatch(rule: AgentRule, paths: readonly string[], view: AgentView): string | undefined {
  let list = matchers.get(rule);
  if (!list) {
    list = rule.globs.map((glob) => ({ glob, match: dialectMatcher(glob, view.dialect) }));
    matchers.set(rule, list);
  }
  for (const m of list) if (paths.some((p) => m.match(p))) return m.glob;
  return undefined;
}

/**
 * A glob-matched rule that Continue attaches only where the file's content matches its `regex`
 * (`continueContent` has the source): attached or not by the text agentls read; where that was
 * not read, was stopped, or the answer depends on how the file reaches Continue, not attached
 * and `dependsOnContent`, the reason saying why.
 */
function byContent(base: Omit<RuleForFile, 'applies' | 'reason'>, matched: string, patterns: readonly string[], content: FileContent): RuleForFile {
  const glob = `glob \`${matched}\` matched`;
  const shown = patterns.map((p) => `\`${p}\``).join(' or ');
  const verdict = 'unread' in content ? { depends: `agentls did not read this file (${content.unread})` } : continueContent(patterns, content);
  if ('depends' in verdict) return { ...base, applies: false, dependsOnContent: true, reason: `${glob}, and attached only if the content Continue holds for the file matches ${shown} (the rule's \`regex\`): ${verdict.depends}` };
  if (verdict.attached) return { ...base, applies: true, reason: `${glob}, and its content matches \`${verdict.pattern}\` (the rule's \`regex\`): attached while this file is in play` };
  return { ...base, applies: false, reason: `${glob}, but its content matches no pattern of the rule's \`regex\` (${shown}): never attached to it` };
}

function explain(rule: AgentRule, rel: string, view: AgentView, nearest?: AgentRule, content?: FileContent): RuleForFile {
  const paths = rel === '' ? undefined : scopedPaths(rule, rel);
  // Claude Code's memory in a subfolder, and what it imports (`nestedClaude.ts` has the source); Gemini CLI's GEMINI.md there (`nestedGemini.ts`).
  const onDemandIn = nestedOnDemand(view.agent) ? rule.scope : undefined;
  // Its folder is said of every nested rule: Claude Code's memory there, and a nested `.cursor/rules`' rule, which Cursor attaches
  // only while a file under that folder is in context (Cursor's "Rules" docs, as `nestedFolders.ts` quotes them).
  const said = rule.scope !== undefined ? { onDemandIn: rule.scope } : {};
  // Windsurf's docs say it discovers a package's rules, not which files they reach (`nestedRules.ts`): its scope is said as a likelihood.
  const hedged = rule.scope !== undefined && nestedScopeHedged(view.agent);
  if (rule.scope !== undefined && !paths) {
    const folder = `${rule.scope}/${NESTED_TOOL_FOLDERS[view.agent] ?? '.cursor/rules'}`;
    const reason =
      onDemandIn !== undefined
        ? `in ${onDemandIn}/: ${view.displayName} loads it only when it reads files in ${onDemandIn}/`
        : byFolder(view)
          ? `in ${rule.scope}/: ${view.displayName} ${view.agent === 'codex' ? 'applies' : 'apply'} it only to files under ${rule.scope}/`
          : hedged
          ? `in ${folder}: ${view.displayName} most likely applies it only to files under ${rule.scope}/ (${SCOPE_NOT_DOCUMENTED})`
          : `in ${folder}: ${view.displayName} applies it only to files under ${rule.scope}/`;
    return { name: rule.name, path: rule.path, mode: rule.mode, tokens: estimateTokens(rule.body), applies: false, reason, ...said };
  }
  const matched = paths ? firstMatch(rule, paths, view) : undefined;
  const base = { name: rule.name, path: rule.path, mode: rule.mode, ...(rule.inferred ? { modeInferred: true as const } : {}), ...(rule.agentMode !== undefined ? { agentMode: rule.agentMode } : {}), tokens: estimateTokens(rule.body), matchedGlob: matched, ...said };
  const globList = rule.globs.map((g) => `\`${g}\``).join(', ');
  if (rule.notApplied) return { ...base, applies: false, reason: rule.notApplied };
  switch (rule.mode) {
    case 'always':
      if (onDemandIn !== undefined) return { ...base, applies: true, reason: `loaded when ${view.displayName} reads files in ${onDemandIn}/, not at start: from then on the whole file is in its context` };
      // A subfolder's AGENTS.md (`nestedAgentsMd.ts`): Codex reads it when started in its folder or below.
      if (byFolder(view) && rule.scope !== undefined) {
        return { ...base, applies: true, reason: `for work on files under ${rule.scope}/${view.agent === 'codex' ? ' (Codex reads it when started there or below)' : ''}: the whole file is in context${precedence(rule, nearest)}` };
      }
      if (byFolder(view)) return { ...base, applies: true, reason: `always: the whole rule is in every request${precedence(rule, nearest)}` };
      // Roo Code's mode-specific rules (`.roo/rules-{mode}/`, agents/roo.ts).
      if (rule.agentMode !== undefined) return { ...base, applies: true, reason: `only in the ${rule.agentMode} mode: there the whole rule is in every request` };
      if (hedged) return { ...base, applies: true, reason: `always, most likely for files under ${rule.scope}/ (${SCOPE_NOT_DOCUMENTED}): the whole rule is in every request that has one in play` };
      if (rule.scope !== undefined) return { ...base, applies: true, reason: `always, for files under ${rule.scope}/: the whole rule is in every request that has one in play` };
      return { ...base, applies: true, reason: 'always: the whole rule is in every request' };
    case 'glob': {
      // Every glob one the agent matches against nothing (`frontmatter/invalid-glob` says why): no file is ever matched.
      const dead = noFileGlobs(rule.globs);
      if (dead) return { ...base, applies: false, reason: `never attached: ${dead}` };
      if (!matched) return { ...base, applies: false, reason: rule.globs.length ? `globs ${globList} do not match this file` : NO_GLOBS_NEVER_ATTACHED };
      // A content test beside the globs (Continue's `regex`): decided by the file's text where agentls has it.
      if (rule.content && content) return byContent(base, matched, rule.content, content);
      const narrowed = rule.content ? `, if it has ${contentNarrowing(rule.content)}` : '';
      return { ...base, applies: true, reason: `glob \`${matched}\` matched: attached while this file is in play${narrowed}` };
    }
    case 'description':
      if (matched) return { ...base, applies: true, reason: `description offered to the model, and its domain \`${matched}\` covers this file` };
      if (rule.globs.length === 0) return { ...base, applies: true, reason: 'description offered to the model, which reads the rule when it judges it relevant' };
      return { ...base, applies: false, reason: `offered to the model for its domain ${globList}, which does not cover this file` };
    case 'ttsr':
      if (rule.globs.length === 0 || matched) {
        return { ...base, applies: true, reason: `injected when the model's output matches its condition${matched ? ` while editing a path matching \`${matched}\`` : ''}` };
      }
      return { ...base, applies: false, reason: `injected only for paths matching ${globList}` };
    case 'manual':
      // A mode the agent's docs do not give is said as a likelihood, as `agentls rules` says it (`report.ts`).
      if (rule.inferred) return { ...base, applies: false, reason: `most likely manual only: attached when the user names it; ${inferredNote(view.displayName)}` };
      return { ...base, applies: false, reason: 'manual only: attached when the user names it' };
    default:
      // The xcsh agent loads such a rule into no bucket; another tool does not know how to activate it.
      return { ...base, applies: false, reason: view.agent === 'seed' || view.agent === 'xcsh' ? 'in no bucket: the xcsh agent loads it but never shows it' : `no activation ${view.displayName} knows: never attached` };
  }
}
