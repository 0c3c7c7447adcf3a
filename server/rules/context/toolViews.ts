import { agentModel, agentOfLocation, sentWhole, type AgentId, type AgentModel } from '../agents';
import { displayPath, isInside } from '../../workspace/paths';
import { countWork } from '../../workspace/testCounts';
import { toolRelativePath } from '../agents/relative';
import type { Activation, RuleDrop } from '../agents/types';
import { clineClashListed, clineIdClashes, clineRuleId, clineSearchRank, type ClineIdClash, type ClineLoaded } from '../agents/clineIds';
import { toolNotReadReason, type FileAnalysis } from '../analysis';
import { frontmatterNotRead, parseFrontmatter, TOOL_READING, type ParsedFrontmatter } from '../frontmatter';
import { intendedFrontmatter } from '../lint/yamlFallback';
import { ownReading } from '../continueReading';
import { textReadBy } from '../agents/textRead';
import type { RulesView } from '../view';
import type { ActivationMode, AgentRule, AgentView, GlobDialect, UncountedFile } from './agentView';

/**
 * How the tools match a rule's globs against a file. Cursor, Windsurf and Cline document
 * globs such as `*.ts` and `src/**` but not whether a pattern without a `/` also matches a
 * file in a subfolder, nor case; nothing documents it, so the reading that produces fewer
 * false alarms is taken: a glob also matches a file by its name, case-sensitively.
 */
export const TOOL_DIALECT: GlobDialect = {
  id: 'tool',
  basename: true,
  nocase: false,
  note: 'the path or the file name, case-sensitively; not documented, so the reading with the fewest false alarms',
};

/**
 * Cline matches `paths` with picomatch (`dot: true`) against workspace-relative paths
 * (cline/cline, src/core/context/instructions/user-instructions/rule-conditionals.ts): a
 * glob without `/` matches files at the root only, as its docs' table says of `*.md`.
 */
export const CLINE_DIALECT: GlobDialect = {
  id: 'cline',
  basename: false,
  nocase: false,
  note: "the workspace-relative path, so a glob without / matches files at the root only, as Cline's source and docs have it",
};

/** How a tool matches its rules' globs. */
export function toolDialect(id: AgentId): GlobDialect {
  return id === 'cline' ? CLINE_DIALECT : TOOL_DIALECT;
}

export const MODE: Record<Activation['mode'], ActivationMode> = {
  always: 'always',
  globs: 'glob',
  description: 'description',
  manual: 'manual',
  unknown: 'none',
};

/**
 * The view of each tool whose own folders hold rules of this workspace folder (Cursor,
 * Windsurf, Cline), from its agent model (`rules/agents/`): every file of its folders is
 * one of its rules (the tools have no shadowing between them), activated as its frontmatter
 * says to that tool. The files are those the xcsh agent's discovery lists in the workspace
 * folder (not a parent's `.clinerules`: `readsInWorkspaceFolder`), which includes
 * each tool's project folder and the user-level rules the tool reads too (`agentOfLocation`:
 * Windsurf's global_rules.md, never `~/.cursor/rules`), and those of the tools' folders it skips
 * as ignored (`view.toolOnly`): the tools read their rule files whatever git ignores
 * (agentls lists them for linting too: `workspace/keptRuleFolders.ts`), or by their path:
 * the legacy `.cursorrules` and `.windsurfrules` (`toolOnly.ts`). A file the tool reads
 * whole, with no frontmatter (`sentWhole`: those two and Windsurf's global_rules.md), is
 * one rule sent in every request, its whole text, whatever keys it may seem to hold. A file
 * too large to read, whose bytes are not UTF-8 text (`toolNotReadReason`), or whose frontmatter
 * agentls did not read (`frontmatterNotRead`), is in no rule: it is `uncounted`.
 */
