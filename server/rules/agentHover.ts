import * as path from 'node:path';
import type { Finding } from '../core/findings';
import { rangesIntersect } from '../core/text';
import { displayPath } from '../workspace/paths';
import { ownerOf, type AgentModel, type Placement } from './agents';
import { contentNarrowing, noFileGlobs } from './agents/globs';
import type { KeySpec, RuleDrop } from './agents/types';
import { notReadReason, type FileAnalysis } from './analysis';
import { agentViews } from './context/agents';
import { toolRuleScope } from './context/nestedRules';
import { nestedScopeHedged, SCOPE_NOT_DOCUMENTED, toFilesUnder } from './agents/nestedScope';
import type { AgentRule, AgentView } from './context/agentView';
import { droppedOr, toolFrontmatter, toolRule } from './context/toolViews';
import { ruleNameHeading, xcshNameLines } from './describe';
import type { RulesEngine } from './engine';
import { atMentioned, describeActivation } from './lint/keyBlocks';
import type { KeyEntry } from './lint/locate';
import { capital, show } from './lint/words';
import { recentToolReading } from './toolLint/recent';
import { foreignKeyOwner } from './toolLint/keys';
import { fileTargets } from './targets';

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
  /** The tool's loader sends no part of the rule (`AgentModel.ruleDropped`: Cline 4's), and why. */
  drop?: RuleDrop;
  /** The folder a nested rule reaches (`packages/web` for `packages/web/.cursor/rules/x.mdc`), relative to the workspace folder. */
  scope?: string;
  /** The tool's own lint of the file (`toolFindings`, as its diagnostics show it): a key's line says what they say of its value. */
  findings: readonly Finding[];
}

/** What a hover in a rule file speaks of: the file as read (`analysis`, where its keys are located), its rule's name, and for whom. */
export interface HoverSubject {
  analysis: FileAnalysis;
  name: string;
  tool?: ToolReading;
  xcsh: boolean;
  /**
   * How the tool reads the buffer, for a file no view lists (the third case of `hoverSubject`):
   * a tool's view is made from the files on disk, so a new file not saved yet is in none, and
   * the first line says what the tool will do with it as written, not that it loads nothing.
   */
  bufferRule?: AgentRule;
}

/**
 * The hover subject of rule file `p` (`text`: its buffer): a file the engine lists; one it
 * reads for its own tool alone (`toolOnly.ts`: ignored, a link, Cline's global rules, a
 * legacy `.cursorrules`); or a file with frontmatter the engine does not list that a tool reads where it is (Claude
 * Code's `.claude/rules`, Copilot's `.github/instructions`, Devin's `.devin/rules`, a nested
 * `.cursor/rules`), its owner decided by its path within its own workspace folder, as
 * `outsideFindings` decides it (a file of no folder, which the diagnostics judge against the
 * first folder, gets no hover), read from `text` as the tool reads it; the xcsh agent, which never
 * reads a file its discovery does not list (its `rule/not-read` says why), is not spoken for.
 * Undefined when no agent spoken for reads keys from the file.
 */
