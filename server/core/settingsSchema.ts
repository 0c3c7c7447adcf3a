import { RULE_AGENT_NAMES } from './settings';

/**
 * The one description of every setting: type, default, description and allowed values.
 * `settings.ts` is the runtime (the record, its defaults and how raw values are checked);
 * this table is what editors and files are told about it. Two files are generated from it
 * (`npm run settings:generate`): VS Code's `contributes.configuration` in
 * `editors/vscode/package.json` and `agentls.schema.json`, the JSON schema of the project
 * file `agentls.json`. `test/core/settingsSchema.test.ts` fails when a runtime setting has
 * no entry here, when a default differs, or when a generated file is out of date, so adding
 * a setting is: the runtime in `settings.ts`, one entry here, then the generator.
 */

export type SettingType = 'string' | 'boolean' | 'integer' | 'array' | 'object';

export interface SettingSpec {
  /** Dotted key below the `agentls` section (`rules.profile`). */
  key: string;
  type: SettingType;
  /** Also accepts `null` (unset: the server decides). */
  nullable?: boolean;
  /** The default as the runtime has it; `undefined` where the server computes one. */
  default: unknown;
  description: string;
  enum?: readonly string[];
  enumDescriptions?: readonly string[];
  /** Items of an array setting. */
  items?: { type: 'string' };
  /** Values of an object setting (a map from a name to one of these). */
  values?: { enum: readonly string[] };
  minimum?: number;
  /**
   * VS Code's scope: `machine` for paths on this computer (never synced, never taken from a
   * workspace's settings), `resource` for per-folder values (default `window`). Source:
   * VS Code's "Contribution Points" reference, `contributes.configuration`, "scope"; that a
   * remote window (SSH, code-server) reads `machine` settings from the remote's settings only:
   * a VS Code developer in github.com/JohnstonCode/svn-scm/issues/613, and seen in code-server
   * 4.139 by test/vscode (a `machine` value in the user settings is not applied there).
   */
  scope?: 'machine' | 'window' | 'resource';
  /** Read only by an editor extension (not the server, not `agentls.json`). */
  clientOnly?: boolean;
  /** A change takes effect after a restart of the server. */
  restart?: boolean;
  /** The value's JSON schema where `type` alone cannot say it (a word or a list). */
  schema?: Record<string, unknown>;
  /** Values the runtime takes and refuses, for the test, where `type` alone cannot say them. */
  samples?: { valid: unknown[]; invalid: unknown[] };
}

/** Diagnostic levels a code can be set to (`core/findings.ts` `Level`). */
export const LEVELS = ['error', 'warning', 'information', 'hint', 'off'] as const;

export const SETTINGS: readonly SettingSpec[] = [
  {
    key: 'home',
    type: 'string',
    nullable: true,
    default: undefined,
    scope: 'machine',
    description: 'Home directory for the user-level rule folders (`~/.cursor/rules`, ...). Default: yours.',
  },
  {
    key: 'cacheDir',
    type: 'string',
    nullable: true,
    default: undefined,
    scope: 'machine',
    description: 'Where the file index and reports are kept. Default: `$XDG_CACHE_HOME/agentls` or `~/.cache/agentls`. A change moves the index there at once.',
  },
  {
    key: 'log.level',
    type: 'string',
    default: 'info',
    enum: ['off', 'error', 'warn', 'info', 'debug'],
    description: "How much the server writes to the editor's log (in VS Code: the agentls Output channel).",
  },
  {
    key: 'diagnostics.severity',
    type: 'object',
    default: {},
    values: { enum: LEVELS },
    scope: 'resource',
    description: 'Level per diagnostic code or family, e.g. `{ "rule/shadowed": "warning", "ref/*": "off" }`.',
  },
  {
    key: 'rules.profile',
    type: 'string',
    default: 'seed',
    enum: ['seed', 'xcsh'],
    enumDescriptions: ['The agent of the seed document.', 'Current upstream xcsh.'],
    scope: 'resource',
    description: 'Which agent the rule linter predicts.',
  },
  {
    key: 'rules.piConfigDir',
    type: 'string',
    nullable: true,
    default: undefined,
    scope: 'machine',
    description: '`PI_CONFIG_DIR` as the xcsh profile reads it: the user-level folder name instead of `.xcsh`.',
  },
  {
    key: 'rules.disabledProviders',
    type: 'array',
    items: { type: 'string' },
    default: [],
    scope: 'resource',
    description: 'Rule providers the xcsh agent is configured to skip (`native`, `cursor`, `windsurf`, `cline`, ...).',
  },
  {
    key: 'rules.disabledRules',
    type: 'array',
    items: { type: 'string' },
    default: [],
    scope: 'resource',
    description: 'Rule names the xcsh agent is configured to skip.',
  },
  {
    key: 'rules.agents',
    type: 'array',
    default: 'auto',
    scope: 'resource',
    schema: {
      anyOf: [
        { type: 'string', enum: ['auto'] },
        { type: 'array', items: { type: 'string', enum: [...RULE_AGENT_NAMES] }, minItems: 1 },
      ],
    },
    samples: { valid: ['auto', ['cursor'], ['xcsh', 'windsurf']], invalid: ['nobody', [], ['cursor', 'emacs'], 42] },
    description:
      'The agents whose behaviour rule diagnostics predict. `auto`: each file by its own tool (a `.windsurf/rules` file by Windsurf), plus the xcsh agent where the workspace has a `.xcsh` folder. Or a list of `xcsh`, `cursor`, `windsurf`, `cline`, `claude`, `copilot`, `codex`, `gemini`, `kiro`, `roo`, `continue`, `zed`, `agents-md`.',
  },
  {
    key: 'rules.budgetTokens',
    type: 'integer',
    nullable: true,
    minimum: 1,
    default: undefined,
    scope: 'resource',
    description: 'A budget (estimated tokens, UTF-8 bytes / 4) for what each agent sends with every request: always-on rule bodies and the rulebook listing. Past it, a warning. Default: none.',
  },
  {
    key: 'rules.forFileHover',
    type: 'boolean',
    default: true,
    description: 'Hover on the first line of any file says which rules reach it ("3 rules apply") and a rule file\'s size in tokens.',
  },
  {
    key: 'search.exclude',
    type: 'array',
    items: { type: 'string' },
    default: [],
    scope: 'resource',
    description: 'Extra globs to keep out of the file index (`.gitignore`, `.ignore`, `.git/` and `node_modules/` always apply).',
  },
  {
    key: 'search.maxFiles',
    type: 'integer',
    default: 2_000_000,
    minimum: 1,
    description: 'Most files indexed per workspace folder.',
  },
  {
    key: 'astEdit.maxFiles',
    type: 'integer',
    default: 1000,
    minimum: 1,
    description: 'Files with changes before an ast-edit preview stops.',
  },
  {
    key: 'hashline.autoDropPureInsertDuplicates',
    type: 'boolean',
    default: false,
    description: "Drop payload lines of a pure insert that repeat the neighbouring lines (as the xcsh agent's setting of that name).",
  },
  {
    key: 'watcher',
    type: 'string',
    default: 'auto',
    enum: ['auto', 'client', 'server', 'off'],
    enumDescriptions: [
      "The editor's watcher when it offers one, else the server's own.",
      "Only the editor's watcher.",
      "Only the server's own watcher.",
      'No file changes (restart or rebuild the index to see them).',
    ],
    restart: true,
    description: 'Where file changes come from. A change takes effect at the next start of the server.',
  },
  // Read by the VS Code extension only.
  {
    key: 'path',
    type: 'string',
    nullable: true,
    default: undefined,
    scope: 'machine',
    clientOnly: true,
    description: 'An `agentls` executable to run instead of the server the extension carries (it is started with `--stdio`).',
  },
  {
    key: 'server.node',
    type: 'string',
    default: 'node',
    scope: 'machine',
    clientOnly: true,
    description: "The Node.js that runs the server the extension carries: a path or a command on `PATH`. When it is missing or too old, VS Code's own runtime runs the server (the file index then stays in memory).",
  },
  {
    key: 'trace.server',
    type: 'string',
    default: 'off',
    enum: ['off', 'messages', 'verbose'],
    clientOnly: true,
    description: 'Logs the messages between VS Code and the server in the agentls Output channel.',
  },
];

