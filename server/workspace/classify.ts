import * as path from 'node:path';
import {
  LEGACY_RULE_FILES,
  PROVIDER_EXTENSIONS,
  projectRuleFolders,
  userRuleFolders,
  windsurfGlobalRulesFile,
  clineGlobalRuleAreas,
  type ProviderId,
  type RuleFolder,
  type RuleLevel,
  type RulesProfile,
} from './ruleLocations';
import { isSlipOf } from './folderSlips';
import { displayPath, isInside, isPlainAbsolute } from './paths';

/**
 * What a document is, decided from its path (and, for prompts and patches, its text),
 * never from the editor's `languageId` (`lsp.md` §1).
 */
export type DocumentKind =
  | { kind: 'rule'; provider: ProviderId; level: RuleLevel; loaded: true }
  | {
      kind: 'rule';
      provider: ProviderId;
      level: RuleLevel;
      loaded: false;
      /** Why the agent never reads it. */
      reason: string;
      /** The kind of reason, for the severity of the diagnostic. */
      cause?: NotReadCause;
    }
  | { kind: 'prompt'; form: 'markdown' | 'rawp-json' }
  /** A GitHub Copilot prompt file (`.github/prompts/*.prompt.md`): a slash command Copilot Chat runs on demand, not a rule. */
  | { kind: 'copilot-prompt' }
  | { kind: 'hashline' }
  | { kind: 'astedit'; format: 'yaml' | 'json' }
  | { kind: 'markdown' }
  | { kind: 'other' };

/** Why a rule look-alike is never read: a legacy file, a nested or misplaced folder, a hidden file, an extension. */
export type NotReadCause = 'legacy' | 'nested' | 'misplaced-folder' | 'hidden' | 'extension-case' | 'extension';

export interface ClassifyContext {
  /** Workspace folder roots (absolute). */
  roots: readonly string[];
  home: string;
  profile: RulesProfile;
  piConfigDir?: string;
  /** Copilot's prompt folders (`copilotLocations.ts`); without it, each root's `.github/prompts`. */
  copilotPromptDirs?: readonly string[];
}

export const MARKDOWN_EXTENSIONS: ReadonlySet<string> = new Set(['.md', '.mdc', '.markdown', '.mdx']);
const BEGIN_MARKERS = ['*** Begin Patch', '* Begin Patch'];

export function isMarkdownPath(p: string): boolean {
  return MARKDOWN_EXTENSIONS.has(path.extname(p).toLowerCase());
}

/** Classifies a document; `text` refines prompts and patches (omit it for a path-only answer). */
export function classifyDocument(filePath: string, text: string | undefined, ctx: ClassifyContext): DocumentKind {
  const name = path.basename(filePath);
  const lower = name.toLowerCase();
  if (lower.endsWith('.hashline')) return { kind: 'hashline' };
  if (/\.astedit\.(ya?ml)$/.test(lower)) return { kind: 'astedit', format: 'yaml' };
  if (lower.endsWith('.astedit.json')) return { kind: 'astedit', format: 'json' };

  const rule = classifyRulePath(filePath, ctx);
  if (rule) return rule;

  // A Copilot prompt file is ours only once it holds `file_references` (as the VS Code extension decides, editors/vscode/src/promptFiles.ts).
  if (isCopilotPromptPath(filePath, ctx.roots, ctx.copilotPromptDirs) && !(text !== undefined && hasFileReferencesFrontmatter(text))) return { kind: 'copilot-prompt' };
  if (lower.endsWith('.prompt.md')) return { kind: 'prompt', form: 'markdown' };
  if (lower.endsWith('.rawp.json')) return { kind: 'prompt', form: 'rawp-json' };
  if (text !== undefined) {
    if (lower.endsWith('.json') && isRawpPromptJson(text)) return { kind: 'prompt', form: 'rawp-json' };
    if (isMarkdownPath(filePath) && hasFileReferencesFrontmatter(text)) return { kind: 'prompt', form: 'markdown' };
    if (looksLikeHashlinePatch(text)) return { kind: 'hashline' };
  }
  if (isMarkdownPath(filePath)) return { kind: 'markdown' };
  return { kind: 'other' };
}

/**
 * `NAME.prompt.md` directly in one of Copilot's prompt folders: `dirs`, read from each root's
 * `.vscode/settings.json` (`copilotLocations.ts`, `chat.promptFilesLocations`), or where none
 * are given, `ROOT/.github/prompts`, where VS Code looks by default (VS Code docs, "Use prompt
 * files in VS Code", prompt file locations: "Workspace: `.github/prompts` folder"; GitHub's docs
 * save them there too). Subfolders are not taken: no doc says VS Code reads them.
 */
