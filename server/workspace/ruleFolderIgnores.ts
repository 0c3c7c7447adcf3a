import { minimatch } from 'minimatch';
import type { FileSystem } from './fs';
import { gitCheckIgnore } from './gitCheckIgnore';
import { joinRelative } from './paths';
import { CLAUDE_LOCAL_MEMORY, NESTED_RULE_FOLDERS, RULE_FILE_EXTENSIONS } from './ruleLocations';

/** The names a pattern must be able to match to leave out a nested rule folder (`.cursor`, `rules`, …). */
const FOLDER_NAMES = [...new Set(NESTED_RULE_FOLDERS.flatMap((folder) => folder.split('/')))];
/** Ignore files read for the question; a repository with more is taken to ignore some (the listing then asks git). */
const MAX_IGNORE_FILES = 500;
const MAX_IGNORE_FILE_BYTES = 256 * 1024;
/** How long git may take to say whether the user's global excludes leave out a rule folder. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Whether the ignore rules of a git work tree could leave out a nested agent rule folder
 * (`packages/web/.cursor/rules`): only then is git asked for the ignored folders, a second
 * walk of every folder that doubled the time to a complete file index of a 92k-file
 * repository. The repository's own rules are read (its `.gitignore` files, which the
 * listing met, and `.git/info/exclude`): a pattern any of whose parts matches a rule
 * folder's name (`.cursor/`, `rules`, `.*`) may. The user's global excludes lie outside the
 * workspace and are not read: git is asked whether they leave out such a folder at a made-up
 * path. When unsure (too many files, git failing), the answer is yes.
 *
 * The same question for a rule file left out by name in a folder that is not ignored
 * (`*.local.mdc`, `private.md`, `CLAUDE.local.md`): git then names it among the ignored
 * entries. A pattern may leave one out when its last part can match a name ending in a rule
 * file's extension (`.md`, `.mdc`, and Cline's `.txt`).
 */
export async function mayIgnoreNestedRuleFolders(root: string, fs: FileSystem, gitignores: readonly string[], globalExcludes?: Promise<boolean>): Promise<boolean> {
  if (gitignores.length > MAX_IGNORE_FILES) return true;
  // The root's .gitignore is read even when no listing holds it (one that ignores itself).
  if (await ignoreFilesMayName(root, fs, new Set([...ROOT_IGNORE_FILES, ...gitignores]))) return true;
  return globalExcludes ?? globalExcludesMayName(root);
}

/**
 * The first half of `mayIgnoreNestedRuleFolders`, from the root's own ignore files alone:
 * they need no listing to be found, so the listing asks it before git has listed anything,
 * and on a yes (which the whole question would answer too) asks git for the ignored entries
 * at once, beside the untracked listing, not after the tracked list.
 */
export function rootIgnoreFilesMayName(root: string, fs: FileSystem): Promise<boolean> {
  return ignoreFilesMayName(root, fs, ROOT_IGNORE_FILES);
}

/** The ignore files of the root, read whether or not a listing holds them. */
const ROOT_IGNORE_FILES = ['.git/info/exclude', '.gitignore'];

/** Whether a line of one of these ignore files (relative) may name a rule folder or file; yes for one too large to read. */
async function ignoreFilesMayName(root: string, fs: FileSystem, rels: Iterable<string>): Promise<boolean> {
  for (const rel of rels) {
    const read = await fs.readText(joinRelative(root, rel), { maxBytes: MAX_IGNORE_FILE_BYTES });
    if (!read.ok) {
      if (read.reason === 'too-large') return true;
      continue;
    }
    if (read.text.split('\n').some((line) => mayMatchRuleFolder(line) || mayMatchRuleFile(line))) return true;
  }
  return false;
}

/** Whether one line of an ignore file (gitignore(5)) could name a rule folder or one of its parts. */
function mayMatchRuleFolder(line: string): boolean {
  const pattern = line.trim();
  // A comment, a blank line, or a negation (it brings files back, never leaves them out).
  if (pattern === '' || pattern.startsWith('#') || pattern.startsWith('!')) return false;
  return pattern.split('/').some((part) => part !== '' && part !== '**' && FOLDER_NAMES.some((name) => minimatch(name, part, { dot: true })));
}