export function toolAgentViews(view: RulesView): AgentView[] {
  const byTool = new Map<AgentId, FileAnalysis[]>();
  for (const analysis of [...view.analyses, ...view.toolOnly]) {
    // A user-level rule its tool does not read (`~/.cursor/rules`) is the xcsh agent's alone.
    const id = agentOfLocation(analysis.candidate.provider, analysis.candidate.level);
    // A file too large to read has no `parsed` but is one the tool reads: told below as not read.
    const read = analysis.parsed || analysis.readProblem?.kind === 'too-large';
    if (id === 'xcsh' || !read || !readsInWorkspaceFolder(analysis, view.cwd)) continue;
    byTool.set(id, [...(byTool.get(id) ?? []), analysis]);
  }
  const clineLinks = view.discovery.skipped.filter((s) => s.why === 'cline-link');
  if (clineLinks.length && !byTool.has('cline')) byTool.set('cline', []);
  return [...byTool].map(([id, files]) => {
    const model = agentModel(id);
    const rules: AgentRule[] = [];
    const uncounted: UncountedFile[] = [];
    for (const analysis of files) {
      const { candidate } = analysis;
      const global = candidate.level === 'user';
      const notRead = (reason: string) => uncounted.push({ path: displayPath(candidate.path, view.cwd, view.home), reason });
      // Too large to read (its rule a stand-in with no keys, `analyseText`), or bytes that are not UTF-8 text, which agentls
      // has not checked for the tool (`toolNotReadReason`): never a mode; told as not read, as the views of `instructionViews.ts` tell such a file.
      const unreadBytes = toolNotReadReason(analysis);
      if (unreadBytes !== undefined) {
        notRead(unreadBytes);
        continue;
      }
      if (sentWhole(model.owns(toolRelativePath(candidate.path, global ? view.home : view.cwd)))) {
        rules.push(wholeFileRule(candidate.name, candidate.path, analysis.text, global));
        continue;
      }
      const { parsed, fm, drop } = toolFrontmatter(analysis, model);
      // Its `{}` is no frontmatter the tool reads (the tool's reading: a BOM skipped): told as not read, never given a mode.
      const unread = toolFrontmatterNotRead(parsed, model);
      if (unread) notRead(unread);
      else rules.push(droppedOr(toolRule(analysis, parsed, model.activation(fm)), drop));
    }
    // Two files of one id: Cline 4 keeps one (`agents/clineIds.ts`).
    const { clashes, loaded } = id === 'cline' ? clineClashesOf(files, view.cwd, view.home) : { clashes: new Map<string, ClineIdClash>(), loaded: [] };
    if (clashes.size) for (const [i, rule] of rules.entries()) rules[i] = replacedOr(rule, clashes.get(rule.path), loaded, (p) => displayPath(p, view.cwd, view.home));
    // Links in Cline's rule folders, which Cline never reads (discovery.ts, `clineLinks`); in `.clinerules`, no Cline 3.x either.
    if (id === 'cline') for (const link of clineLinks) uncounted.push({ path: displayPath(link.path, view.cwd, view.home), reason: `not read by ${link.olderToo ? 'Cline' : 'Cline 4 and the Cline CLI'}: a symbolic link${link.linkedFolder ? ' to a folder' : ''}` });
    return { agent: id, displayName: model.name, root: view.cwd, rules, dialect: toolDialect(id), alwaysSentExtra: offeredDescriptions(rules), ...(uncounted.length ? { uncounted } : {}) };
  });
}

/**
 * Whether a project rule file lies in the workspace folder, the only place the tools read
 * project rules from. The xcsh agent's discovery takes the nearest `.clinerules` walking up
 * to the file system root (rules.md §2.6); Cline reads `.clinerules` in the workspace folder
 * alone (cline/cline, sdk/packages/shared/src/storage/paths.ts, `resolveRulesConfigSearchPaths`:
 * `join(workspacePath, ".clinerules")`; Cline 3.x's `getLocalClineRules` alike), so a parent's is the xcsh
 * agent's only. Cursor's and Windsurf's project folders are listed in the workspace folder.
 */
function readsInWorkspaceFolder(analysis: FileAnalysis, cwd: string): boolean {
  return analysis.candidate.level === 'user' || isInside(cwd, analysis.candidate.path);
}

/**
 * Which of Cline's rule files (`files`: of a workspace folder `cwd`, and the global ones) lose
 * their id to another for Cline 4 (`agents/clineIds.ts`), and the files it loads with their ids.
 */
export function clineClashesOf(files: readonly FileAnalysis[], cwd: string, home: string): { clashes: Map<string, ClineIdClash>; loaded: ClineLoaded[] } {
  const loaded = files.flatMap((analysis) => clineLoaded(analysis, cwd, home) ?? []);
  return { clashes: clineIdClashes(loaded), loaded };
}

/**
 * How Cline 4's loader takes a file of Cline's (`agents/clineIds.ts`): its search path and its id,
 * from its frontmatter as Cline reads it (`toolFrontmatter`); undefined where it loads no rule of it
 * (`RuleDrop`, but a rule switched off, which still takes its id), reads it from no path agentls
 * models, or agentls did not read its text or frontmatter: its id unknown, it is taken to clash with none.
 */
function clineLoaded(analysis: FileAnalysis, cwd: string, home: string): ClineLoaded | undefined {
  const p = analysis.candidate.path;
  const rank = clineSearchRank(p, cwd, home);
  if (rank === undefined || !analysis.parsed || toolNotReadReason(analysis) !== undefined) return undefined;
  const { parsed, fm, drop } = toolFrontmatter(analysis, agentModel('cline'));
  const id = clineRuleId(p, fm.name);
  if (toolFrontmatterNotRead(parsed, agentModel('cline')) || id === undefined || (drop && drop.cause !== 'disabled')) return undefined;
  return { path: p, rank, id, off: drop?.cause === 'disabled' };
}