export function isCopilotPromptPath(filePath: string, roots: readonly string[], dirs?: readonly string[]): boolean {
  if (!path.basename(filePath).endsWith('.prompt.md')) return false;
  const dir = path.dirname(filePath);
  if (dirs) return dirs.includes(dir);
  return path.basename(dir) === 'prompts' && path.basename(path.dirname(dir)) === '.github' && roots.includes(path.dirname(path.dirname(dir)));
}

/** True for kinds whose text is Markdown (where `rule://` links are looked for). */
export function isMarkdownKind(kind: DocumentKind, filePath: string): boolean {
  if (kind.kind === 'rule' || kind.kind === 'markdown' || kind.kind === 'copilot-prompt') return true;
  return kind.kind === 'prompt' && kind.form === 'markdown' && isMarkdownPath(filePath);
}

/** The rule folders a path could belong to: user-level ones and those of every root. */
export function ruleFoldersFor(ctx: ClassifyContext): RuleFolder[] {
  return [...locationsOf(ctx).folders];
}

/** The fixed places of a context, computed once for as long as the context stays the same. */
function locationsOf(ctx: ClassifyContext): Locations {
  // A frozen context (the session's, made once for many files) cannot have changed since it was last given: not compared again.
  if (lastLocations?.given === ctx) return lastLocations;
  // Classifying a workspace asks once a file (92,000 times for a large tree) with the same context.
  if (!lastLocations || !sameContext(lastLocations.ctx, ctx)) {
    const folders = userRuleFolders(ctx.home, ctx.profile, ctx.piConfigDir);
    for (const root of ctx.roots) folders.push(...projectRuleFolders(root));
    const orderByDir = new Map<string, number>();
    // Two folders at one path (a root that is the home) are met in the same places: the first is taken, as the list is tried in order.
    folders.forEach((folder, order) => {
      if (!orderByDir.has(folderKey(folder.dir))) orderByDir.set(folderKey(folder.dir), order);
    });
    lastLocations = { ctx: { ...ctx, roots: [...ctx.roots] }, folders, orderByDir, windsurfGlobal: windsurfGlobalRulesFile(ctx.home), clineGlobal: clineGlobalRuleAreas(ctx.home) };
  }
  lastLocations.given = Object.isFrozen(ctx) && Object.isFrozen(ctx.roots) ? ctx : undefined;
  return lastLocations;
}

interface Locations {
  folders: readonly RuleFolder[];
  /** Each folder's place in `folders` by its path (`folderKey`): a file's folders are looked up, not each folder tried. */
  orderByDir: ReadonlyMap<string, number>;
  windsurfGlobal: string;
  clineGlobal: readonly string[];
}

/** `given`: the context last given, where it is frozen (so unchanged while it is the same object). */
let lastLocations: (Locations & { ctx: ClassifyContext; given?: ClassifyContext }) | undefined;

/** A folder's path as `isInside` compares it: on Windows, where `path.relative` does, without case. */
function folderKey(dir: string): string {
  return path.sep === '/' ? dir : dir.toLowerCase();
}

function sameContext(a: ClassifyContext, b: ClassifyContext): boolean {
  return a.home === b.home && a.profile === b.profile && a.piConfigDir === b.piConfigDir && a.roots.length === b.roots.length && a.roots.every((r, i) => r === b.roots[i]);
}

/** Folders of `.clinerules` holding Cline's workflows, hooks and skills, which Cline never reads as rules (its source excludes them; see rules/agents/cline.ts). */
export const CLINE_NON_RULE_FOLDERS: ReadonlySet<string> = new Set(['workflows', 'hooks', 'skills']);

/**
 * Rule files and look-alikes by path alone. Cline's `.clinerules` and the agents'
 * `.agent(s)/rules` count at a root or any ancestor of one, since the agent walks up.
 */
