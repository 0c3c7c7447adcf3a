import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, isRecord, overlaySettings, type Settings } from '../core/settings';
import { MACHINE_KEYS, SETTINGS } from '../core/settingsSchema';
import { compileGlobs, GITIGNORE_STYLE, globProblem, type PathMatcher } from './glob';

/**
 * The project's own configuration: `agentls.json` at the workspace root, read by the CLI
 * and the language server alike. Its keys are those of the `agentls` settings section
 * (`rules`, `diagnostics`, …), plus `ignore` (globs of paths `agentls check` and the
 * editor leave alone) and `$schema`. Settings from the editor or the command line
 * override it.
 */
export const PROJECT_CONFIG_FILE = 'agentls.json';

/** A project file is a small JSON object; anything bigger is not one. */
const MAX_CONFIG_BYTES = 256 * 1024;


export interface ProjectConfig {
  /** The file read, or undefined when the root has none. */
  file: string | undefined;
  /** The settings section as written (without `ignore`, `$schema` and machine keys). */
  settings: Record<string, unknown>;
  /** Globs on root-relative paths; a matched folder takes its content with it. */
  ignore: string[];
  /** Keys ignored and values of the wrong type, one sentence each. */
  warnings: string[];
}

export type ProjectConfigResult = { ok: true; config: ProjectConfig } | { ok: false; file: string; message: string };

export const NO_PROJECT_CONFIG: ProjectConfig = { file: undefined, settings: {}, ignore: [], warnings: [] };

/** Reads `agentls.json` of `root`. A missing file is no configuration; a broken one is an error. */
export async function loadProjectConfig(root: string): Promise<ProjectConfigResult> {
  const file = path.join(root, PROJECT_CONFIG_FILE);
  let text: string;
  try {
    const st = await fsp.stat(file);
    if (!st.isFile()) return { ok: false, file, message: `${file} is not a file` };
    if (st.size > MAX_CONFIG_BYTES) return { ok: false, file, message: `${file} is ${st.size} bytes, over the ${MAX_CONFIG_BYTES}-byte limit` };
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, config: NO_PROJECT_CONFIG };
    return { ok: false, file, message: `cannot read ${file}: ${(err as Error).message}` };
  }
  return parseProjectConfig(text, file);
}

/** Checks the shape of an `agentls.json` text; `file` is only for messages. */
export function parseProjectConfig(text: string, file: string): ProjectConfigResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { ok: false, file, message: `${file} is not valid JSON: ${(err as Error).message}` };
  }
  if (!isRecord(raw)) return { ok: false, file, message: `${file} must hold a JSON object` };
  const warnings: string[] = [];
  const settings: Record<string, unknown> = {};
  let ignore: string[] = [];
  const known = new Set(Object.keys(DEFAULT_SETTINGS));
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$schema') continue;
    if (key === 'ignore') {
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
        ignore = (value as string[]).filter((g) => {
          const problem = globProblem(g);
          if (problem) warnings.push(`ignore: ${JSON.stringify(g)} is not a valid glob (${problem}), skipped`);
          return !problem && g.trim() !== '';
        });
      } else warnings.push('ignore: expected an array of globs, ignored');
    } else if (MACHINE_KEYS.includes(key as (typeof MACHINE_KEYS)[number])) {
      warnings.push(`${key}: belongs to the machine, not the project (set it in the editor's settings${key === 'home' ? ' or with --home' : ''}), ignored`);
    } else if (known.has(key)) {
      settings[key] = value;
      for (const unknown of unknownNestedKeys(key, value)) warnings.push(`${unknown}: unknown key, ignored`);
    } else warnings.push(`${key}: unknown key, ignored`);
  }
  // Type errors are found now, so both the CLI and the server can report them at load.
  overlaySettings(DEFAULT_SETTINGS, settings, warnings);
  return { ok: true, config: { file, settings, ignore, warnings: warnings.map((w) => w.replace(/^agentls\./, '')) } };
}

/**
 * Keys inside a group of settings (`rules.profil` under `rules`) that name no setting: the
 * settings table (`settingsSchema.ts`) lists every one, dotted. A setting whose value is
 * itself a map (`diagnostics.severity`) is a leaf: its keys are its own to check.
 */
function unknownNestedKeys(prefix: string, value: unknown): string[] {
  if (!isRecord(value) || SETTINGS.some((s) => s.key === prefix)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = `${prefix}.${k}`;
    if (SETTINGS.some((s) => s.key === key)) continue;
    if (SETTINGS.some((s) => s.key.startsWith(`${key}.`))) out.push(...unknownNestedKeys(key, v));
    else out.push(key);
  }
  return out;
}

/** The project's settings laid over `base` (the defaults, usually); callers lay their own over the result. */
export function withProjectSettings(base: Settings, config: ProjectConfig): Settings {
  return overlaySettings(base, config.settings);
}

/**
 * Tests a root-relative `/`-separated path against the project's `ignore` globs, read as
 * in `.gitignore`: `dist/` is the folder and all below it, a pattern without `/` matches a
 * name at any depth, a leading `/` anchors at the root.
 */
export function projectIgnoreMatcher(config: ProjectConfig): PathMatcher {
  return compileGlobs(projectIgnoreGlobs(config), GITIGNORE_STYLE);
}

/** The project's `ignore` globs in the form the matchers take (a folder's trailing `/` dropped: it matches the folder and all below). */
export function projectIgnoreGlobs(config: ProjectConfig): string[] {
  return config.ignore.map((g) => g.replace(/\/+$/, '')).filter((g) => g.replace(/^\/+/, '') !== '');
}
