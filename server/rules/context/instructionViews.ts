import * as path from 'node:path';
import type { FileSystem } from '../../workspace/fs';
import { displayPath, isInside, relativeInside, toPosix } from '../../workspace/paths';
import { LIMITS } from '../../core/limits';
import { DEFAULT_INSTRUCTIONS } from '../../workspace/copilotLocations';
import { claudeUserMemoryFile, claudeUserRulesFolder, CONTINUE_RULES_FOLDER, geminiUserMemoryFile, KIRO_STEERING_FOLDER, LINKED_FOLDER_ROUNDS, NESTED_RULE_FOLDERS, rooUserRuleFolder } from '../../workspace/ruleLocations';
import { linkHoldingItself, linkLeadsToFolder } from '../../workspace/links';
import { agentModel, type AgentId } from '../agents';
import { claudeDialect, isClaudeMemoryFile, type ImportDialect } from '../claudeImports';
import { walkClaudeImports, type ClaudeImportWalk } from '../claudeImportWalk';
import { parseFrontmatter, TOOL_READING } from '../frontmatter';
import { judgedAgainstWorkspace, type AgentRule, type AgentView, type UncountedFile } from './agentView';
import { MAX_NESTED_FILES, MAX_NESTED_FOLDERS, NESTED_TOOL_FOLDERS } from './nestedRules';
import { isClaudeMemoryPath, NESTED_CLAUDE_MEMORY } from './nestedClaude';
import { claudeMemorySentText } from './claudeMemoryText';
import { NESTED_AGENTS_MD } from './nestedAgentsMd';
import { NESTED_GEMINI } from './nestedGemini';
import { GEMINI_MD } from '../agents/gemini';
import { geminiDialect } from '../lint/geminiImports';
import { findGeminiImports } from '../geminiImportTokens';
import { showsAgent } from './selection';
import { CODEX_CONFIG_FOLDER, CODEX_GLOBAL_NAMES, codexHomeFolder, codexSkipsAsEmpty } from '../agents/codex';
import { isRooFallbackName, ROO_AGENT_RULES, ROO_AGENT_RULES_SETTING, ROO_CLINE_FALLBACK_NOTE, ROO_CLINE_MODE_FALLBACK_NOTE, rooSkipsFile } from '../agents/roo';
import { isRooPath, type RooShadowed } from './rooFallback';
import type { RooModesNote } from './rooModesFindings';
import { lookUpUserModeFolders, readRooRoot, rooModesRead, userModesAmong } from '../rooRoot';
import { ROOMODES } from '../rooModes';
import { rooUnknownMode } from '../agents/rooModeFolders';
import { kiroNotApplied } from '../agents/kiro';
import { continueNotApplied, continueRuleName } from '../agents/continue';
import { ownReading } from '../continueReading';
import { readsNothingOf, textReadBy } from '../agents/textRead';
import { ZED_OWN_FILE, ZED_RULES_FILES, zedNotApplied } from '../agents/zed';
import type { ZedSkipped } from './zedRules';
import { codexSentBytes, type CodexOverridden } from './codexChain';
import { droppedByTool, frontmatterOf, globActivationNotes, sentAlwaysFields, MODE, toolDialect, toolFrontmatterNotRead, wholeFileRule } from './toolViews';

/**
 * The views of the agents whose instructions are plain files beside the code and that the
 * xcsh agent's discovery does not list: Claude Code, GitHub Copilot and the AGENTS.md
 * readers, each from its agent model in `rules/agents/`. They are read here, through the
 * rule reader (the workspace, plus the few user-level files an agent reads, registered
 * with `allowArea`), and joined to the other views by `agentViews(view, extra)`.
 */
export interface InstructionViews {
  views: AgentView[];
  /** Files read or looked for and folders listed: a change at, under or above one makes the views stale. */
  watched: string[];
  /** The files read or looked for alone: a buffer's new text (no file came or went) matters only there. */
  read: string[];
  /** The agents' rule folders whose walk stopped at `LIMITS.instructionFolderEntries` (`Reader.list`): files past it are in no view. */
  capped: CappedInstructionFolder[];
  /** Entries of the agents' rule folders named as their files are that are a pipe, socket or device: never opened, said (`specialEntryFinding`). */
  special: { path: string; agent: AgentId }[];
  /** Links to a folder in a workspace rule folder whose agent never walks them (`AGENTS_SKIPPING_LINKED_FOLDERS`): said (`unwalkedLinkedFolderFinding`), never listed. */
  unwalkedLinks: { path: string; agent: AgentId }[];
  /** Each `AGENTS.md` Codex does not read because an `AGENTS.override.md` is beside it (`codexView`), with that override; none when Codex's view is not shown. */
  codexOverridden: CodexOverridden[];
  /** Each root `.roorules` (or `.roorules-{mode}`) Roo Code does not read, its `.roo/rules` (or `.roo/rules-{mode}`) folder holding files (`rooView`); none when Roo Code's view is not shown. */
  rooShadowed: RooShadowed[];
  /** The root's `.roomodes` where Roo Code refuses it or agentls did not read it (`rooView`, `readRooModes`); none when Roo Code's view is not shown. */
  rooModesNotes: RooModesNote[];
  /** Each file of Zed's list at the root that Zed does not read, an earlier one being there (`zedView`); none when Zed's view is not shown. */
  zedSkipped: ZedSkipped[];
  /** The file of Zed's list that Zed reads at the root (`zedView`); none when Zed's view is not shown or no file of its list is there. */
  zedReads?: string;
}

/** A rule folder of Claude Code's, Copilot's, Cursor's or Devin Desktop's read only in part (`Reader.list`). */
export interface CappedInstructionFolder {
  /** The folder walked (`.claude/rules`, `~/.claude/rules`, `.github/instructions`). */
  path: string;
  agent: AgentId;
  /** The endings of the files the agent reads there (`.md`, `.instructions.md`). */
  suffixes: readonly string[];
  /** The files listed before the walk stopped: one of the agent's under the folder and not here was not read. */
  listed: ReadonlySet<string>;
  /** The depth from which files are the walk's (1 for the root `.cursor/rules`, whose own files the rules engine reads). */
  from: number;
  /** The deepest the agent itself reads (Devin Desktop: 0, `.devin/rules`'s own files); none where it reads any depth. */
  through?: number;
  /** The walk stopped at `LIMITS.instructionFolderEntries`. */
  entries: boolean;
  /** The walk met a folder at its depth limit (`MAX_FOLDER_DEPTH`, agentls's own) and did not look into it. */
  deep: boolean;
  /**
   * The entries of the folder itself, where they alone are more than the walk's budget and no
   * more than `LIMITS.instructionFolderNames`: its first entries by name were read (files
   * only: the budget was spent, no subfolder was looked into), the rest were not.
   */
  topEntries?: number;
}

export interface InstructionHost {
  /** The rule reader (`session.ruleFs`, or the server's overlay of open buffers on it). */
  fs: FileSystem;
  home: string;
  /** `agentls.rules.agents` / `--agents`. */
  agents: 'auto' | readonly string[];
  /**
   * The folders holding a nested `.cursor/rules` (relative to the workspace folder), from what
   * the caller already lists (the file index, `agentls check`'s listing: `nestedToolHolders`)
   * or the folders above one file; none when absent. Capped here (`MAX_NESTED_FOLDERS`).
   */
  nestedHolders?: () => Promise<readonly string[]>;
  /** The folders holding a subfolder's CLAUDE.md or CLAUDE.local.md (`nestedClaude.ts`), from what the caller already lists, as `nestedHolders`; none when absent. */
  nestedClaudeFolders?: () => Promise<readonly string[]>;
  /** The folders holding a subfolder's AGENTS.md (`nestedAgentsMd.ts`), from what the caller already lists, as `nestedHolders`; none when absent. */
  nestedAgentsMdFolders?: () => Promise<readonly string[]>;
  /** The folders holding a subfolder's GEMINI.md (`nestedGemini.ts`), from what the caller already lists, as `nestedHolders`; none when absent. */
  nestedGeminiFolders?: () => Promise<readonly string[]>;
  /** The context file names Gemini CLI reads in a workspace folder (`.gemini/settings.json`, `workspace/geminiSettings.ts`); `GEMINI.md` when absent. */
  geminiContextNames?: (root: string) => readonly string[];
  /** Copilot's instruction folders of a workspace folder, relative to it (`.vscode/settings.json`, `workspace/copilotLocations.ts`); `.github/instructions` when absent. */
  copilotInstructions?: (root: string) => readonly string[];
  /** Lets the rule reader read one fixed place an agent reads outside the workspace (`~/.claude/CLAUDE.md`); never a path from a document. */
  allowArea(p: string): void;
}

