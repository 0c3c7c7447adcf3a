import * as path from 'node:path';
import { FALLBACK_ROOT_MARKERS } from './projectRoot';

/**
 * Where coding agents look for rule files (`rules.md` §2): the one place this knowledge
 * lives. The rules engine walks these locations in the agent's order; the classifier uses
 * them to recognise a rule file, or a file that looks like one but is never read.
 */

export type ProviderId = 'native' | 'agents' | 'cursor' | 'windsurf' | 'cline';
export type RulesProfile = 'seed' | 'xcsh';
export type RuleLevel = 'user' | 'project';

export const PROVIDER_DISPLAY_NAMES: Record<ProviderId, string> = {
  native: 'OMP',
  agents: 'Agents (standard)',
  cursor: 'Cursor',
  windsurf: 'Windsurf',
  cline: 'Cline',
};

export const PROVIDER_PRIORITIES: Record<ProviderId, number> = {
  native: 100,
  agents: 70,
  cursor: 50,
  windsurf: 50,
  cline: 40,
};

/** Providers in evaluation order: priority descending, then registration order. */
export function providersFor(profile: RulesProfile): ProviderId[] {
  return profile === 'xcsh' ? ['native', 'agents', 'cursor', 'windsurf', 'cline'] : ['native', 'cursor', 'windsurf', 'cline'];
}

/** Extensions (without the dot, case-sensitive) a provider reads from its rule folders. */
export const PROVIDER_EXTENSIONS: Record<ProviderId, readonly string[]> = {
  native: ['md', 'mdc'],
  agents: ['md', 'mdc'],
  cursor: ['mdc', 'md'],
  windsurf: ['md'],
  cline: ['md'],
};

/**
 * Extensions (without the dot) of the files Cline itself reads as rules in its rule folders,
 * wider than the xcsh agent's `PROVIDER_EXTENSIONS.cline`. Cline's source: its SDK loader, which
 * runs the sessions of the VS Code extension, the CLI and Desktop (cline/cline PR #14207:
 * "The SDK runtime that powers the extension's sessions already loads rules through the shared
 * resolver"), keeps `.md`, `.markdown` and `.txt` (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts,
 * `MARKDOWN_EXTENSIONS`, commit 5986c8115cf50509dc891ed2bd52ce83ca514e5a); the extension's
 * older loader read every file (src/utils/fs.ts, `readDirectory`), these included.
 */
export const CLINE_RULE_EXTENSIONS: readonly string[] = ['md', 'markdown', 'txt'];

/** A folder whose direct children (with the provider's extensions) are rules. */
export interface RuleFolder {
  provider: ProviderId;
  level: RuleLevel;
  dir: string;
}

/**
 * The user-level config folder of the native provider (`~/.xcsh/agent`; under xcsh
 * `PI_CONFIG_DIR` instead of `.xcsh`: the setting, else the environment variable the agent
 * itself reads, `rules.md` §2.2).
 */
export function nativeUserConfigDir(home: string, profile: RulesProfile, piConfigDir: string | undefined): string {
  const configured = piConfigDir || process.env.PI_CONFIG_DIR || undefined;
  const cfg = profile === 'xcsh' && configured ? configured : '.xcsh';
  return path.join(home, cfg, 'agent');
}

/** Windsurf's single user-level rule file, named `global_rules`. */
export function windsurfGlobalRulesFile(home: string): string {
  return path.join(home, '.codeium', 'windsurf', 'memories', 'global_rules.md');
}

/**
 * Cline's global rule folders, in the order listed here, and which of them Cline reads.
 * Sources: Cline's docs, "Configuration" (https://docs.cline.bot/cli/configuration):
 * global rules live in `~/.cline/rules/`, and `~/Documents/Cline/Rules/` is an "additional
 * global search path" (rules "may also be discovered from ~/Documents/Cline/ for
 * compatibility"); "Rules" (https://docs.cline.bot/features/cline-rules, "Global Rules
 * Directory Location"): `~/Documents/Cline/Rules` on every system, which on Linux "may fall
 * back to ~/Cline/Rules", depending on "whether the Documents directory exists". So the
 * first two are both read (the second is "additional", not instead), and `~/Cline/Rules`
 * only where there is no `~/Documents` (`documentsExists`). The docs do not say which of two
 * rules of one name Cline keeps; Cline 4's source does: the one read last, these folders after
 * the workspace's, `~/.cline/rules` before `~/Documents/Cline/Rules` (rules/agents/clineIds.ts).
 */
