import * as path from 'node:path';
import { lineBreakOf, withLineBreak } from '../../core/text';
import { frontmatterNotRead, parseFrontmatter, TOOL_READING } from '../frontmatter';
import { agentModel, type AgentId } from '../agents';
import { globList } from '../agents/shared';
import { projectRuleFolders } from '../../workspace/ruleLocations';

/**
 * A rule written for one tool, rewritten for another: the activation is read from the
 * source tool's keys and written with the target's. Facts about each tool's keys:
 * - Cursor `.mdc`: `alwaysApply`, `globs` (a list, or one string Cursor splits at commas),
 *   `description`; none of them means manual (docs.cursor.com/context/rules, "Rule types";
 *   the four combinations as Cursor's rule editor writes them: forum.cursor.com/t/67535).
 * - Windsurf: `trigger: always_on | glob | model_decision | manual`, with `globs` and
 *   `description` (docs.windsurf.com/windsurf/cascade/memories, "Activation modes"). A file
 *   without `trigger` is not documented; it is read from its other keys here.
 * - Cline: `paths` (a list of globs) makes a rule conditional; without it a rule is loaded for
 *   every request, and Cline has no description-based or manual mode
 *   (docs.cline.bot/features/cline-rules/conditional-rules: "paths is the supported condition").
 * - The seed's agent (`.xcsh`, `.agents`): Cursor's keys, `globs` only as a list (rules.md §2.1).
 */
export type RuleTool = 'cursor' | 'windsurf' | 'cline' | 'native' | 'agents';
export const RULE_TOOLS: readonly RuleTool[] = ['cursor', 'windsurf', 'cline', 'native', 'agents'];

/** How messages name each tool. */
export const TOOL_NAMES: Record<RuleTool, string> = { cursor: 'Cursor', windsurf: 'Windsurf', cline: 'Cline', native: 'xcsh', agents: 'Agents' };

export type ToolActivation = 'always' | 'glob' | 'description' | 'manual';

export interface Activation {
  mode: ToolActivation;
  globs: string[];
  description?: string;
}

export interface ParsedRuleFile {
  activation: Activation;
  /** Why its activation is not known: agentls did not read its frontmatter (`frontmatterNotRead`), so `activation` is made from `{}`. */
  notRead?: string;
  /** The body as the tools read it: after the frontmatter, trimmed. */
  body: string;
}

/** The agent model that reads each tool's files (`rules/agents/`): its activation is the one source of truth. */
const READER: Record<RuleTool, AgentId> = { cursor: 'cursor', windsurf: 'windsurf', cline: 'cline', native: 'xcsh', agents: 'xcsh' };

/**
 * Reads a rule file's activation as the source tool's agent model does (lenient: the
 * agent's fallback parser runs on broken YAML). Globs and description are carried
 * whatever the mode, for a target that reads them. Where the model gives no mode the
 * author's keys decide: a Windsurf `trigger` it does not know, and an xcsh rule with
 * globs only (the xcsh agent never attaches a rule by globs, so by its model the rule is
 * manual; the globs say what its author meant for tools that do).
 */
export function readRuleFile(text: string, tool: RuleTool): ParsedRuleFile {
  // Each tool reads its own file (a BOM before --- is skipped by the tools, not by the xcsh agent).
  const parsed = parseFrontmatter(text, 'xcsh', READER[tool] === 'xcsh' ? {} : TOOL_READING);
  const fm = parsed.frontmatter as Record<string, unknown>;
  const description = typeof fm.description === 'string' && fm.description.trim() !== '' ? fm.description : undefined;
  const body = parsed.body.trim();
  const model = agentModel(READER[tool]);
  const globs = model.globs ? globList(fm[model.globs.key], model.globs.commaSeparated).map((g) => g.trim()) : [];
  const read = model.activation(fm);
  const byKeys: ToolActivation = globs.length ? 'glob' : description ? 'description' : 'always';
  let mode: ToolActivation;
  if (read.mode === 'globs') mode = 'glob';
  else if (read.mode === 'unknown') mode = byKeys;
  else if (read.mode === 'manual' && READER[tool] === 'xcsh' && globs.length) mode = 'glob';
  else mode = read.mode;
  const notRead = frontmatterNotRead(parsed);
  return { activation: { mode, globs, description }, body, ...(notRead ? { notRead } : {}) };
}

export interface Conversion {
  text: string;
  /** What the target tool cannot express (said to the user). */
  lost: string[];
}

/**
 * `text` (a `tool` rule file) with `body` in place of its own, its frontmatter kept as
 * written, line ends included: the copy of a rule keeps the activation its tool was given.
 */
