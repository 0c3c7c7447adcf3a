import * as path from 'node:path';
import { DEFAULT_SETTINGS, overlaySettings } from '../core/settings';
import { resolveHome } from '../workspace/home';
import { loadProjectConfig, projectIgnoreMatcher, withProjectSettings, type ProjectConfig } from '../workspace/projectConfig';
import { FALLBACK_ROOT_MARKERS, GENERIC_ROOT_MARKERS, ROOT_MARKERS, SECONDARY_ROOT_MARKERS, findMarkedRoot, rootProblem } from '../workspace/projectRoot';
import { CliError, UsageError, type CommonOptions } from './command';
import { COMMAND_NAMES } from './commandNames';

/** What the common options gather before the settings are built. */
interface CommonDraft {
  root: string | undefined;
  /** The settings section the command line sets, laid over the project's. */
  raw: Record<string, unknown>;
  rules: Record<string, unknown>;
  /** The flags given (`--agents`), for `CommonOptions.given`. */
  given: Set<string>;
}

/**
 * One option every command accepts. A new common option is one more entry here (its
 * help line included), so the parser, `agentls --help` and the README stay in step.
 */
interface CommonOption {
  flag: string;
  value: string;
  help: string;
  apply(value: string, draft: CommonDraft, cwd: string): void;
}

/** `a, b or c`. */
function orList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

export const COMMON_OPTIONS: CommonOption[] = [
  {
    flag: '--root',
    value: 'DIR',
    // Written from the markers findMarkedRoot tries, tier by tier, so a new marker shows here too.
    help: `workspace root (default: the nearest folder at or above the current one holding ${orList(ROOT_MARKERS)}; else one holding ${orList(GENERIC_ROOT_MARKERS)}; else ${orList(SECONDARY_ROOT_MARKERS)}; else ${orList(FALLBACK_ROOT_MARKERS)}; never your home)`,
    apply: (v, d, cwd) => (d.root = path.resolve(cwd, v)),
  },
  {
    flag: '--home',
    value: 'DIR',
    help: 'home directory for the user-level rule folders (default: yours)',
    apply: (v, d, cwd) => (d.raw.home = path.resolve(cwd, v)),
  },
  {
    flag: '--profile',
    value: 'seed|xcsh',
    help: 'which agent the rule linter predicts: seed (the seed document, default) or xcsh (current upstream)',
    apply: (v, d) => {
      if (v !== 'seed' && v !== 'xcsh') throw new UsageError(`--profile must be seed or xcsh, not ${v}`);
      d.rules.profile = v;
    },
  },
  {
    flag: '--agents',
    value: 'auto|LIST',
    help: 'the agents whose behaviour diagnostics predict: auto (each file by its own tool, plus xcsh where the workspace has .xcsh; default) or a comma list of xcsh, cursor, windsurf, cline, claude, copilot, codex, gemini, kiro, roo, continue, zed, agents-md',
    apply: (v, d) => (d.rules.agents = v),
  },
];

/**
 * Takes the common options out of `args` (anywhere before `--`), finds and checks the
 * root, reads its `agentls.json`, and builds the settings: defaults, then the project
 * file, then the command line. Warnings about the project file go to `warn`.
 */
export async function parseCommon(args: string[], cwd: string, warn: (line: string) => void): Promise<{ common: CommonOptions; rest: string[] }> {
  const rest: string[] = [];
  const draft: CommonDraft = { root: undefined, raw: {}, rules: {}, given: new Set() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      rest.push(...args.slice(i));
      break;
    }
    const read = commonOptionAt(args, i);
    if (!read) {
      rest.push(a);
      continue;
    }
    if (read.value === undefined) throw new UsageError(needsAValue(read.option));
    read.option.apply(read.value, draft, cwd);
    draft.given.add(read.option.flag);
    i = read.next - 1;
  }

  const rootFromFlag = draft.root !== undefined;
  const home = typeof draft.raw.home === 'string' ? draft.raw.home : resolveHome(undefined);
  const marked = rootFromFlag ? undefined : await findMarkedRoot(cwd, home);
  const root = draft.root ?? marked ?? path.resolve(cwd);
  const problem = await rootProblem(root);
  if (problem) throw new CliError(rootFromFlag ? `--root: ${problem}` : problem);
  const common = await optionsAt(root, draft, warn);
  if (!rootFromFlag && marked === undefined) common.reroot = (other) => optionsAt(other, draft, warn);
  return { common, rest };
}