/**
 * Whether one line of an ignore file could leave out a rule file by its name: its last part
 * can match a name that ends in `.md`, `.mdc` or `.txt` (`RULE_FILE_EXTENSIONS`). Judged from
 * the literal text after its last wildcard (`*.local.mdc`: `.local.mdc`), or, where the
 * pattern ends in a wildcard (`local-*`), from the text before it; case is not compared, as
 * git may ignore it (core.ignoreCase). A pattern with a slash at its end names folders only
 * (gitignore(5)). A yes costs one more listing by git over the whole tree, a wrong no a rule
 * unchecked, so the lines every Node or Python project ignores must say no:
 * - a trailing wildcard after text that already holds another extension names files of that
 *   kind (`npm-debug.log*`, `*.py[cod]`, `*.sw?`), and one after a hidden name's stem names
 *   hidden files (`.env*`, `.env.*`, `.pnp.*`), which no agent's rule folder is written with;
 * - a name with no wildcard ending in `.txt` (`pip-log.txt`) is no Cline rule anyone writes:
 *   `.txt` counts where a wildcard gives the name (`*.txt`, `.clinerules/*`).
 */
function mayMatchRuleFile(line: string): boolean {
  const pattern = line.trim();
  if (pattern === '' || pattern.startsWith('#') || pattern.startsWith('!') || pattern.endsWith('/')) return false;
  const last = pattern.slice(pattern.lastIndexOf('/') + 1).toLowerCase();
  const wildAt = (text: string) => Math.max(text.lastIndexOf('*'), text.lastIndexOf('?'), text.lastIndexOf(']'));
  const wild = wildAt(last);
  const tail = last.slice(wild + 1);
  if (tail !== '' || wild < 0) {
    // No wildcard: the name is the tail. Else the wildcard may give what the tail lacks (`*md`).
    return RULE_FILE_EXTENSIONS.some((ext) => (tail.endsWith(ext) && (wild >= 0 || ext !== '.txt')) || (wild >= 0 && ext.endsWith(tail)));
  }
  // It ends in a wildcard (a `[…]` group counts from its `[`): what comes before it, back to the wildcard before that.
  const group = last.endsWith(']') ? last.lastIndexOf('[') : wild;
  const before = last.slice(0, Math.max(0, group));
  const stem = before.slice(wildAt(before) + 1);
  if (stem.startsWith('.') && wildAt(before) < 0) return false;
  const dot = stem.lastIndexOf('.');
  // No extension yet (`local-*`, `*`), or one the wildcard may still make a rule's (`notes.m*`, `*.*`).
  return dot < 0 || RULE_FILE_EXTENSIONS.some((ext) => ext.startsWith(stem.slice(dot)));
}

/**
 * git's answer, for a rule folder at a path no repository rule names, from the global excludes
 * (core.excludesFile): the last part of `mayIgnoreNestedRuleFolders`, which a listing asks
 * beside git's listings (`globalExcludes`) rather than after them, where it added a process
 * start and its answer to the time every name took.
 */
export function globalExcludesMayName(root: string): Promise<boolean> {
  // A folder path (the slash at its end): a pattern of file names (`*.md`) does not answer for it.
  // Then a rule file in each, and `CLAUDE.local.md`: a pattern such as `*.mdc` or `CLAUDE.local.md`
  // answers for them. A pattern that names only some rule files (`*.local.mdc`) is not found
  // this way (agentls does not read that file); such files then go unlisted in a git work tree.
  const probes = [
    ...NESTED_RULE_FOLDERS.flatMap((folder) => [`agentls-probe/${folder}/`, ...RULE_FILE_EXTENSIONS.map((ext) => `agentls-probe/${folder}/agentls-probe${ext}`)]),
    `agentls-probe/${CLAUDE_LOCAL_MEMORY}`,
  ];
  // Any probe ignored, or git failing (unsure), is a yes.
  return gitCheckIgnore({ root, paths: probes, timeoutMs: PROBE_TIMEOUT_MS }).then((result) => !result.ok || result.ignored.length > 0);
}