export function clineGlobalRuleFolders(home: string, documentsExists: boolean): string[] {
  const folders = [path.join(home, '.cline', 'rules')];
  folders.push(documentsExists ? path.join(clineDocumentsFolder(home), 'Cline', 'Rules') : path.join(home, 'Cline', 'Rules'));
  return folders;
}

/** `~/Documents`, whose presence alone decides which of `clineGlobalRuleFolders` Cline reads. */
export function clineDocumentsFolder(home: string): string {
  return path.join(home, 'Documents');
}

/** Every folder `clineGlobalRuleFolders` may give, whether `~/Documents` exists or not: the places agentls may read. */
export function clineGlobalRuleAreas(home: string): string[] {
  return [...new Set([...clineGlobalRuleFolders(home, true), ...clineGlobalRuleFolders(home, false)])];
}

/** Rule folders under the home directory, per provider. */
export function userRuleFolders(home: string, profile: RulesProfile, piConfigDir: string | undefined): RuleFolder[] {
  const folders: RuleFolder[] = [{ provider: 'native', level: 'user', dir: path.join(nativeUserConfigDir(home, profile, piConfigDir), 'rules') }];
  if (profile === 'xcsh') {
    folders.push({ provider: 'agents', level: 'user', dir: path.join(home, '.agent', 'rules') });
    folders.push({ provider: 'agents', level: 'user', dir: path.join(home, '.agents', 'rules') });
  }
  folders.push({ provider: 'cursor', level: 'user', dir: path.join(home, '.cursor', 'rules') });
  return folders;
}

/** Rule folders directly under a project root (cwd); cline and agents walk further, see the rules engine. */
export function projectRuleFolders(root: string): RuleFolder[] {
  return [
    { provider: 'native', level: 'project', dir: path.join(root, '.xcsh', 'rules') },
    { provider: 'cursor', level: 'project', dir: path.join(root, '.cursor', 'rules') },
    { provider: 'windsurf', level: 'project', dir: path.join(root, '.windsurf', 'rules') },
  ];
}

/**
 * Every location under the home directory the agents may read rules from (the xcsh agent's,
 * and those its tools read themselves: Windsurf's global_rules.md, Cline's global rule
 * folders, and the user-level files of the agents whose views `rules/context/instructionViews.ts`
 * builds: `instructionUserRuleAreas`); these, with the workspace roots, are the only places agentls reads.
 */
export function userRuleAreas(home: string, profile: RulesProfile, piConfigDir: string | undefined): string[] {
  return [...userRuleFolders(home, profile, piConfigDir).map((f) => f.dir), windsurfGlobalRulesFile(home), ...clineGlobalRuleAreas(home), ...instructionUserRuleAreas(home)];
}

/** The steering folder of Kiro (its model: `rules/agents/kiro.ts`, which has the source), relative to the home or the root, `/`-separated (`path.join` gives the platform's). */
export const KIRO_STEERING_FOLDER = '.kiro/steering';

/** The rule folder of Continue (its model: `rules/agents/continue.ts`, which has the source), relative to the home or the root, `/`-separated (`path.join` gives the platform's). */
export const CONTINUE_RULES_FOLDER = '.continue/rules';

/** Gemini CLI's global context file (`rules/agents/gemini.ts` has the source: its docs name only this one in the home). */
export function geminiUserMemoryFile(home: string): string {
  return path.join(home, '.gemini', 'GEMINI.md');
}

/** Roo Code's global rule folder, `~/.roo/rules`, or a mode's, `~/.roo/rules-{mode}` (`rules/agents/roo.ts` has the source). */
export function rooUserRuleFolder(home: string, mode?: string): string {
  return path.join(home, '.roo', mode === undefined ? 'rules' : `rules-${mode}`);
}

/**
 * Roo Code's built-in modes' slugs (its source, packages/types/src/mode.ts, `DEFAULT_MODES`; the
 * docs' "Using Modes" names the same five): the modes whose `~/.roo/rules-{mode}/` agentls looks
 * into beside those the workspace names, as it does not list `~/.roo` (Roo Code's settings).
 */