/** The rule, or where Cline 4 keeps another file of its id (`clash`), listed as not sent, in no total, saying why; the file of a tie counted stays as it is. */
function replacedOr(rule: AgentRule, clash: ClineIdClash | undefined, loaded: readonly ClineLoaded[], shown: (p: string) => string): AgentRule {
  if (!clash || ('tied' in clash && clash.counted)) return rule;
  const id = loaded.find((f) => f.path === rule.path)!.id;
  return { ...rule, mode: 'none', globs: [], alwaysNote: undefined, notApplied: clineClashListed(clash, id, shown) };
}

/** The rule, or where the agent's loader sends no part of it (`AgentModel.ruleDropped`: Cline 4's), listed as never sent, in no total, saying why. */
export function droppedOr(rule: AgentRule, drop: RuleDrop | undefined): AgentRule {
  return drop ? { ...rule, mode: 'none', globs: [], alwaysNote: undefined, notApplied: drop.listed } : rule;
}

/** A file its agent sends whole in every request (`sentWhole`, `instructionViews.ts`'s plain files): its text as read, without a leading BOM. */
export function wholeFileRule(name: string, p: string, text: string, global: boolean): AgentRule {
  return { name, path: p, mode: 'always', globs: [], body: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, global };
}

/** The descriptions of rules the model decides on, sent so that it can choose (Cursor's "Agent Requested", Windsurf's model_decision). */
export function offeredDescriptions(rules: readonly AgentRule[]): AgentView['alwaysSentExtra'] {
  // A nested folder's rules are offered only while a file under it is in play (`nestedRules.ts`).
  const offered = rules.filter((r) => r.mode === 'description' && r.description && r.scope === undefined).map((r) => `- ${r.name}: ${r.description}`);
  return offered.length ? [{ label: 'descriptions offered to the model', text: offered.join('\n') }] : [];
}

/**
 * The tools' views with `extra` views of the same tools joined to them (`instructionViews.ts`
 * reads the tools' rule files that the discovery behind `toolAgentViews` does not list).
 */
export function joinToolViews(base: readonly AgentView[], extra: readonly AgentView[]): AgentView[] {
  const joined = [...base];
  for (const more of extra) {
    const at = joined.findIndex((v) => v.agent === more.agent && v.root === more.root && v.agent !== 'xcsh' && v.agent !== 'seed');
    if (at < 0) {
      joined.push(more);
      continue;
    }
    const rules = [...joined[at].rules, ...more.rules];
    const uncounted = [...(joined[at].uncounted ?? []), ...(more.uncounted ?? [])];
    joined[at] = { ...joined[at], rules, alwaysSentExtra: offeredDescriptions(rules), ...(uncounted.length ? { uncounted } : {}) };
  }
  return joined;
}

/**
 * The file as its tool parses it: the engine's parse where it reads the text as the tools do
 * (the `seed` profile, no BOM), else the text parsed again as `toolLint` parses it. The tools
 * read it differently from the engine under `xcsh`, whose parser camelizes kebab-case keys
 * (rules.md §3: `always-apply` read as `alwaysApply`), where no tool's key documentation
 * (`agents/`) names a key by another spelling than its own; and before `---`, a BOM
 * (`TOOL_READING`).
 */
function toolParsed(analysis: FileAnalysis): ParsedFrontmatter {
  if (analysis.profile === 'seed' && analysis.text.charCodeAt(0) !== 0xfeff) return analysis.parsed!;
  const kept = toolParses.get(analysis);
  if (kept) return kept;
  const parsed = parseFrontmatter(analysis.text, 'seed', TOOL_READING);
  toolParses.set(analysis, parsed);
  countWork(`tool-parse ${analysis.candidate.path}`);
  return parsed;
}

/**
 * Each analysis's parse as its tool reads it. The views are made again whenever a rule file
 * changes, and a YAML parse of every file each time made one keystroke cost the whole
 * folder; the engine keeps a file's analysis object while the file is unchanged and makes a
 * new one for new text (`RulesEngine.analyse`), so keyed by it, an edit parses that file
 * alone again, and the parse dies with the analysis it was made from.
 */
const toolParses = new WeakMap<FileAnalysis, ParsedFrontmatter>();

/**
 * A rule file's frontmatter as its tool reads it (`fm`, what its activation is decided from),
 * with the parse it comes from; `dropped` when the YAML does not parse and the tool then reads
 * no key at all (`invalidYamlDropsFrontmatter`: Cline); `drop` where the tool's loader then sends
 * no part of the rule (`AgentModel.ruleDropped`: Cline 4's).
 */
