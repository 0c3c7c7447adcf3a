import { CONTINUE_RULES_FOLDER } from '../../workspace/ruleLocations';
import { compileProblem } from '../regexCompile';
import { afterMarker, baseName, globList, isGlobComment, onlyBlankPatterns } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { Activation, AgentModel, Placement } from './types';

/**
 * Continue (continue.dev, the open-source assistant for VS Code and JetBrains), its local rule
 * files. Sources: its docs, "Rules" (https://docs.continue.dev/customize/deep-dives/rules, as the
 * search tools hold the page and its previews), and its source (continuedev/continue) where the
 * docs are silent or say otherwise, each named beside the fact it gives:
 *
 * - Where (docs, "Local Rules": "`.continue/rules` folder in your workspace"; "How Rules Are
 *   Applied": workspace rules, then "Global rules (from `~/.continue/rules` folder)"). The source
 *   (core/config/markdown/loadMarkdownRules.ts with core/config/loadLocalAssistants.ts,
 *   `getAllDotContinueDefinitionFiles`) reads `<workspace>/.continue/rules` and
 *   `~/.continue/rules` with `walkDir`, so subfolders too, and keeps the files ending in `.md`.
 * - Frontmatter (docs, "Syntax"; packages/config-yaml/src/markdown/markdownToRule.ts,
 *   `RuleFrontmatter`): `name`, `globs` ("a single pattern ... or an array of patterns"),
 *   `regex` (one or a list, matched against the content of the files in context),
 *   `description`, `alwaysApply`; the source also reads `invokable`, and loadMarkdownRules
 *   skips a file with `invokable: true` as a rule (it is a prompt).
 * - How the file is split at its `---` lines and its block parsed (exactly, text sent included):
 *   `continueReading.ts`, which the views and the lint follow for Continue's files.
 * - Invalid YAML: `parseMarkdownRule` catches the parse error and returns no frontmatter, the
 *   whole file as the rule's text (`invalidYamlDropsFrontmatter`). It parses with `YAML.parse`
 *   of the `yaml` package (packages/config-yaml/package.json: `yaml` ^2.6.1), no options given,
 *   so at the package's default `maxAliasCount` of 100: aliases that expand past it (an alias
 *   bomb) make `YAML.parse` throw ("Excessive alias count"), caught alike
 *   (`aliasBombDropsFrontmatter`). core/config/markdown/loadMarkdownRules.ts keeps such a rule.
 * - Globs: `matchesGlobs` (core/llm/rules/getSystemMessageWithRules.ts) hands each string whole
 *   to `minimatch` (braces expanded, no comma splitting), and reads a leading `!` as a negation.
 *   The path it matches is the one Continue has for a file in context; that it is relative to
 *   the workspace, as agentls matches, is assumed (the source's tests use both forms).
 *   `matchesGlobs` returns false for a value that is neither a string nor a list (`globs: 42`),
 *   and a truthy one is not "no globs" to `isGlobalRule` (`!rule.globs`), so such a rule is
 *   never attached, `alwaysApply: true` apart; a falsy one (`0`, `false`) reads as no globs.
 *   In a list, `matchesGlobs` calls `startsWith` on every element first, which throws a
 *   TypeError on one that is not text (`globs: [42]`); nothing in `getSystemMessageWithRules`
 *   or its caller in the chat view (gui/src/redux/thunks/streamNormalInput.ts, through
 *   gui/src/redux/util/constructMessages.ts) catches it, and gui/src/redux/thunks/streamThunkWrapper.tsx
 *   cancels the stream and shows the error instead: the request fails whenever such a rule is
 *   matched against a file in context (`nonTextElementThrows`). With no file in context it is
 *   never matched, so never sent either; `alwaysApply: true` skips the matching.
 *   minimatch matches an empty pattern against no path ("empty patterns and comments match
 *   nothing": isaacs/minimatch, src/index.ts, `Minimatch.make`; its `match` answers only an empty
 *   path), and one of white space alone only a path of spaces: `globs: [""]` is truthy, so not
 *   "no globs", and its one positive pattern matches no file, so the rule is never attached
 *   (`blankMatchesNothing`); `globs: ""`, falsy, is no globs. minimatch is given no options, so
 *   a pattern whose first character is `#` is a comment to it, matching no path (isaacs/minimatch,
 *   src/index.ts: `minimatch` answers false for it unless `nocomment`): such a glob adds no file,
 *   after a `!` it excludes none, and a rule whose every other glob is one is never attached
 *   (`commentMatchesNothing`).
 *   An empty list, `globs: []`, is truthy, so not "no globs" either, and `matchesGlobs` with no
 *   positive pattern matches every path a `!` does not exclude: the rule is attached to any file
 *   in context (`markdownToRule`, packages/config-yaml/src/markdown/markdownToRule.ts, passes the
 *   frontmatter's `globs` on as written).
 * - Regex: each pattern is compiled with `new RegExp(pattern)` (no flags) inside a try/catch
 *   that logs "Invalid regex pattern" and returns false (`contentMatchesPatterns` there, in the
 *   revision whose key was still `patterns`; its test "should handle invalid regex patterns
 *   gracefully" expects the rule not applied): a pattern that is not a JavaScript regular
 *   expression never matches. The matcher of the `regex` key, `contentMatchesRegex` there, does
 *   the same: one string that throws is false, and a list is true only where some pattern
 *   compiles and matches (`regex.some(…)`, each in its own try/catch). A rule whose every pattern
 *   fails to compile is therefore never attached, `alwaysApply: true` apart (`regexNeverMatches`;
 *   agentls compiles the patterns, never runs them, and takes one past 2,000 characters as
 *   compiling, `compileProblem`). An empty list is true there (`regex.length === 0`), and a
 *   value that is neither a string nor a list false. `checkGlobsAndRegex` asks it only of a file
 *   in context whose content Continue has, and `isGlobalRule` takes any truthy `regex`, `[]`
 *   too, as a regex: `regex: []` attaches the rule for any file in context, not in every request
 *   and not by its description.
 * - How a rule applies: the docs say `alwaysApply: true` "Always included, regardless of file
 *   context"; `false` "Included if globs exist AND match file context, or the agent decides to
 *   pull the rule into context based on its description"; undefined "Included if no globs
 *   exist OR globs exist and match". The source (`shouldApplyRule`, `isGlobalRule` there) agrees
 *   but for one part, and is followed: the description is offered only for a rule with
 *   `alwaysApply: false` and no globs (core/tools/definitions/requestRule.ts lists "explicitly
 *   false and no globs"), through its `request_rule` tool, whose default policy there is
 *   "disabled" (the user turns it on). A `regex` beside globs narrows them to files whose
 *   content matches; a `regex` alone attaches the rule for any file in context whose content
 *   matches: agentls does not read file content, so it lists that rule as matching every path, and
 *   says of every such rule which content a matched file must have (`Activation.content`: the
 *   patterns that compile, as `contentMatchesRegex` skips the others).
 *   Continue's own label (packages/config-yaml/src/markdown/getRuleType.ts) calls a rule with
 *   `alwaysApply: false` and neither globs nor description "Manual".
 */

