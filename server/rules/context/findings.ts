import type { Finding } from '../../core/findings';
import type { LineIndex, Range } from '../../core/text';
import type { AgentId } from '../agents';
import { deadGlobIsTheLints } from '../agents/globs';
import { textRead } from '../analysis';
import type { RulesEngine } from '../engine';
import { RuleLocator } from '../lint/locate';
import { judgedAgainstWorkspace, type AgentRule, type AgentView, type GlobDialect } from './agentView';
import { contextFinding } from './codes';
import { agentCost, tokensText } from './cost';
import { TOOL_NAMES, toolOfPath } from './convert';
import { diffSummary, findDrift, type Drift } from './drift';
import type { GlobReach } from './globReach';
import { DISK_LOOK_FILES } from './ignoredGlobs';
import { formatCount, overLimit } from '../../core/limits';
import { globReadings, nestedScopeHedged, reachGlobs, scopedStatus } from './nestedRules';
import { displayPath, isInside } from '../../workspace/paths';

/** What the findings of one open rule file are computed from. */
export interface RuleFileContext {
  path: string;
  text: string;
  lines: LineIndex;
  root: string;
  engine: RulesEngine;
  views: AgentView[];
  reach: GlobReach | undefined;
  budget: number | undefined;
}

/** Payload of the drift finding's code actions. */
export interface CopyBodyData {
  fix: 'copy-body';
  other: string;
}

/** Dead and broad globs, tool limits, the budget and drift, for one rule file. */
export function contextFindings(c: RuleFileContext): Finding[] {
  // Globs and the budget are judged per agent: only for the agents this file's findings are about (`rules.agents`).
  const targets = c.engine.targetsOf(c.path);
  const judged = { ...c, views: c.views.filter((v) => targets.has(agentIdOf(v))) };
  return [...globFindings(judged), ...budgetFindings(judged), ...driftFindings(c)];
}

/** The globs the agents' rules use (`keep`: those rules alone), each with how its agent reads it: what the glob reach follows. */
export function agentGlobs(views: readonly AgentView[], keep: (rule: AgentRule, view: AgentView) => boolean = () => true): { glob: string; dialect: GlobDialect }[] {
  return views.flatMap((v) => v.rules.flatMap((r) => (keep(r, v) ? reachGlobs(r, v.agent).map((glob) => ({ glob, dialect: v.dialect })) : [])));
}

/**
 * `agentGlobs` of the engine's views, for the agents `contextFindings` judges each rule file
 * by (`targetsOf`: its tool, and the xcsh agent as `rules.agents` and a `.xcsh` folder say):
 * no glob is judged, nor looked for on disk, for an agent no finding is made for. The xcsh
 * agent reads Cursor's `globs: a/**, b/**` as one glob, never judged where its findings of
 * Cursor's files are not made.
 */
export function judgedRuleGlobs(views: readonly AgentView[], targetsOf: (p: string) => ReadonlySet<AgentId>, keep: (p: string) => boolean = () => true): { glob: string; dialect: GlobDialect }[] {
  const targets = new Map<string, ReadonlySet<AgentId>>();
  return agentGlobs(views, (rule, view) => {
    if (!keep(rule.path)) return false;
    let of = targets.get(rule.path);
    if (!of) targets.set(rule.path, (of = targetsOf(rule.path)));
    return of.has(agentIdOf(view));
  });
}

/** The agent a view is of: the seed's agent under either profile is the xcsh agent. */
function agentIdOf(view: AgentView): AgentId {
  return view.agent === 'seed' ? 'xcsh' : (view.agent as AgentId);
}

function globFindings(c: RuleFileContext): Finding[] {
  if (!c.reach) return [];
  // A file only its tool reads (ignored, or a link) is located in as a listed one is.
  const analysis = c.engine.analysis(c.path) ?? c.engine.toolOnlyAnalysis(c.path);
  // Cursor's and Windsurf's `globs`, Cline's `paths`.
  const locator = analysis && new RuleLocator(analysis);
  const entry = locator && (locator.entry('globs') ?? locator.entry('paths'));
  return globFindingsWithin({ ...c, reach: c.reach }, entry?.lineRange ?? c.lines.lineRange(0), true);
}