export function classifyRulePath(filePath: string, ctx: ClassifyContext): DocumentKind | undefined {
  const name = path.basename(filePath);
  const dir = path.dirname(filePath);
  const markdown = isMarkdownPath(filePath);

  const locations = locationsOf(ctx);
  if (filePath === locations.windsurfGlobal) return { kind: 'rule', provider: 'windsurf', level: 'user', loaded: true };
  // Cline's global rules (ruleLocations.ts, `clineGlobalRuleFolders`): read by Cline, its Markdown files directly in the folder.
  if (locations.clineGlobal.includes(dir) && name.endsWith('.md') && !name.startsWith('.')) return { kind: 'rule', provider: 'cline', level: 'user', loaded: true };
  // Below one of them, a Markdown file: Cline 4 and the Cline CLI read none there, Cline 3.x did (rules/agents/cline.ts, `clineGlobalSubfolderPlacement`).
  if (markdown && !name.startsWith('.') && locations.clineGlobal.some((area) => isInside(area, dir) && area !== dir)) {
    return { kind: 'rule', provider: 'cline', level: 'user', loaded: false, cause: 'nested', reason: `Cline reads only the files directly in ${shownFolder({ provider: 'cline', level: 'user', dir: locations.clineGlobal.find((area) => isInside(area, dir))! }, ctx)}/` };
  }

  const legacy = LEGACY_RULE_FILES[name];
  if (legacy) {
    return {
      kind: 'rule',
      provider: legacy,
      level: 'project',
      loaded: false,
      cause: 'legacy',
      reason: `${name} is ${legacy === 'cursor' ? "Cursor's" : "Windsurf's"} legacy single-file format; move its rules into ${legacy === 'cursor' ? '.cursor/rules/' : '.windsurf/rules/'}`,
    };
  }

  const atRootOrAncestor = (d: string) => ctx.roots.some((root) => isInside(d, root));
  if (name === '.clinerules' && atRootOrAncestor(dir)) return { kind: 'rule', provider: 'cline', level: 'project', loaded: true };
  if (name === '.clinerules' && ctx.roots.some((root) => isInside(root, dir))) {
    return { kind: 'rule', provider: 'cline', level: 'project', loaded: false, cause: 'misplaced-folder', reason: '`.clinerules` is read in the workspace folder and its parents, never in subfolders' };
  }

  const extra: RuleFolder[] = [];
  const clineDir = filePath.includes(`${path.sep}.clinerules${path.sep}`) ? findAncestorNamed(filePath, '.clinerules') : undefined;
  // `.clinerules/workflows`, `hooks` and `skills` hold Cline's workflows, hooks and skills,
  // which Cline never reads as rules (its source excludes them; see rules/agents/cline.ts).
  if (clineDir && CLINE_NON_RULE_FOLDERS.has(path.relative(clineDir, filePath).split(path.sep)[0])) return undefined;
  if (clineDir && atRootOrAncestor(path.dirname(clineDir))) extra.push({ provider: 'cline', level: 'project', dir: clineDir });
  if (ctx.profile === 'xcsh') {
    for (const agentsName of ['.agent', '.agents']) {
      const agentsDir = filePath.includes(`${path.sep}${agentsName}${path.sep}`) ? findAncestorNamed(filePath, agentsName) : undefined;
      if (agentsDir && atRootOrAncestor(path.dirname(agentsDir))) {
        extra.push({ provider: 'agents', level: 'project', dir: path.join(agentsDir, 'rules') });
      }
    }
  }

  const held = fixedFolderHolding(dir, markdown, locations) ?? extraFolderHolding(dir, markdown, extra);
  if (held && !held.nested) return classifyInRuleFolder(name, held.folder);
  if (held) {
    return {
      kind: 'rule',
      provider: held.folder.provider,
      level: held.folder.level,
      loaded: false,
      cause: 'nested',
      reason: `only files directly in ${shownFolder(held.folder, ctx)}/ are loaded, not those in nested folders`,
    };
  }
  // What follows is about Markdown files only.
  if (!markdown) return undefined;

  // A rule folder somewhere below a root, where the agent does not look.
  const parts = dir.split(path.sep);
  for (const [marker, provider] of [
    ['.xcsh/rules', 'native'],
    ['.cursor/rules', 'cursor'],
    ['.windsurf/rules', 'windsurf'],
    ['.clinerules', 'cline'],
  ] as const) {
    const joined = marker.includes('/') ? parts.slice(-2).join('/') : parts[parts.length - 1];
    if (joined === marker && ctx.roots.some((root) => isInside(root, dir))) {
      return {
        kind: 'rule',
        provider,
        level: 'project',
        loaded: false,
        cause: 'misplaced-folder',
        reason: `${marker}/ is read only ${marker === '.clinerules' ? 'in the workspace folder and its parents' : 'at the workspace root'}, not in subfolders`,
      };
    }
  }
  // `.xcsh/rule/`, `.xcsh/.rules/`: a slip of the folder's name, at a root.
  if (parts.length >= 2 && parts[parts.length - 2] === '.xcsh' && isSlipOf(parts[parts.length - 1], 'rules') && /\.(md|mdc)$/.test(name) && ctx.roots.includes(path.dirname(path.dirname(dir)))) {
    return { kind: 'rule', provider: 'native', level: 'project', loaded: false, cause: 'misplaced-folder', reason: `its folder is \`.xcsh/${parts[parts.length - 1]}/\`, and the rules go in \`.xcsh/rules/\`` };
  }
  return undefined;
}

/** A rule folder `dir` is (`nested` false), or one holding it when the file is Markdown (`nested`). */
type HeldBy = { folder: RuleFolder; nested: boolean };

