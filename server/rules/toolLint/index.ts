import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import { UNDECODABLE_NAME } from '../../workspace/fs';
import type { ProviderId } from '../../workspace/ruleLocations';
import { sentWhole, type AgentId, type AgentModel, type Placement } from '../agents';
import type { RuleDrop } from '../agents/types';
import { toolRelativePath } from '../agents/relative';
import { globList } from '../agents/shared';
import { KIRO_AUTO_SOURCE } from '../agents/kiro';
import { analyseText, type FileAnalysis, type ReadProblem } from '../analysis';
import { finding, undecodableNameFinding, type FixData } from '../codes';
import { toolRuleScope } from '../context/nestedRules';
import { aliasBombDropped } from '../context/toolViews';
import { MAX_YAML_ALIASES, TOOL_READING, type ParseOptions } from '../frontmatter';
import { keysOf } from '../lint/keyBlocks';
import { RuleLocator } from '../lint/locate';
import { capital, sentWholeWords } from '../lint/words';
import { repeatedFrontmatterFindings } from '../lint/repeatedFrontmatter';
import { countWork } from '../../workspace/testCounts';
import { intendedFrontmatter } from '../lint/yamlFallback';
import { globValueFindings } from './globValues';
import { emptyRegexListFindings } from './regexValues';
import { keyFindings } from './keys';
import { notAMappingFindings } from './notAMapping';
import { strandedFrontmatterFindings } from './strandedFrontmatter';
import { continueBlockFindings, continueCommentFindings, continueOpenerFindings, continueRejectedFinding } from './continueReadings';
import { ownReading } from '../continueReading';
import { unanalysedFrontmatterFinding, unreadFrontmatterFinding } from '../lint/unreadFrontmatter';
import { limitFindings, tooLargeLimitFindings } from './tooLong';
import { byteLimitFindings, byteLimitOfSizeFindings } from './byteLimit';
import { kiroUnusedPatternFindings } from './kiroUnusedPattern';
import { chosenMove, takenMoveTarget } from './takenMove';

/** One file judged as one agent (Cursor, Windsurf, …) reads it. */
export interface ToolFile {
  agent: AgentModel;
  placement: Placement;
  path: string;
  text: string;
  /** The workspace folder the placement's paths are relative to. */
  root?: string;
  /** Every agent judged for this file (to stay quiet about keys meant for the xcsh agent). */
  targets: ReadonlySet<AgentId>;
  /** Why `text` is not the file's text (unreadable, too large) or not text at all (binary). */
  readProblem?: ReadProblem;
}

const PROVIDER_OF: Partial<Record<AgentId, ProviderId>> = { cursor: 'cursor', windsurf: 'windsurf', cline: 'cline' };

/**
 * What a tool does with a file by its own documentation: whether it reads it there, its
 * frontmatter keys' types and values, its globs in its dialect, its activation mode and
 * its size limit. Every message names the tool; an error only where the tool will do
 * something other than the file says. `analysis`: the file as `toolAnalysis` reads it, when
 * the caller has it already (a hover).
 */