export function hoverSubject(engine: RulesEngine, p: string, text: string, agents: 'auto' | readonly string[]): HoverSubject | undefined {
  const listed = engine.analysis(p);
  if (listed) return { analysis: listed, name: listed.candidate.name, ...hoverAgents(engine, p, listed) };
  // Read by its own tool alone (`toolOnly.ts`): the engine's analysis and owner, which know Cline's
  // global folders and the files a tool sends whole; the xcsh agent skips the file, only its tool speaks.
  const only = engine.toolOnlyAnalysis(p);
  if (only) {
    const { tool } = hoverAgents(engine, p, only);
    return tool && { analysis: only, name: only.candidate.name, tool, xcsh: false };
  }
  const root = engine.ownerRoot(p);
  const place = root === undefined ? undefined : engine.toolPlace(p, root);
  const rel = place?.rel;
  const owner = place === undefined ? undefined : ownerOf(place.rel, place.places);
  // A file its tool sends whole (CLAUDE.md, AGENTS.md) has no keys, and keeps the hovers of any Markdown.
  if (!owner || owner.agent.id === 'xcsh' || !owner.placement.frontmatter) return undefined;
  const targets = fileTargets(agents, owner.agent.id, engine.workspaceHasXcsh(root));
  if (!targets.has(owner.agent.id)) return undefined;
  // The parse and lint the diagnostics made of this text (`outsideFindings`), or made here and kept for them.
  const { analysis, findings } = recentToolReading({ ...owner, path: p, text, root, targets });
  if (!analysis.parsed) return undefined;
  const { parsed, fm, dropped, sent, drop } = toolFrontmatter(analysis, owner.agent);
  // A package's own `.cursor/rules` reaches files under the package only (`nestedRules.ts` has the source); its `.windsurf/rules` most likely.
  const scope = toolRuleScope(owner.agent.id, rel);
  const name = path.basename(p).replace(/(\.instructions)?\.mdc?$/, '');
  const named = owner.agent.ruleName ? { name: owner.agent.ruleName(fm, p), ownName: true as const } : { name };
  const bufferRule = owner.placement.read ? { ...droppedOr(toolRule(analysis, parsed, owner.agent.activation(fm), sent), drop), ...named, scope } : undefined;
  return { analysis, name, tool: { ...owner, fm, dropped, drop, scope, findings }, xcsh: false, bufferRule };
}

/**
 * Whom a hover in rule file `p` speaks for: the tool the file belongs to when it is judged
 * for the file (`targets.ts`), and whether the xcsh agent is, or nothing else is (a list in
 * `rules.agents` naming neither: the xcsh agent's lines, as before there were targets).
 */
export function hoverAgents(engine: RulesEngine, p: string, analysis: FileAnalysis): { tool?: ToolReading; xcsh: boolean } {
  const targets = engine.targetsOf(p);
  const owner = engine.ownerOf(p);
  if (!owner || owner.agent.id === 'xcsh' || !targets.has(owner.agent.id)) return { xcsh: true };
  // A file too large to read has no frontmatter agentls knows: its tool is still spoken for, to say so (`ruleNameHover`).
  if (analysis.readProblem?.kind === 'too-large') return { tool: { agent: owner.agent, placement: owner.placement, fm: {}, dropped: false, findings: [] }, xcsh: targets.has('xcsh') };
  if (!analysis.parsed) return { xcsh: true };
  const { fm, dropped, drop } = toolFrontmatter(analysis, owner.agent);
  return { tool: { agent: owner.agent, placement: owner.placement, fm, dropped, drop, findings: engine.toolFindingsOf(p) ?? [] }, xcsh: targets.has('xcsh') };
}

/**
 * The hover on a rule file's first line, in Markdown: how its tool applies it (from the
 * tool's view, as `agentls rules --for` lists it; `extra`: the views of the files the engine
 * does not list, `instructionViews.ts`), then what the xcsh agent does with the name
 * (`describe.ts`) when it is judged for the file. `always`: an agent spoken for sends the
 * rule in every request. `sent`: the text the tool injects (its view's `body`: the whole file
 * where it sends the file whole, frontmatter included), so that a size said beside this hover
 * is the one `agentls/rulesForFile` gives the rule; undefined when the tool loads none.
 */
