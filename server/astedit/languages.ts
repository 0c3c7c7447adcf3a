/**
 * The languages ast-edit can parse: the five built into `@ast-grep/napi` and the prebuilt
 * `@ast-grep/lang-*` parsers registered at run time. A file's language comes from its
 * extension (the upstream table, restricted to the parsers we ship), or from `lang`.
 */

export type LanguageId =
  | 'typescript'
  | 'tsx'
  | 'javascript'
  | 'html'
  | 'css'
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'json'
  | 'yaml'
  | 'bash';

export interface LanguageInfo {
  id: LanguageId;
  /** The language's name in messages (`none of them TypeScript`). */
  label: string;
  /** The name `@ast-grep/napi` knows it by (a `Lang` member or the registered name). */
  napiName: string;
  /** Lower-case extensions without the dot. */
  extensions: readonly string[];
  /**
   * The character ast-grep substitutes for `$` before parsing a pattern, for grammars in
   * which `$` cannot start an identifier (Python, Go, Rust). `$` when none is needed.
   */
  expando: string;
  /** The npm package providing the parser, for languages registered at run time. */
  dynamicPackage?: string;
  /** Languages whose files this one can also parse when named by `lang` (TS reads JS). */
  family: 'js' | LanguageId;
  /** `$name` is ordinary syntax in this language (shell variables), not a metavariable mistake. */
  dollarIsSyntax?: boolean;
  /** The grammar cannot read `$` and has no expando: a pattern's metavariables sit in error nodes, which ast-grep tolerates. */
  dollarInErrorNodes?: boolean;
}

const TABLE: readonly LanguageInfo[] = [
  { id: 'typescript', label: 'TypeScript', napiName: 'TypeScript', extensions: ['ts', 'cts', 'mts'], expando: '$', family: 'js' },
  { id: 'tsx', label: 'TSX', napiName: 'Tsx', extensions: ['tsx'], expando: '$', family: 'js' },
  { id: 'javascript', label: 'JavaScript', napiName: 'JavaScript', extensions: ['js', 'cjs', 'mjs', 'jsx'], expando: '$', family: 'js' },
  { id: 'html', label: 'HTML', napiName: 'Html', extensions: ['html', 'htm', 'xhtml'], expando: '$', family: 'html' },
  { id: 'css', label: 'CSS', napiName: 'Css', extensions: ['css', 'scss'], expando: '$', family: 'css', dollarInErrorNodes: true },
  { id: 'python', label: 'Python', napiName: 'python', extensions: ['py', 'py3', 'pyi'], expando: 'µ', dynamicPackage: '@ast-grep/lang-python', family: 'python' },
  { id: 'go', label: 'Go', napiName: 'go', extensions: ['go'], expando: 'µ', dynamicPackage: '@ast-grep/lang-go', family: 'go' },
  { id: 'rust', label: 'Rust', napiName: 'rust', extensions: ['rs'], expando: 'µ', dynamicPackage: '@ast-grep/lang-rust', family: 'rust' },
  { id: 'java', label: 'Java', napiName: 'java', extensions: ['java'], expando: '$', dynamicPackage: '@ast-grep/lang-java', family: 'java' },
  { id: 'json', label: 'JSON', napiName: 'json', extensions: ['json'], expando: '$', dynamicPackage: '@ast-grep/lang-json', family: 'json', dollarInErrorNodes: true },
  { id: 'yaml', label: 'YAML', napiName: 'yaml', extensions: ['yaml', 'yml'], expando: '$', dynamicPackage: '@ast-grep/lang-yaml', family: 'yaml' },
  {
    id: 'bash',
    label: 'Bash',
    napiName: 'bash',
    extensions: ['bash', 'sh', 'zsh', 'ksh', 'bats', 'cgi', 'command', 'env', 'fcgi', 'tmux', 'tool'],
    expando: '$',
    dynamicPackage: '@ast-grep/lang-bash',
    family: 'bash',
    dollarIsSyntax: true,
  },
];

const BY_ID = new Map(TABLE.map((l) => [l.id, l]));
const BY_EXTENSION = new Map(TABLE.flatMap((l) => l.extensions.map((e) => [e, l] as const)));

/** Names users may write in `lang` (the ids plus common short forms). */
const ALIASES: Record<string, LanguageId> = {
  ts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  py: 'python',
  python3: 'python',
  golang: 'go',
  rs: 'rust',
  yml: 'yaml',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  htm: 'html',
};

export function allLanguages(): readonly LanguageInfo[] {
  return TABLE;
}

export function languageInfo(id: LanguageId): LanguageInfo {
  return BY_ID.get(id)!;
}

/** The language named by a `lang` value (case-insensitive, aliases accepted). */
export function languageByName(name: string): LanguageInfo | undefined {
  const key = name.trim().toLowerCase();
  return BY_ID.get(key as LanguageId) ?? (ALIASES[key] ? BY_ID.get(ALIASES[key]) : undefined);
}

/** The language of a file from its extension; undefined for files ast-edit does not parse. */
export function languageOfPath(filePath: string): LanguageInfo | undefined {
  const slash = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'));
  const name = filePath.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0 && !name.startsWith('.')) return undefined;
  return BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
}

/**
 * The language every `paths` entry names by its extension (`src/**\/*.py`, `run.sh`), when
 * they agree; undefined for folders or mixed entries. A hint only: the files decide.
 */
export function languageHintOfPaths(paths: readonly string[]): LanguageInfo | undefined {
  let hint: LanguageInfo | undefined;
  for (const p of paths) {
    const lang = languageOfPath(p.trim());
    if (!lang || (hint && hint.id !== lang.id)) return undefined;
    hint = lang;
  }
  return hint;
}

/** Whether a file of language `file` is parsed when the user forces `lang`. */
export function acceptsFile(lang: LanguageInfo, file: LanguageInfo): boolean {
  return lang.family === file.family;
}

/** One line listing the accepted `lang` values, for error messages. */
export function languageNames(): string {
  return TABLE.map((l) => l.id).join(', ');
}