export function toolFindings(file: ToolFile, analysis: FileAnalysis = toolAnalysis(file)): Finding[] {
  countWork('tool-lint');
  const { agent, placement } = file;
  const loc = new RuleLocator(analysis);
  const out: Finding[] = [];
  const first = loc.firstLine();
  // The key must be in the file's own frontmatter: an example of one in the text (a README beside the instruction files) does not count.
  const keys = placement.read ? [] : keysOf((analysis.parsed?.layout.metadata?.text ?? '').split('\n'));
  if (!placement.read && placement.onlyWithKeys && !keys.some((k) => placement.onlyWithKeys!.includes(k))) return out;
  if (!placement.read) {
    const to = chosenMove(placement, keys);
    const taken = takenMoveTarget(to, file.root);
    const move = to && file.root && !taken ? path.join(file.root, ...to.split('/')) : undefined;
    const why = capital(placement.why ?? `${agent.name} does not read a file here`);
    const said = placement.alsoReadBy ? `${why}; ${placement.alsoReadBy}.` : `${why}: ${agent.name} never reads this file${placement.unless ? `, unless ${placement.unless}` : ''}.`;
    const advice = taken ? ` \`${taken}\` exists already, and a move would replace it: merge what this file adds into that one.` : to ? ` Move it to \`${to}\`.` : '';
    out.push(finding('rule/not-read', placement.alsoReadBy ? 'information' : 'warning', first, `${said}${advice}`, move ? { data: { fix: 'move-to', to: move } } : {}));
    return out;
  }
  if (placement.onlyIfNote) out.push(finding('rule/not-read', 'information', first, placement.onlyIfNote));
  if (file.readProblem) return [...out, ...readProblemFindings(file, file.readProblem, first)];
  if (placement.legacy) {
    const standing = placement.legacy === 'deprecated' ? 'its documentation deprecates it in favour of its rules folder' : 'its current documentation describes only its rules folder';
    out.push(finding('rule/legacy-file', 'information', first, `${agent.name} still reads this legacy file, but ${standing}.`, { data: { fix: 'move-legacy' } }));
  }
  out.push(...limitFindings(file, analysis));
  out.push(...byteLimitFindings(agent, analysis));
  if (!placement.frontmatter) return sentWhole(placement) && analysis.parsed?.layout.block ? [...out, sentAsTextFinding(loc, agent)] : out;
  // Keys agentls did not read are not judged: no missing description or activation made up from an empty block.
  if (analysis.parsed?.unread) return [...out, ...(aliasBombDropped(analysis.parsed, agent) ? [aliasBombFinding(loc, agent)] : unreadFrontmatterFinding(loc, agent.name))];
  // A package's own `.cursor/rules` reaches files under the package only: the messages saying how the rule applies name it.
  const scope = toolRuleScope(agent.id, file.root === undefined ? undefined : toolRelativePath(file.path, file.root));
  // Where agentls follows the agent's own reading (Continue's: `continueReading.ts`): a block it reads below other text is its to say.
  const own = ownReading(agent.id, analysis.text);
  const stranded = own?.block && !own.rejected ? continueBlockFindings(loc, agent, own) : own ? continueOpenerFindings(loc, agent, own, scope) : strandedFrontmatterFindings(loc, agent, scope);
  out.push(...stranded);
  const parsed = analysis.parsed;
  const meta = parsed?.layout.metadata;
  const fm = parsed?.fallbackUsed && meta ? intendedFrontmatter(meta.text, 'seed') : (parsed?.frontmatter ?? {});
  const invalidYaml = parsed?.fallbackUsed === true && parsed.yamlError !== undefined && !parsed.yamlError.beyondLimits;
  out.push(...unanalysedFrontmatterFinding(loc, agent.name));
  // A file the agent's loader lists and sends no part of (Cline 4's: `agents/clineDrops.ts`).
  const drop = agent.ruleDropped?.({ text: analysis.text, frontmatter: invalidYaml ? {} : fm, invalidYaml });
  if (invalidYaml) {
    if (agent.invalidYamlDropsFrontmatter) return [...out, droppedFrontmatterFinding(loc, agent, drop)];
    out.push(...yamlFindings(loc, agent));
  }
  if (drop) out.push(dropFinding(loc, drop));
  // YAML agentls reads that the agent's parser throws on (a key written twice): none of its keys is read, so none is judged.
  if (own?.rejected && parsed?.layout.block && !parsed.yamlError) return [...out, continueRejectedFinding(loc, agent, own, fm, scope)];
  // HTML comments agentls's reading deletes and Continue's keeps (`continueReading.ts`), where that changes a key it reads.
  if (own) out.push(...continueCommentFindings(loc, agent, own, fm, scope));
  // A list or a single value: the tool reads no key, which is said once, by its cause, not again as a missing key.
  const shapeless = notAMappingFindings(loc, agent, scope);
  out.push(...shapeless);
  const keyed = keyFindings(loc, agent, fm, file.targets);
  // A value that drops the rule (Cline 4's `disabled: "no"`) is said once, by the drop, with the key's quick fix where it has one.
  const dropped = drop?.cause === 'wrong-type' ? out.find((f) => f.code === 'frontmatter/wrong-type' && f.severity === 'error') : undefined;
  const sameValue = (f: Finding) => dropped !== undefined && f.code === dropped.code && JSON.stringify(f.range) === JSON.stringify(dropped.range);
  for (const f of keyed.filter(sameValue)) if (f.data) dropped!.data = f.data;
  out.push(...keyed.filter((f) => !sameValue(f)));
  out.push(...repeatedFrontmatterFindings(loc, agent, fm, scope));
  if (agent.globs && !globsUnused(agent, fm)) out.push(...globValueFindings(loc, agent, fm[agent.globs.key], agent.activation(fm).mode === 'always'));
  // A block the tool cannot see is reported once, by its cause, not again as a missing key.
  if (stranded.length === 0 && shapeless.length === 0) out.push(...activationFindings(loc, agent, fm, drop));
  return out;
}