/**
 * Agents whose walk of their rule folder passes over a symbolic link to a folder, and reads a
 * link to a file. Continue: `walkDir` (continuedev/continue, core/indexing/walkDir.ts) walks an
 * entry as a folder only when its type is exactly `Directory` (2), skips one of type
 * `SymbolicLink` (64) alone (a broken link), and yields any other as a file; in VS Code its
 * `listDir` is `vscode.workspace.fs.readDirectory` (extensions/vscode/src/VsCodeIde.ts), whose
 * types are a bitmask, a link to a folder being `SymbolicLink | Directory` (66: VS Code's API,
 * `FileType` and `FileStat.type` in vscode.d.ts). So the linked folder's files are never read,
 * and the folder's own name, with no `.md`, is dropped by the loader. Continue's JetBrains
 * plugin and CLI list folders by other code, not checked here.
 */
const AGENTS_SKIPPING_LINKED_FOLDERS: ReadonlySet<AgentId> = new Set(['continue']);

/** Each file is read with this cap, as the rules engine reads rule files (and its findings are placed in what was read). */
export const MAX_INSTRUCTION_FILE_BYTES = 2 * 1024 * 1024;
/** How deep a rule folder is walked (how much of it: `LIMITS.instructionFolderEntries`); `cappedFolders.ts` says it. */
export const MAX_FOLDER_DEPTH = 8;
/** Files read while following the imports of all memory files of one folder. */
const MAX_IMPORTED_FILES = 50;

export async function instructionViews(root: string, host: InstructionHost): Promise<InstructionViews> {
  const reader = new Reader(root, host);
  const views: AgentView[] = [];
  if (showsAgent(host.agents, 'claude')) views.push(await claudeView(reader));
  if (showsAgent(host.agents, 'copilot')) views.push(await copilotView(reader));
  if (showsAgent(host.agents, 'agents-md')) views.push(await agentsMdView(reader));
  const codex = showsAgent(host.agents, 'codex') ? await codexView(reader) : undefined;
  if (codex) views.push(codex.view);
  if (showsAgent(host.agents, 'kiro')) views.push(await kiroView(reader));
  if (showsAgent(host.agents, 'continue')) views.push(await continueView(reader));
  const gemini = showsAgent(host.agents, 'gemini') ? await geminiView(reader) : undefined;
  if (gemini) views.push(gemini);
  const roo = showsAgent(host.agents, 'roo') ? await rooView(reader) : undefined;
  if (roo) views.push(roo.view);
  const zed = showsAgent(host.agents, 'zed') ? await zedView(reader) : undefined;
  if (zed) views.push(zed.view);
  views.push(...(await unlistedToolRules(reader)));
  const kept = views.filter((v) => v.rules.length > 0 || v.uncounted?.length);
  return { views: kept, watched: [...reader.watched], read: [...reader.readPaths], capped: reader.capped, special: reader.special, unwalkedLinks: reader.unwalkedLinks, codexOverridden: codex?.overridden ?? [], rooShadowed: roo?.shadowed ?? [], rooModesNotes: roo?.modesNotes ?? [], zedSkipped: zed?.skipped ?? [], ...(zed?.reads !== undefined ? { zedReads: zed.reads } : {}) };
}

/**
 * Whether a file change at `p` (a file or a folder created, changed or deleted) may change the
 * views; `textOnly`: an open buffer's text changed, no file came or went, so only a file the
 * views read counts (a keystroke in `.cursor/rules/style.mdc`, in a folder listed for its
 * subfolders' rules, does not make them again).
 */
export function touchesInstructions(views: InstructionViews, p: string, textOnly = false): boolean {
  if (textOnly) return views.read.includes(p);
  // A nested `.cursor/rules`, or a subfolder's CLAUDE.md or AGENTS.md, that came or went is in no folder the views listed.
  const posix = toPosix(p);
  return views.watched.some((w) => isInside(w, p) || isInside(p, w)) || CURSOR_RULES.test(posix) || isClaudeMemoryPath(posix) || NESTED_AGENTS_MD.isPath(posix) || NESTED_GEMINI.isPath(posix) || isRooPath(posix);
}

const CURSOR_RULES = /(^|\/)\.(cursor|windsurf)(\/rules(\/|$)|$)/;

/**
 * Where the instruction files with globs that the engine does not list live (Claude Code's
 * `.claude/rules/`, Copilot's `.github/instructions/`, Devin Desktop's `.devin/rules/`, a
 * folder inside `.cursor/rules/`): a change there may add, change or drop one. `copilot`: the
 * root holding `p` and Copilot's instruction folders its `.vscode/settings.json` names
 * (`InstructionHost.copilotInstructions`, the default `.github/instructions` among them while
 * on), which are such places too; the root's `.github/instructions` is then one only while
 * they keep it on (`".github/instructions": false` turns it off: `copilotLocations.ts`).
 * O(path length × folders).
 */
export function isInstructionPlace(p: string, copilot?: { root: string; folders: readonly string[] }): boolean {
  const rel = copilot && relativeInside(copilot.root, p);
  if (INSTRUCTION_PLACES.test(toPosix(p))) {
    const inDefault = rel !== undefined && (rel === DEFAULT_INSTRUCTIONS || rel.startsWith(`${DEFAULT_INSTRUCTIONS}/`));
    // Below Copilot's default folder, another of the places may still lie (`.github/instructions/web/.claude/rules`).
    if (!inDefault || INSTRUCTION_PLACES.test(rel.slice(DEFAULT_INSTRUCTIONS.length))) return true;
  }
  return rel !== undefined && rel !== '' && copilot!.folders.some((d) => rel === d || rel.startsWith(`${d}/`));
}

/** Whether `p` may lie in a root's `.github/instructions`, Copilot's default folder, which its settings may turn off: a test of the path alone. */
export function mayBeCopilotDefault(p: string): boolean {
  return toPosix(p).includes(`/${DEFAULT_INSTRUCTIONS}`);
}

// Any `.cursor/rules` or `.windsurf/rules` (`NESTED_RULE_FOLDERS`): the root's own files are the engine's, but a nested folder's are not (`nestedRules.ts`), and a path alone does not say which it is.
// The folders' names hold no character a regular expression reads but the dot.
const INSTRUCTION_PLACES = new RegExp(`(^|/)(${[KIRO_STEERING_FOLDER, CONTINUE_RULES_FOLDER, DEFAULT_INSTRUCTIONS, ...NESTED_RULE_FOLDERS].map((folder) => folder.replaceAll('.', '\\.')).join('|')})(/|$)`);

/**
 * The instruction files with globs (Claude Code's `.claude/rules` with `paths`, Copilot's
 * `.instructions.md` with `applyTo`), each with the views of the agents that read it: the
 * rules engine does not list these files, so `agentls check` and the editor judge their
 * dead globs from these views.
 */
export function instructionFilesWithGlobs(views: readonly AgentView[], wanted: (p: string) => boolean = () => true): Map<string, AgentView[]> {
  const out = new Map<string, AgentView[]>();
  for (const view of views) {
    for (const rule of view.rules) {
      if (!judgedAgainstWorkspace(rule) || rule.globs.length === 0 || !wanted(rule.path)) continue;
      out.set(rule.path, [...(out.get(rule.path) ?? []), view]);
    }
  }
  return out;
}

interface ReadFile {
  path: string;
  /** The text as the agent reads it: without a leading BOM. */
  text: string;
  /** The file began with a byte order mark, dropped from `text` (Codex keeps it: `codexSkipsAsEmpty`). */
  bom: boolean;
}

/** A file that could not be read (`failure`: as reports say it); `size`: its bytes where it was too large to read, from its stat. */
interface FailedFile {
  path: string;
  failure: string;
  size?: number;
}

/** Reads through the host's file system, remembering every path looked at. */
class Reader {
  readonly watched = new Set<string>();
  readonly readPaths = new Set<string>();
  readonly capped: CappedInstructionFolder[] = [];
  readonly special: { path: string; agent: AgentId }[] = [];
  readonly unwalkedLinks: { path: string; agent: AgentId }[] = [];
  /** Subfolders of the folders walked (`list`) that were listed as folders and then could not be read: what they hold is unknown. */
  readonly unlisted: string[] = [];
  /** Symbolic links met in those folders where a subfolder would be walked (`list` follows none): a caller that must say which lead to folders asks. */
  readonly links: string[] = [];
  constructor(
    readonly root: string,
    readonly host: InstructionHost,
  ) {}

  shown(p: string): string {
    return displayPath(p, this.root, this.host.home);
  }

  async read(p: string): Promise<ReadFile | FailedFile | undefined> {
    this.watched.add(p);
    this.readPaths.add(p);
    const read = await this.host.fs.readText(p, { maxBytes: MAX_INSTRUCTION_FILE_BYTES });
    if (read.ok) {
      const bom = read.text.charCodeAt(0) === 0xfeff;
      return { path: p, text: bom ? read.text.slice(1) : read.text, bom };
    }
    if (read.reason === 'not-found' || read.reason === 'is-directory') return undefined;
    // A file over the cap is never read past it: its size is the stat's (`fs.ts`).
    const size = read.reason === 'too-large' && read.size !== undefined ? { size: read.size } : {};
    return { path: p, failure: read.reason === 'outside-workspace' ? 'outside the workspace and the user-level rule files: not read' : read.message, ...size };
  }