/** An instruction file of an agent whose files the engine does not list (Claude Code's `.claude/rules`, Copilot's `.instructions.md`). */
export interface InstructionFileContext {
  path: string;
  text: string;
  lines: LineIndex;
  /** The views of the agents that read the file (`instructionViews.ts`), already only the targeted ones. */
  views: AgentView[];
  reach: GlobReach;
}

/**
 * Dead globs of an instruction file: Claude Code's `paths`, Copilot's `applyTo`. Broad
 * globs are not reported for them: `applyTo: "**"` is how GitHub's docs apply instructions
 * to every file (there is no always-on key in those files), so saying "may as well be
 * always-on" would be noise.
 */
export function instructionGlobFindings(c: InstructionFileContext): Finding[] {
  // The frontmatter block, where the glob is written; else the first line.
  const close = c.text.startsWith('---') ? c.text.indexOf('\n---', 3) : -1;
  const within = close > 0 ? c.lines.range(0, close + 4) : c.lines.lineRange(0);
  return globFindingsWithin(c, within, false);
}

function globFindingsWithin(c: Pick<RuleFileContext, 'path' | 'text' | 'lines' | 'views'> & { reach: GlobReach }, within: Range, broad: boolean): Finding[] {
  const reach = c.reach;
  // Agents that judge a glob alike share one finding that names them all: the same glob
  // reported once per agent reads as several problems.
  const groups = new Map<string, { glob: string; dead: boolean; count: number | undefined; total: number; views: AgentView[]; ruleDead: boolean; othersUnjudged: boolean; ignoredPart?: string; unlooked?: string; scope?: string; hedged: boolean }>();
  for (const view of c.views) {
    const rule = view.rules.find((r) => r.path === c.path);
    // Globs of a rule that is always sent, or never, change nothing for this agent.
    if (!rule || rule.mode === 'always' || rule.mode === 'none') continue;
    // A user-level rule serves every project: its globs are not judged by this one's files.
    if (!judgedAgainstWorkspace(rule)) continue;
    // A package's Windsurf rule: its glob read from the root too, wherever it aims (`globReadings`), its scope being agentls's reading.
    const hedged = rule.scope !== undefined && nestedScopeHedged(view.agent);
    const statuses = rule.globs.map((glob) => ({ glob, status: scopedStatus(reach, glob, rule.scope, view.dialect, hedged) }));
    // The rule never attaches for this agent only when every glob is dead; one dead glob beside live ones is a note.
    // A glob whose folder was not looked through (`unlooked`) is not known dead: the rule then may or may not attach.
    const unjudged = statuses.some((s) => s.status?.dead === true && s.status.unlooked !== undefined);
    const ruleDead = statuses.length > 0 && !unjudged && statuses.every((s) => s.status?.dead === true);
    const othersLive = statuses.some((s) => s.status !== undefined && !s.status.dead);
    for (const { glob, status } of statuses) {
      if (!status || (!status.dead && !(broad && status.broad))) continue;
      // Not said to match nothing until the ignore files say whether it aims where the index does not look.
      if (status.dead && !status.ignoreJudged) continue;
      // A comma-separated string read as one glob, or a glob the lint calls invalid, has its own
      // finding already (`frontmatter/comma-globs`, `frontmatter/invalid-glob`): one cause, one report.
      if (status.dead && deadGlobIsTheLints(glob)) continue;
      const ignoredPart = status.dead ? status.ignoredPart : undefined;
      const unlooked = status.dead ? status.unlooked : undefined;
      const key = JSON.stringify([glob, status.dead, status.count, ignoredPart, unlooked, rule.scope, hedged]);
      const group = groups.get(key) ?? { glob, dead: status.dead, count: status.count, total: status.total, views: [], ruleDead: false, othersUnjudged: false, ignoredPart, unlooked, scope: rule.scope, hedged };
      group.views.push(view);
      group.ruleDead ||= ruleDead;
      // No other glob known to match, and one not judged: neither "never attaches" nor "still match" is known.
      group.othersUnjudged ||= unjudged && !othersLive;
      groups.set(key, group);
    }
  }
  const out: Finding[] = [];
  for (const g of groups.values()) {
    const range = locate(c, g.glob, within);
    const names = joinNames(g.views.map((v) => v.displayName));
    if (g.dead && g.ignoredPart !== undefined) {
      // A build output or a folder made at run time: a clone has none of its files, and the index holds none of them anyway.
      const where = g.ignoredPart === '' ? 'names files that are ignored' : `aims into ${g.ignoredPart}, which is ignored`;
      const message = `For ${names}, the glob ${JSON.stringify(g.glob)} ${where} (.gitignore, .ignore, search.exclude or node_modules): no file there matches it now, and ignored files are made by builds and tools, so it is not called dead.`;
      out.push(contextFinding('context/dead-glob', 'information', range, message));
    } else if (g.dead && g.unlooked !== undefined) {
      // The look on disk for ignored files it may match ran out of its budget (`ignoredGlobs.ts`) before this folder: not known to be dead.
      const folder = g.unlooked === '' ? 'the workspace folder' : `${g.unlooked}/`;
      const message = `For ${names}, the glob ${JSON.stringify(g.glob)} matches none of the ${g.total} files of the file index, but ${folder} was not looked through for the ignored files it leaves out (agentls lists at most ${formatCount(DISK_LOOK_FILES)} files on disk for dead globs until the ignore files or the index change), so it is not called dead.`;
      out.push(contextFinding('context/dead-glob', 'information', range, message));
    } else if (g.dead) {
      const near = reach.nearest(globReadings(g.glob, g.scope, g.hedged)[0], g.views[0].dialect);
      const hint = near.noExtension
        ? ` No file of the workspace ends in ${near.noExtension}.`
        : near.paths.length
          ? ` Nearest existing: ${near.paths.join(', ')}.`
          : '';
      const notes = new Set(g.views.map((v) => v.dialect.note));
      const how = notes.size === 1 ? [...notes][0] : g.views.map((v) => `${v.displayName}, ${v.dialect.note}`).join('; ');
      const glob = JSON.stringify(g.glob);
      // A nested folder's rule reaches the files under its folder only, its globs read from there or from the root (`nestedRules.ts`);
      // a package's Windsurf rule is judged against the whole workspace under both readings, its docs saying neither which files it reaches nor how.
      const does = g.views.length === 1 ? 'does' : 'do';
      const files =
        g.scope === undefined
          ? `the ${g.total} files of the workspace`
          : g.hedged
            ? `the ${g.total} files of the workspace, read from ${g.scope}/ or from the workspace root (${names} ${does} not document which files a subfolder's rules reach, nor how their globs are read)`
            : `the files under ${g.scope}/, read from there or from the workspace root (${names} ${does} not document which)`;
      const message = g.ruleDead
        ? `${capitalised(names)} never ${g.views.length === 1 ? 'attaches' : 'attach'} this rule by its globs: ${glob} matches none of ${files}.`
        : g.othersUnjudged
          ? `For ${names}, the glob ${glob} matches none of ${files}; whether the rule's other globs match is not known (a folder they aim into was not looked through).`
          : `For ${names}, the glob ${glob} matches none of ${files}; the rule's other globs still match.`;
      out.push(contextFinding('context/dead-glob', g.ruleDead ? 'warning' : 'information', range, `${message}${hint} (Glob matching: ${how}.)`));
    } else {
      out.push(contextFinding('context/broad-glob', 'information', range, `The glob ${JSON.stringify(g.glob)} matches ${g.count} of ${g.total} files: for ${names} this rule may as well be always-on.`));
    }
  }
  return out;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `a`, `a and b`, `a, b and c`. */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Where a glob is written in the file (within the `globs` entry when there is one), else
 * `within`. A glob YAML read from escapes (`"app/\\[id\\]/**"`, `'it''s/**'`) is looked for
 * as written: a double-quoted YAML string's escapes are JSON's here, a single-quoted one doubles `'`.
 */
function locate(c: Pick<RuleFileContext, 'text' | 'lines'>, glob: string, within: Range): Range {
  const from = c.lines.offsetAt(within.start);
  const to = c.lines.offsetAt(within.end);
  for (const written of new Set([glob, JSON.stringify(glob).slice(1, -1), glob.replace(/'/g, "''")])) {
    const at = c.text.indexOf(written, from);
    if (at >= 0 && at + written.length <= to) return c.lines.range(at, at + written.length);
  }
  return within;
}

function budgetFindings(c: RuleFileContext): Finding[] {
  if (c.budget === undefined) return [];
  const out: Finding[] = [];
  for (const view of c.views) {
    const cost = agentCost(view);
    if (cost.totalTokens <= c.budget) continue;
    const mine = cost.items.find((i) => i.path === c.path);
    if (!mine) continue;
    out.push(
      contextFinding(
        'context/over-budget',
        'warning',
        c.lines.lineRange(0),
        `${capital(view.displayName)} sends ${tokensText(cost.totalTokens)} of rules in every request, over agentls.rules.budgetTokens (${c.budget}); this always-on rule is ≈${mine.tokens} of them.`,
      ),
    );
  }
  return out;
}

function driftFindings(c: RuleFileContext): Finding[] {
  const analysis = c.engine.analysis(c.path);
  // A file agentls did not read (over 2 MiB, or unreadable) has no body it knows: comparing its
  // empty stand-in, or its buffer past the limit, would offer to copy what was never read.
  if (!analysis || !toolOfPath(c.path) || !textRead(analysis)) return [];
  const state = c.engine.nameState(c.root, analysis.candidate.name);
  if (!state || state.entries.length < 2) return [];
  // A user-level rule and a project rule of one name are not copies of each other (shadowing covers them): compare within a level.
  const level = (p: string) => isInside(c.root, p);
  const copies = state.entries
    .filter((e) => level(e.path) === level(c.path))
    .flatMap((e) => {
      if (e.path === c.path) return [{ path: e.path, text: c.text }];
      const other = c.engine.analysis(e.path);
      return other && textRead(other) ? [{ path: e.path, text: other.text }] : [];
    });
  return findDrift(copies)
    .filter((d) => d.path === c.path)
    .map((d) => {
      const other = displayPath(d.other.path, c.root);
      const summary = diffSummary(d.diff);
      const also = d.alsoOfTool ? `; of the ${TOOL_NAMES[d.other.tool]} files of this name, it shares the most with this one (also ${d.alsoOfTool.map((p) => displayPath(p, c.root)).join(', ')})` : '';
      const { where, tail } = comparedWords(d, summary);
      return contextFinding(
        'context/drift',
        'information',
        c.lines.lineRange(0),
        `The ${TOOL_NAMES[d.other.tool]} copy of this rule (${other}) has another body${where}${also}${tail}`,
        { related: [{ path: d.other.path, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message: `${TOOL_NAMES[d.other.tool]} copy; from this file to it${where}${tail}` }], data: { fix: 'copy-body', other: d.other.path } satisfies CopyBodyData },
      );
    });
}

/**
 * What a drift message says of the part compared (`where`) and how it ends (`tail`: the diff,
 * or a full stop). Copies longer than `LIMITS.driftComparedChars` are compared in their first
 * characters, and the message says so; when those are alike, it says the bodies differ past
 * them rather than show no change.
 */
function comparedWords(d: Drift, summary: string): { where: string; tail: string } {
  if (!d.cut) return { where: '', tail: `:\n${summary}` };
  const limit = formatCount(d.cut.limit);
  const note = `(${overLimit('the longer body is', d.cut.longest, d.cut.limit, 'characters')} to compare)`;
  if (summary === '') return { where: ` past the first ${limit} characters, which are the same in both ${note}`, tail: '.' };
  return { where: ` in the first ${limit} characters of each ${note}`, tail: `:\n${summary}` };
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