export function ruleNameHover(
  engine: RulesEngine,
  root: string,
  p: string,
  subject: HoverSubject,
  home: string,
  extra: readonly AgentView[] = [],
): { markdown: string; always: boolean; sent?: string; unread?: boolean } | undefined {
  const { analysis, tool, xcsh, name } = subject;
  const lines = [ruleNameHeading(name)];
  let always = false;
  let sent: string | undefined;
  let unread = false;
  if (tool) {
    const view = engine.view(root);
    const own = view && agentViews(view, extra).find((v) => v.agent === tool.agent.id);
    const listed = own?.rules.find((r) => r.path === p);
    // Its view could not read it (too large, a link out): "loads no rule" would be said of a file the agent reads, and a size of what agentls did not read.
    const shown = displayPath(p, root, home);
    const notRead = listed ? undefined : (own?.uncounted?.find((u) => u.path === shown)?.reason ?? notReadReason(analysis));
    unread = notRead !== undefined;
    // A buffer no view lists (not saved yet): what the tool will make of it as written.
    const rule = listed ?? (notRead ? undefined : subject.bufferRule);
    // Titled as the agent's UI lists it (Continue's `name:`), where that is its own; the xcsh agent, speaking too, names it by its file.
    if (rule?.ownName && !xcsh) lines[0] = ruleNameHeading(rule.name);
    else if (rule?.ownName) lines.push('', `${tool.agent.name} lists this rule as \`${rule.name}\`.`);
    lines.push('', notRead ? notReadLine(tool.agent.name, notRead) : toolAppliesLine(tool, rule));
    // A nested folder's rule is sent only while a file under its folder is in play, never in every request (`cost.ts` leaves it out of the totals alike).
    always = rule?.mode === 'always' && rule.scope === undefined;
    sent = rule?.body;
  }
  // The xcsh agent's bucket of a file agentls did not read is a stand-in (`analyseText`), not what the agent does with it.
  const xcshUnread = xcsh ? notReadReason(analysis) : undefined;
  if (xcshUnread !== undefined && engine.nameState(root, name)?.effective?.path === p) {
    lines.push('', notReadLine('the xcsh agent', xcshUnread));
    return { markdown: lines.join('\n'), always, sent, unread: true };
  }
  const described = xcsh ? xcshNameLines(engine, root, name, home, p) : undefined;
  if (described) {
    lines.push(...described);
    always ||= analysis.placement?.bucket === 'alwaysApply';
  }
  return lines.length > 1 ? { markdown: lines.join('\n'), always, sent, ...(unread ? { unread } : {}) } : undefined;
}

/** The first-line hover's line for an agent whose rule file agentls did not read (`reason`): neither how it applies it nor its size is known. */
function notReadLine(agent: string, reason: string): string {
  return `agentls did not read this file for ${agent} (${reason}), so how ${agent} applies it is not known here.`;
}

/**
 * The tool's findings on a key's value (`KEY_VALUE_CODES`): it ignores the value, reads it
 * otherwise than written, or knows no such value. The key's line says this, never that the
 * tool "reads" a value its diagnostic says it ignores.
 */
const KEY_VALUE_CODES = new Set(['frontmatter/wrong-type', 'frontmatter/invalid-value', 'frontmatter/invalid-glob', 'rule/foreign-key']);

/**
 * What the tool reads from the frontmatter key of `entry`, or that it ignores it (as
 * `rule/foreign-key` says); where its lint has a finding on the key's lines, what that finding says.
 */