  /**
   * Files under `dir` whose names end with one of `suffixes`, depth first in name order,
   * symlinked folders not followed (a link is an entry, never walked: no loop); files are
   * taken from depth `from` (0: `dir`'s own files). Every entry read, file or
   * folder, is taken from one budget (`LIMITS.instructionFolderEntries`), and a folder is
   * read only as far as what is left (`max`): one holding more is not taken at all, nor is
   * anything after it, so the files listed are the same whatever order the system lists a
   * folder in. Folders are walked `MAX_FOLDER_DEPTH` levels down, or `through` where that is
   * as deep as the agent itself reads. Where the walk stops, at the budget or at a folder
   * `MAX_FOLDER_DEPTH` down that it does not look into (which may hold more: finding out would
   * be the walk deeper it does not take), `agent`'s folder is said to be read in part (`capped`).
   * The top folder alone holding more than the budget is listed by names up to
   * `LIMITS.instructionFolderNames` and its files among the first by name are read
   * (`topEntries`), its subfolders not looked into; a top holding more still is not taken.
   */
  async list(dir: string, suffixes: readonly string[], options: { from?: number; through?: number; agent?: AgentId; followsLinks?: boolean } = {}): Promise<string[]> {
    const from = options.from ?? 0;
    const to = options.through ?? MAX_FOLDER_DEPTH;
    this.watched.add(dir);
    const out: string[] = [];
    let left: number = LIMITS.instructionFolderEntries;
    let over = false;
    let deep = false;
    let topEntries: number | undefined;
    // `links`: how many linked folders lie on the way to `d` (`followsLinks`).
    const walk = async (d: string, depth: number, links = 0): Promise<void> => {
      // Above `from` a folder's files are not this walk's (the engine reads them, up to its own
      // cap): only its subfolders count, and it is read as far as the engine's cap beyond them.
      const own = depth >= from;
      // The top's names are cheap to list (no stat, no read): up to their own bound, so that a
      // top past the budget is read as far as the budget in name order, not left out whole.
      const top = own && depth === 0;
      const room = top ? LIMITS.instructionFolderNames + 1 : own ? left + 1 : left + 1 + LIMITS.ruleFolderFiles;
      const listed = await this.host.fs.readDir(d, { max: room });
      if (!listed) {
        // The top may well not be there (a view looks for its folders); a subfolder was just listed as one.
        if (depth > 0) this.unlisted.push(d);
        return;
      }
      const counted = own ? listed.length : listed.filter((e) => e.kind === 'directory').length;
      // A folder read only in part may hide subfolders: that is a cap too.
      if (counted > left && !(top && listed.length < room)) {
        over = true;
        return;
      }
      if (!own && listed.length >= room) {
        over = true;
        return;
      }
      const sorted = listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      // A top past the budget (under the names' bound): its first entries by name, which spend the budget.
      if (counted > left) topEntries = counted;
      const entries = counted > left ? sorted.slice(0, left) : sorted;
      left -= entries.length;
      for (const e of entries) {
        if (over) return;
        const p = path.join(d, e.name);
        // A linked folder its agent walks as the folder (`LINK_FOLLOWING_RULE_FOLDER` has the sources), as deep as it follows links:
        // through the confined reader, so one leading out of the places agentls reads is never listed, and is handed on (`links`).
        if (e.kind === 'symlink' && options.followsLinks && depth < to && links < LINKED_FOLDER_ROUNDS && linkLeadsToFolder(p) && linkHoldingItself(p) === undefined) {
          if (topEntries !== undefined) continue;
          if (await this.host.fs.stat(p)) {
            await walk(p, depth + 1, links + 1);
            continue;
          }
        }
        if (e.kind === 'symlink' && depth < to) {
          this.links.push(p);
          // A stat through the link, never a listing: it may lead out of the workspace and the user-level folders.
          if (options.agent && AGENTS_SKIPPING_LINKED_FOLDERS.has(options.agent) && linkLeadsToFolder(p)) this.unwalkedLinks.push({ path: p, agent: options.agent });
        }
        if (e.kind === 'directory') {
          // The budget went on the top's own entries: no subfolder is looked into.
          if (topEntries !== undefined) continue;
          if (depth < to) await walk(p, depth + 1);
          // Past the agent's own depth nothing is its file: only agentls's limit leaves any out.
          else if (options.through === undefined) deep = true;
        } else if (depth >= from && suffixes.some((s) => e.name.endsWith(s))) {
          if (e.kind === 'file' || e.kind === 'symlink') out.push(p);
          // A named pipe (or socket, device) named as a rule file: opening one can block, so it is said, never read.
          else if (options.agent) this.special.push({ path: p, agent: options.agent });
        }
      }
    };
    await walk(dir, 0);
    const partTop = topEntries !== undefined ? { topEntries } : {};
    if ((over || deep || topEntries !== undefined) && options.agent) {
      this.capped.push({ path: dir, agent: options.agent, suffixes, listed: new Set(out), from, through: options.through, entries: over || topEntries !== undefined, deep, ...partTop });
    }
    return out;
  }
}

/**
 * The files under `dir` whose names end with one of `suffixes`, walked as the views walk an
 * agent's rule folder (`Reader.list`: the same budget, depth and order), for `agentls check`
 * naming a user-level folder; `capped`, where the walk stopped short of the agent's files;
 * `special`, the pipes, sockets and devices it passed over (never opened); `unlisted`, the
 * subfolders it could not read; `links`, the symbolic links where it would walk a subfolder.
 */
export async function agentFolderFiles(
  host: InstructionHost,
  dir: string,
  suffixes: readonly string[],
  options: { through?: number; agent: AgentId; followsLinks?: boolean },
): Promise<{ files: string[]; capped?: CappedInstructionFolder; special: string[]; unlisted: string[]; links: string[] }> {
  const reader = new Reader(dir, host);
  const files = await reader.list(dir, suffixes, options);
  return { files, ...(reader.capped.length ? { capped: reader.capped[0] } : {}), special: reader.special.map((s) => s.path), unlisted: reader.unlisted, links: reader.links };
}

function view(id: AgentId, root: string, rules: AgentRule[], uncounted: UncountedFile[]): AgentView {
  return { agent: id, displayName: agentModel(id).name, root, rules, dialect: toolDialect(id), alwaysSentExtra: [], uncounted };
}

function plainRule(name: string, file: ReadFile, global: boolean): AgentRule {
  return wholeFileRule(name, file.path, file.text, global);
}

/** A Claude Code memory file, always sent, as its model sees it: without its frontmatter block (`claudeMemorySentText`). */
function claudeMemoryRule(name: string, file: ReadFile, global: boolean): AgentRule {
  return wholeFileRule(name, file.path, claudeMemorySentText(file.text), global);
}

/** Why a rule file is in no rule of its view (`frontmatterRule`): said as its `uncounted` reason. */
interface NotRead {
  notRead: string;
}

/**
 * A rule file with frontmatter, activated as the agent's model says (`activation`); or, where
 * agentls did not read the frontmatter (`toolFrontmatterNotRead`), why: its `{}` is not what the
 * agent reads, so the file is told as not read, as one too large to read is, never given a mode.
 */
function frontmatterRule(id: AgentId, name: string, file: ReadFile, global: boolean, always?: (globs: string[]) => boolean): AgentRule | NotRead {
  const parsed = parseFrontmatter(file.text, 'seed', TOOL_READING);
  const model = agentModel(id);
  // Where agentls follows the agent's own reading (Continue's: `continueReading.ts`), its keys and the text it sends, of the bytes it reads (`textReadBy`).
  const own = ownReading(id, textReadBy(model, file.text, file.bom));
  const notRead = own ? undefined : toolFrontmatterNotRead(parsed, model);
  if (notRead) return { notRead };
  const fm = own ? own.frontmatter : droppedByTool(parsed, model) ? {} : frontmatterOf(parsed);
  const activation = model.activation(fm);
  const globs = activation.mode === 'globs' ? activation.globs : [];
  const mode = activation.mode === 'globs' && always?.(globs) ? 'always' : MODE[activation.mode];
  const description = typeof fm.description === 'string' && fm.description.trim() ? fm.description : undefined;
  // Under the name the agent's UI lists it by, where that is not its path (Continue's), so that the user can find it there.
  const named = model.ruleName ? { name: model.ruleName(fm, file.path), ownName: true as const } : { name };
  return { ...named, path: file.path, mode, globs: mode === 'glob' ? globs : [], ...(mode === 'glob' ? globActivationNotes(activation) : {}), ...sentAlwaysFields(activation), description, body: own ? own.sent : parsed.body, global };
}

