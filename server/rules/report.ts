import type { NestedRuleFolderInfo, NestedRuleInfo, RuleBucketsResult, RuleInfo } from '../../protocol/rules';
import type { UnreadRuleFolderInfo } from '../../protocol/rulesContext';

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
  if (rule.description !== undefined && rule.description !== '') parts.push(`"${String(rule.description).split('\n')[0]}"`);
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

/** The buckets as a Markdown report (`agentls.rules.showBuckets`). */
export function bucketsMarkdown(result: RuleBucketsResult): string {
  const coverage = coverageLine(result.selectedAgents);
  if (xcshLeftOut(result)) return [`# Rules in ${result.root}`, '', `${coverage} ${XCSH_LEFT_OUT}`].join('\n') + '\n';
  const lines = [`# Rules the xcsh agent loads in ${result.root}`, '', `Profile \`${result.profile}\`: ${result.profile === 'seed' ? 'the xcsh agent as the seed document describes it' : 'current xcsh'}.`];
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
  const lines = [`rules the xcsh agent loads in ${result.root} (profile ${result.profile})`];
  if (coverage) lines.push(coverage);
  for (const section of SECTIONS) {
    const rules = result.rules.filter((r) => r.bucket === section.bucket);
    lines.push('', `${section.title} (${rules.length}): ${section.note}`);
    for (const r of rules) lines.push(`  ${r.name.padEnd(24)} ${`${source(r.provider)}/${r.level}`.padEnd(16)} ${r.path}${detail(r) ? `  ${detail(r)}` : ''}`);
  }
  lines.push('', `Shadowed (${result.shadowed.length}): ${SHADOWED_NOTE}`);
  for (const s of result.shadowed) lines.push(`  ${s.name.padEnd(24)} ${s.path}  hidden by ${s.shadowedBy}`);
  if (result.warnings.length) {
    lines.push('', `Warnings (${result.warnings.length}):`);
    for (const w of result.warnings) lines.push(`  ${w}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * How a nested folder's rule reaches a file under its folder (`nestedRules.ts`): Cursor's
 * activation modes as its model reads them (`agents/cursor.ts`), within the folder only.
 */
function nestedHow(rule: NestedRuleInfo, folder: string): string {
  if (rule.mode === 'always') return `always, within ${folder}/`;
  if (rule.mode === 'glob') return `glob ${(rule.globs ?? []).join(', ')}`;
  if (rule.mode === 'description') return `offered by its description${rule.description ? ` "${rule.description.split('\n')[0]}"` : ''}`;
  if (rule.mode === 'manual') return `manual: only when named (@${rule.name})`;
  return rule.mode;
}

/** The title of a nested folder's section, and what it says of when its rules are sent. */
function nestedTitle(f: NestedRuleFolderInfo): { title: string; note: string } {
  return {
    title: `${f.displayName}, rules in ${f.folder}/.cursor/rules (${f.rules.length})`,
    note: `for files under ${f.folder}/ only: sent while one is in context, never in every request, so not in "Sent in every request"; the xcsh agent does not read them`,
  };
}

/** One section per nested rule folder (`RuleBucketsResult.nestedFolders`), after what each agent sends in every request; empty when there is none. */
export function nestedFoldersText(result: RuleBucketsResult, markdown: boolean): string {
  const lines: string[] = [];
  for (const f of result.nestedFolders ?? []) {
    const { title, note } = nestedTitle(f);
    if (markdown) lines.push('', `## ${title}`, '', `_${note}_`, '', ...f.rules.map((r) => `- **${r.name}** · \`${r.path}\` · ${nestedHow(r, f.folder)} · ≈${r.tokens} tokens`));
    else lines.push('', `${title}: ${note}`, ...f.rules.map((r) => `  ${r.name.padEnd(24)} ${r.path}  ${nestedHow(r, f.folder)} · ≈${r.tokens} tokens`));
  }
  if (result.indexing) lines.push('', markdown ? '_The file index is still being built: nested rule folders it has not listed yet are missing._' : 'The file index is still being built: nested rule folders it has not listed yet are missing.');
  return lines.length ? lines.join('\n') + '\n' : '';
}

/** Said above the rule folders agentls could not read (`unread` of the buckets and of the rules for a file). */
const UNREAD_NOTE = 'Rule folders agentls could not read (their rules are not listed here):';

/** The block of a rules report naming the rule folders agentls could not read, each with what check says of it; none when there is none. */
export function unreadLines(unread: readonly UnreadRuleFolderInfo[] | undefined, markdown: boolean): string[] {
  if (!unread?.length) return [];
  if (markdown) return ['', UNREAD_NOTE, '', ...unread.map((u) => `- \`${u.path}\`: ${u.message}`)];
  return ['', UNREAD_NOTE, ...unread.map((u) => `  ${u.path}: ${u.message}`)];
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