export function toolKeyLine(reading: ToolReading, entry: Pick<KeyEntry, 'rawKey' | 'lineRange'>): string {
  const { agent, placement, fm } = reading;
  const key = entry.rawKey;
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
  // Sent by no one, or one of two files of its id (Cline 4's `rule/shadowed`): said as the diagnostic and `agentls rules` say it, never as applied.
  const replaced = reading.findings.find((f) => f.code === 'rule/shadowed')?.message;
  const notSent = reading.drop?.why ?? replaced;
  const applied = notSent !== undefined ? notSent.replace(/\.$/, '') : `In ${agent.name} this rule is ${describeActivation(activation, agent, reading.scope)}`;
  const said = [...new Set(reading.findings.filter((f) => KEY_VALUE_CODES.has(f.code) && rangesIntersect(f.range, entry.lineRange)).map((f) => f.message))];
  if (said.length) return `${said.join(' ')} ${applied}.`;
  const read = value === undefined || value === null ? '' : `: \`${show(value)}\``;
  return `${agent.name} reads \`${key}\` (${kindPhrase(spec)})${read}. ${applied}${unusedGlobs}.`;
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
  // Frontmatter that is a list or a single value: the tool reads no key, and its diagnostic says how it then applies the rule and what is documented of it.
  const shapeless = reading.findings.find((f) => f.code === 'frontmatter/not-a-mapping');
  if (shapeless) return shapeless.message;
  // A package's Windsurf rule: its scope is agentls's reading, said as a likelihood (`agents/nestedScope.ts`), as `agentls rules` says it.
  const hedged = rule.scope !== undefined && nestedScopeHedged(agent.id);
  const under = rule.scope === undefined ? '' : toFilesUnder(agent.id, rule.scope);
  const by = decidingKeys(reading, rule);
  const from = by.length ? ` (${by.join(', ')})` : '';
  // What the agent is reported to do in place of what the mode says (Kiro's user-level fileMatch file: `agents/kiro.ts`).
  if (rule.notApplied) return `${agent.name}: ${rule.notApplied}${from}.`;
  switch (rule.mode) {
    case 'always':
      // Roo Code's mode-specific rules (`.roo/rules-{mode}/`, agents/roo.ts).
      if (rule.agentMode !== undefined) return `${agent.name} applies this rule only in the ${rule.agentMode} mode: there the whole rule is in every request${from}.`;
      if (hedged) return `${agent.name} applies this rule always${under}: the whole rule is in every request that has one in play${from}.`;
      // Scoped by globs the agent's current clients ignore (Cline 4's `paths`): why it is sent all the same.
      return `${agent.name} applies this rule always${under}: the whole rule is in every request${from}${rule.alwaysNote !== undefined ? `; ${rule.alwaysNote}` : ''}.`;
    case 'glob': {
      // Every glob one the agent matches against nothing (`frontmatter/invalid-glob` says why): attached to none.
      const dead = noFileGlobs(rule.globs);
      if (dead) return `${agent.name} attaches this rule to no file${from}: ${dead}.`;
      const globs = rule.globs.map((g) => `\`${g}\``).join(', ');
      if (hedged && rule.globs.length) return `${agent.name} attaches this rule while a file matching ${globs} is in play${from}, most likely one under ${rule.scope}/ only (${SCOPE_NOT_DOCUMENTED}).`;
      // A content test beside the globs (Continue's `regex`): only a matched file that passes it.
      const narrowed = rule.content ? `, and only one with ${contentNarrowing(rule.content)}` : '';
      return rule.globs.length
        ? // A nested folder's rule reaches files under its folder only (`nestedRules.ts` has the source).
          `${agent.name} attaches this rule while a file${rule.scope === undefined ? '' : ` under ${rule.scope}/`} matching ${globs} is in play${narrowed}${from}.`
        : `${agent.name} attaches this rule by its globs, and it has none: never${from}.`;
    }
    case 'description':
      return `${agent.name} offers this rule's description to the model, which reads the rule when it judges it relevant${from}.`;
    case 'manual':
      // Windsurf's docs describe no rule without `trigger` (agents/windsurf.ts), the one rule whose manual mode is agentls's guess (`inferred`).
      if (rule.inferred) {
        return `${agent.name} most likely applies this rule only when it is @-mentioned: it has no \`trigger\`, and Windsurf's docs do not say what a rule without one does.`;
      }
      if (atMentioned(agent.id)) return `${agent.name} applies this rule only when it is @-mentioned${from}.`;
      // Copilot has no @-mention of an instructions file (`describeActivation`).
      return agent.id === 'copilot' ? `${agent.name} does not apply this file by itself: it is only attached by hand${from}.` : `${agent.name} does not apply this rule by itself${from}.`;
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
  // The key whose patterns are matched against a file's content (Continue's `regex`), where it is written: it narrows the globs, or attaches no file.
  if (rule.mode === 'glob') for (const [key, spec] of Object.entries(agent.keys)) if (spec.regex !== undefined && fm[key] !== undefined && fm[key] !== null) out.push(`\`${key}\``);
  if (rule.mode === 'description') out.push('`description`');
  return out;
}

/** A switch's value as written (`glob`, `true`); a long or odd one as messages quote it. */
function written(value: unknown): string {
  return typeof value === 'string' && value.length <= 40 && !value.includes('`') ? value : show(value);
}