/** Where Continue matches a rule's globs and regex (the notes above). */
const CONTINUE_GLOBS_SOURCE = 'continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts';

/** What Continue does with a frontmatter whose aliases expand past the `yaml` package's default limit (the notes above). */
const CONTINUE_ALIAS_BOMB = "Continue's YAML parser (the `yaml` package, at its default limit of 100) throws on it, so Continue reads none of its keys and takes the whole file, this block included, as the rule's text, sent in every request (continuedev/continue, packages/config-yaml/src/markdown/markdownToRule.ts: `parseMarkdownRule` catches the error and returns no frontmatter)";

/** Why Continue reads `regex: []` as a content filter every file passes (the notes above). */
export const CONTINUE_EMPTY_REGEX_SOURCE = 'continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts: `contentMatchesRegex` is true for an empty list, and `isGlobalRule` takes any list as a regex';

/** What Continue does with a `globs` list holding an element that is not text (the notes above). */
const CONTINUE_NON_TEXT_GLOB = "Continue's `matchesGlobs` calls `startsWith` on each element, which throws a TypeError on it, so whenever a file is in context Continue fails to build the request and sends nothing, showing the error (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts; gui/src/redux/thunks/streamThunkWrapper.tsx shows it); with no file in context the rule is left out";