export const ROO_BUILT_IN_MODES = ['architect', 'ask', 'code', 'debug', 'orchestrator'] as const;

/** The global files Codex reads in its home, in the order it tries them (`rules/agents/codex.ts` has the source). */
export const CODEX_GLOBAL_NAMES = ['AGENTS.override.md', 'AGENTS.md'] as const;

/**
 * Codex's home: `CODEX_HOME` where set and not empty, else `.codex` in the user's home (`home`:
 * agentls's `home` setting, as for every user-level folder). Sources: the guide ("defaults to
 * `~/.codex`, unless you set `CODEX_HOME`"); that an empty value counts as unset, and that a
 * relative one is taken from where Codex starts (`canonicalize`), is its source
 * (openai/codex, `find_codex_home`). agentls takes a relative one from its own folder.
 */
export function codexHomeFolder(home: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CODEX_HOME;
  return configured ? path.resolve(configured) : path.join(home, '.codex');
}

/**
 * Claude Code's user memory, `~/.claude/CLAUDE.md`, loaded in every project. Source: its docs,
 * "Manage Claude's memory" (https://code.claude.com/docs/en/memory), which name this one file
 * for the user's instructions "for all projects" (its model: `rules/agents/claude.ts`).
 */
export function claudeUserMemoryFile(home: string): string {
  return path.join(home, '.claude', 'CLAUDE.md');
}

/**
 * Claude Code's user-level rule folder, `~/.claude/rules`: the same docs page ("User-level
 * rules") says its `.md` files, subfolders included, apply to every project on the machine and
 * are loaded before the project's `.claude/rules`, so a project rule wins a clash.
 */
export function claudeUserRulesFolder(home: string): string {
  return path.join(home, '.claude', 'rules');
}

/**
 * The user-level places of Claude Code, Kiro, Continue, Gemini CLI, Roo Code and Codex, exactly
 * those their views read (`instructionViews.ts`) and nothing else of their config folders (which
 * hold their settings, keys and history: `~/.claude/.credentials.json`, `~/.claude/projects`):
 * Roo Code's mode folders of its built-in modes (a custom mode's folder is allowed by the view
 * once the workspace names the mode). Listed here so that such a file opened in the editor, or
 * named to `agentls check`, is judged as the user-level rule it is.
 */
export function instructionUserRuleAreas(home: string): string[] {
  return [
    claudeUserMemoryFile(home),
    claudeUserRulesFolder(home),
    path.join(home, KIRO_STEERING_FOLDER),
    path.join(home, CONTINUE_RULES_FOLDER),
    geminiUserMemoryFile(home),
    rooUserRuleFolder(home),
    ...ROO_BUILT_IN_MODES.map((mode) => rooUserRuleFolder(home, mode)),
    ...CODEX_GLOBAL_NAMES.map((name) => path.join(codexHomeFolder(home), name)),
  ];
}

/**
 * Rule folders that agents also read in subfolders of the project, `/`-separated, as the
 * agent models in `rules/agents/` place them (a test holds the two together): Cursor's
 * nested `.cursor/rules` apply to their subtree (https://cursor.com/docs/rules, "Project
 * rules": "subdirectories can include their own .cursor/rules directory"), Windsurf reads
 * every `.windsurf/rules` (and Devin Desktop's `.devin/rules`) of the workspace's
 * subfolders (docs.windsurf.com/windsurf/cascade/memories, "Rules discovery"), and the
 * models take Claude Code's `.claude/rules` as read wherever they sit. Cline's
 * `.clinerules`, Copilot's `.github/instructions` (in VS Code and on github.com; Copilot CLI
 * reads one where it runs) and the xcsh agent's folders are read at the root (or above it)
 * only, so they are not here.
 *
 * Whether these agents skip a folder that `.gitignore` leaves out is documented by none of
 * them; the listing keeps these folders whatever the ignore files say, as it keeps the
 * root ones, so that a project that ignores `.cursor/` still has its rules checked.
 */
export const NESTED_RULE_FOLDERS: readonly string[] = ['.cursor/rules', '.windsurf/rules', '.devin/rules', '.claude/rules'];

