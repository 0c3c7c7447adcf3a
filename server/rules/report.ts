import type { AgentRuleInfo, AgentRulesInfo, NestedRuleFolderInfo, RuleBucketsResult, RuleInfo } from '../../protocol/rules';
import { linePath } from '../core/lineText';
import type { UnreadRuleFolderInfo } from '../../protocol/rulesContext';
import { nameColumnRow, nameColumnWidth } from '../core/columns';
import { quotedShort } from '../core/shortText';
import { inferredNote, NO_GLOBS_NEVER_ATTACHED, offSettingNote } from './context/agentView';
import { tokensText } from './context/cost';
import { agentModel, type AgentId } from './agents';
import { contentNarrowing, noFileGlobs } from './agents/globs';
import { atMentioned } from './lint/keyBlocks';
import { NESTED_TOOL_FOLDERS, nestedScopeHedged } from './context/nestedRules';
import { nestedOnDemand } from './agents/nestedScope';

const SECTIONS: { bucket: RuleInfo['bucket']; title: string; note: string }[] = [
  { bucket: 'alwaysApply', title: 'Always-apply', note: 'the whole rule is in every prompt' },
  { bucket: 'rulebook', title: 'Rulebook', note: 'listed by name and description; the model reads rule://NAME when it applies' },
  { bucket: 'ttsr', title: 'TTSR', note: 'injected when the model\'s output matches the condition' },
  // Every bucket is the xcsh agent's; "never shown" is true of it alone (Windsurf applies its own glob rule).
  { bucket: 'none', title: 'No bucket', note: 'the xcsh agent loads these but never shows them to its model' },
];

/** A provider as listings name it: the xcsh agent's own folders as `xcsh`, the others by their tool. */
function source(provider: string): string {
  return provider === 'native' ? 'xcsh' : provider === 'agents' ? 'xcsh .agents' : provider;
}

function detail(rule: RuleInfo): string {
  const parts: string[] = [];
  if (rule.description !== undefined && rule.description !== '') parts.push(quotedShort(String(rule.description).split('\n')[0]));
  if (rule.globs?.length) parts.push(`globs ${rule.globs.map(String).join(', ')}`);
  if (rule.condition?.length) parts.push(`condition ${rule.condition.map((c) => `/${c}/`).join(' ')}`);
  return parts.join(' · ');
}

/**
 * Which agents a report covers when the selection names a list (`selectedAgents`): said at its
 * top, so that an agent left out is not taken for one without rules.
 */
export function coverageLine(selected: readonly string[] | undefined): string | undefined {
  return selected && `Agents shown: ${selected.join(', ')} (as agentls.rules.agents / --agents selects them; agents not named are left out).`;
}

/** Where the selection leaves the xcsh agent out, its buckets are not shown (they are empty in the result). */
function xcshLeftOut(result: RuleBucketsResult): boolean {
  return result.selectedAgents !== undefined && !result.selectedAgents.includes('xcsh');
}

/** Whose reading a shadowed file misses: another tool's same-named file is still read by that tool. */
const SHADOWED_NOTE = 'the xcsh agent never reads these files: a same-named rule wins';

const XCSH_LEFT_OUT = "The xcsh agent is not among them: its buckets are not shown.";

/** Said under the buckets' header where the workspace has no `.xcsh` (`noXcshFolder`): its user most likely runs other agents, whose sections follow. */
const NO_XCSH_FOLDER = 'This workspace has no .xcsh folder: the buckets below are what the xcsh agent would load if it ran here.';

/**
 * Where the workspace has no `.xcsh` (`noXcshFolder`) and the xcsh agent would load nothing
 * from it, its empty buckets are not listed: the project runs other agents, whose sections
 * follow (`shownViews` in `context/agents.ts` leaves it out of the totals the same way).
 */
function xcshIdle(result: RuleBucketsResult): boolean {
  return result.noXcshFolder === true && result.rules.length === 0 && result.shadowed.length === 0 && result.warnings.length === 0;
}