/** What Continue does with an empty glob (the notes above). */
const CONTINUE_BLANK_GLOB = 'continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts, hands it to minimatch, whose empty pattern matches no path (isaacs/minimatch, src/index.ts)';

/** What Continue's glob matcher does with a glob starting with `#` (the notes above). */
const CONTINUE_COMMENT_GLOB = 'continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts, hands each glob to minimatch with no options, and minimatch reads a pattern starting with `#` as a comment that matches no path (isaacs/minimatch, src/index.ts: `minimatch` answers false for it unless `nocomment` is set)';

/** Why Continue never attaches a rule whose globs, exclusions apart, are all comments or blank (the notes above). */
const CONTINUE_COMMENT_GLOBS = 'every glob of its `globs` but the `!` exclusions starts with `#` (or is blank), and minimatch, to which Continue hands each glob with no options, reads such a pattern as a comment that matches no path (isaacs/minimatch, src/index.ts; continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts)';

/** What Continue does with a `regex` that is neither text nor a list (the notes above). */
const CONTINUE_OTHER_REGEX = 'continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts: `contentMatchesRegex` answers false for a value that is neither a string nor a list';

/** Why Continue never attaches a rule none of whose `regex` patterns compiles (the notes above). */
const CONTINUE_REGEX_NEVER_COMPILES = 'no pattern of its `regex` compiles as a JavaScript regular expression, and Continue matches no file\'s content against one that does not (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts: `contentMatchesRegex` catches the error, logs "Invalid regex pattern" and answers false)';

/** Why Continue never attaches a rule whose `regex` is neither text nor a list (the notes above). */
const CONTINUE_REGEX_NOT_TEXT = 'its `regex` is neither text nor a list, and Continue matches no file\'s content against such a value (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts: `contentMatchesRegex` answers false for it)';

/** What Continue does with a regex it cannot compile (the notes above). */
const CONTINUE_INVALID_REGEX = "Continue never matches a file's content against it, and so never attaches the rule by it (continuedev/continue, core/llm/rules/getSystemMessageWithRules.ts: it catches the error and logs \"Invalid regex pattern\")";

/**
 * What Continue in VS Code does with a rule-folder entry that is a link to no file or folder.
 * Its walk (continuedev/continue, core/indexing/walkDir.ts) skips an entry whose type is exactly
 * `SymbolicLink` (64); VS Code's `readDirectory` gives a link to nothing, or to a pipe or device,
 * that type alone (`FileType.Unknown | FileType.SymbolicLink`), and leaves out an entry whose
 * stat throws, a loop (microsoft/vscode, src/vs/platform/files/node/diskFileSystemProvider.ts:
 * `readdir`, `toType`). Continue's JetBrains plugin and CLI list folders by other code, not checked.
 */
const CONTINUE_SKIPS_BROKEN_LINKS = { who: 'Continue in VS Code', why: 'its walk of the rule folder passes over a link VS Code lists as leading to no file or folder (continuedev/continue, core/indexing/walkDir.ts; microsoft/vscode, diskFileSystemProvider.ts)' };

/**
 * What Continue in VS Code does with a link to a folder whose name ends in `.md`: VS Code lists
 * it as `SymbolicLink | Directory` (66), which the walk takes for a file, not a folder
 * (core/indexing/walkDir.ts tests the type for exactly 2), so the loader keeps it for its name
 * (core/config/loadLocalAssistants.ts, `getDefinitionFilesInDir`) and reads it; reading a folder
 * fails, and `VsCodeIde.readFile` (extensions/vscode/src/VsCodeIde.ts) catches every error and
 * returns "": an empty rule, with no frontmatter, so applied always and named by its path.
 */