/**
 * Text globs the tool never consults: a rule its activation applies always (Cursor's
 * `alwaysApply: true`, Windsurf's `always_on`) or by description or by hand (Windsurf's
 * `model_decision`, `manual`). Slips in them change nothing the tool does, so they are not
 * reported; a value of the wrong type still is.
 */
function globsUnused(agent: AgentModel, fm: Record<string, unknown>): boolean {
  // Applied always because the value is not a list it reads (Cline): that is the finding.
  if (agent.globs!.listOnly) return false;
  const value = fm[agent.globs!.key];
  const text = typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
  const mode = agent.activation(fm).mode;
  return text && (mode === 'always' || mode === 'description' || mode === 'manual');
}

/** The file parsed as its tool reads frontmatter (`TOOL_READING`), named by its file name: what the tool's lint and hover locate keys in. */
export function toolAnalysis(file: Pick<ToolFile, 'agent' | 'path' | 'text'>): FileAnalysis {
  const name = path.basename(file.path).replace(/\.(mdc|md)$/, '');
  const provider = PROVIDER_OF[file.agent.id] ?? 'native';
  return analyseText({ path: file.path, provider, level: 'project', name, order: [0, 0, name] }, file.text, 'seed', undefined, undefined, toolReading(file.agent.id, file.text));
}

/**
 * How a tool's file is parsed for its lint and hover: `TOOL_READING`, from the `---` line the
 * agent's own reading opens its frontmatter at where that is not the file's first line (Continue
 * reads a block below blank lines, comments or text: `continueReading.ts`), so that every key it
 * reads there is checked, and none above it.
 */
function toolReading(agent: AgentId, text: string): ParseOptions {
  const own = ownReading(agent, text);
  const first = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // A first line the shared reading opens a block at and the agent does not (Continue's `----`, `---x`): no key of it is the agent's (`continueOpenerFinding` says so).
  if (own && !own.block) return { ...TOOL_READING, blockAt: text.length };
  return own?.block && own.block.opener[0] > first ? { ...TOOL_READING, blockAt: own.block.opener[0] } : TOOL_READING;
}

/**
 * A frontmatter block in a file the tool sends whole and reads no frontmatter in (`sentWhole`
 * gives the sources, and what is documented and what assumed): the block is rule text to it.
 * The engine drops it where the xcsh agent's rule/no-bucket or rule/windsurf-trigger says so.
 */
function sentAsTextFinding(loc: RuleLocator, agent: AgentModel): Finding {
  const { sends, model } = sentWholeWords(agent);
  return finding('frontmatter/sent-as-text', 'information', loc.blockRange(), `${sends}: this block most likely reaches ${model} as text.`);
}

/**
 * Invalid YAML that the tool reads as no frontmatter at all: its keys are lost, so the rule applies always; or, where its loader
 * then drops the whole file (`drop`: Cline 4's), no part of the rule is sent.
 */
function droppedFrontmatterFinding(loc: RuleLocator, agent: AgentModel, drop: RuleDrop | undefined): Finding {
  const problem = loc.analysis.parsed!.yamlError!;
  const range: Range = problem.range ? loc.range(problem.range[0], problem.range[1]) : loc.openerRange();
  // Any key or list element may be what the parser rejects: the fix quotes those of them it rejects alone.
  const valueLines = metaLines(loc).filter(({ text }) => /^(\s*-\s|[\w-]+:)/.test(text));
  const what = drop?.cause === 'invalid-yaml' ? `. ${drop.why}` : `: ${agent.name} then reads none of its keys, so this rule goes to every request.`;
  return finding('frontmatter/yaml-error', 'error', range, `The frontmatter is not valid YAML (${problem.message.split('\n')[0]})${what} Quote the value.`, quoteFix(valueLines));
}

