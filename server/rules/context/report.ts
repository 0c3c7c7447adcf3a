import type { AlwaysSentInfo } from '../../../protocol/rules';
import { linePath } from '../../core/lineText';
import type { AgentRulesForFileInfo, RulesForFileResult } from '../../../protocol/rulesContext';
import { nameColumnRow, nameColumnWidth } from '../../core/columns';
import { displayPath } from '../../workspace/paths';
import { coverageLine, unreadLines } from '../report';
import type { AgentView } from './agentView';
import { agentCost, tokensText, type AgentCost } from './cost';
import { rulesForFile } from './rulesForFile';
import { insideScope } from './nestedRules';
import type { FileContent } from './fileContent';

/** Rules for one file (relative to the views' folder) from every agent's view. */
export function rulesForFileResult(views: readonly AgentView[], root: string, rel: string, content?: FileContent): RulesForFileResult {
  const agents = views.map((view): AgentRulesForFileInfo => {
    const result = rulesForFile(view, rel, content);
    // The files it loads that agentls did not read: a subfolder's (`folder`) only for a file under that folder, as its rules reach.
    const notRead = (view.uncounted ?? []).filter((u) => u.folder === undefined || insideScope(u.folder, rel) !== undefined).map((u) => ({ path: u.path, reason: u.reason }));
    return {
      agent: result.agent,
      displayName: result.displayName,
      rules: result.rules.map((r) => ({ ...r, path: shown(view, r.path, root) })),
      alwaysSentTokens: agentCost(view).totalTokens,
      ...(notRead.length ? { notRead } : {}),
    };
  });
  return { root, file: rel, agents };
}

const displayed = new WeakMap<AgentView, Map<string, string>>();

/** A rule's path as reports show it, remembered with the view. */
function shown(view: AgentView, p: string, root: string): string {
  let known = displayed.get(view);
  if (!known) displayed.set(view, (known = new Map()));
  let d = known.get(p);
  if (d === undefined) known.set(p, (d = displayPath(p, root)));
  return d;
}

/** Said under rules for a file answered while the file index was still being built. */
const INDEXING_NOTE = 'The file index is still being built: Cursor rules in nested `.cursor/rules` folders it has not reached yet are not listed.';

/**
 * Said of the rule folders agentls could not read that cannot concern the file
 * (`RulesForFileResult.unreadElsewhere`): how many, and where they are listed.
 */
function elsewhereLine(n: number | undefined, markdown: boolean): string[] {
  if (!n) return [];
  const where = markdown ? '`agentls rules` and the rule buckets report (`agentls.rules.showBuckets`) list' : '`agentls rules` lists';
  const what = n === 1 ? '1 other rule folder agentls could not read is in a package that does not hold this file, so its rules cannot reach it' : `${n} other rule folders agentls could not read are in packages that do not hold this file, so their rules cannot reach it`;
  return ['', `${what}: ${where} ${n === 1 ? 'it' : 'them'}.`];
}

/** The rules for a file as a Markdown report (`agentls.rules.showForFile`, hover). */
export function rulesForFileMarkdown(result: RulesForFileResult, brief = false): string {
  const lines = brief ? [] : [`# Rules for \`${result.file}\``, '', `Folder ${result.root}. Token sizes are estimates (UTF-8 bytes / 4).`];
  // The full report says which agents it covers, as `agentls rules --for` does; the hover stays a count and the rules that apply.
  const coverage = brief ? undefined : coverageLine(result.selectedAgents);
  if (coverage) lines.push('', coverage);
  for (const agent of result.agents) {
    const applying = agent.rules.filter((r) => r.applies);
    lines.push('', `${brief ? '**' : '## '}${capital(agent.displayName)}: ${applying.length === 1 ? '1 rule applies' : `${applying.length} rules apply`}${brief ? '**' : ''}`, '');
    for (const r of applying) lines.push(`- **${r.name}** (${tokensText(r.tokens)}) · ${r.reason} · \`${r.path}\``);
    if (applying.length === 0) lines.push('(none)');
    const others = agent.rules.filter((r) => !r.applies);
    if (!brief && others.length) {
      lines.push('', 'Not for this file:', '');
      for (const r of others) lines.push(`- ${r.name} · ${r.reason} · \`${r.path}\``);
    }
    if (!brief) for (const u of agent.notRead ?? []) lines.push(`- not read: \`${u.path}\` (${u.reason})`);
    lines.push('', `Sent in every request: ${tokensText(agent.alwaysSentTokens)}.`);
  }
  if (result.indexing) lines.push('', INDEXING_NOTE);
  // The full report only: the hover stays a count and the rules that apply.
  if (!brief) lines.push(...unreadLines(result.unread, true), ...elsewhereLine(result.unreadElsewhere, true));
  return lines.join('\n').trim() + '\n';
}