export function replaceBody(text: string, tool: RuleTool, body: string): string {
  const { layout } = parseFrontmatter(text, 'xcsh', READER[tool] === 'xcsh' ? {} : TOOL_READING);
  if (!layout.block) return `${body}\n`;
  const head = text.slice(0, layout.map.toSource(layout.block.closerLineEnd));
  const eol = lineBreakOf(text);
  return `${head}${eol}${withLineBreak(body, eol)}${eol}`;
}

/** The frontmatter (with its `---` lines) a tool needs for an activation; '' when the tool needs none. */
export function frontmatterFor(tool: RuleTool, activation: Activation): { text: string; lost: string[] } {
  const lines: string[] = [];
  const lost: string[] = [];
  const globs = () => ['globs:', ...activation.globs.map((g) => `  - ${quote(g)}`)];
  const description = () => (activation.description !== undefined ? [`description: ${quote(activation.description)}`] : []);
  if (tool === 'windsurf') {
    const trigger = { always: 'always_on', glob: 'glob', description: 'model_decision', manual: 'manual' }[activation.mode];
    lines.push(`trigger: ${trigger}`, ...description());
    if (activation.globs.length) lines.push(...globs());
  } else if (tool === 'cline') {
    if (activation.mode === 'glob') lines.push('paths:', ...activation.globs.map((g) => `  - ${quote(g)}`));
    if (activation.mode === 'description') lost.push('Cline has no description-based rules: the rule becomes always active');
    if (activation.mode === 'manual') lost.push('Cline has no manual rules: the rule becomes always active');
    if (activation.description !== undefined) lost.push('Cline does not read `description`');
  } else {
    lines.push(...description());
    if (activation.globs.length) lines.push(...globs());
    lines.push(`alwaysApply: ${activation.mode === 'always'}`);
    if (tool !== 'cursor' && activation.mode === 'glob') lost.push('the seed agent never attaches a rule by its globs: without a description it lands in no bucket');
  }
  return { text: lines.length ? ['---', ...lines, '---', ''].join('\n') : '', lost };
}

/**
 * Rewrites a rule file from one tool's keys to another's, keeping the body. A caller writing
 * the result checks `readRuleFile(...).notRead` first (`convertCommand`): a frontmatter agentls
 * did not read would be written as the activation of `{}`, its globs lost.
 */
export function convertRule(text: string, from: RuleTool, to: RuleTool): Conversion {
  const { activation, body } = readRuleFile(text, from);
  return withBody(to, activation, body);
}

/** A rule file for `tool` with `activation` and `body`. */
export function withBody(tool: RuleTool, activation: Activation, body: string): Conversion {
  const fm = frontmatterFor(tool, activation);
  return { text: `${fm.text}${body}\n`, lost: fm.lost };
}

/** A YAML scalar that reads back as exactly `text` (double-quoted JSON is valid YAML). */
function quote(text: string): string {
  return /^[A-Za-z0-9_][\w ./-]*$/.test(text) && !/^(true|false|null|yes|no|on|off|~)$/i.test(text) && !/ $/.test(text) ? text : JSON.stringify(text);
}

/** The tool a rule file belongs to, from its path; undefined for files of no known tool folder. */
export function toolOfPath(p: string): RuleTool | undefined {
  const s = p.split('\\').join('/');
  if (/\/\.cursor\/rules\/[^/]+\.mdc?$/.test(s)) return 'cursor';
  if (/\/\.windsurf\/rules\/[^/]+\.md$/.test(s) || s.endsWith('/memories/global_rules.md')) return 'windsurf';
  if (/\/\.clinerules(\/[^/]+\.md)?$/.test(s) || /\/\.cline\/rules\/[^/]+\.md$/.test(s)) return 'cline';
  if (/\/\.agents?\/rules\/[^/]+\.mdc?$/.test(s)) return 'agents';
  // The project's `.xcsh/rules`, and the user-level `<config dir>/agent/rules` (the config dir is renamed by PI_CONFIG_DIR: ruleLocations.ts).
  if (/\/\.xcsh\/rules\/[^/]+\.mdc?$/.test(s) || /\/agent\/rules\/[^/]+\.mdc?$/.test(s)) return 'native';
  return undefined;
}

/** Where a rule named `name` goes for `tool` in a workspace folder (the folders each agent reads, `ruleLocations.ts`). */
export function targetPath(root: string, tool: RuleTool, name: string): string {
  const folder = (provider: string) => projectRuleFolders(root).find((f) => f.provider === provider)!.dir;
  switch (tool) {
    case 'cursor':
      return path.join(folder('cursor'), `${name}.mdc`);
    case 'windsurf':
      return path.join(folder('windsurf'), `${name}.md`);
    case 'cline':
      return path.join(root, '.clinerules', `${name}.md`);
    case 'agents':
      return path.join(root, '.agents', 'rules', `${name}.md`);
    default:
      return path.join(folder('native'), `${name}.md`);
  }
}
