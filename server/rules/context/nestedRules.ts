import { judgedAgainstWorkspace, type AgentRule, type GlobDialect } from './agentView';
import type { GlobReach, GlobStatus } from './globReach';
import { globShape } from './globMatcher';
import { nestedScopeHedged } from '../agents/nestedScope';

/**
 * Cursor's nested rule folders: a `.cursor/rules` below the workspace folder
 * (`packages/web/.cursor/rules/`). Source: Cursor's documentation, "Rules"
 * (https://docs.cursor.com/context/rules, now https://cursor.com/docs/rules; read through
 * the copy at anysphere.mintlify.app/context/rules-for-ai): "Subdirectories can include
 * their own .cursor/rules directory scoped to that folder." So such a rule reaches files
 * under its holding folder only, each activated as a root rule is (`agents/cursor.ts`);
 * none of it is in every request, only when a file there is in play.
 *
 * How a nested rule's globs are matched is not documented: relative to the holding folder
 * (`src/**` of `packages/web/.cursor/rules` meaning `packages/web/src/**`), or to the
 * workspace root like a root rule's. Both readings are taken, the one with the fewest
 * false alarms: a glob matches a file under the holder when either reading matches it, and
 * it is dead only when neither matches a file there.
 *
 * Windsurf also discovers every `.windsurf/rules` of the workspace's subfolders
 * (docs.windsurf.com/windsurf/cascade/memories, "Rules discovery": "All `.windsurf/rules`
 * directories within your current workspace and its sub-directories"), but its docs do not
 * say which files such rules reach, nor how their globs are read. They are read and scoped
 * here as Cursor's are, the reading with the fewest false alarms, and every report says that
 * scope as a likelihood (`nestedScopeHedged`), never as Windsurf's documented behaviour. A
 * finding is never made from that scope alone: a glob of such a rule is dead only when it
 * matches nothing read from the holder nor read from the workspace root (`globReadings`).
 */

/**
 * Nested rule folders read for one workspace folder, and rule files read in all of them: a
 * monorepo with thousands of packages is not read whole. Past the folder cap `check` exits 2
 * (its run is incomplete), so the cap sits well above the packages of a large monorepo (each
 * folder costs one listing; the files are capped on their own).
 */
export const MAX_NESTED_FOLDERS = 200;
export const MAX_NESTED_FILES = 500;

/**
 * What an answer says when `more` left folders out (past `MAX_NESTED_FOLDERS`), worded as
 * a capped listing is (`stopped listing . after N files`): their rules are missing from it.
 */
export const NESTED_FOLDERS_CAPPED = `stopped reading nested .cursor/rules and .windsurf/rules folders after ${MAX_NESTED_FOLDERS}, nearest the root first`;

/** A piece every path in a nested `.cursor/rules` holds, after its holding folder. */
export const NESTED_CURSOR = '/.cursor/rules/';
/** The same of a nested `.windsurf/rules`. */
export const NESTED_WINDSURF = '/.windsurf/rules/';

/** The tools whose rule folders nest, each with the folder a holder keeps its rules in: the agent's id is the key. */
export const NESTED_TOOL_FOLDERS: Readonly<Record<string, string>> = { cursor: '.cursor/rules', windsurf: '.windsurf/rules' };

/** Whether a nested folder's scope is agentls's reading rather than the tool's docs (Windsurf's: see above), so said as a likelihood. */
export { nestedScopeHedged } from '../agents/nestedScope';

/** The holder of a path in a nested `.cursor/rules` or `.windsurf/rules` (`packages/web`); undefined for any other path. */
export function nestedToolHolder(rel: string): string | undefined {
  return nestedCursorHolder(rel) ?? holderBefore(rel, NESTED_WINDSURF);
}

/**
 * The folders holding a nested `.cursor/rules` or `.windsurf/rules` (relative, `/`-separated, sorted), from the
 * workspace-relative paths of files the caller already has (the file index, a listing):
 * never a walk. At most `MAX_NESTED_FOLDERS`, nearest the root first; `more` says some were left out.
 */
export function nestedToolHolders(rels: Iterable<string>): { holders: string[]; more: boolean } {
  return nearestHolders(holdersIn(rels));
}

/** The holder (`holderOf`) of each path, by default in a nested `.cursor/rules` or `.windsurf/rules` (`packages/web` for `packages/web/.cursor/rules/x.mdc`), repeats and all. */
export function holdersIn(rels: Iterable<string>, holderOf: (rel: string) => string | undefined = nestedToolHolder): string[] {
  const found: string[] = [];
  for (const rel of rels) {
    const holder = holderOf(rel);
    if (holder !== undefined) found.push(holder);
  }
  return found;
}

/** The holder of one workspace-relative path in a nested `.cursor/rules` (`packages/web`); undefined for any other path. */
export function nestedCursorHolder(rel: string): string | undefined {
  return holderBefore(rel, NESTED_CURSOR);
}

function holderBefore(rel: string, piece: string): string | undefined {
  const at = rel.indexOf(piece);
  return at > 0 ? rel.slice(0, at) : undefined;
}

/**
 * The folder a tool's rule file at workspace-relative `rel` reaches, when it is less than the
 * workspace: Cursor's rule in a package's own `.cursor/rules` (`packages/web`), and Windsurf's
 * in a package's `.windsurf/rules`, a scope its messages say as a likelihood (`nestedScopeHedged`).
 * Undefined for every other tool and path.
 */
export function toolRuleScope(agent: string, rel: string | undefined): string | undefined {
  if (rel === undefined) return undefined;
  if (agent === 'cursor') return nestedCursorHolder(rel);
  return agent === 'windsurf' ? holderBefore(rel, NESTED_WINDSURF) : undefined;
}