export function toolFrontmatter(analysis: FileAnalysis, model: AgentModel): { parsed: ParsedFrontmatter; fm: Record<string, unknown>; dropped: boolean; sent?: string; drop?: RuleDrop } {
  const parsed = toolParsed(analysis);
  // Where agentls follows the agent's own reading (Continue's: `continueReading.ts`): its keys, and the text it sends.
  // Of the bytes it reads (`textReadBy`): the `rule/too-long` finding says the cut, and the listings and hovers apply the rule as the agent then does.
  const own = ownReading(model.id, textReadBy(model, analysis.text));
  if (own) return { parsed, fm: own.frontmatter, dropped: own.rejected !== undefined, sent: own.sent };
  const dropped = droppedByTool(parsed, model);
  const fm = dropped ? {} : frontmatterOf(parsed);
  const drop = model.ruleDropped?.({ text: analysis.text, frontmatter: fm, invalidYaml: dropped });
  return { parsed, fm, dropped, ...(drop ? { drop } : {}) };
}

/**
 * Whether the tool reads no key of this frontmatter: its YAML does not parse and the tool then
 * drops it whole (`invalidYamlDropsFrontmatter`: Cline). Over agentls's own parse limits
 * (64 KiB, nesting) the YAML was not judged, so it is not called invalid: the lines are read
 * as the tool would read valid YAML, as the lint does (`toolLint`: no "dropped" finding then).
 */
export function droppedByTool(parsed: ParsedFrontmatter, model: AgentModel): boolean {
  if (aliasBombDropped(parsed, model)) return true;
  return model.invalidYamlDropsFrontmatter === true && parsed.fallbackUsed && parsed.yamlError?.beyondLimits !== true;
}

/**
 * Whether the frontmatter's aliases expand past the limit agentls parses to, and the tool's own
 * parser fails on it alike and drops the block (`aliasBombDropsFrontmatter`: Continue): agentls
 * did not read it, but knows what the tool reads of it, nothing.
 */
export function aliasBombDropped(parsed: ParsedFrontmatter, model: AgentModel): boolean {
  return model.aliasBombDropsFrontmatter !== undefined && model.invalidYamlDropsFrontmatter === true && parsed.yamlError?.code === 'ALIAS_LIMIT';
}

/** Why the tool's view cannot say how it applies the file (`frontmatterNotRead`), unless the tool is known to drop the block agentls did not read (`aliasBombDropped`). */
export function toolFrontmatterNotRead(parsed: ParsedFrontmatter, model: AgentModel): string | undefined {
  return aliasBombDropped(parsed, model) ? undefined : frontmatterNotRead(parsed);
}

/** The frontmatter as the tool reads it: the YAML, or what the file means when it is not valid YAML. */
export function frontmatterOf(parsed: ParsedFrontmatter): Record<string, unknown> {
  const meta = parsed.layout.metadata;
  return parsed.fallbackUsed && meta ? intendedFrontmatter(meta.text, 'seed') : parsed.frontmatter;
}

/** `sent`: the text the tool sends where it is not the body after the block (`toolFrontmatter`'s). */
export function toolRule(analysis: FileAnalysis, parsed: ParsedFrontmatter, activation: Activation, sent = parsed.body): AgentRule {
  const fm = frontmatterOf(parsed);
  const description = typeof fm.description === 'string' && fm.description.trim() ? fm.description : undefined;
  return {
    name: analysis.candidate.name,
    path: analysis.candidate.path,
    mode: MODE[activation.mode],
    ...(activation.mode === 'manual' && activation.inferred ? { inferred: true } : {}),
    globs: activation.mode === 'globs' ? activation.globs.filter((g) => g.trim() !== '') : [],
    ...globActivationNotes(activation),
    ...sentAlwaysFields(activation),
    description,
    body: sent,
    global: analysis.candidate.level === 'user',
  };
}

/**
 * A glob rule the agent's current clients send in every request all the same (`Activation.sentAlways`:
 * Cline 4's `paths`): sent always, counted in the totals, with the clause saying why beside it.
 */
export function sentAlwaysFields(activation: Activation): Partial<Pick<AgentRule, 'mode' | 'globs' | 'alwaysNote'>> {
  if (activation.mode !== 'globs' || activation.sentAlways === undefined) return {};
  return { mode: 'always', globs: [], alwaysNote: activation.sentAlways };
}

/**
 * What a glob rule's activation tells beyond its globs, as every report says it: the patterns a
 * matched file's content must match too (`content`), and why no file is ever attached where that
 * is not its globs (`notApplied`, said in place of the mode's verdict).
 */
export function globActivationNotes(activation: Activation): Pick<AgentRule, 'content' | 'notApplied'> {
  if (activation.mode !== 'globs') return {};
  return { ...(activation.content ? { content: activation.content } : {}), ...(activation.never !== undefined ? { notApplied: `never attached: ${activation.never}` } : {}) };
}