/** The options for one root: its `agentls.json` read, then the command line laid over it. */
async function optionsAt(root: string, draft: CommonDraft, warn: (line: string) => void): Promise<CommonOptions> {
  const loaded = await loadProjectConfig(root);
  if (!loaded.ok) throw new CliError(loaded.message);
  const config: ProjectConfig = loaded.config;
  for (const w of config.warnings) warn(`${path.basename(config.file ?? 'agentls.json')}: ${w}`);

  const warnings: string[] = [];
  const settings = overlaySettings(withProjectSettings(DEFAULT_SETTINGS, config), { ...draft.raw, rules: draft.rules }, warnings);
  // Said as the flag the user typed; an editor's setting is ignored when bad, a command line is refused.
  if (warnings.length) throw new UsageError(warnings.map((w) => w.replace(/^agentls\.rules\.agents:/, '--agents:').replace(/, ignored$/, '')).join('; '));
  return { root, settings, config, ignored: projectIgnoreMatcher(config), given: draft.given };
}

/** The lines of `agentls --help` that list the common options. */
export function commonOptionsHelp(): string[] {
  return COMMON_OPTIONS.map((o) => `  ${`${o.flag} ${o.value}`.padEnd(20)} ${o.help}`);
}

/**
 * The common option at `args[i]`, with its value (`--root DIR` or `--root=DIR`) and where
 * the next argument starts; undefined when `args[i]` is none. The value is undefined when
 * it is missing: nothing follows, the next word is another option (`--root --home H`), or
 * `--root=` gives an empty one (which would quietly stand for the current folder).
 */
function commonOptionAt(args: readonly string[], i: number): { option: CommonOption; value: string | undefined; next: number } | undefined {
  const a = args[i];
  const eq = a.startsWith('--') ? a.indexOf('=') : -1;
  const option = COMMON_OPTIONS.find((o) => o.flag === (eq > 0 ? a.slice(0, eq) : a));
  if (!option) return undefined;
  if (eq > 0) return { option, value: a.slice(eq + 1) || undefined, next: i + 1 };
  const value = args[i + 1];
  return value === undefined || value.startsWith('--') ? { option, value: undefined, next: i + 1 } : { option, value, next: i + 2 };
}

function needsAValue(option: CommonOption): string {
  return `${option.flag} needs a value (${option.value})`;
}

/**
 * `argv` with the command first when common options come before it (`agentls --root X
 * check`, as git and npm take them); unchanged otherwise. Only whole common options are
 * stepped over, each with its value: what follows them is the command (or the unknown word said to be one).
 * Throws a `UsageError` when they end without one: an option whose value is missing (`agentls
 * --root`), no command after them (`agentls --root check`, where `check` is the root), a
 * command's own option before the command (`agentls --format json check`), or an option where
 * no command follows (`agentls --format json`).
 */
export function commandFirst(argv: readonly string[]): string[] {
  let i = 0;
  while (i < argv.length) {
    const read = commonOptionAt(argv, i);
    if (!read) break;
    if (read.value === undefined) throw new UsageError(needsAValue(read.option));
    i = read.next;
  }
  const misplaced = optionBeforeCommand(argv, i);
  if (misplaced) throw new UsageError(misplaced);
  if (i > 0 && i >= argv.length) {
    // `agentls --root check`: the command was taken for a value.
    const taken = argv.some((word) => COMMAND_NAMES.includes(word)) ? 'the word after each of these options is its value; ' : '';
    throw new UsageError(`a command is missing after ${argv.join(' ')} (${taken}${commandsAre()})`);
  }
  // An option where the command goes, with none named before `--` (else `optionBeforeCommand` said so):
  // `agentls --format json` names no command, and "unknown command --format" would call the option one.
  const word = argv[i];
  if (word !== undefined && word.startsWith('-') && !TOP_LEVEL_FLAGS.includes(word)) {
    throw new UsageError(`a command is missing before ${word} (${commandsAre()}; a command's own options go after its name)`);
  }
  if (i === 0) return [...argv];
  return [argv[i], ...argv.slice(0, i), ...argv.slice(i + 1)];
}

const commandsAre = () => `the commands: ${COMMAND_NAMES.join(', ')}`;

/** What `agentls --help` and `agentls --version` are also written as: options of no command. */
const TOP_LEVEL_FLAGS = ['--help', '-h', '--version', '-v'];

/**
 * Why the option at `argv[i]`, before the command named later, is refused; undefined when
 * `argv[i]` is no such option. Only the common options are read before a command (the README's
 * "Command line"); a command's own option there (`--format`) was called an unknown command.
 */
function optionBeforeCommand(argv: readonly string[], i: number): string | undefined {
  const word = argv[i];
  if (word === undefined || !word.startsWith('-') || word === '--' || TOP_LEVEL_FLAGS.includes(word)) return undefined;
  const end = argv.indexOf('--');
  const command = argv.slice(i + 1, end < 0 ? undefined : end).find((w) => COMMAND_NAMES.includes(w));
  if (command === undefined) return undefined;
  const commons = COMMON_OPTIONS.map((o) => o.flag).join(', ');
  return `${word} comes before the command ${command}, where only the common options (${commons}) go: write it after the command (agentls ${command} ${word} …)`;
}