/** The rules for a file as plain text (`agentls rules --for`). */
export function rulesForFileText(result: RulesForFileResult): string {
  const lines = [`rules for ${linePath(result.file)} in ${result.root} (tokens ≈ UTF-8 bytes / 4)`];
  const coverage = coverageLine(result.selectedAgents);
  if (coverage) lines.push(coverage);
  // One name column over every agent's rules, so that the token column lines up in all of them.
  const width = nameColumnWidth(result.agents.flatMap((a) => a.rules.map((r) => linePath(r.name))));
  for (const agent of result.agents) {
    const applying = agent.rules.filter((r) => r.applies);
    lines.push('', `${capital(agent.displayName)}: ${applying.length} ${applying.length === 1 ? 'applies' : 'apply'}, ${tokensText(agent.alwaysSentTokens)} sent in every request`);
    for (const r of agent.rules) lines.push(nameColumnRow(`  ${r.applies ? '+' : '-'} `, linePath(r.name), width, `${`≈${r.tokens} tok`.padEnd(12)} ${r.reason}  (${linePath(r.path)})`));
    // In the words of the buckets' sections (`agentSectionsText`).
    for (const u of agent.notRead ?? []) lines.push(`  not read: ${linePath(u.path)} (${u.reason})`);
  }
  lines.push(...unreadLines(result.unread, false), ...elsewhereLine(result.unreadElsewhere, false));
  return lines.join('\n') + '\n';
}

/** What each agent sends in every request, for the buckets report and `agentls rules`. */
export function costLines(costs: readonly AgentCost[], budget: number | undefined, markdown: boolean): string[] {
  const lines: string[] = [];
  for (const c of costs) {
    const over = budget !== undefined && c.totalTokens > budget ? ` — over the budget of ${budget} (agentls.rules.budgetTokens)` : '';
    lines.push(`${markdown ? '- **' : '  '}${c.displayName}${markdown ? '**' : ''}: ${tokensText(c.totalTokens)} in every request${over}`);
    // Plain text is read a line at a time: a name or path with a line break in it is quoted.
    const shown = markdown ? (t: string) => t : linePath;
    for (const item of c.items) lines.push(`${markdown ? '  - ' : '    '}${shown(item.label)}: ≈${item.tokens}`);
    for (const u of c.uncounted) lines.push(`${markdown ? '  - ' : '    '}not counted: ${shown(u.path)} (${u.reason})`);
  }
  return lines;
}

/** One agent's cost as the protocol gives it (paths relative to the folder). */
export function alwaysSentInfo(c: AgentCost, root: string): AlwaysSentInfo {
  return {
    agent: c.agent,
    displayName: c.displayName,
    totalTokens: c.totalTokens,
    items: c.items.map((i) => ({ label: i.label, ...(i.path !== undefined ? { path: displayPath(i.path, root) } : {}), bytes: i.bytes, tokens: i.tokens })),
    uncounted: c.uncounted,
  };
}

export function agentCosts(views: readonly AgentView[]): AgentCost[] {
  return views.map(agentCost);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