/**
 * Folders of the agents' own files (rules, settings, commands, prompts), not of the files they
 * work on: a folder of one of these names at any depth (the nested ones above are read in
 * subfolders), or `.github/instructions` and `.github/prompts` (Copilot's; `.github` itself
 * holds real work, `.github/workflows`). Where each agent reads them: its model in
 * `rules/agents/` (`cursor.ts`, `windsurf.ts`, `claude.ts`, `cline.ts`, `copilot.ts`, `xcsh.ts`)
 * and `projectRuleFolders` above. A glob of a rule is for the files the agent works on: glob
 * completion leaves these out.
 */
export const AGENT_OWN_FOLDERS: readonly string[] = ['.cursor', '.windsurf', '.devin', '.claude', '.clinerules', '.xcsh', '.agent', '.agents', '.github/instructions', '.github/prompts'];

/**
 * The nested rule folder (`NESTED_RULE_FOLDERS`) that a folder is or holds, and the folder
 * holding it, relative and `/`-separated: `web/.cursor` and `web/.cursor/rules` both give
 * `web/.cursor/rules` held by `web`; undefined for any other folder. The listing asks it of
 * the folders the ignore files leave out, so it enters those alone, never an ignored tree
 * such as `node_modules`.
 */
export function nestedRuleFolderAt(rel: string): { folder: string; holder: string } | undefined {
  for (const folder of NESTED_RULE_FOLDERS) {
    const top = folder.slice(0, folder.indexOf('/'));
    const full = rel === folder || rel.endsWith('/' + folder) ? rel : rel === top || rel.endsWith('/' + top) ? `${rel}/${folder.slice(top.length + 1)}` : undefined;
    if (full !== undefined) return { folder: full, holder: full.slice(0, Math.max(0, full.length - folder.length - 1)) };
  }
  return undefined;
}

/**
 * The nested rule folder (`NESTED_RULE_FOLDERS`) that a path lies in, at any depth below it,
 * and the folder holding it: `packages/web/.cursor/rules/a/b.mdc` gives
 * `packages/web/.cursor/rules` held by `packages/web`. The first whole-name occurrence counts;
 * undefined when the path lies in none.
 */
export function nestedRuleFolderHolding(rel: string): { folder: string; holder: string } | undefined {
  for (const folder of NESTED_RULE_FOLDERS) {
    for (let i = rel.indexOf(folder + '/'); i >= 0; i = rel.indexOf(folder + '/', i + 1)) {
      if (i === 0 || rel[i - 1] === '/') return { folder: rel.slice(0, i + folder.length), holder: i === 0 ? '' : rel.slice(0, i - 1) };
    }
  }
  return undefined;
}

/**
 * Claude Code's personal project memory, which people keep out of git by name: its docs,
 * "Manage Claude's memory" (https://code.claude.com/docs/en/memory), give `./CLAUDE.local.md`
 * for "personal project-specific preferences", and say Claude Code reads every CLAUDE.md or
 * CLAUDE.local.md from the working folder up (the model: `rules/agents/claude.ts`).
 */
export const CLAUDE_LOCAL_MEMORY = 'CLAUDE.local.md';

/**
 * Extensions (with the dot) of the rule files agents read from their folders
 * (`PROVIDER_EXTENSIONS`), and `.txt`: Cline reads the `.txt` files of `.clinerules` too
 * (its docs, "Rules", https://docs.cline.bot/customization/cline-rules: it "processes all
 * `.md` and `.txt` files"; the model: `isClineTextRule` in rules/agents/cline.ts).
 */
export const RULE_FILE_EXTENSIONS: readonly string[] = [...new Set([...Object.values(PROVIDER_EXTENSIONS).flat(), 'txt'])].map((ext) => `.${ext}`);

/** Legacy single-file rule names that tools advertise but the agent never reads. */
export const LEGACY_RULE_FILES: Record<string, ProviderId> = {
  '.cursorrules': 'cursor',
  '.windsurfrules': 'windsurf',
};