/** The buckets as a Markdown report (`agentls.rules.showBuckets`). */
export function bucketsMarkdown(result: RuleBucketsResult): string {
  const coverage = coverageLine(result.selectedAgents);
  if (xcshLeftOut(result)) return [`# Rules in ${result.root}`, '', `${coverage} ${XCSH_LEFT_OUT}`].join('\n') + '\n';
  if (xcshIdle(result)) return `# Rules in ${result.root}\n`;
  const lines = [`# Rules the xcsh agent loads in ${result.root}`, '', ...(result.noXcshFolder ? [NO_XCSH_FOLDER, ''] : []), `Profile \`${result.profile}\`: ${result.profile === 'seed' ? 'the xcsh agent as the seed document describes it' : 'current xcsh'}.`];
  if (coverage) lines.push('', coverage);
  for (const section of SECTIONS) {
    const rules = result.rules.filter((r) => r.bucket === section.bucket);
    lines.push('', `## ${section.title} (${rules.length})`, '', `_${section.note}_`, '');
    if (rules.length === 0) lines.push('(none)');
    for (const r of rules) lines.push(`- **${r.name}** · ${source(r.provider)} (${r.level}) · \`${r.path}\`${detail(r) ? ` · ${detail(r)}` : ''}`);
  }
  lines.push('', `## Shadowed (${result.shadowed.length})`, '', `_${SHADOWED_NOTE}_`, '');
  if (result.shadowed.length === 0) lines.push('(none)');
  for (const s of result.shadowed) lines.push(`- **${s.name}** · \`${s.path}\` (${source(s.provider)}) hidden by \`${s.shadowedBy}\``);
  lines.push('', `## Warnings (${result.warnings.length})`, '', '_the xcsh agent produces these and drops them_', '');
  if (result.warnings.length === 0) lines.push('(none)');
  for (const w of result.warnings) lines.push(`- ${w}`);
  return lines.join('\n') + '\n';
}