/**
 * Claude Code. Source: Claude Code's documentation, "Manage Claude's memory"
 * (https://code.claude.com/docs/en/memory), as its model (`agents/claude.ts`) reads it:
 * at start it loads the user memory `~/.claude/CLAUDE.md`, the project memory `./CLAUDE.md`
 * or `./.claude/CLAUDE.md`, the personal `./CLAUDE.local.md`, and every `.md` file of
 * `.claude/rules/` (and `~/.claude/rules/`), subfolders included, whose frontmatter has no
 * `paths`; a CLAUDE.md in a subfolder loads only when Claude works there, so it is not in
 * every request (`nestedClaude.ts`: read from the folders the host names, scoped to theirs);
 * with no project CLAUDE.md, the root AGENTS.md stands in for it. CLAUDE.md files above the workspace folder also load at start; they lie
 * outside what agentls reads and are not counted. Imports (`@path`) are followed as
 * `claudeImports.ts` describes, at most 5 hops, each file counted once.
 */
async function claudeView(reader: Reader): Promise<AgentView> {
  const { root, host } = reader;
  // Fixed places Claude Code reads in the home folder: only these, never the rest of ~/.claude (settings, credentials).
  const userMemory = claudeUserMemoryFile(host.home);
  const userRules = claudeUserRulesFolder(host.home);
  host.allowArea(userMemory);
  host.allowArea(userRules);
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const counted = new Set<string>();
  const memory: Memory[] = [];
  // `folder`: a subfolder's memory, which loads on demand with it (told with that folder's rules, not in the every-request totals).
  const take = async (p: string, global: boolean, rule: (file: ReadFile) => AgentRule | NotRead, folder?: string): Promise<void> => {
    const file = await reader.read(p);
    if (!file || counted.has(p)) return;
    counted.add(p);
    const inFolder = folder !== undefined ? { folder } : {};
    if ('failure' in file) return void uncounted.push({ path: reader.shown(p), reason: file.failure, ...inFolder });
    const made = rule(file);
    if ('notRead' in made) return void uncounted.push({ path: reader.shown(p), reason: made.notRead, ...inFolder });
    rules.push(made);
    if (isClaudeMemoryFile(p)) memory.push({ file, scope: made.scope });
  };
  const memoryFile = (p: string, global: boolean) => take(p, global, (file) => claudeMemoryRule(reader.shown(p), file, global));
  const ruleFolder = async (dir: string, global: boolean) => {
    // Linked folders too (its docs: `.claude/rules` "supports symlinks"; `LINK_FOLLOWING_RULE_FOLDER`).
    for (const p of await reader.list(dir, ['.md'], { agent: 'claude', followsLinks: true })) await take(p, global, (file) => frontmatterRule('claude', reader.shown(p), file, global));
  };
  await memoryFile(userMemory, true);
  await ruleFolder(userRules, true);
  const projectMemory = [path.join(root, 'CLAUDE.md'), path.join(root, '.claude', 'CLAUDE.md')];
  for (const p of projectMemory) await memoryFile(p, false);
  // Claude Code's changelog, 2.1.277: in a project with no CLAUDE.md it reads AGENTS.md instead
  // (a /config switch, on by default). Whether it follows imports there is not documented: not followed.
  const agentsMd = path.join(root, 'AGENTS.md');
  if (!projectMemory.some((p) => counted.has(p))) await take(agentsMd, false, (file) => plainRule(reader.shown(agentsMd), file, false));
  await ruleFolder(path.join(root, '.claude', 'rules'), false);
  await memoryFile(path.join(root, 'CLAUDE.local.md'), false);
  const follow = (from: Memory[]) => followClaudeImports(reader, claudeDialect(host.home), from, { counted, rules, uncounted });
  await follow(memory.splice(0));
  // Subfolders' memory after the root's, its imports on a budget of their own: they never crowd out what loads at start.
  for (const folder of await nestedFolderList(host.nestedClaudeFolders)) {
    for (const name of NESTED_CLAUDE_MEMORY) {
      const p = path.join(root, ...folder.split('/'), name);
      await take(p, false, (file) => ({ ...claudeMemoryRule(reader.shown(p), file, false), scope: folder }), folder);
    }
  }
  await follow(memory);
  return view('claude', root, rules, uncounted);
}

/** A memory file read, and the folder it reaches when it is a subfolder's (`AgentRule.scope`). */
interface Memory {
  file: ReadFile;
  scope?: string;
}

/** The nested folders a host names (relative, below the root), without repeats, at most `MAX_NESTED_FOLDERS`. */
async function nestedFolderList(named: (() => Promise<readonly string[]>) | undefined): Promise<string[]> {
  return [...new Set(((await named?.()) ?? []).filter((h) => h !== '' && !h.startsWith('..')))].slice(0, MAX_NESTED_FOLDERS);
}

/** What an agent's view has gathered so far: the files counted (never twice), its rules, and the files it could not count. */
interface Gathered {
  counted: Set<string>;
  rules: AgentRule[];
  uncounted: UncountedFile[];
}

/**
 * The files Claude Code's memory files import, as its loader takes them (`claudeImportWalk.ts`):
 * each memory file's imports depth first in document order, with one set of files taken for the
 * whole view (`counted`, as Claude Code's `processedPaths` is one for the whole load), so that a file
 * first met at the last hop loads without its imports even where a shorter chain reaches it later;
 * a file met past the limit loads only if another chain takes it. Claude Code's docs describe
 * imports in CLAUDE.md files (rule files' imports are not followed: not documented). Every existing
 * file an import names is counted, whatever its name (`@README` imports a file called README); one
 * that does not exist is no file (`@alice` is a mention), and the import lints report the file-shaped ones.
 */
async function followClaudeImports(reader: Reader, dialect: ImportDialect, memory: Memory[], { counted, rules, uncounted }: Gathered): Promise<void> {
  let budget = MAX_IMPORTED_FILES;
  for (const { file, scope } of memory) {
    const inFolder = scope !== undefined ? { folder: scope } : {};
    const walk: ClaudeImportWalk = {
      dialect,
      processed: counted,
      read: async (chain) => {
        const target = chain[chain.length - 1];
        if (budget-- <= 0) {
          uncounted.push({ path: reader.shown(target), reason: `agentls follows at most ${MAX_IMPORTED_FILES} imported files; this one and any after it are not counted`, ...inFolder });
          return 'stop';
        }
        const read = await reader.read(target);
        if (!read) return 'missing';
        if ('failure' in read) return void uncounted.push({ path: reader.shown(target), reason: read.failure, ...inFolder });
        // An import of a subfolder's memory loads with it: it reaches the files that memory reaches.
        rules.push({ ...plainRule(`${reader.shown(target)} (imported by ${reader.shown(chain[chain.length - 2])})`, read, !isInside(reader.root, target)), ...(scope !== undefined ? { scope } : {}) });
        return { text: read.text };
      },
    };
    if (!(await walkClaudeImports(walk, [file.path], file.text))) return;
  }
}

/**
 * The files Gemini CLI's context files import, as its processor inlines them (google-gemini/gemini-cli,
 * packages/core/src/utils/memoryImportProcessor.ts, tree mode, the default): each context file
 * on its own, its imports in document order, each inlined where it is imported, its own imports
 * in turn down to `maxHops` levels (a file at that level is inlined, its imports are not). The
 * only cycle check is on the chain (`processedFiles`, copied for each import), so a file two
 * chains import, or one file imports twice, is inlined, and counted, each time; a file another
 * context file also imports is counted with each. The token runs to the next white space, so a
 * `@./a.md.` inlines `a.md.` or nothing, found as Gemini CLI finds them (`findGeminiImports`). Every existing file an import
 * names is counted, whatever its name; at most `MAX_IMPORTED_FILES` inlined files for one call.
 */