/** Holders (relative folders) without repeats, nearest the root first, at most `MAX_NESTED_FOLDERS`; `more` says some were left out. */
export function nearestHolders(holders: Iterable<string>): { holders: string[]; more: boolean } {
  const sorted = [...new Set(holders)].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
  return { holders: sorted.slice(0, MAX_NESTED_FOLDERS), more: sorted.length > MAX_NESTED_FOLDERS };
}

/**
 * The folders between the workspace root and a file (`rel`, relative), excluding the root:
 * where a nested `.cursor/rules` that reaches the file may lie (`packages`, `packages/web`
 * for `packages/web/src/a.ts`). Looked at when no file index is there to say.
 */
export function holdersAbove(rel: string): string[] {
  const parts = rel.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/')).filter((h) => !h.split('/').some((part) => part === '.cursor' || part === '.windsurf')).slice(0, MAX_NESTED_FOLDERS);
}

/**
 * The holders to read for the rules of one file (`rel`), from the paths a listing gave
 * (`rels`): the folders above the file first, since their rules may reach it and the cap
 * must never drop them, then every other holder the listing names, nearest the root
 * first, whose rules are shown as not reaching the file. At most `MAX_NESTED_FOLDERS`;
 * `more` says some were left out. `complete` says the listing holds every file: a folder
 * above the file it does not name holds no `.cursor/rules`; else each is looked at.
 * `holderOf`: the holder of a listed path, for another agent's nested files (`nestedClaude.ts`).
 */
export function holdersForFile(rel: string, rels: Iterable<string>, complete: boolean, holderOf?: (rel: string) => string | undefined): { holders: string[]; more: boolean } {
  const found = holdersIn(rels, holderOf);
  const listed = new Set(found);
  const above = holdersAbove(rel).filter((h) => !complete || listed.has(h));
  const others = nearestHolders(found);
  const every = [...new Set([...above, ...others.holders])];
  return { holders: every.slice(0, MAX_NESTED_FOLDERS), more: others.more || every.length > MAX_NESTED_FOLDERS };
}

function depth(p: string): number {
  return p.split('/').length;
}

/** `rel` relative to `scope` when the file lies under it; undefined otherwise. */
export function insideScope(scope: string, rel: string): string | undefined {
  return rel.startsWith(scope + '/') ? rel.slice(scope.length + 1) : undefined;
}

/** The paths a scoped rule's glob is tested on for a file under its scope: relative to the holder, then to the root. */
export function scopedPaths(rule: AgentRule, rel: string): string[] | undefined {
  if (rule.scope === undefined) return [rel];
  const inner = insideScope(rule.scope, rel);
  return inner === undefined ? undefined : [inner, rel];
}

/**
 * The root-relative globs a rule's glob is judged by against the workspace's files (the
 * glob itself, for a root rule). For a scoped rule: the glob read from the holder
 * (`packages/web/src/**`; a name-only glob such as `*.tsx` matches a name at any depth, so
 * `packages/web/**\/*.tsx`), and, read from the root, the glob itself when it can reach
 * into the holder (its literal folder lies on the way to it, or below it); a literal folder
 * elsewhere (`src/**` for `packages/web`) reaches no file of the rule's, so it is left out.
 * `hedged` (`nestedScopeHedged`: Windsurf's, whose docs do not say the holder bounds its rules):
 * the glob read from the root is kept whatever folder it names, as a root rule's is, so a glob
 * is dead only when it matches nothing under either reading.
 */
export function globReadings(glob: string, scope: string | undefined, hedged = false): string[] {
  if (scope === undefined) return [glob];
  const g = glob.startsWith('./') ? glob.slice(2) : glob;
  const fromHolder = `${scope}/${g.includes('/') ? g : `**/${g}`}`;
  if (hedged) return [fromHolder, glob];
  if (!g.includes('/')) return [fromHolder];
  const base = globShape(g, LITERAL).base;
  const reaches = base === '' || base === scope || scope.startsWith(base + '/') || base.startsWith(scope + '/');
  return reaches ? [fromHolder, g] : [fromHolder];
}

/** Reads a glob's literal folder as written, a name-only glob included. */
const LITERAL = { id: 'literal', basename: false, nocase: false, note: '' };

/** The globs a rule of `agent` is judged by, as the reach follows them (`globReadings` of each); none of a rule not judged here. */
export function reachGlobs(rule: AgentRule, agent: string): string[] {
  if (!judgedAgainstWorkspace(rule)) return [];
  return rule.globs.flatMap((g) => globReadings(g, rule.scope, nestedScopeHedged(agent)));
}

/**
 * What the reach says of a rule's glob: of the glob itself for a root rule; for a scoped
 * rule, alive when one reading matches a file, dead (and judged against the ignore files)
 * only when every reading is. Undefined while a reading is not followed yet.
 */
export function scopedStatus(reach: GlobReach, glob: string, scope: string | undefined, dialect: GlobDialect, hedged = false): GlobStatus | undefined {
  const statuses = globReadings(glob, scope, hedged).map((g) => reach.status(g, dialect));
  if (statuses.some((s) => s === undefined)) return undefined;
  const all = statuses as GlobStatus[];
  if (scope === undefined) return all[0];
  const alive = all.find((s) => !s.dead);
  // Broad is judged against the whole workspace, which a scoped rule never reaches all of: not said.
  if (alive) return { ...alive, glob, broad: false };
  const ignored = all.find((s) => s.ignoredPart !== undefined);
  return { ...all[0], glob, ignoreJudged: all.every((s) => s.ignoreJudged), ignoredPart: ignored?.ignoredPart, unlooked: all.find((s) => s.unlooked !== undefined)?.unlooked };
}