/** The buckets as plain text (`agentls rules`). */
export function bucketsText(result: RuleBucketsResult): string {
  const coverage = coverageLine(result.selectedAgents);
  if (xcshLeftOut(result)) return `rules in ${result.root}\n${coverage} ${XCSH_LEFT_OUT}\n`;
  if (xcshIdle(result)) return `rules in ${result.root}\n`;
  const lines = [`rules the xcsh agent loads in ${result.root} (profile ${result.profile})`, ...(result.noXcshFolder ? [NO_XCSH_FOLDER] : [])];
  if (coverage) lines.push(coverage);
  const width = nameColumnWidth([...result.rules, ...result.shadowed].map((r) => linePath(r.name)));
  for (const section of SECTIONS) {
    const rules = result.rules.filter((r) => r.bucket === section.bucket);
    lines.push('', `${section.title} (${rules.length}): ${section.note}`);
    for (const r of rules) lines.push(nameColumnRow('  ', linePath(r.name), width, `${`${source(r.provider)}/${r.level}`.padEnd(16)} ${linePath(r.path)}${detail(r) ? `  ${detail(r)}` : ''}`));
  }
  lines.push('', `Shadowed (${result.shadowed.length}): ${SHADOWED_NOTE}`);
  for (const s of result.shadowed) lines.push(nameColumnRow('  ', linePath(s.name), width, `${linePath(s.path)}  hidden by ${linePath(s.shadowedBy)}`));
  if (result.warnings.length) {
    lines.push('', `Warnings (${result.warnings.length}):`);
    for (const w of result.warnings) lines.push(`  ${w}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * How an agent applies one of its rules (`AgentRuleInfo.mode`, from its model in `agents/`),
 * to every file of the workspace, or for a nested folder's rule (`folder`) to the files under
 * that folder only (`nestedRules.ts`).
 */
function howApplied(rule: AgentRuleInfo, agent: string, displayName: string, folder?: string): string {
  // Reported never applied as its mode says (Kiro's, `kiroNotApplied`): said in place of the mode's verdict, as `agentls rules --for` says it; a glob rule's globs kept.
  if (rule.notApplied !== undefined) return rule.mode === 'glob' && (rule.globs ?? []).length ? `glob ${(rule.globs ?? []).join(', ')}: ${rule.notApplied}` : rule.notApplied;
  if (rule.mode === 'always') {
    // A rule of one of the agent's modes (Roo Code's `.roo/rules-{mode}/`, agents/roo.ts).
    if (rule.agentMode !== undefined) return `always, only in the ${rule.agentMode} mode`;
    if (folder === undefined) return 'always, in every request';
    if (nestedOnDemand(agent)) return `on demand, within ${folder}/`;
    // Windsurf's docs do not say what a package's rules reach (`nestedRules.ts`): the scope is agentls's reading.
    return nestedScopeHedged(agent) ? `always, most likely within ${folder}/` : `always, within ${folder}/`;
  }
  if (rule.mode === 'glob') {
    // As `agentls rules --for` says it (`rulesForFile.ts`): a rule with no glob, or whose every glob matches nothing, is never attached.
    if ((rule.globs ?? []).length === 0) return NO_GLOBS_NEVER_ATTACHED;
    const dead = noFileGlobs(rule.globs ?? []);
    if (dead) return `glob ${(rule.globs ?? []).join(', ')}: never attached: ${dead}`;
    // A content test beside the globs (Continue's `regex`): attached only to the matched files that pass it.
    return rule.content ? `glob ${(rule.globs ?? []).join(', ')}, only for a matched file with ${contentNarrowing(rule.content)}` : `glob ${(rule.globs ?? []).join(', ')}`;
  }
  if (rule.mode === 'description') return `offered by its description${rule.description ? ` ${quotedShort(rule.description.split('\n')[0])}` : ''}`;
  if (rule.mode === 'manual') {
    const how = atMentioned(agent) ? `manual: only when named (@${rule.name})` : 'manual: never applied automatically';
    // A mode the agent's docs do not give (`modeInferred`) is said as a likelihood, as the hover says it (`toolAppliesLine`).
    return rule.modeInferred ? `most likely ${how}; ${inferredNote(displayName)}` : how;
  }
  // As `agentls rules --for` says it (`rulesForFile.ts`).
  if (rule.mode === 'none') return `no activation ${displayName} knows: never applied`;
  return rule.mode;
}

/** A section of one agent's rules: its title, what it says of them, and the rules each with how it applies. */
interface RuleSection {
  title: string;
  note: string;
  agent: string;
  displayName: string;
  rules: readonly AgentRuleInfo[];
  folder?: string;
  /** Files of the section agentls could not read (a subfolder's memory), each told after its rules. */
  unread?: readonly { path: string; reason: string }[];
}

/** The section of an agent's own rules (`RuleBucketsResult.agentRules`): the title counts its user-level ones, which are no file of the workspace. */
function agentSection(a: AgentRulesInfo): RuleSection {
  const user = a.rules.filter((r) => r.level === 'user').length;
  return {
    ...a,
    title: `${a.displayName}, rules for the whole workspace (${a.rules.length}${user ? `, ${user} of them user-level` : ''})`,
    note: agentModel(a.agent as AgentId).plural
      ? `how ${a.displayName} apply each; those "always" are in their "Sent in every request" total`
      : `how ${a.displayName} applies each; those "always" are in its "Sent in every request" total`,
  };
}

/**
 * The names of the context files of a package's Gemini CLI section (`GEMINI.md`, or those
 * `context.fileName` gives: `AGENTS.md and GEMINI.md`), in the order listed; a file one of them
 * imports, listed by a name of its own (`x.md (imported by …)`), is not one.
 */
function geminiContextNames(f: NestedRuleFolderInfo): string {
  const names = [...new Set(f.rules.filter((r) => r.name === r.path).map((r) => r.path.slice(r.path.lastIndexOf('/') + 1)))];
  if (names.length === 0) return 'GEMINI.md';
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The section of a nested folder, and what it says of when its rules are sent. */
function nestedSection(f: NestedRuleFolderInfo, xcshShown: boolean): RuleSection {
  const notXcsh = xcshShown ? '; the xcsh agent does not read them' : '';
  if (f.onDemand) {
    // Claude Code's memory in a subfolder (`nestedClaude.ts` has the source), or Gemini CLI's GEMINI.md there (`nestedGemini.ts`).
    return {
      ...f,
      title: `${f.displayName}, ${f.agent === 'gemini' ? geminiContextNames(f) : 'memory'} in ${f.folder}/ (${f.rules.length})`,
      note: `loaded when ${f.displayName} reads files in ${f.folder}/, not at start, so not in "Sent in every request"${notXcsh}`,
    };
  }
  if (f.agent === 'agents-md' || f.agent === 'codex') {
    // A subfolder's AGENTS.md (`nestedAgentsMd.ts` has the sources: agents.md, and Codex's guide); Codex's may be its AGENTS.override.md.
    return {
      ...f,
      title: `${f.displayName}, ${f.agent === 'codex' ? 'instructions' : 'AGENTS.md'} in ${f.folder}/ (${f.rules.length})`,
      note: `for work on files under ${f.folder}/ only${f.agent === 'codex' ? ' (Codex reads it when started there or below)' : ''}, with the AGENTS.md files above it, the nearest taking precedence where they conflict; so not in "Sent in every request"${notXcsh}`,
    };
  }
  const title = `${f.displayName}, rules in ${f.folder}/${NESTED_TOOL_FOLDERS[f.agent] ?? '.cursor/rules'} (${f.rules.length})`;
  if (nestedScopeHedged(f.agent)) {
    // Windsurf's docs (`nestedRules.ts`) say it discovers the folder, not which files its rules reach: said as a likelihood.
    return {
      ...f,
      title,
      note: `${f.displayName} discovers this folder, but its docs do not say which files its rules reach: most likely files under ${f.folder}/ only, as Cursor's nested rules, so not in "Sent in every request"${notXcsh}`,
    };
  }
  return { ...f, title, note: `for files under ${f.folder}/ only: sent while one is in context, never in every request, so not in "Sent in every request"${notXcsh}` };
}

