import type { RuleBucketsResult, RuleInfo } from '../../protocol/rules';

const SECTIONS: { bucket: RuleInfo['bucket']; title: string; note: string }[] = [
  { bucket: 'alwaysApply', title: 'Always-apply', note: 'the whole rule is in every prompt' },
  { bucket: 'rulebook', title: 'Rulebook', note: 'listed by name and description; the model reads rule://NAME when it applies' },
  { bucket: 'ttsr', title: 'TTSR', note: 'injected when the model\'s output matches the condition' },
  { bucket: 'none', title: 'No bucket', note: 'loaded, but never shown to the model' },
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

/** The buckets as a Markdown report (`agentls.rules.showBuckets`). */
export function bucketsMarkdown(result: RuleBucketsResult): string {
  const lines = [`# Rules the xcsh agent loads in ${result.root}`, '', `Profile \`${result.profile}\`: ${result.profile === 'seed' ? 'the xcsh agent as the seed document describes it' : 'current xcsh'}.`];
  for (const section of SECTIONS) {
    const rules = result.rules.filter((r) => r.bucket === section.bucket);
    lines.push('', `## ${section.title} (${rules.length})`, '', `_${section.note}_`, '');
    if (rules.length === 0) lines.push('(none)');
    for (const r of rules) lines.push(`- **${r.name}** · ${source(r.provider)} (${r.level}) · \`${r.path}\`${detail(r) ? ` · ${detail(r)}` : ''}`);
  }
  lines.push('', `## Shadowed (${result.shadowed.length})`, '', '_the xcsh agent never reads these files: a same-named rule wins_', '');
  if (result.shadowed.length === 0) lines.push('(none)');
  for (const s of result.shadowed) lines.push(`- **${s.name}** · \`${s.path}\` (${source(s.provider)}) hidden by \`${s.shadowedBy}\``);
  lines.push('', `## Warnings (${result.warnings.length})`, '', '_the xcsh agent produces these and drops them_', '');
  if (result.warnings.length === 0) lines.push('(none)');
  for (const w of result.warnings) lines.push(`- ${w}`);
  return lines.join('\n') + '\n';
}

/** The buckets as plain text (`agentls rules`). */
export function bucketsText(result: RuleBucketsResult): string {
  const lines = [`rules the xcsh agent loads in ${result.root} (profile ${result.profile})`];
  for (const section of SECTIONS) {
    const rules = result.rules.filter((r) => r.bucket === section.bucket);
    lines.push('', `${section.title} (${rules.length}): ${section.note}`);
    for (const r of rules) lines.push(`  ${r.name.padEnd(24)} ${`${source(r.provider)}/${r.level}`.padEnd(16)} ${r.path}${detail(r) ? `  ${detail(r)}` : ''}`);
  }
  lines.push('', `Shadowed (${result.shadowed.length}): never read`);
  for (const s of result.shadowed) lines.push(`  ${s.name.padEnd(24)} ${s.path}  hidden by ${s.shadowedBy}`);
  if (result.warnings.length) {
    lines.push('', `Warnings (${result.warnings.length}):`);
    for (const w of result.warnings) lines.push(`  ${w}`);
  }
  return lines.join('\n') + '\n';
}

/** The system-prompt section as a Markdown report (`agentls.rules.showSystemPrompt`). */
export function systemPromptMarkdown(root: string, profile: string, template: string, text: string): string {
  return [`# Rules section of the system prompt`, '', `Folder ${root}, profile \`${profile}\`, template \`${template}\`. The xcsh agent renders exactly this (empty when no rule is always-apply or in the rulebook):`, '', '````markdown', text, '````', ''].join('\n');
}
