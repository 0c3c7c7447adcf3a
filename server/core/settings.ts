import type { Level } from './findings';
import { isLogLevel, type LogLevel } from './log';

/**
 * Every setting of agentls, as one record. The sources, lowest precedence first:
 * the defaults below, `initializationOptions` (Helix's `config`), then the client's
 * answer to `workspace/configuration` for the section `agentls`; the CLI builds the same
 * record from its flags. A value of the wrong type is dropped with a warning and the
 * lower layer's value is kept, so one typo never disables the server.
 */
export interface Settings {
  /** Replaces the user's home directory (user-level rule folders); tests never read the real one. */
  home: string | undefined;
  /** Folder for the persisted file index; default `$XDG_CACHE_HOME/agentls` or `~/.cache/agentls`. */
  cacheDir: string | undefined;
  log: { level: LogLevel };
  diagnostics: {
    /** Per-code (`rule/shadowed`) or per-family (`rule/*`) level overrides. */
    severity: Record<string, Level>;
  };
  rules: {
    /** Which agent the linter predicts (`rules.md`, "Profiles"). */
    profile: 'seed' | 'xcsh';
    /** `PI_CONFIG_DIR` as the xcsh profile reads it. */
    piConfigDir: string | undefined;
    disabledProviders: string[];
    disabledRules: string[];
    /** Rules in context: a budget (tokens) for what each agent sends in every request; undefined: none. */
    budgetTokens: number | undefined;
    /** Rules in context: "N rules apply" in the hover of any file's first line. */
    forFileHover: boolean;
    /** The agents whose behaviour rule diagnostics predict: `auto` (each file's own tool, plus xcsh when the workspace has `.xcsh`) or a list. */
    agents: 'auto' | string[];
  };
  search: {
    /** Extra exclude globs on top of `.gitignore`, `.ignore`, `.git/`, `node_modules/`. */
    exclude: string[];
    /** Cap on indexed paths per workspace folder. */
    maxFiles: number;
  };
  astEdit: {
    /** Files with at least one change before a preview stops (upstream `GJC_MAX_AST_FILES`). */
    maxFiles: number;
  };
  hashline: {
    /** Drop payload lines of a pure insert that repeat the neighbouring lines (upstream `edit.hashlineAutoDropPureInsertDuplicates`). */
    autoDropPureInsertDuplicates: boolean;
  };
  /** Where file-change events come from: the client's watcher when it offers one (`auto`). */
  watcher: 'auto' | 'client' | 'server' | 'off';
}

export const DEFAULT_SETTINGS: Settings = {
  home: undefined,
  cacheDir: undefined,
  log: { level: 'info' },
  diagnostics: { severity: {} },
  rules: { profile: 'seed', piConfigDir: undefined, disabledProviders: [], disabledRules: [], budgetTokens: undefined, forFileHover: true, agents: 'auto' },
  search: { exclude: [], maxFiles: 2_000_000 },
  astEdit: { maxFiles: 1000 },
  hashline: { autoDropPureInsertDuplicates: false },
  watcher: 'auto',
};

const LEVELS = new Set(['error', 'warning', 'information', 'hint', 'off']);

/**
 * Overlays a raw settings object (from a client or a config file) on `base`.
 * Accepts both `{ agentls: {...} }` and the bare section. Unknown keys are ignored;
 * wrong types are reported in `warnings` and keep the base value.
 */