/** Said after the path of a user-level rule: its `~/` path alone does not say the rule follows the user into every project. */
const USER_LEVEL = '(user-level, every project)';

/** The name cell of a rule's row in plain text: its path once where its agent names it by its path, a user-level rule's marked as such. */
function nameCell(r: AgentRuleInfo): string {
  return r.name === r.path && r.level === 'user' ? `${linePath(r.name)} ${USER_LEVEL}` : linePath(r.name);
}

/**
 * One section's lines; a rule its agent names by its path (Claude Code's, Copilot's) shows the
 * path once, a user-level rule's marked as such. `width`: the plain text's name column, one over all sections.
 */
function sectionLines(s: RuleSection, markdown: boolean, width: number): string[] {
  // A rule a setting of the agent's turns off (Roo Code's root AGENTS.md) is told as its default has it, with the setting.
  // A rule sent always though globs scope it (Cline 4 ignoring `paths`) says why, and what the older clients did.
  const off = (r: AgentRuleInfo) => (r.offSetting !== undefined ? `; ${offSettingNote(s.displayName, r.offSetting)}` : '') + (r.alwaysNote !== undefined ? `; ${r.alwaysNote}` : '');
  const how = (r: AgentRuleInfo) => `${howApplied(r, s.agent, s.displayName, s.folder)}${off(r)} · ${tokensText(r.tokens)}`;
  const mark = (r: AgentRuleInfo) => (r.level === 'user' ? ` ${USER_LEVEL}` : '');
  const unread = s.unread ?? [];
  if (markdown) {
    const rows = s.rules.map((r) => `- **${r.name}**${r.name === r.path ? mark(r) : ''} · ${r.name === r.path ? '' : `\`${r.path}\`${mark(r)} · `}${how(r)}`);
    return ['', `## ${s.title}`, '', `_${s.note}_`, '', ...rows, ...unread.map((u) => `- not read: \`${u.path}\` (${u.reason})`)];
  }
  return ['', `${s.title}: ${s.note}`, ...s.rules.map((r) => nameColumnRow('  ', nameCell(r), width, `${r.name === r.path ? '' : `${linePath(r.path)}${mark(r)}  `}${how(r)}`)), ...unread.map((u) => `  not read: ${linePath(u.path)} (${u.reason})`)];
}