async function followGeminiImports(reader: Reader, dialect: ImportDialect, memory: Memory[], { rules, uncounted }: Gathered): Promise<void> {
  let budget = MAX_IMPORTED_FILES;
  // Each file read once however often it is inlined, and a file that cannot be counted said once.
  const reads = new Map<string, Awaited<ReturnType<Reader['read']>>>();
  const failed = new Set<string>();
  const readOnce = async (p: string) => {
    if (!reads.has(p)) reads.set(p, await reader.read(p));
    return reads.get(p);
  };
  const inline = async (file: ReadFile, scope: string | undefined, level: number, chain: ReadonlySet<string>): Promise<boolean> => {
    if (level >= dialect.maxHops) return true;
    const inFolder = scope !== undefined ? { folder: scope } : {};
    for (const imp of findGeminiImports(file.text)) {
      const target = dialect.resolve(file.path, imp.path + (imp.kept ?? ''));
      if (target === undefined || chain.has(target)) continue;
      const read = await readOnce(target);
      if (!read) continue;
      if ('failure' in read) {
        if (!failed.has(target)) uncounted.push({ path: reader.shown(target), reason: read.failure, ...inFolder });
        failed.add(target);
        continue;
      }
      if (budget-- <= 0) {
        uncounted.push({ path: reader.shown(target), reason: `agentls follows at most ${MAX_IMPORTED_FILES} imported files; this one and any after it are not counted`, ...inFolder });
        return false;
      }
      // An import of a subfolder's memory loads with it: it reaches the files that memory reaches.
      rules.push({ ...plainRule(`${reader.shown(target)} (imported by ${reader.shown(file.path)})`, read, !isInside(reader.root, target)), ...(scope !== undefined ? { scope } : {}) });
      if (!(await inline(read, scope, level + 1, new Set([...chain, target])))) return false;
    }
    return true;
  };
  for (const { file, scope } of memory) if (!(await inline(file, scope, 0, new Set()))) return;
}

/**
 * Rule files of Cursor and Windsurf (where `agentls.rules.agents` selects them) in the
 * workspace folder's own rule folders that the xcsh agent's discovery does not list (its folders are read one level deep, rules.md §2),
 * so that the tools' views (`toolViews.ts`, made from that discovery) lack them; joined to
 * those views by `agentViews`.
 * - Cursor: files in folders inside `.cursor/rules/` (its model, `agents/cursor.ts`, reads
 *   them: the documentation shows rules organised in folders and says nothing against it),
 *   and the rules of nested `.cursor/rules` folders the host names, scoped to their folder
 *   (`nestedRules.ts`).
 * - Windsurf in Devin Desktop: `.devin/rules/*.md` (docs.devin.ai/desktop/cascade/memories,
 *   "or legacy `.windsurf/rules/`"; `agents/windsurf.ts`).
 */
async function unlistedToolRules(reader: Reader): Promise<AgentView[]> {
  const rules = async (id: AgentId, dir: string, suffixes: string[], depths: { from?: number; through?: number }): Promise<AgentView> => {
    const found: AgentRule[] = [];
    const uncounted: UncountedFile[] = [];
    for (const p of await reader.list(dir, suffixes, { ...depths, agent: id })) {
      const file = await reader.read(p);
      if (!file) continue;
      const made = 'failure' in file ? { notRead: file.failure } : frontmatterRule(id, toPosix(path.relative(dir, p)).replace(/\.mdc?$/, ''), file, false);
      if ('notRead' in made) uncounted.push({ path: reader.shown(p), reason: made.notRead });
      else found.push(made);
    }
    return view(id, reader.root, found, uncounted);
  };
  const out: AgentView[] = [];
  // Only the tools `agentls.rules.agents` selects: these views carry their dead globs (`instructionGlobFindings` judges
  // the views it is given) and their rules for a file, which a list leaving the tool out must not show.
  if (showsAgent(reader.host.agents, 'cursor')) {
    const cursor = await rules('cursor', path.join(reader.root, '.cursor', 'rules'), ['.mdc', '.md'], { from: 1 });
    const nested = await nestedToolRules(reader, 'cursor', ['.mdc', '.md'], {});
    out.push({ ...cursor, rules: [...cursor.rules, ...nested.rules], uncounted: [...(cursor.uncounted ?? []), ...nested.uncounted] });
  }
  // Devin Desktop reads `.devin/rules/*.md` (docs.devin.ai/desktop/cascade/memories; folders inside are not
  // documented either way, `agents/windsurf.ts`): its own depth, so nothing deeper is left out by a limit of agentls's.
  // Packages' `.windsurf/rules` the same depth: Windsurf discovers them (`nestedRules.ts`), their own `.md` files.
  if (showsAgent(reader.host.agents, 'windsurf')) {
    const devin = await rules('windsurf', path.join(reader.root, '.devin', 'rules'), ['.md'], { through: 0 });
    const nested = await nestedToolRules(reader, 'windsurf', ['.md'], { through: 0 });
    out.push({ ...devin, rules: [...devin.rules, ...nested.rules], uncounted: [...(devin.uncounted ?? []), ...nested.uncounted] });
  }
  return out;
}

/**
 * The rules of one tool's nested folders (`NESTED_TOOL_FOLDERS`: `.cursor/rules`, `.windsurf/rules`) in the holders the host
 * names (`nestedRules.ts`), each scoped to its holding folder, at most `MAX_NESTED_FILES` in all of that tool's.
 */
async function nestedToolRules(reader: Reader, agent: 'cursor' | 'windsurf', suffixes: string[], depths: { through?: number }): Promise<{ rules: AgentRule[]; uncounted: UncountedFile[] }> {
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const holders = await nestedFolderList(reader.host.nestedHolders);
  const folder = NESTED_TOOL_FOLDERS[agent];
  let budget = MAX_NESTED_FILES;
  for (const holder of holders) {
    const dir = path.join(reader.root, ...holder.split('/'), ...folder.split('/'));
    for (const p of await reader.list(dir, suffixes, { ...depths, agent })) {
      // A file not read loads with its folder, as its rules would (`nestedRules.ts`): told in that folder's section, not in the every-request totals.
      if (budget-- <= 0) {
        uncounted.push({ path: reader.shown(p), reason: `agentls reads at most ${MAX_NESTED_FILES} rule files of nested ${folder} folders; this one and any after it are not read`, folder: holder });
        return { rules, uncounted };
      }
      const file = await reader.read(p);
      if (!file) continue;
      const made = 'failure' in file ? { notRead: file.failure } : frontmatterRule(agent, `${toPosix(path.relative(dir, p)).replace(/\.mdc?$/, '')} (${holder})`, file, false);
      if ('notRead' in made) uncounted.push({ path: reader.shown(p), reason: made.notRead, folder: holder });
      else rules.push({ ...made, scope: holder });
    }
  }
  return { rules, uncounted };
}

/** A glob that matches every file: GitHub's docs give `applyTo: "**"` for instructions meant for all files. */
const EVERY_FILE = new Set(['**', '**/*']);

/**
 * GitHub Copilot. Source: GitHub's documentation, "Adding repository custom instructions"
 * (https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions),
 * as its model (`agents/copilot.ts`) reads it: `.github/copilot-instructions.md` applies to
 * every request; a `NAME.instructions.md` within or below `.github/instructions` applies
 * when a file its `applyTo` matches is in play, so one whose `applyTo` is `**` is in every
 * request; without `applyTo` it is not applied automatically.
 */
async function copilotView(reader: Reader): Promise<AgentView> {
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const add = async (p: string, rule: (file: ReadFile) => AgentRule | NotRead): Promise<void> => {
    const file = await reader.read(p);
    if (!file) return;
    const made = 'failure' in file ? { notRead: file.failure } : rule(file);
    if ('notRead' in made) uncounted.push({ path: reader.shown(p), reason: made.notRead });
    else rules.push(made);
  };
  const repoWide = path.join(reader.root, '.github', 'copilot-instructions.md');
  await add(repoWide, (file) => plainRule(reader.shown(repoWide), file, false));
  // Each folder walked whole, with the same caps: "Each folder is searched recursively" (VS Code's docs, `copilotLocations.ts`).
  for (const dir of reader.host.copilotInstructions?.(reader.root) ?? [DEFAULT_INSTRUCTIONS]) {
    for (const p of await reader.list(path.join(reader.root, ...dir.split('/')), ['.instructions.md'], { agent: 'copilot' })) {
      await add(p, (file) => frontmatterRule('copilot', reader.shown(p), file, false, (globs) => globs.some((g) => EVERY_FILE.has(g.trim()))));
    }
  }
  return view('copilot', reader.root, rules, uncounted);
}

/**
 * AGENTS.md (https://agents.md, `agents/agentsMd.ts`): plain Markdown the readers it names
 * take in whole. The workspace folder's own AGENTS.md is what they send for the folder as a
 * whole; a subfolder's (`nestedAgentsMd.ts`: read from the folders the host names) reaches
 * the files under it only, scoped to that folder, and is in no every-request total.
 */
async function agentsMdView(reader: Reader): Promise<AgentView> {
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const take = async (folder: string | undefined): Promise<void> => {
    const p = path.join(reader.root, ...(folder?.split('/') ?? []), 'AGENTS.md');
    const file = await reader.read(p);
    const inFolder = folder !== undefined ? { folder } : {};
    if (!file) return;
    if ('failure' in file) uncounted.push({ path: reader.shown(p), reason: file.failure, ...inFolder });
    else rules.push({ ...plainRule(reader.shown(p), file, false), ...(folder !== undefined ? { scope: folder } : {}) });
  };
  await take(undefined);
  for (const folder of await nestedFolderList(reader.host.nestedAgentsMdFolders)) await take(folder);
  return view('agents-md', reader.root, rules, uncounted);
}