/**
 * A rule file the agent sends no part of for what it holds (`RuleDrop`, the cause, the other than
 * invalid YAML): an error where a value the loader rejects drops it, an information where it is
 * empty or switched off, which is what its author wrote.
 */
function dropFinding(loc: RuleLocator, drop: RuleDrop): Finding {
  const entry = drop.key === undefined ? undefined : loc.entry(drop.key);
  const message = drop.advice ? `${drop.why} ${drop.advice}` : drop.why;
  if (drop.cause === 'wrong-type') return finding('frontmatter/wrong-type', 'error', entry?.valueRange ?? loc.openerRange(), message);
  if (drop.cause === 'disabled') return finding('rule/inactive', 'information', entry?.lineRange ?? loc.openerRange(), message);
  if (drop.cause === 'rejected-yaml') return finding('frontmatter/yaml-error', 'error', drop.range ? loc.range(drop.range[0], drop.range[1]) : loc.openerRange(), message);
  return finding('rule/empty-body', 'information', loc.blockRange(), message);
}

/**
 * Aliases expanding past the limit agentls parses to, where the tool's parser has the same limit
 * and then reads no frontmatter (`aliasBombDropsFrontmatter`, which says what follows and its
 * source): an error, its keys being lost. No quick fix: which values the aliases stand for is the
 * author's to write out.
 */
function aliasBombFinding(loc: RuleLocator, agent: AgentModel): Finding {
  return finding('frontmatter/yaml-error', 'error', loc.openerRange(), `The frontmatter's YAML aliases expand to more than ${MAX_YAML_ALIASES} values: ${agent.aliasBombDropsFrontmatter}. Write the values out without aliases.`);
}

/**
 * Invalid YAML: the tools do not document how they read it. Cursor's own unquoted
 * `globs: *.ts` (and Windsurf's) is their documented form and not reported; the glob
 * checks cover the glob line.
 */