const CONTINUE_LINKED_FOLDER_RULE = 'VS Code lists a link to a folder with both types, which Continue\'s walk takes for a file (continuedev/continue, core/indexing/walkDir.ts), and its `readFile` turns the failed read into empty text (extensions/vscode/src/VsCodeIde.ts)';

/**
 * What Continue does with a rule folder (`~/.continue/rules`, or `~/.continue` above it) that is
 * a link to nothing or round a loop: its loader (continuedev/continue,
 * core/config/loadLocalAssistants.ts, `getDefinitionFilesInDir`) returns no file where the IDE's
 * `fileExists` answers false, and catches any error of the walk after it, logging it to the
 * console alone: the user is told nothing.
 */
const CONTINUE_BROKEN_FOLDER = "its loader finds no folder there, or fails to walk it, and returns no rule, logging at most to the console (continuedev/continue, core/config/loadLocalAssistants.ts, `getDefinitionFilesInDir`)";

/**
 * How many bytes of a rule file Continue in VS Code reads. Its loader reads each rule file with the
 * IDE's `readFile` (continuedev/continue, core/config/loadLocalAssistants.ts,
 * `getDefinitionFilesInDir`), which in VS Code (extensions/vscode/src/VsCodeIde.ts, `readFile`,
 * `MAX_BYTES` 100000) returns the editor's whole text for a file open in it; else "" for a file
 * of more than 10 × 100,000 bytes, and the first 100,000 bytes of any other, decoded by a
 * `TextDecoder` (a character cut in two becomes U+FFFD). `parseMarkdownRule` then reads that text
 * as it reads any (`continueReading.ts`). Continue's JetBrains plugin and CLI read files by other
 * code, not checked.
 */
const CONTINUE_READ_BYTES = { sent: 100_000, none: 1_000_000, source: 'continuedev/continue, extensions/vscode/src/VsCodeIde.ts: `readFile`, read by the rule loader in core/config/loadLocalAssistants.ts' };

export const continueDev: AgentModel = {
  id: 'continue',
  name: 'Continue',
  reads: '`.continue/rules/**/*.md` at the workspace root (subfolders too); `~/.continue/rules/**/*.md`',
  owns(rel) {
    return continuePlacement(rel) ?? misspeltFolderPlacement(rel, '.continue', 'rules', 'Continue', continuePlacement) ?? dotFileFolderPlacement(rel);
  },
  keys: {
    name: { kind: 'string' },
    description: { kind: 'string' },
    globs: { kind: 'globs' },
    regex: { kind: 'strings', regex: CONTINUE_INVALID_REGEX, otherValueMatchesNothing: CONTINUE_OTHER_REGEX },
    alwaysApply: { kind: 'boolean' },
    invokable: { kind: 'boolean' },
  },
  globs: { key: 'globs', commaSeparated: false, lists: true, braces: true, negation: true, otherValueMatchesNothing: CONTINUE_GLOBS_SOURCE, nonTextElementThrows: CONTINUE_NON_TEXT_GLOB, blankMatchesNothing: CONTINUE_BLANK_GLOB, commentMatchesNothing: CONTINUE_COMMENT_GLOB },
  invalidYamlDropsFrontmatter: true,
  aliasBombDropsFrontmatter: CONTINUE_ALIAS_BOMB,
  activation: continueActivation,
  ruleName: continueRuleName,
  skipsBrokenLinks: CONTINUE_SKIPS_BROKEN_LINKS,
  readsLinkedFolderAsEmptyRule: CONTINUE_LINKED_FOLDER_RULE,
  brokenFolderReadsNoRule: CONTINUE_BROKEN_FOLDER,
  maxBytes: CONTINUE_READ_BYTES,
};