/**
 * The first of the fixed rule folders, in their order, that `dir` is or, for a Markdown file,
 * lies below: `dir` and each folder above it looked up (`orderByDir`), so a file costs the
 * segments of its path, not a test against every folder of every root (200,000 times for a
 * listing at the cap). The walk starts from the path as `isInside` resolves it.
 */
function fixedFolderHolding(dir: string, markdown: boolean, locations: Locations): HeldBy | undefined {
  let order = locations.orderByDir.get(folderKey(dir));
  let nested = false;
  if (markdown) {
    const resolved = isPlainAbsolute(dir) ? dir : path.resolve(dir);
    // A path written with `.` or `..` is not the folder's string even where it resolves to it: below it, as `isInside` has it.
    for (let at = resolved === dir ? path.dirname(dir) : resolved, last = dir; at !== last; last = at, at = path.dirname(at)) {
      const above = locations.orderByDir.get(folderKey(at));
      if (above !== undefined && (order === undefined || above < order)) {
        order = above;
        nested = true;
      }
    }
  }
  return order === undefined ? undefined : { folder: locations.folders[order], nested };
}

/** The first of a file's own rule folders (a `.clinerules` or `.agents` above it) that `dir` is or, for a Markdown file, lies below. */
function extraFolderHolding(dir: string, markdown: boolean, extra: readonly RuleFolder[]): HeldBy | undefined {
  for (const folder of extra) {
    if (dir === folder.dir) return { folder, nested: false };
    if (markdown && isInside(folder.dir, dir)) return { folder, nested: true };
  }
  return undefined;
}

function classifyInRuleFolder(name: string, folder: RuleFolder): DocumentKind | undefined {
  const { provider, level } = folder;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  const allowed = PROVIDER_EXTENSIONS[provider];
  if (name.startsWith('.')) {
    return { kind: 'rule', provider, level, loaded: false, cause: 'hidden', reason: 'hidden files (names starting with a dot) are skipped' };
  }
  if (allowed.includes(ext)) return { kind: 'rule', provider, level, loaded: true };
  if (allowed.includes(ext.toLowerCase())) {
    return { kind: 'rule', provider, level, loaded: false, cause: 'extension-case', reason: `extensions are case-sensitive: only .${allowed.join(' and .')} files are loaded, not .${ext}` };
  }
  if (MARKDOWN_EXTENSIONS.has('.' + ext.toLowerCase())) {
    return { kind: 'rule', provider, level, loaded: false, cause: 'extension', reason: `this folder is read for .${allowed.join(' and .')} files only` };
  }
  return undefined;
}

function findAncestorNamed(filePath: string, name: string): string | undefined {
  let dir = path.dirname(filePath);
  for (;;) {
    if (path.basename(dir) === name) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * A rule folder as users know it (`displayPath`): from the home for a user-level one
 * (`~/.cursor/rules`, `~/.xcsh/agent/rules`), else from the workspace root holding it
 * (`.cursor/rules`); a project folder above every root (a parent's `.clinerules`) by its path.
 */
function shownFolder(folder: RuleFolder, ctx: ClassifyContext): string {
  const root = folder.level === 'user' ? undefined : ctx.roots.find((r) => isInside(r, folder.dir));
  return displayPath(folder.dir, root, ctx.home);
}

/** A RAWP message whose top-level `type` is `control.prompt.request`. */
export function isRawpPromptJson(text: string): boolean {
  if (text.length > 4 * 1024 * 1024 || !text.includes('control.prompt.request')) return false;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'control.prompt.request';
  } catch {
    return /^\s*\{\s*"type"\s*:\s*"control\.prompt\.request"/.test(text);
  }
}

/** Markdown whose frontmatter (the block between the first two `---` lines) has a `file_references` key. */
export function hasFileReferencesFrontmatter(text: string): boolean {
  if (!text.startsWith('---')) return false;
  const close = text.indexOf('\n---', 3);
  const block = close < 0 ? text.slice(0, 64 * 1024) : text.slice(0, close);
  return /^file_references\s*:/m.test(block);
}

/** The first non-blank line is a `§PATH` header, or a begin marker followed by one. */
export function looksLikeHashlinePatch(text: string): boolean {
  let sawBegin = false;
  let start = 0;
  if (text.charCodeAt(0) === 0xfeff) start = 1;
  for (let i = 0; i < 200 && start < text.length; i++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '').trimEnd();
    start = end + 1;
    if (line.trim() === '') continue;
    if (line.startsWith('§')) return true;
    if (!sawBegin && BEGIN_MARKERS.includes(line)) {
      sawBegin = true;
      continue;
    }
    return false;
  }
  return false;
}