/**
 * The agents' files known by name outside their folders (`AGENT_OWN_FOLDERS`): Claude Code's
 * and the AGENTS.md readers' memory files (`FALLBACK_ROOT_MARKERS`: CLAUDE.md, CLAUDE.local.md,
 * AGENTS.md, read in subfolders too), the legacy single files (`LEGACY_RULE_FILES`), and
 * Copilot's `.github/copilot-instructions.md` (its model: `rules/agents/copilot.ts`). A name
 * at any depth, as the folders are. Glob completion counts none of them: a rule's glob is for
 * the files the agent works on, and a README.md beside them still is one.
 */
export const AGENT_OWN_FILES: readonly string[] = [...FALLBACK_ROOT_MARKERS, ...Object.keys(LEGACY_RULE_FILES), '.github/copilot-instructions.md'];

/** The native provider's config folders in the agent's order: project `<cwd>/.xcsh`, then the user one. */
export function nativeConfigDirs(cwd: string, home: string, profile: RulesProfile, piConfigDir: string | undefined): { dir: string; level: RuleLevel }[] {
  return [
    { dir: path.join(cwd, '.xcsh'), level: 'project' },
    { dir: nativeUserConfigDir(home, profile, piConfigDir), level: 'user' },
  ];
}

/** Where Cline looks for `.clinerules`, nearest first: `cwd` and every ancestor up to the file system root. */
export function clineCandidates(cwd: string): string[] {
  return ancestorsUpTo(cwd, undefined).map((dir) => path.join(dir, '.clinerules'));
}

/**
 * The agents provider's project folders (xcsh), nearest first: `.agent/rules` then
 * `.agents/rules` of `cwd` and each ancestor up to `stopDir` (the repository root; else
 * the home folder when it is an ancestor; else the file system root).
 */
export function agentsProjectFolders(cwd: string, stopDir: string | undefined): string[] {
  return ancestorsUpTo(cwd, stopDir).flatMap((dir) => [path.join(dir, '.agent', 'rules'), path.join(dir, '.agents', 'rules')]);
}

/** The agents provider's user folders (xcsh). */
export function agentsUserFolders(home: string): string[] {
  return [path.join(home, '.agent', 'rules'), path.join(home, '.agents', 'rules')];
}

/** `start` and its ancestors, ending with `stop` (inclusive) when it is one, else at the root. */
export function ancestorsUpTo(start: string, stop: string | undefined): string[] {
  const out: string[] = [];
  let dir = path.resolve(start);
  for (;;) {
    out.push(dir);
    if (stop !== undefined && dir === path.resolve(stop)) return out;
    const parent = path.dirname(dir);
    if (parent === dir) return out;
    dir = parent;
  }
}

/**
 * A path strictly inside a rule folder whose agent walks a symbolic link to a folder there as
 * the folder, reading the files behind it:
 * - Roo Code's `.roo/rules` and `.roo/rules-{mode}` (its source, RooCodeInc/Roo-Code,
 *   src/core/prompts/sections/custom-instructions.ts: `readTextFilesFromDirectory` hands each
 *   link to `resolveSymLink`, which lists a linked folder recursively, and follows a link met
 *   there in turn until its `MAX_DEPTH` of 5: `LINKED_FOLDER_ROUNDS`, `rooLinkTooDeep`);
 * - Claude Code's `.claude/rules` (its docs, code.claude.com/docs/en/memory, "Share rules across
 *   projects with symlinks": the folder "supports symlinks", linked folders and files are
 *   "resolved and loaded normally", loops "detected and handled gracefully").
 * Cline's `.clinerules` is not among them: both its loaders (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts, `discoverRulesLikeFiles`,
 * Cline 4's and the CLI's; Cline 3.x's `readDirectory`, src/utils/fs.ts) keep the entries whose
 * `Dirent.isFile()` is true, never a link. `/`-separated, any holder.
 */
export const LINK_FOLLOWING_RULE_FOLDER = /(?:^|\/)\.(?:roo\/rules(?:-[a-zA-Z0-9-]+)?|claude\/rules)\//;

/**
 * How many links deep Roo Code reads a linked folder: a link in its rule folder (depth 1 of its
 * source's count), a link in the folder it leads to (depth 3); a third link's folder is listed at
 * depth 6, past `MAX_DEPTH` (5), so its files are dropped (custom-instructions.ts, `resolveDirectoryEntry`).
 * Claude Code documents no depth: the same is taken for it.
 */
export const LINKED_FOLDER_ROUNDS = 2;