/** How Continue applies a rule of `.continue/rules` (the notes above give the sources). */
function continueActivation(fm: Record<string, unknown>): Activation {
  // loadMarkdownRules: not loaded as a rule; a prompt the user invokes.
  if (fm.invokable === true) return { mode: 'manual' };
  if (fm.alwaysApply === true) return { mode: 'always' };
  // `matchesGlobs`: a truthy value that is neither a string nor a list matches no path.
  if (fm.globs && typeof fm.globs !== 'string' && !Array.isArray(fm.globs)) return { mode: 'globs', globs: [] };
  // `matchesGlobs` throws on a list element that is not text: the rule never reaches the model.
  if (Array.isArray(fm.globs) && fm.globs.some((g) => typeof g !== 'string')) return { mode: 'globs', globs: [] };
  // `contentMatchesRegex`: no pattern compiles, so no file's content ever matches; and a truthy
  // value that is neither a string nor a list (`regex: 42`) it answers false for every file.
  if (regexNeverMatches(fm.regex)) return { mode: 'globs', globs: [], never: CONTINUE_REGEX_NEVER_COMPILES };
  if (fm.regex && typeof fm.regex !== 'string' && !Array.isArray(fm.regex)) return { mode: 'globs', globs: [], never: CONTINUE_REGEX_NOT_TEXT };
  // minimatch matches a blank pattern, and a comment (`#…`), against no path: with no other positive pattern, no file is ever matched.
  if (onlyBlankPatterns(fm.globs, true)) return { mode: 'globs', globs: [], ...(onlyBlankPatterns(fm.globs) ? {} : { never: CONTINUE_COMMENT_GLOBS }) };
  const written = globList(fm.globs, false);
  // `matchesGlobs`: a leading `!` excludes; with only exclusions, every other path matches.
  // The exclusions are left out of the globs agentls matches (a file they exclude is then
  // listed as attached), so none of them is judged a dead glob either; nor are the comments,
  // which match nothing and so add no file.
  const globs = written.filter((g) => !g.startsWith('!') && !isGlobComment(g));
  // `checkGlobsAndRegex`: a truthy `regex` narrows the files the globs match to those whose content matches it.
  const content = contentPatterns(fm.regex);
  if (written.length) return { mode: 'globs', globs: globs.length ? globs : ['**/*'], ...content };
  // `globs: []` is truthy, so not "no globs" to `isGlobalRule` (`!rule.globs`), and `matchesGlobs`
  // with no positive pattern matches every path: any file in context, whatever `alwaysApply: false` says.
  if (Array.isArray(fm.globs) && fm.globs.length === 0) return { mode: 'globs', globs: ['**/*'], ...content };
  // A content regex alone: any path, narrowed by content agentls does not read. Any list, even
  // `regex: []`, is truthy, so not "no regex" to `isGlobalRule` (`!rule.regex`), and
  // `contentMatchesRegex` is true for an empty list: the rule is attached for any file in context.
  if (Array.isArray(fm.regex) || (typeof fm.regex === 'string' && fm.regex !== '')) return { mode: 'globs', globs: ['**/*'], ...content };
  if (fm.alwaysApply === false) {
    const described = typeof fm.description === 'string' && fm.description.trim() !== '';
    return described ? { mode: 'description' } : { mode: 'manual' };
  }
  // `isGlobalRule`: a rule of `.continue/` with no globs and no regex, `alwaysApply` not false.
  return { mode: 'always' };
}

/**
 * The patterns of a `regex` a file's content is matched against, as `contentMatchesRegex` runs
 * them: one string, or each item of a list compiled as its text by `new RegExp` (a number too),
 * less those that do not compile, which match nothing. None for no `regex`, and for `regex: []`,
 * which every file passes.
 */
function contentPatterns(value: unknown): { content?: string[] } {
  const written = typeof value === 'string' ? (value === '' ? [] : [value]) : Array.isArray(value) ? value.map((p) => String(p)) : [];
  const compiling = written.filter((p) => compileProblem(p) === undefined);
  return compiling.length ? { content: compiling } : {};
}

/**
 * A `regex` of which no pattern compiles as a JavaScript regular expression (`compileProblem`):
 * one string, or a non-empty list of strings every one of which fails. Another item in a list
 * (a number) is compiled as its text by `new RegExp`, so it may match: not said to fail.
 */
function regexNeverMatches(value: unknown): boolean {
  if (typeof value === 'string') return value !== '' && compileProblem(value) !== undefined;
  return Array.isArray(value) && value.length > 0 && value.every((p) => typeof p === 'string' && compileProblem(p) !== undefined);
}

