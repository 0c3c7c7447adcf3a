import type { AgentModel, Placement } from './agents';
import type { KeySpec } from './agents/types';
import type { FileAnalysis } from './analysis';
import { agentViews } from './context/agents';
import type { AgentRule } from './context/agentView';
import { toolFrontmatter } from './context/toolViews';
import { ruleNameHeading, xcshNameLines } from './describe';
import type { RulesEngine } from './engine';
import { describeActivation } from './lint/keyBlocks';
import { capital, show } from './lint/words';
import { foreignKeyOwner } from './toolLint/keys';

/*
 * What a hover in a rule file says for one tool the file is judged for (Cursor, Windsurf,
 * Cline, …; the xcsh agent's lines are `describe.ts`'s and `keyDocs.ts`'s). Every fact comes
 * from the tool's model in `agents/` (its keys, its activation, with their sources there),
 * or from its view (`context/toolViews.ts`), so that the hover says what the diagnostics and
 * `agentls rules --for` say of the same file.
 */

/** How the tool reads the file's frontmatter: the keys (`fm`), or why it reads none. */
export interface ToolReading {
  agent: AgentModel;
  placement: Placement;
  fm: Record<string, unknown>;
  /** The YAML does not parse and the tool then reads no key (Cline). */
  dropped: boolean;
}

/**
 * Whom a hover in rule file `p` speaks for: the tool the file belongs to when it is judged
 * for the file (`targets.ts`), and whether the xcsh agent is, or nothing else is (a list in
 * `rules.agents` naming neither: the xcsh agent's lines, as before there were targets).
 */
export function hoverAgents(engine: RulesEngine, p: string, analysis: FileAnalysis): { tool?: ToolReading; xcsh: boolean } {
  const targets = engine.targetsOf(p);
  const owner = engine.ownerOf(p);
  if (!owner || owner.agent.id === 'xcsh' || !targets.has(owner.agent.id) || !analysis.parsed) return { xcsh: true };
  const { fm, dropped } = toolFrontmatter(analysis, owner.agent);
  return { tool: { agent: owner.agent, placement: owner.placement, fm, dropped }, xcsh: targets.has('xcsh') };
}

/**
 * The hover on a rule file's first line, in Markdown: how its tool applies it (from the
 * tool's view, as `agentls rules --for` lists it), then what the xcsh agent does with the
 * name (`describe.ts`) when it is judged for the file. `always`: an agent spoken for sends
 * the rule in every request.
 */
export function ruleNameHover(engine: RulesEngine, root: string, p: string, analysis: FileAnalysis, home: string): { markdown: string; always: boolean } | undefined {
  const { tool, xcsh } = hoverAgents(engine, p, analysis);
  const name = analysis.candidate.name;
  const lines = [ruleNameHeading(name)];
  let always = false;
  if (tool) {
    const view = engine.view(root);
    const rule = view && agentViews(view).find((v) => v.agent === tool.agent.id)?.rules.find((r) => r.path === p);
    lines.push('', toolAppliesLine(tool, rule));
    always = rule?.mode === 'always';
  }
  const described = xcsh ? xcshNameLines(engine, root, name, home, p) : undefined;
  if (described) {
    lines.push(...described);
    always ||= analysis.placement?.bucket === 'alwaysApply';
  }
  return lines.length > 1 ? { markdown: lines.join('\n'), always } : undefined;
}