/**
 * One section per agent with rules here (`RuleBucketsResult.agentRules`), then one per nested rule
 * folder (`nestedFolders`), after what each agent sends in every request; empty when there is none.
 */
export function agentSectionsText(result: RuleBucketsResult, markdown: boolean): string {
  // The xcsh agent is named only where the report speaks for it (selected, and not idle).
  const xcshShown = !xcshLeftOut(result) && !xcshIdle(result);
  const sections = [...(result.agentRules ?? []).map(agentSection), ...(result.nestedFolders ?? []).map((f) => nestedSection(f, xcshShown))];
  // One name column over every section, so that the agents' rows line up with each other.
  const width = nameColumnWidth(sections.flatMap((s) => s.rules.map(nameCell)));
  const lines = sections.flatMap((s) => sectionLines(s, markdown, width));
  if (result.indexing) lines.push('', markdown ? '_The file index is still being built: nested rule folders it has not listed yet are missing._' : 'The file index is still being built: nested rule folders it has not listed yet are missing.');
  return lines.length ? lines.join('\n') + '\n' : '';
}

/** Said above the rule folders agentls could not read (`unread` of the buckets and of the rules for a file). */
const UNREAD_NOTE = 'Rule folders agentls could not read (their rules are not listed here):';
/** Said above those it read up to a cap (`readInPart`): their first rules are listed, so "not listed" would be wrong of them. */
const IN_PART_NOTE = 'Rule folders agentls read only in part (the rules past what it reads are not listed here):';

/**
 * The blocks of a rules report naming the rule folders agentls could not read, then those it
 * read only in part, each with what check says of it; none when there is none.
 */
export function unreadLines(unread: readonly UnreadRuleFolderInfo[] | undefined, markdown: boolean): string[] {
  const block = (note: string, folders: readonly UnreadRuleFolderInfo[]) => {
    if (!folders.length) return [];
    if (markdown) return ['', note, '', ...folders.map((u) => `- \`${u.path}\`: ${u.message}`)];
    return ['', note, ...folders.map((u) => `  ${linePath(u.path)}: ${u.message}`)];
  };
  const all = unread ?? [];
  return [...block(UNREAD_NOTE, all.filter((u) => !u.readInPart)), ...block(IN_PART_NOTE, all.filter((u) => u.readInPart))];
}

/** `unreadLines` as the closing block of the buckets report and `agentls rules`: empty when there is none. */
export function unreadFoldersText(result: RuleBucketsResult, markdown: boolean): string {
  const lines = unreadLines(result.unread, markdown);
  return lines.length ? lines.join('\n') + '\n' : '';
}

/**
 * The last line of a rules report whose nested folders are not all there (`incomplete` of
 * `RuleBucketsResult` and `RulesForFileResult`, one reason a gap); empty when they are.
 */
export function incompleteLine(gaps: readonly string[], markdown: boolean): string {
  if (!gaps.length) return '';
  const line = `Incomplete: ${gaps.join('; ')}: rule folders past that are not listed here.`;
  return `\n${markdown ? `_${line}_` : line}\n`;
}

/** The system-prompt section as a Markdown report (`agentls.rules.showSystemPrompt`). */
export function systemPromptMarkdown(root: string, profile: string, template: string, text: string): string {
  return [`# Rules section of the system prompt`, '', `Folder ${root}, profile \`${profile}\`, template \`${template}\`. The xcsh agent renders exactly this (empty when no rule is always-apply or in the rulebook):`, '', '````markdown', text, '````', ''].join('\n');
}