/**
 * Codex (`agents/codex.ts` has the source, its AGENTS.md guide): first its global file, in its
 * home (`codexGlobal`); then in each folder from the root down, `AGENTS.override.md` if it
 * exists, else `AGENTS.md`, one file per folder; the file taken is skipped when of white space
 * alone as Rust's `trim` has it (`codexSkipsAsEmpty`), and then nothing of that folder is sent
 * (Codex's source, below). A file too large to read is told as not counted, with its size from
 * its stat: Codex reads it, and spends its limit on it (`codexChain.ts`).
 * The folders are the AGENTS.md readers' (`nestedAgentsMd.ts`, which names the override too),
 * each file scoped to its folder as theirs are. Under `auto` the view is shown only where
 * Codex is in use: the root has a `.codex` folder (its project config, same docs) or an
 * `AGENTS.override.md` (a package's alone does not count, nor the global file, which is in every
 * project); else every AGENTS.md would be listed twice, as the readers' and as Codex's.
 * Fallback names come from the user's `~/.codex/config.toml`, never read: they are not looked for.
 */
async function codexView(reader: Reader): Promise<{ view: AgentView; overridden: CodexOverridden[] } | undefined> {
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const overridden: CodexOverridden[] = [];
  await codexGlobal(reader, rules, uncounted);
  // Whether the root has an AGENTS.override.md (empty or not): one in a package alone does not show Codex under `auto`.
  let rootOverride = false;
  const take = async (folder: string | undefined): Promise<void> => {
    const dir = path.join(reader.root, ...(folder?.split('/') ?? []));
    const inFolder = folder !== undefined ? { folder } : {};
    const override = await reader.read(path.join(dir, 'AGENTS.override.md'));
    if (folder === undefined) rootOverride = override !== undefined;
    const plain = await reader.read(path.join(dir, 'AGENTS.md'));
    // Codex takes the first name that exists, then drops a text of white space alone, with no fallback to the next name: an
    // empty override sends nothing for its folder. Source: openai/codex, codex-rs/core/src/agents_md.rs (`agents_md_paths`
    // breaks at the first candidate that is a file; `read_agents_md` skips one whose `text.trim().is_empty()`), read at
    // commit 0cf644af40f76ffdfbac134b4b17aca78e8dcef5; the guide says only "skips empty files".
    const chosen = override ?? plain;
    if (!chosen) return;
    const empty = !('failure' in chosen) && codexSkipsAsEmpty(chosen.text, chosen.bom);
    if (chosen === override && plain) overridden.push({ path: plain.path, override: chosen.path, ...(empty ? { empty: true as const } : {}) });
    if ('failure' in chosen) {
      // Too large: Codex reads it all the same and spends its limit on it, so its size counts in the chain (`codexChain.ts`).
      const size = chosen.size !== undefined ? { size: chosen.size } : {};
      uncounted.push({ path: reader.shown(chosen.path), reason: chosen.failure, ...inFolder, ...size });
      return;
    }
    if (empty) return;
    rules.push({ ...plainRule(reader.shown(chosen.path), chosen, false), ...(folder !== undefined ? { scope: folder } : {}), ...(chosen.bom ? { bom: true as const } : {}) });
  };
  await take(undefined);
  for (const folder of await nestedFolderList(reader.host.nestedAgentsMdFolders)) await take(folder);
  const config = path.join(reader.root, CODEX_CONFIG_FOLDER);
  reader.watched.add(config);
  const inUse = reader.host.agents !== 'auto' || rootOverride || (await reader.host.fs.stat(config))?.kind === 'directory';
  return inUse ? { view: view('codex', reader.root, codexSentBytes(rules, uncounted), uncounted), overridden } : undefined;
}

/**
 * Codex's global file (`agents/codex.ts` has the sources): in its home (`codexHomeFolder`),
 * `AGENTS.override.md`, else `AGENTS.md`, the first not empty (an empty one is passed over, as
 * the guide says of this level), sent first and outside the project's 32 KiB. One that cannot be
 * read is told as not counted, and the next not tried. Only these two files of the Codex home
 * are read, never the rest (its config, its credentials).
 */
async function codexGlobal(reader: Reader, rules: AgentRule[], uncounted: UncountedFile[]): Promise<void> {
  const home = codexHomeFolder(reader.host.home);
  for (const name of CODEX_GLOBAL_NAMES) {
    const p = path.join(home, name);
    reader.host.allowArea(p);
    const file = await reader.read(p);
    if (!file) continue;
    if ('failure' in file) return void uncounted.push({ path: reader.shown(p), reason: file.failure });
    if (codexSkipsAsEmpty(file.text, file.bom)) continue;
    return void rules.push(plainRule(reader.shown(p), file, true));
  }
}

/**
 * Kiro's steering files (`agents/kiro.ts` has the sources): the `.md` files directly in the
 * workspace's `.kiro/steering/` and in the user's `~/.kiro/steering/` (its subfolders are not
 * read: kirodotdev/Kiro#3215), each included as its `inclusion` says. A view with no file is
 * dropped, so under `auto` Kiro is shown only where a steering folder holds one.
 */
async function kiroView(reader: Reader): Promise<AgentView> {
  // The one fixed place Kiro reads in the home folder, never the rest of ~/.kiro (settings, MCP credentials).
  return frontmatterFoldersView(reader, 'kiro', KIRO_STEERING_FOLDER, 0, (made, global) => {
    const notApplied = kiroNotApplied(made.mode, global, made.description !== undefined);
    return notApplied ? { ...made, notApplied } : made;
  });
}

/**
 * An agent's view of the `.md` files of one rule folder (`folder`, relative) in the user's home
 * and at the root, the user's first, each read as the agent reads its frontmatter. Only that
 * folder of the home is allowed to be read. `through`: how deep below the folder (undefined:
 * as deep as `Reader.list` goes); `adjust`: what the agent makes of a rule beyond its mode.
 */
async function frontmatterFoldersView(reader: Reader, id: AgentId, folder: string, through: number | undefined, adjust: (made: AgentRule, global: boolean) => AgentRule = (made) => made): Promise<AgentView> {
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const user = path.join(reader.host.home, folder);
  reader.host.allowArea(user);
  for (const [dir, global] of [[user, true], [path.join(reader.root, folder), false]] as const) {
    for (const p of await reader.list(dir, ['.md'], { through, agent: id })) {
      // A link to a folder the agent never walks is no file to read, and one leading out of the places agentls reads must not be said to be unread: its view says what the agent makes of it (`continueView`).
      if (reader.unwalkedLinks.some((l) => l.path === p)) continue;
      const read = await reader.read(p);
      if (!read) continue;
      // Too large for agentls to read, and past what the agent reads of any file (Continue's 1,000,000 bytes): the empty rule it loads.
      const file = 'failure' in read && read.size !== undefined && readsNothingOf(agentModel(id), read.size) ? { path: p, text: '', bom: false } : read;
      const made = 'failure' in file ? { notRead: file.failure } : frontmatterRule(id, reader.shown(p), file, global);
      if ('notRead' in made) uncounted.push({ path: reader.shown(p), reason: made.notRead });
      else rules.push(adjust(made, global));
    }
  }
  return view(id, reader.root, rules, uncounted);
}

/**
 * Continue's rule files (`agents/continue.ts` has the sources): the `.md` files of the user's
 * `~/.continue/rules/` and of the workspace's `.continue/rules/`, subfolders included (its
 * loader walks them), each applied as its `alwaysApply`, `globs`, `regex` and `description`
 * say. A view with no file is dropped, so under `auto` Continue is shown only where one of
 * those folders holds a rule.
 */
async function continueView(reader: Reader): Promise<AgentView> {
  // The one fixed place Continue reads rules from in the home folder, never the rest of ~/.continue (its config, API keys).
  const made = await frontmatterFoldersView(reader, 'continue', CONTINUE_RULES_FOLDER, undefined, (made) => {
    // Its Request Rules tool, which alone offers a description, ships turned off (`continueNotApplied`).
    const notApplied = continueNotApplied(made.mode, made.description);
    return notApplied ? { ...made, notApplied } : made;
  });
  // A link to a folder named as a rule file is loaded as an empty rule, with no frontmatter so always applied (`continueDev.readsLinkedFolderAsEmptyRule`).
  const linked = reader.unwalkedLinks.filter((l) => l.agent === 'continue' && l.path.endsWith('.md'));
  const user = path.join(reader.host.home, CONTINUE_RULES_FOLDER);
  const empty = linked.map((l): AgentRule => ({ name: continueRuleName({}, l.path), ownName: true, path: l.path, mode: 'always', globs: [], body: '', global: isInside(user, l.path) }));
  return empty.length ? { ...made, rules: [...made.rules, ...empty] } : made;
}