/** What the tool reads from frontmatter key `key`, or that it ignores it (as `rule/foreign-key` says). */
export function toolKeyLine(reading: ToolReading, key: string): string {
  const { agent, placement, fm } = reading;
  if (!placement.read) return notReadHere(reading);
  // As `frontmatter/sent-as-text` says (`sentWhole` in agents/index.ts has the sources).
  if (!placement.frontmatter) return `${agent.name} reads no frontmatter in this file: it sends the whole file, this block too, in every request.`;
  if (reading.dropped) return `${agent.name} reads none of these keys: the frontmatter is not valid YAML, so ${agent.name} reads it as none.`;
  const spec = agent.keys[key];
  if (!spec) {
    const owner = foreignKeyOwner(key);
    return owner ? `${agent.name} ignores \`${key}\`: it is ${owner}'s key.` : `${agent.name} ignores \`${key}\`: it reads only ${Object.keys(agent.keys).map((k) => `\`${k}\``).join(', ')}.`;
  }
  const value = fm[key];
  const activation = agent.activation(fm);
  const unusedGlobs = agent.globs?.key === key && activation.mode !== 'globs' ? ', so these globs do nothing' : '';
  const read = value === undefined || value === null ? '' : `: \`${show(value)}\``;
  return `${agent.name} reads \`${key}\` (${kindPhrase(spec)})${read}. In ${agent.name} this rule is ${describeActivation(activation, agent)}${unusedGlobs}.`;
}

/** Why the tool does not read the file where it is, as `rule/not-read` says it. */
function notReadHere(reading: ToolReading): string {
  return `${capital(reading.placement.why ?? `${reading.agent.name} does not read a file here`)}.`;
}

function kindPhrase(spec: KeySpec): string {
  switch (spec.kind) {
    case 'boolean':
      return 'true or false';
    case 'globs':
      return 'globs';
    case 'enum':
      return `one of ${spec.values!.join(', ')}`;
    case 'strings':
      return spec.values ? `one or a list of ${spec.values.join(', ')}` : 'text or a list of text';
    default:
      return 'text';
  }
}

/**
 * How the tool applies the rule, from its view (`rule`: the file's rule there, as
 * `agentls rules --for` lists it), with the keys that decide it; undefined `rule`: the
 * tool's view has none for the file (it does not read it).
 */
export function toolAppliesLine(reading: ToolReading, rule: AgentRule | undefined): string {
  const { agent } = reading;
  if (!rule) return reading.placement.read ? `${agent.name} loads no rule from this file.` : notReadHere(reading);
  const under = rule.scope === undefined ? '' : ` to files under ${rule.scope}/`;
  const by = decidingKeys(reading, rule);
  const from = by.length ? ` (${by.join(', ')})` : '';
  switch (rule.mode) {
    case 'always':
      return `${agent.name} applies this rule always${under}: the whole rule is in every request${from}.`;
    case 'glob':
      return rule.globs.length
        ? `${agent.name} attaches this rule while a file matching ${rule.globs.map((g) => `\`${g}\``).join(', ')} is in play${from}.`
        : `${agent.name} attaches this rule by its globs, and it has none: never${from}.`;
    case 'description':
      return `${agent.name} offers this rule's description to the model, which reads the rule when it judges it relevant${from}.`;
    case 'manual':
      // Copilot has no @-mention of an instructions file (`describeActivation`).
      return agent.id === 'copilot' ? `${agent.name} does not apply this file by itself: it is only attached by hand${from}.` : `${agent.name} applies this rule only when it is @-mentioned${from}.`;
    default:
      return `${agent.name} knows no such activation: it never attaches this rule${from}.`;
  }
}

/**
 * The keys that pick the mode, as written: the tool's switches (Windsurf's `trigger`,
 * Cursor's `alwaysApply`), then its glob key for a glob rule and `description` for one the
 * model decides on. A file the tool sends whole has none.
 */
function decidingKeys(reading: ToolReading, rule: AgentRule): string[] {
  const { agent, placement, fm } = reading;
  if (!placement.frontmatter) return [];
  const out: string[] = [];
  for (const [key, spec] of Object.entries(agent.keys)) {
    if ((spec.kind === 'enum' || spec.kind === 'boolean') && fm[key] !== undefined && fm[key] !== null) out.push(`\`${key}: ${written(fm[key])}\``);
  }
  if (rule.mode === 'glob' && agent.globs) out.push(`\`${agent.globs.key}\``);
  if (rule.mode === 'description') out.push('`description`');
  return out;
}

/** A switch's value as written (`glob`, `true`); a long or odd one as messages quote it. */
function written(value: unknown): string {
  return typeof value === 'string' && value.length <= 40 && !value.includes('`') ? value : show(value);
}