/**
 * Why a rule Continue would offer by its description (`mode` `description`: `alwaysApply: false`,
 * no globs, a description) most likely never reaches the model (`AgentRule.notApplied`), or
 * undefined. Continue offers these through its Request Rules tool (`request_rule`), whose
 * `defaultToolPolicy` is "disabled" (continuedev/continue, core/tools/definitions/requestRule.ts):
 * unless the user turns the tool on, nothing offers the rule. Its docs ("How Rules Are Applied")
 * say only that "the agent decides", so the default is told with its source.
 */
export function continueNotApplied(mode: string, description: string | undefined): string | undefined {
  if (mode !== 'description') return undefined;
  const said = description ? ` "${description.split('\n')[0]}"` : '';
  return `offered by its description${said} only where the user has turned on Continue's Request Rules tool (request_rule), off by default (its defaultToolPolicy "disabled", core/tools/definitions/requestRule.ts); else never applied`;
}

/**
 * The name Continue gives a rule file, as its UI lists it (continuedev/continue,
 * packages/config-yaml/src/markdown/markdownToRule.ts, `getRuleName`): the frontmatter's `name`
 * where it is truthy, as written (a number too); else the last two `/` or `\\` segments of the
 * file's URI, `rules/x.md` for `.continue/rules/x.md`, `ui/x.md` for one in a subfolder. The URI
 * is the one its walk made (core/config/loadLocalAssistants.ts with core/util/uri.ts,
 * `joinPathsToUri`), each segment through `encodeURIComponent`: a space is `%20` in the name.
 * `frontmatter`: the keys Continue read (none where its parser threw: `continueReading.ts`).
 */
export function continueRuleName(frontmatter: Record<string, unknown>, absPath: string): string {
  const named = frontmatter.name;
  if (named) return typeof named === 'string' ? named : typeof named === 'object' ? JSON.stringify(named) : String(named);
  return absPath.split(/[/\\]/).filter(Boolean).slice(-2).map(encodeURIComponent).join('/');
}

/**
 * A Markdown file in a `.continuerules` folder at the root (a layout some rule converters write).
 * Continue reads `.continuerules` as one file: `getWorkspaceContinueRuleDotFiles` (continuedev/continue,
 * core/config/getWorkspaceContinueRuleDotFiles.ts) joins the name to each workspace folder and reads
 * that path itself, and its rule folder is `.continue/rules` (the notes above): a file inside such a
 * folder is never loaded.
 */
function dotFileFolderPlacement(rel: string): Placement | undefined {
  const at = /^\.continuerules\/(.+\.md)$/.exec(rel);
  if (!at) return undefined;
  return { read: false, frontmatter: true, why: 'Continue reads `.continuerules` only as a single file, and its rule files from `.continue/rules/`', move: `${CONTINUE_RULES_FOLDER}/${at[1]}` };
}

/** Where Continue reads a path, the folder spelt right. */
function continuePlacement(rel: string): Placement | undefined {
  const at = afterMarker(rel, `${CONTINUE_RULES_FOLDER}/`);
  const name = baseName(rel);
  if (!at || at.rest === '' || !(name.endsWith('.md') || name.endsWith('.mdc'))) return undefined;
  // The workspace folder's `.continue/rules` alone (getDotContinueSubDirs joins it to each
  // workspace folder); one below the root is not read, and not reported (it may be a workspace
  // folder of its own in a multi-root workspace).
  if (at.prefix !== '') return undefined;
  // The loader keeps the rule folder's files whose path ends in `.md`, case as written
  // (core/config/loadLocalAssistants.ts, `getDefinitionFilesInDir` with `fileExtType: "markdown"`,
  // which loadMarkdownRules passes): a Cursor rule (`.mdc`) copied in is never loaded.
  if (name.endsWith('.mdc')) return { read: false, frontmatter: true, why: 'Continue reads only `.md` files in `.continue/rules/`', move: rel.replace(/\.mdc$/, '.md') };
  return { read: true, frontmatter: true };
}