/**
 * Gemini CLI (`agents/gemini.ts` has the source, its GEMINI.md docs): `~/.gemini/GEMINI.md` and
 * the root's `GEMINI.md` (or the files `context.fileName` names: `workspace/geminiSettings.ts`) at start, every file joined and sent with every prompt; a subfolder's
 * (`nestedGemini.ts`: read from the folders the host names) once a tool reaches its folder,
 * scoped to it and in no every-request total. The files each imports, and theirs, are counted
 * with it (`followGeminiImports`, Gemini CLI's way: `lint/geminiImports.ts`). GEMINI.md files above the workspace folder lie
 * outside what agentls reads. Under `auto` the view is shown only where Gemini CLI is in use:
 * the root has a `GEMINI.md` or a `.gemini` folder (its project settings, "Gemini CLI
 * configuration", https://geminicli.com/docs/cli/configuration); a GEMINI.md in a subfolder
 * alone says nothing of the project, and the user's own file is in every project.
 */
async function geminiView(reader: Reader): Promise<AgentView | undefined> {
  const { root, host } = reader;
  // The docs name only ~/.gemini/GEMINI.md as the global file, whatever `context.fileName` says.
  const userMemory = geminiUserMemoryFile(host.home);
  // The one file Gemini CLI reads in ~/.gemini, never the rest (its settings).
  host.allowArea(userMemory);
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const counted = new Set<string>();
  const memory: Memory[] = [];
  const take = async (p: string, global: boolean, folder?: string): Promise<boolean> => {
    const file = await reader.read(p);
    if (!file) return false;
    counted.add(p);
    const inFolder = folder !== undefined ? { folder } : {};
    if ('failure' in file) uncounted.push({ path: reader.shown(p), reason: file.failure, ...inFolder });
    else {
      rules.push({ ...plainRule(reader.shown(p), file, global), ...(folder !== undefined ? { scope: folder } : {}) });
      memory.push({ file, scope: folder });
    }
    return true;
  };
  // Gemini CLI inlines what each context file imports (`lint/geminiImports.ts`), within the workspace folder, each time it is imported.
  const follow = (from: Memory[]) => followGeminiImports(reader, geminiDialect(root), from, { counted, rules, uncounted });
  await take(userMemory, true);
  // The names `context.fileName` gives (`geminiSettings.ts`), GEMINI.md by default.
  const names = host.geminiContextNames?.(root) ?? [GEMINI_MD];
  let atRoot = false;
  for (const name of names) if (await take(path.join(root, name), false)) atRoot = true;
  await follow(memory.splice(0));
  // A subfolder's file, from the folders the caller lists for the names it lists (GEMINI.md, AGENTS.md); another name's are not listed, so only the root's is read.
  // Their imports after the root's, on a budget of their own, as Claude Code's subfolders' are.
  const listed = new Map([[GEMINI_MD, host.nestedGeminiFolders], ['AGENTS.md', host.nestedAgentsMdFolders]]);
  for (const name of names.filter((n) => listed.has(n))) {
    for (const folder of await nestedFolderList(listed.get(name))) await take(path.join(root, ...folder.split('/'), name), false, folder);
  }
  await follow(memory);
  const config = path.join(root, '.gemini');
  reader.watched.add(config);
  const inUse = host.agents !== 'auto' || atRoot || (await host.fs.stat(config))?.kind === 'directory';
  return inUse ? view('gemini', root, rules, uncounted) : undefined;
}

/**
 * Roo Code (`agents/roo.ts` has the sources): the files of the root's `.roo/rules/` (and
 * `~/.roo/rules/`), read recursively, else the root's `.roorules`; for each mode, the files of
 * `.roo/rules-{mode}/`, else `.roorules-{mode}`, in that mode only, listed first; and the root's `AGENTS.md`,
 * else `AGENT.md`, after them and first of the files sent in every mode, as its source orders them, told with
 * the setting that turns it off (`rooAgentRules`). Every file is sent whole (no frontmatter). A fallback file beside a folder holding files is not read: returned in
 * `shadowed` for its warning. The user's `~/.roo/rules-{mode}/` folders are read before the
 * workspace's of their mode, for the modes the workspace names and Roo Code's built-in ones (agentls
 * reads no more of `~/.roo`, which holds Roo Code's other settings); where `~/.roo/rules/` holds
 * files, Roo Code's source (`loadRuleFiles`) reads no `.roorules` either, which the docs do not
 * say: the file is then told as not read, without a warning. Where no folder holds files and no
 * `.roorules` (`.roorules-{mode}`, of a mode listed) has text, Cline's root `.clinerules`
 * (`.clinerules-{mode}`) file is read, as its source does (`agents/roo.ts`). Under `auto` the view is shown only
 * where the root has a `.roo` folder, a `.roorules` file or a `.roomodes`. One listing of the root's names
 * (capped) finds the `.roorules-{mode}` files, never a walk. A `.roomodes` Roo Code refuses names
 * no mode, and is returned in `modesNotes` for its error, as is one agentls did not read (too large), for its warning.
 */