export function overlaySettings(base: Settings, raw: unknown, warnings: string[] = []): Settings {
  let section = raw;
  if (isRecord(section) && isRecord(section.agentls)) section = section.agentls;
  if (!isRecord(section)) return base;
  const s = section;
  const out: Settings = structuredClone(base);
  const warn = (key: string, expected: string) => warnings.push(`agentls.${key}: expected ${expected}, ignored`);

  if ('home' in s) {
    if (typeof s.home === 'string' && s.home !== '') out.home = s.home;
    else if (s.home !== null) warn('home', 'a path');
  }
  if ('cacheDir' in s) {
    if (typeof s.cacheDir === 'string' && s.cacheDir !== '') out.cacheDir = s.cacheDir;
    else if (s.cacheDir !== null) warn('cacheDir', 'a path');
  }
  const log = nested(s, 'log');
  if (log && 'level' in log) {
    if (isLogLevel(log.level)) out.log.level = log.level;
    else warn('log.level', 'one of off, error, warn, info, debug');
  }
  const diagnostics = nested(s, 'diagnostics');
  if (diagnostics && 'severity' in diagnostics) {
    if (isRecord(diagnostics.severity)) {
      for (const [code, level] of Object.entries(diagnostics.severity)) {
        if (typeof level === 'string' && LEVELS.has(level)) out.diagnostics.severity[code] = level as Level;
        else warn(`diagnostics.severity.${code}`, 'one of error, warning, information, hint, off');
      }
    } else warn('diagnostics.severity', 'an object of code → level');
  }
  const rules = nested(s, 'rules');
  if (rules) {
    if ('profile' in rules) {
      if (rules.profile === 'seed' || rules.profile === 'xcsh') out.rules.profile = rules.profile;
      else warn('rules.profile', '"seed" or "xcsh"');
    }
    if ('piConfigDir' in rules) {
      if (typeof rules.piConfigDir === 'string' && rules.piConfigDir !== '') out.rules.piConfigDir = rules.piConfigDir;
      else if (rules.piConfigDir !== null) warn('rules.piConfigDir', 'a folder name');
    }
    for (const key of ['disabledProviders', 'disabledRules'] as const) {
      if (key in rules) {
        if (isStringArray(rules[key])) out.rules[key] = [...(rules[key] as string[])];
        else warn(`rules.${key}`, 'an array of strings');
      }
    }
    // Rules in context (issue 16).
    if ('budgetTokens' in rules) {
      if (isPositiveInteger(rules.budgetTokens)) out.rules.budgetTokens = rules.budgetTokens;
      else if (rules.budgetTokens !== null) warn('rules.budgetTokens', 'a positive integer');
    }
    if ('forFileHover' in rules) {
      if (typeof rules.forFileHover === 'boolean') out.rules.forFileHover = rules.forFileHover;
      else warn('rules.forFileHover', 'true or false');
    }
    if ('agents' in rules) {
      const agents = parseRuleAgents(rules.agents);
      if (agents) out.rules.agents = agents;
      else warn('rules.agents', `"auto" or a list of ${RULE_AGENT_NAMES.join(', ')}`);
    }
  }
  const search = nested(s, 'search');
  if (search) {
    if ('exclude' in search) {
      if (isStringArray(search.exclude)) out.search.exclude = [...(search.exclude as string[])];
      else warn('search.exclude', 'an array of globs');
    }
    if ('maxFiles' in search) {
      if (isPositiveInteger(search.maxFiles)) out.search.maxFiles = search.maxFiles;
      else warn('search.maxFiles', 'a positive integer');
    }
  }
  const astEdit = nested(s, 'astEdit');
  if (astEdit && 'maxFiles' in astEdit) {
    if (isPositiveInteger(astEdit.maxFiles)) out.astEdit.maxFiles = astEdit.maxFiles;
    else warn('astEdit.maxFiles', 'a positive integer');
  }
  const hashline = nested(s, 'hashline');
  if (hashline && 'autoDropPureInsertDuplicates' in hashline) {
    if (typeof hashline.autoDropPureInsertDuplicates === 'boolean') out.hashline.autoDropPureInsertDuplicates = hashline.autoDropPureInsertDuplicates;
    else warn('hashline.autoDropPureInsertDuplicates', 'true or false');
  }
  if ('watcher' in s) {
    if (s.watcher === 'auto' || s.watcher === 'client' || s.watcher === 'server' || s.watcher === 'off') out.watcher = s.watcher;
    else warn('watcher', 'one of auto, client, server, off');
  }
  return out;
}

/** Names `agentls.rules.agents` accepts (`seed` is the xcsh agent under its other profile). */
export const RULE_AGENT_NAMES = ['xcsh', 'seed', 'cursor', 'windsurf', 'cline', 'claude', 'copilot', 'codex', 'gemini', 'kiro', 'roo', 'continue', 'zed', 'agents-md'];

/** `"auto"`, or a list (an array, or a comma-separated string) of known agent names; undefined when invalid. */
export function parseRuleAgents(value: unknown): 'auto' | string[] | undefined {
  if (value === 'auto') return 'auto';
  const list = typeof value === 'string' ? value.split(',').map((v) => v.trim()).filter(Boolean) : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string' && RULE_AGENT_NAMES.includes(v))) return undefined;
  return [...new Set(list.map((v) => (v === 'seed' ? 'xcsh' : (v as string))))];
}

function nested(s: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = s[key];
  return isRecord(v) ? v : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