/** Settings the server reads (and `agentls.json` may hold). */
export function serverSettings(): SettingSpec[] {
  return SETTINGS.filter((s) => !s.clientOnly);
}

/** JSON schema of one setting's value. */
function valueSchema(spec: SettingSpec): Record<string, unknown> {
  if (spec.schema) return structuredClone(spec.schema);
  const out: Record<string, unknown> = { type: spec.nullable ? [spec.type, 'null'] : spec.type };
  if (spec.enum) out.enum = [...spec.enum];
  if (spec.enumDescriptions) out.enumDescriptions = [...spec.enumDescriptions];
  if (spec.items) out.items = { ...spec.items };
  if (spec.values) out.additionalProperties = { type: 'string', enum: [...spec.values.enum] };
  if (spec.minimum !== undefined) out.minimum = spec.minimum;
  return out;
}

function jsonDefault(spec: SettingSpec): unknown {
  return spec.default === undefined ? (spec.nullable ? null : undefined) : spec.default;
}

/** VS Code's `contributes.configuration`: every setting as `agentls.KEY`. */
export function vscodeConfiguration(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const spec of SETTINGS) {
    const p: Record<string, unknown> = valueSchema(spec);
    const d = jsonDefault(spec);
    if (d !== undefined) p.default = d;
    p.markdownDescription = spec.description;
    if (spec.scope) p.scope = spec.scope;
    properties[`agentls.${spec.key}`] = p;
  }
  return { title: 'agentls', properties };
}

/**
 * JSON schema of `agentls.json`: the server's settings, nested as in the editor's `agentls`
 * section (`{ "rules": { "profile": "xcsh" } }`), plus `ignore` (paths no check looks at).
 */
/**
 * Settings a repository must not choose for whoever checks it out: where the user's home
 * is and where the cache is written are the machine's, not the project's. `agentls.json`
 * refuses them (`projectConfig.ts`), and its schema leaves them out.
 */
export const MACHINE_KEYS = ['home', 'cacheDir'] as const;

export function projectConfigSchema(): Record<string, unknown> {
  const root: Record<string, unknown> = {
    $schema: { type: 'string' },
    ignore: { type: 'array', items: { type: 'string' }, default: [], description: 'Globs of paths that are never checked (relative to the folder of agentls.json).' },
  };
  for (const spec of serverSettings().filter((s) => !(MACHINE_KEYS as readonly string[]).includes(s.key))) {
    const parts = spec.key.split('.');
    let level = root;
    for (const part of parts.slice(0, -1)) {
      const group = (level[part] ??= { type: 'object', additionalProperties: false, properties: {} }) as { properties: Record<string, unknown> };
      level = group.properties;
    }
    const p: Record<string, unknown> = valueSchema(spec);
    const d = jsonDefault(spec);
    if (d !== undefined) p.default = d;
    p.description = spec.description;
    level[parts[parts.length - 1]] = p;
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'agentls.json',
    description: 'Project configuration of agentls, read by the CLI and the language server; settings from the editor override it.',
    type: 'object',
    additionalProperties: false,
    properties: root,
  };
}