async function rooView(reader: Reader): Promise<{ view: AgentView; shadowed: RooShadowed[]; modesNotes: RooModesNote[] } | undefined> {
  const { root, host } = reader;
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const shadowed: RooShadowed[] = [];
  const listFolder = async (dir: string): Promise<string[]> => {
    // Linked folders too, as its source reads them (`LINK_FOLLOWING_RULE_FOLDER`).
    const files = (await reader.list(dir, [''], { agent: 'roo', followsLinks: true })).filter((p) => !rooSkipsFile(path.basename(p)));
    // Roo Code's source sorts by file name, case-insensitively (`readTextFilesFromDirectory`); the docs say "alphabetical order".
    return files.sort((a, b) => path.basename(a).toLowerCase().localeCompare(path.basename(b).toLowerCase()));
  };
  // Whether Roo Code takes the file's text: its source's `safeReadFile` answers its trimmed text, and a fallback file that answers "" lets the next one be tried.
  // One agentls cannot read (too large) is taken to have text, as Roo Code reads it whole.
  const take = async (p: string, global: boolean, mode?: string, notApplied?: string, note?: string): Promise<boolean> => {
    const file = await reader.read(p);
    if (!file) return false;
    if ('failure' in file) return (uncounted.push({ path: reader.shown(p), reason: file.failure }), true);
    rules.push({ ...plainRule(reader.shown(p), file, global), ...(mode !== undefined ? { agentMode: mode } : {}), ...(notApplied !== undefined ? { mode: 'none' as const, notApplied } : {}), ...(note !== undefined ? { alwaysNote: note } : {}) });
    return file.text.trim() !== '';
  };
  // Cline's root file Roo Code falls back to last (`agents/roo.ts` has the source), where `tookRoo` is false: no rule folder of its own held files and no `.roorules` had text.
  const takeCline = async (name: string, mode: string | undefined, notApplied: string | undefined): Promise<void> => {
    const p = path.join(root, name);
    reader.watched.add(p);
    if (clineFallbacks.includes(name)) await take(p, false, mode, notApplied, mode === undefined ? ROO_CLINE_FALLBACK_NOTE : ROO_CLINE_MODE_FALLBACK_NOTE);
  };
  // A mode's `.clinerules-{mode}` Roo Code does not read, `before` being read instead: warned on (`rooFallback.ts`), but where
  // that is the user's own folder, told in the listing alone, as a `.roorules-{mode}` is: another user of the project may have none.
  const clineModeUnread = (mode: string, before: string, user: boolean): void => {
    const name = `.clinerules-${mode}`;
    const p = path.join(root, name);
    reader.watched.add(p);
    if (!clineFallbacks.includes(name)) return;
    if (user) uncounted.push({ path: reader.shown(p), reason: `not read: ${reader.shown(before)} holds files, and Roo Code's source then reads no ${name} (its docs do not say so)` });
    else shadowed.push({ path: p, instead: before, mode, cline: true, ...(isRooFallbackName(path.basename(before)) ? { insteadFile: true as const } : {}) });
  };
  const userRules = rooUserRuleFolder(host.home);
  // The one folder of ~/.roo agentls reads, never the rest (Roo Code's settings).
  host.allowArea(userRules);
  const config = path.join(root, '.roo');
  reader.watched.add(config);
  const { configEntries, fallbacks, clineFallbacks, inUse, customModes, modesRefused, modesUnread } = await readRooRoot(host.fs, root);
  // Read for its custom modes: a buffer's new text there changes which mode folders are known (`touchesInstructions`).
  const roomodes = path.join(root, ROOMODES);
  reader.watched.add(roomodes);
  reader.readPaths.add(roomodes);
  if (host.agents === 'auto' && !inUse) return undefined;
  // In the order Roo Code sends them (its source, `addCustomInstructions`: "Add mode-specific rules
  // first", then the root AGENTS.md, then the generic rules of `loadRuleFiles`); listed for every mode, each mode's in turn.
  // The user's mode folders (`~/.roo/rules-{mode}/`, docs' "Global Rules Directory") of the modes the workspace names (its
  // `.roomodes` too) and of Roo Code's own (`rooModesRead`): ~/.roo itself is not listed (it holds Roo Code's settings), so a custom mode's folder there alone is not found.
  const sorted = rooModesRead({ configEntries, fallbacks, clineFallbacks, customModes });
  // Which of the user's mode folders are there, in one look (`lookUpUserModeFolders`), which also says which custom modes
  // of the root's mode folders the user has (`RooRoot.userModes`): only those there are listed. Every mode's folder listed
  // made each keystroke in AGENTS.md cost as many listings of the home as the workspace has modes (505 for 500 `.roorules-{mode}`).
  const there = await lookUpUserModeFolders(host.fs, host, sorted);
  const configNames = configEntries.length < LIMITS.instructionFolderNames ? new Set(configEntries.map((e) => e.name)) : undefined;
  const userModes = userModesAmong({ configEntries, fallbacks, clineFallbacks }, there);
  for (const mode of sorted) {
    const userDir = rooUserRuleFolder(host.home, mode);
    const kind = there.get(mode);
    // A link is listed as the folder it may lead to (`Reader.list` follows none inside it); the watch is kept for one that comes.
    const userFiles = kind === 'directory' || kind === 'symlink' ? await listFolder(userDir) : (reader.watched.add(userDir), []);
    for (const p of userFiles) await take(p, true, mode);
    const dir = path.join(config, `rules-${mode}`);
    // Not listed where the root's `.roo` listing, complete, names no such entry: 500 custom modes cost 500 listings of nothing on each keystroke in AGENTS.md.
    const files = configNames && !configNames.has(`rules-${mode}`) ? (reader.watched.add(dir), []) : await listFolder(dir);
    const unknown = rooUnknownMode(mode, customModes, userModes);
    for (const p of files) await take(p, false, mode, unknown);
    const p = path.join(root, `.roorules-${mode}`);
    const own = fallbacks.includes(`.roorules-${mode}`);
    // Docs: `.roorules-{modeSlug}` is the fallback of `.roo/rules-{modeSlug}/`, as `.roorules` is of `.roo/rules/`; the source
    // falls back only where no folder of the mode holds files, the user's included (as for `.roorules` below).
    if (own && files.length > 0) shadowed.push({ path: p, instead: dir, mode });
    else if (own && userFiles.length > 0) uncounted.push({ path: reader.shown(p), reason: `not read: ${reader.shown(userDir)} holds files, and Roo Code's source then reads no .roorules-${mode} (its docs do not say so)` });
    // What Roo Code's source reads of the mode before `.clinerules-{mode}` (`addCustomInstructions`): a folder of the mode holding files, else a `.roorules-{mode}` with text.
    const before = files.length > 0 ? dir : userFiles.length > 0 ? userDir : own && (await take(p, false, mode, unknown)) ? p : undefined;
    if (before === undefined) await takeCline(`.clinerules-${mode}`, mode, unknown);
    else clineModeUnread(mode, before, before === userDir);
  }
  await rooAgentRules(reader, rules, uncounted);
  const user = await listFolder(userRules);
  const workspace = await listFolder(path.join(config, 'rules'));
  for (const p of user) await take(p, true);
  for (const p of workspace) await take(p, false);
  // The all-modes fallback: docs, "If .roo/rules/ doesn't exist or is empty".
  const own = fallbacks.includes('.roorules');
  const p = path.join(root, '.roorules');
  if (own && workspace.length > 0) shadowed.push({ path: p, instead: path.join(config, 'rules') });
  else if (own && user.length > 0) uncounted.push({ path: reader.shown(p), reason: `not read: ${reader.shown(userRules)} holds files, and Roo Code's source then reads no .roorules (its docs do not say so)` });
  else if (workspace.length === 0 && user.length === 0 && !(own && (await take(p, false)))) await takeCline('.clinerules', undefined, undefined);
  // A `.roomodes` Roo Code refuses, or agentls did not read, gives no mode (`customModes` undefined), and is said (`rooModesFindings`).
  const modesNotes: RooModesNote[] = modesRefused ? [{ path: roomodes, ...modesRefused }] : modesUnread !== undefined ? [{ path: roomodes, unread: modesUnread }] : [];
  return { view: view('roo', root, rules, uncounted), shadowed, modesNotes };
}

/**
 * Roo Code's root `AGENTS.md`, else `AGENT.md` (`agents/roo.ts` has the source): the first whose
 * trimmed text is not empty, read by default, so counted as sent in every request, with the
 * setting that turns it off (`offSetting`). One too large or unreadable is told as not counted,
 * and the next name not tried: Roo Code would read it.
 */
async function rooAgentRules(reader: Reader, rules: AgentRule[], uncounted: UncountedFile[]): Promise<void> {
  for (const name of ROO_AGENT_RULES) {
    const p = path.join(reader.root, name);
    const file = await reader.read(p);
    if (!file) continue;
    if ('failure' in file) return void uncounted.push({ path: reader.shown(p), reason: file.failure });
    if (file.text.trim() === '') continue;
    return void rules.push({ ...plainRule(reader.shown(p), file, false), offSetting: ROO_AGENT_RULES_SETTING });
  }
}

/**
 * Zed's agent (`agents/zed.ts` has the sources): the first of its rules files that is a file at
 * the root (a folder of the name is passed over; an empty file is not), sent whole in every
 * request; each later one there is listed as never read (`notApplied`, its size told, in no
 * total) and, unless Zed reads a `.rules` with content, returned in `skipped` for its note. Under `auto` the view is shown only where the
 * root holds Zed's own `.rules` as a file: the other names are other tools' files, and a `.zed`
 * folder holds the editor's project settings, used by many who never open its agent, so it is
 * no sign of the agent in use. Under `auto` without `.rules`, nothing past it is read.
 */
async function zedView(reader: Reader): Promise<{ view: AgentView; skipped: ZedSkipped[]; reads?: string } | undefined> {
  const rules: AgentRule[] = [];
  const uncounted: UncountedFile[] = [];
  const skipped: ZedSkipped[] = [];
  let first: { path: string; empty: boolean } | undefined;
  for (const name of ZED_RULES_FILES) {
    const p = path.join(reader.root, ...name.split('/'));
    // Missing or a folder (`Reader.read`): Zed takes files only, and tries the next name.
    const file = await reader.read(p);
    if (name === ZED_OWN_FILE && !file && reader.host.agents === 'auto') return undefined;
    if (!file) continue;
    if (!first) {
      // One agentls cannot read is still the file Zed takes: told as not counted, and the names after it stay unread.
      first = { path: p, empty: !('failure' in file) && file.text.trim() === '' };
      if ('failure' in file) uncounted.push({ path: reader.shown(p), reason: file.failure });
      else rules.push(plainRule(reader.shown(p), file, false));
      continue;
    }
    // The note goes where Zed takes another tool's file, or an empty `.rules`: there a user may think Zed reads this
    // one. Beside a `.rules` with content, written for Zed, this file is there for the tool that reads it, and a note
    // on every one of them would be noise; the listing still says Zed skips it.
    if (first.empty || first.path !== path.join(reader.root, ZED_OWN_FILE)) skipped.push({ path: p, reads: first.path, ...(first.empty ? { empty: true as const } : {}) });
    const text = 'failure' in file ? '' : file.text;
    rules.push({ ...wholeFileRule(reader.shown(p), p, text, false), mode: 'none', notApplied: zedNotApplied(reader.shown(first.path), first.empty) });
  }
  return { view: view('zed', reader.root, rules, uncounted), skipped, ...(first ? { reads: first.path } : {}) };
}

/** The host of a workspace session: its rule reader (or `fs`, an overlay of it), home and settings. */
export function sessionInstructionHost(
  session: {
    ruleFs: FileSystem;
    home: string;
    settings: { rules: { agents: 'auto' | readonly string[] } };
    allowArea(p: string): void;
    agentPlaces(root: string): { copilotInstructions: readonly string[] } | undefined;
    geminiContextNames(root: string): readonly string[];
  },
  fs: FileSystem = session.ruleFs,
  nestedHolders?: InstructionHost['nestedHolders'],
  named: Pick<InstructionHost, 'nestedClaudeFolders' | 'nestedAgentsMdFolders' | 'nestedGeminiFolders'> = {},
): InstructionHost {
  const copilotInstructions = (root: string) => session.agentPlaces(root)?.copilotInstructions ?? [DEFAULT_INSTRUCTIONS];
  const geminiContextNames = (root: string) => session.geminiContextNames(root);
  return { fs, home: session.home, agents: session.settings.rules.agents, allowArea: (p) => session.allowArea(p), nestedHolders, ...named, copilotInstructions, geminiContextNames };
}