export function yamlFindings(loc: RuleLocator, agent: AgentModel): Finding[] {
  const parsed = loc.analysis.parsed!;
  const problem = parsed.yamlError!;
  const globKey = agent.globs?.key;
  let unclosed = false;
  const badLines = metaLines(loc).filter(({ text: line }) => {
    // A list item starting with `*` (an alias to YAML), or with a character no plain value may start with, is no tool's documented form, glob key or not.
    const item = /^\s*-\s+(\S.*)$/.exec(line);
    const key = item ? undefined : /^([\w-]+):/.exec(line)?.[1];
    const value = item ? item[1] : line.slice(line.indexOf(':') + 1).trim();
    if (!item && key === undefined) return false;
    // A glob key's unquoted value is the tool's own form (its comma lists have their own
    // finding); a quote it opens and never closes is no one's.
    if (key === globKey ? neverClosed(value) : unclosedQuote(value)) return (unclosed = true);
    if (!item && sameFormAsOwnGlobs(agent, value)) return false;
    return item ? /^[*%@`]/.test(value) : key !== globKey && isInvalidYamlLine(line);
  });
  if (badLines.length === 0) return [];
  const range: Range = problem.range ? loc.range(problem.range[0], problem.range[1]) : loc.openerRange();
  const advice = unclosed ? 'Close the quote.' : 'Quote the value.';
  const message = `The frontmatter is not valid YAML (${problem.message.split('\n')[0]}); ${agent.name} does not document how it reads such a file, and may drop its keys. ${advice}`;
  return [finding('frontmatter/yaml-error', 'warning', range, message, unclosed ? {} : quoteFix(badLines))];
}

/** The metadata's lines, each with its line in the file. */
function metaLines(loc: RuleLocator): { text: string; line: number }[] {
  const meta = loc.analysis.parsed!.layout.metadata!;
  const out: { text: string; line: number }[] = [];
  let offset = 0;
  for (const text of meta.text.split('\n')) {
    out.push({ text, line: loc.metaRange(offset, offset).start.line });
    offset += text.length + 1;
  }
  return out;
}

/** Lines a quote fix names (a real frontmatter block is a handful). */
const MAX_QUOTED_LINES = 1000;

/** The quick fix of a finding that says to quote: the lines whose values it quotes (`quoteValues.ts` quotes those a parser rejects). */
function quoteFix(lines: readonly { line: number }[]): { data?: FixData } {
  return lines.length ? { data: { fix: 'quote-values', lines: lines.slice(0, MAX_QUOTED_LINES).map((l) => l.line) } } : {};
}

/**
 * A key's unquoted value that starts with `*` and is one word (`paths: *.ts`, another tool's key
 * in a Windsurf rule): the construct of the tool's own glob line (`globs: *.ts`,
 * which a strict YAML parser rejects as an alias), which Cursor and Windsurf document and which
 * is not reported for any tool (above). A reader that takes that line is taken to read this one
 * alike; nothing documents it either way for other keys, and a warning there cried wolf on a
 * real Windsurf rule.
 */
function sameFormAsOwnGlobs(agent: AgentModel, value: string): boolean {
  return agent.globs !== undefined && /^\*[^\s:#'"]*$/.test(value);
}

function isInvalidYamlLine(line: string): boolean {
  const value = line.slice(line.indexOf(':') + 1).trim();
  if (value === '') return false;
  if (/^\*/.test(value) || /^[&!%@`|>]/.test(value)) return true;
  // A quoted value is read whole (one left open is `unclosedQuote`'s).
  if (/^["']/.test(value)) return false;
  return /:\s/.test(value) && !/^[[{]/.test(value);
}

/** A value that opens a quote and does not close it on its line, or has text after the closing one (`''` is an escaped quote inside single quotes). */
function unclosedQuote(value: string): boolean {
  return /^["']/.test(value) && !/^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*(#.*)?$/.test(value);
}

/** A value that opens a quote and has no other quote of that kind. */
function neverClosed(value: string): boolean {
  return /^"[^"]*$/.test(value) || /^'[^']*$/.test(value);
}

/**
 * A file whose text agentls does not have, said for the tool that reads it: a check that
 * could not look must not pass as one that found nothing (`agentls check` in CI).
 */
function readProblemFindings(file: ToolFile, problem: ReadProblem, first: Range): Finding[] {
  const name = file.agent.name;
  if (problem.kind === 'unreadable' && file.path.includes(UNDECODABLE_NAME)) return [undecodableNameFinding(name, first)];
  if (problem.kind === 'unreadable') return [finding('rule/unreadable', 'error', first, `${name} cannot read this file (${problem.message}): it contributes no rule, and agentls has not checked it.`)];
  // What the tool makes of bytes that are not UTF-8, where its source shows it (`AgentModel.decodesInvalidUtf8`); else said as undocumented, not guessed.
  if (problem.kind === 'invalid-utf8') {
    const reading = file.agent.decodesInvalidUtf8 ?? `what becomes of the bytes that do not decode is not documented for ${name}`;
    return [finding('rule/invalid-utf8', 'warning', first, `This file is not valid UTF-8, so agentls has not checked it: ${reading}.`)];
  }
  if (problem.kind !== 'too-large') {
    return [finding('rule/binary', 'warning', first, `This is a binary file, not text (UTF-16 is read as binary too): what ${name} makes of its bytes is not documented, and agentls has not checked it.`)];
  }
  // Even at four bytes a character, a file this size may be past a tool's character limit.
  return [finding('rule/too-large', 'error', first, `${problem.message}: agentls does not analyse it, so what ${name} reads in it is not checked.`), ...tooLargeLimitFindings(file, problem.size, first), ...byteLimitOfSizeFindings(file.agent, problem.size, first)];
}

/** `drop`: the agent's loader sends no part of the rule (Cline 4's), which its own finding says: how it would apply it is moot. */
function activationFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>, drop: RuleDrop | undefined): Finding[] {
  const activation = agent.activation(fm);
  const entryOf = (key: string) => loc.entry(key);
  if (agent.id === 'windsurf') {
    const trigger = entryOf('trigger');
    const unusedGlobs = windsurfUnusedGlobs(loc, fm, activation.mode);
    if (fm.trigger === 'model_decision' && !(typeof fm.description === 'string' && fm.description.trim())) {
      // Globs beside it (seen in real rules) show the file meant to attach by path: the trigger that does so is named.
      const meant = unusedGlobs.length ? ' Its `globs` do not stand in for one: to attach the rule by path, use `trigger: glob`.' : '';
      return [finding('rule/inactive', 'warning', trigger?.lineRange ?? loc.openerRange(), `trigger: model_decision needs a description: Windsurf decides from it whether to apply the rule, and there is none.${meant}`, { data: { fix: 'add-description' } })];
    }
    if (unusedGlobs.length) return unusedGlobs;
    const described = entryOf('description');
    if (fm.trigger === undefined && described && typeof fm.description === 'string' && fm.description.trim()) {
      // Docs ("Activation modes", docs.windsurf.com/windsurf/cascade/memories): "Model Decision:
      // Based on a natural language description of the rule the user defines, the model decides
      // whether to apply the rule"; no other mode reads the description, and a rule without
      // trigger is not documented (agents/windsurf.ts). A hint: the author's intent is a guess.
      return [
        finding(
          'rule/inactive',
          'hint',
          described.lineRange,
          'This rule has a description but no `trigger`: Windsurf decides from a description only with `trigger: model_decision`, and its docs do not say what it does with a rule without one (most likely it applies it only when @-mentioned). Add `trigger: model_decision` to have the model decide from the description.',
          { data: { fix: 'add-key', key: 'trigger', value: 'model_decision' } },
        ),
      ];
    }
    if (activation.mode === 'globs' && activation.globs.length === 0) {
      // A near miss of the key (`glob:`, `Globs:`), seen in real rules, is named.
      const near = loc.entries().find((e) => e.key !== 'globs' && /^globs?$/i.test(e.key));
      const hint = near ? ` (Windsurf reads \`globs\`, not \`${near.key}\`)` : '';
      return [finding('rule/inactive', 'warning', trigger?.lineRange ?? loc.openerRange(), `trigger: glob needs globs, and there are none${hint}: Windsurf never attaches this rule.`)];
    }
  }
  if (agent.id === 'kiro' && activation.mode === 'globs' && activation.globs.length === 0 && blankPattern(fm.fileMatchPattern)) {
    // Kiro's docs ("Conditional inclusion", agents/kiro.ts) give fileMatch with a fileMatchPattern only; what it does without one is not documented.
    const written = entryOf('fileMatchPattern');
    if (written) return [finding('rule/inactive', 'warning', written.lineRange, 'inclusion: fileMatch needs a `fileMatchPattern`, and this one holds no pattern: Kiro has no file to include this steering file for.')];
    const near = loc.entries().find((e) => e.key !== 'fileMatchPattern' && /^file_?match_?patterns?$/i.test(e.key));
    const hint = near ? ` (Kiro reads \`fileMatchPattern\`, not \`${near.key}\`)` : '';
    return [finding('rule/inactive', 'warning', entryOf('inclusion')?.lineRange ?? loc.openerRange(), `inclusion: fileMatch needs a \`fileMatchPattern\`, and there is none${hint}: Kiro has no file to include this steering file for.`)];
  }
  if (agent.id === 'kiro' && activation.mode === 'description' && !(typeof fm.description === 'string' && fm.description.trim())) {
    // `auto` decides from the description (agents/kiro.ts has the sources): without one, Kiro has nothing to decide from.
    return [finding('rule/inactive', 'warning', entryOf('inclusion')?.lineRange ?? loc.openerRange(), `inclusion: auto needs a \`description\`: Kiro decides from it whether to include this steering file, and there is none (${KIRO_AUTO_SOURCE}).`)];
  }
  if (agent.id === 'kiro') return kiroUnusedPatternFindings(loc, fm, activation.mode);
  if (activation.mode === 'globs' && activation.sentAlways !== undefined) return drop ? [] : sentAlwaysFindings(loc, agent, activation.globs, activation.sentAlways);
  if (agent.id === 'continue') return emptyRegexListFindings(loc, agent, fm);
  if (agent.id === 'copilot' && activation.mode === 'manual') {
    // VS Code's agent loads a file with a description on demand (VS Code's agent-customization
    // skill: file instructions apply "via applyTo patterns, or on-demand via description");
    // GitHub's docs apply path-specific files by applyTo only.
    const described = typeof fm.description === 'string' && fm.description.trim() !== '';
    const message = described
      ? 'This file has no `applyTo`: GitHub Copilot does not attach it by path. In VS Code its agent may load it on demand from its description; the cloud agent (formerly the coding agent) and code review on GitHub apply it only by applyTo.'
      : 'This file has no `applyTo`: GitHub Copilot does not apply it by itself (it can still be attached by hand).';
    return [finding('rule/inactive', 'information', loc.openerRange(), message, { data: { fix: 'add-key', key: 'applyTo', value: '"**"' } })];
  }
  return [];
}

/**
 * Globs the agent's current clients ignore, sending the rule in every request (Cline 4 and the Cline
 * CLI ignore `paths`: `agents/cline.ts` has the sources). Where they scope the rule, an information:
 * the file is right for Cline 3.x, and nothing in it makes Cline 4 scope the rule. Where the list has
 * no glob, Cline 3.x's "explicit way to disable a rule" (`evaluatePathsConditional`), a warning: the
 * rule meant off is sent by Cline 4, and `disabled: true` turns it off there (`isRuleEnabled`).
 */
function sentAlwaysFindings(loc: RuleLocator, agent: AgentModel, globs: readonly string[], sentAlways: string): Finding[] {
  const key = agent.globs?.key ?? 'globs';
  const range = loc.entry(key)?.lineRange ?? loc.openerRange();
  if (globs.length) return [finding('rule/scope-ignored', 'information', range, `${sentAlways}: they send this rule in every request, whatever files are in play.`)];
  return [
    finding('rule/inactive', 'warning', range, `\`${key}\` lists no glob: ${sentAlways}, so this rule, meant to be off, is sent in every request. Add \`disabled: true\` to turn it off in them too.`, {
      data: { fix: 'add-key', key: 'disabled', value: 'true' },
    }),
  ];
}

/**
 * A `fileMatchPattern` absent or holding no pattern (none written, `""`, `[]`, a list of blanks):
 * one of another type is `frontmatter/wrong-type`'s, said once there.
 */
function blankPattern(value: unknown): boolean {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  return blank(value) || (Array.isArray(value) && value.every(blank));
}

/**
 * `globs` beside a Windsurf trigger other than `glob`. Windsurf's docs ("Activation modes",
 * docs.windsurf.com/windsurf/cascade/memories) tie globs to the Glob mode alone: Always On
 * applies the rule always, Model Decision by its description, Manual by @mention. Real rules
 * write `trigger: model_decision` with globs (found by the audit of real instruction files),
 * expecting both. A note, not a warning: the rule still activates as its trigger says.
 */
function windsurfUnusedGlobs(loc: RuleLocator, fm: Record<string, unknown>, mode: string): Finding[] {
  const entry = loc.entry('globs');
  if (!entry || globList(fm.globs, true).length === 0) return [];
  if (fm.trigger === undefined || fm.trigger === null) {
    // No trigger at all (a Cursor-style rule, seen in real rules): the globs show the author meant
    // Glob mode, and what Windsurf does with a rule without a trigger is not documented (agents/windsurf.ts).
    return [
      finding(
        'rule/foreign-key',
        'information',
        entry.lineRange,
        'This rule has `globs` but no `trigger`: Windsurf reads `globs` only with `trigger: glob`, and its docs do not say what it does with a rule without a trigger (most likely it applies it only when @-mentioned). Add `trigger: glob` to attach the rule by path.',
        { data: { fix: 'add-key', key: 'trigger', value: 'glob' } },
      ),
    ];
  }
  const how: Record<string, string> = { always: 'applies the rule always', description: 'decides from the description', manual: 'applies the rule only when it is @mentioned' };
  if (!how[mode]) return [];
  return [
    finding(
      'rule/foreign-key',
      'information',
      entry.lineRange,
      `Windsurf reads \`globs\` only with \`trigger: glob\`; under \`trigger: ${String(fm.trigger)}\` it ${how[mode]}, so these globs do nothing. To attach the rule by path, use \`trigger: glob\`; otherwise remove \`globs\`.`,
    ),
  ];
}
