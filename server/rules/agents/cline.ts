import * as path from 'node:path';
import { CLINE_NON_RULE_FOLDERS } from '../../workspace/classify';
import { displayPath, isInside } from '../../workspace/paths';
import { clineGlobalRuleAreas } from '../../workspace/ruleLocations';
import { afterMarker, baseName, isMarkdownName } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import { clineRuleDropped } from './clineDrops';
import type { Activation, AgentModel, Placement } from './types';

/**
 * What every Cline does with a symbolic link in a rule folder, wherever it leads (to nothing too):
 * both its loaders list the folder with `readdir(…, { withFileTypes: true })` and keep the entries
 * whose `isFile()` is true, and Node's `fs.Dirent` describes the link itself (Node's fs
 * documentation, "Class: fs.Dirent"), so they drop it without a word: Cline 4, the Cline CLI and
 * Desktop in `discoverRulesLikeFiles` (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts), Cline 3.x in
 * `readDirectory` (src/utils/fs.ts), which `getLocalClineRules` and `getGlobalClineRules`
 * (src/core/context/instructions/user-instructions/cline-rules.ts) list `.clinerules` and its
 * global folder with. Not Cline in VS Code alone: the SDK loader runs its CLI and Desktop too.
 */
export const CLINE_SKIPS_BROKEN_LINKS = {
  who: 'Cline',
  why: "every Cline keeps only the entries of its rule folders whose `isFile()` is true, which a link's is not: cline/cline, sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts, `discoverRulesLikeFiles` (Cline 4, the Cline CLI), and src/utils/fs.ts, `readDirectory` (Cline 3.x)",
};

const CLINE_NEGATED_ALONE = 'Cline matches each glob of `paths` on its own with picomatch, which reads a leading `!` as every path the rest does not match, and attaches the rule when any one glob matches (cline/cline, src/core/context/instructions/user-instructions/rule-conditionals.ts; picomatch\'s `nonegate` option), so this glob attaches the rule to nearly every file instead of excluding these from the other globs';

/**
 * Cline. Sources: Cline's documentation, "Rules" (https://docs.cline.bot/customization/cline-rules)
 * and "Conditional rules" (https://docs.cline.bot/features/cline-rules/conditional-rules).
 */
export const cline: AgentModel = {
  id: 'cline',
  name: 'Cline',
  reads: 'the `.md`, `.markdown` and `.txt` files directly in `.clinerules/` (or a single `.clinerules` file) and `.cline/rules/` at the workspace root; global rules, the same files of `~/.cline/rules/`, `~/Documents/Cline/Rules/` and `~/Cline/Rules/` (Cline 3.x also read `.clinerules` subfolders and files of other extensions)',
  owns(rel, places) {
    // A file below a global rule folder (`clineGlobalStanding`): read, or passed over by Cline 4, said naming the folder.
    if (places?.clineGlobal) return places.clineGlobal;
    return clinePlacement(rel) ?? misspeltFolderPlacement(rel, '', '.clinerules', 'Cline', clinePlacement) ?? misspeltFolderPlacement(rel, '.cline', 'rules', 'Cline', clinePlacement);
  },
  // Docs ("Conditional rules"): paths is "currently the supported conditional": a YAML list
  // of globs. A rule without it applies to every request. Cline 4 and the Cline CLI ignore it
  // (`clineActivation` has the sources), which the docs do not say.
  // Global rules (`~/.cline/rules`, `~/Documents/Cline/Rules`: `clineGlobalRuleFolders` in
  // workspace/ruleLocations.ts, with the sources): Cline reads them in every task beside the
  // workspace's (docs, "Rules": global rules "apply across all projects"). The xcsh agent's
  // discovery lists none (rules.md §2.6); agentls lists them for Cline alone
  // (rules/discovery.ts, `clineGlobalRules`). The docs show `paths` in `.clinerules/` files
  // only ("Conditional rules": "any rule file in your .clinerules/ directory"), and say
  // "Rules with YAML frontmatter activate only when you're working with matching files"
  // ("Overview", https://docs.cline.bot/features/cline-rules/overview) without restricting it
  // to workspace rules, so a global rule's `paths` is read the same way, against the paths of
  // the workspace at hand. A glob there that matches nothing in this workspace may well match
  // in another, so no dead glob is said of it (context/agentView.ts, `judgedAgainstWorkspace`).
  readsUserLocation: true,
  // Cline 4 reads `name`, `disabled` and `enabled` beside `paths` (agents/clineDrops.ts has the source); Cline 3.x read `paths` alone.
  keys: { paths: { kind: 'globs' }, name: { kind: 'string' }, disabled: { kind: 'boolean' }, enabled: { kind: 'boolean' } },
  // Cline 3.x compiles each glob of `paths` on its own with picomatch (`dot: true`) and attaches
  // the rule when any one matches (cline/cline, src/core/context/instructions/user-instructions/
  // rule-conditionals.ts, `evaluatePathsConditional`); picomatch reads a leading `!` as "not"
  // unless given `nonegate` (micromatch/picomatch, README, options).
  globs: { key: 'paths', commaSeparated: false, lists: true, braces: true, listOnly: true, negatedAlone: CLINE_NEGATED_ALONE, ignoredByNote: 'A list scopes the rule in Cline 3.x alone: Cline 4 and the Cline CLI ignore `paths` in any form and send the rule in every request.' },
  // YAML that does not parse gives no keys at all: Cline 3.x's "intentionally fail-open" reading
  // (src/core/context/instructions/user-instructions/frontmatter.ts, parseYamlFrontmatter); Cline 4
  // then drops the whole rule (`ruleDropped`, agents/clineDrops.ts has the source).
  invalidYamlDropsFrontmatter: true,
  ruleDropped: clineRuleDropped,
  skipsBrokenLinks: CLINE_SKIPS_BROKEN_LINKS,
  activation: (fm) => clineActivation(fm.paths),
};

/**
 * How Cline 3.x's source reads `paths` (cline/cline, src/core/context/instructions/
 * user-instructions/rule-conditionals.ts, `evaluatePathsConditional`): anything but a list
 * of non-empty strings is ignored, "fail-open", so the rule applies to every request (a
 * string `paths: "src/**"` too); the entries are trimmed, and a list left with none
 * (`paths: []`) matches nothing, "an explicit way to disable a rule". Only the older
 * extension's task loop evaluates it (`evaluateRuleConditionals`, given the paths in context
 * by `RuleContextBuilder`, called from src/core/task/index.ts).
 *
 * Cline 4 and the Cline CLI never read `paths`: their loader keeps a rule's frontmatter
 * without looking at it (sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts,
 * `parseRuleConfigFromMarkdown`, which reads `name`, `disabled` and `enabled` alone), and the
 * runtime registers one rule whose text is every enabled rule, name and instructions
 * (sdk/packages/core/src/extensions/config/user-instruction-plugin.ts, `registerRule`, over
 * sdk/packages/core/src/runtime/safety/rules.ts, `listEnabledRulesFromWatcher` and
 * `formatRulesForSystemPrompt`): no path is matched anywhere. The extension's sessions run on
 * that runtime with its rules on (apps/vscode/src/sdk/vscode-session-host.ts: `configExtensions`
 * defaults to every kind, `hooks` alone left out). So a rule `paths` scopes is sent in every
 * request, and one `paths: []` turned off is sent too (`sentAlways`); the globs are still
 * checked, for Cline 3.x.
 */
function clineActivation(value: unknown): Activation {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length > 0)) return { mode: 'always' };
  const globs = (value as string[]).map((g) => g.trim()).filter(Boolean);
  const older = globs.length ? `attached it only while a file matching ${globs.map((g) => `\`${g}\``).join(', ')} was in play` : 'never sent it, its `paths` listing no glob';
  return { mode: 'globs', globs, sentAlways: `Cline 4 and the Cline CLI ignore \`paths\` (Cline 3.x ${older})` };
}

/**
 * Which loader agentls models. Cline's VS Code extension now runs its sessions on the SDK
 * runtime, as the Cline CLI (3.x numbering) and Cline Desktop do: v4.0.0 (2026-06-26) moved
 * the extension onto it, v4.0.1 went back to the 3.89 code, and from July 2026 one published
 * extension held both, a "legacy" (4.0.x) and a "next" (4.1.x, SDK) bundle, chosen per window
 * (cline/cline PR #12253, "A/B loader and packaging for staged SDK extension rollout"); the
 * rollout stands at 100% for the SDK bundle, "now the only supported bundle" (cline/cline PR
 * #14286, 2026-09-19), whose sessions load rules "through the shared resolver" (cline/cline PR
 * #14207, merged 2026-09-17). That loader (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts,
 * `discoverRulesLikeFiles`, over the folders of `resolveRulesConfigSearchPaths` in
 * sdk/packages/shared/src/storage/paths.ts) lists each rule folder flat, keeps the regular
 * files (`entry.isFile()`) whose extension, lower-cased, is `.md`, `.markdown` or `.txt`
 * (`MARKDOWN_EXTENSIONS`, `isMarkdownFile`), and reads `.clinerules/` and `.cline/rules/` at the
 * workspace root. The older extension (3.x, and the "legacy" 4.0.x bundle) read `.clinerules/`
 * recursively, every regular file but a few (src/utils/fs.ts, `readDirectory`: `readdir` with
 * `recursive: true`; src/core/context/instructions/user-instructions/rule-helpers.ts,
 * `readDirectoryRecursive`, with no extension filter), and never `.cline/rules/`. Where the two
 * differ on a file the older one read, the finding names both (information): the file reaches
 * only those still on it.
 */
const CLINE_RULE_NAME = /[\s\S]\.(md|markdown|txt)$/i;

/**
 * Whether Cline's current loader reads a file of this name in its rule folders (`CLINE_RULE_NAME`:
 * the extension in any case). A name starting with a dot is read too (`.x.md`): the loader keeps
 * every entry whose `isFile()` is true and whose `extname`, lower-cased, is one of its own, and
 * Node's `path.extname('.x.md')` is `.md`; but `.md` alone has no extension to Node (`extname`
 * gives `''`: Node's path documentation), so no rule is read from it.
 */
export function isClineRuleName(name: string): boolean {
  return CLINE_RULE_NAME.test(name);
}

/**
 * A file of Cline's extensions (`isClineRuleName`, any case) anywhere below a `.clinerules` or a
 * `.cline/rules` folder (the latter also Cline's global `~/.cline/rules`): the `.txt` files other
 * tools' Markdown tests miss among them. A path test alone, cheap enough for every file of a tree.
 */
export function isClineTextRule(p: string): boolean {
  return isClineRuleName(path.basename(p)) && /(?:^|[\\/])(?:\.clinerules|\.cline[\\/]rules)[\\/]/.test(p);
}

/**
 * A file of Cline's extensions directly in one of its global rule folders in `home`, by its path
 * alone (`clineGlobalRuleAreas`): `~/Documents/Cline/Rules/x.txt` has no mark of Cline's in its
 * name, so no other path test takes it.
 */
export function isClineGlobalRule(p: string, home: string): boolean {
  return isClineRuleName(path.basename(p)) && clineGlobalRuleAreas(home).includes(path.dirname(p));
}


/** `.clinerules/workflows/…`, `hooks/…`, `skills/…`: Cline's other configuration, never read as rules. */
function isClineNonRuleFolder(restAfterClinerules: string): boolean {
  return CLINE_NON_RULE_FOLDERS.has(restAfterClinerules.split('/')[0]) && restAfterClinerules.includes('/');
}

/** Where Cline reads a path, the folder spelt right. */
function clinePlacement(rel: string): Placement | undefined {
  if (rel === '.clinerules') return { read: true, frontmatter: true };
  const inClinerules = afterMarker(rel, '.clinerules/');
  const at = inClinerules ?? afterMarker(rel, '.cline/rules/');
  const name = baseName(rel);
  // Both loaders leave out `workflows`, `hooks` and `skills` (the SDK reads no subfolder; the
  // older one excluded them by name, getLocalClineRules): slash commands, hooks and skills, not rules.
  if (inClinerules && isClineNonRuleFolder(inClinerules.rest)) return undefined;
  if (name === '.clinerules') return { read: false, frontmatter: true, why: 'Cline reads `.clinerules` only at the workspace root' };
  // Files of other kinds (a JSON, an image) are no rule files agentls judges; those a Markdown or text test takes are.
  if (!at || at.rest === '' || !(isMarkdownName(name) || isClineRuleName(name))) return undefined;
  const folder = inClinerules ? '.clinerules' : '.cline/rules';
  // Docs ("Rules"): workspace rules go in .clinerules/ (or .cline/rules/) "at your project root".
  if (at.prefix !== '') return { read: false, frontmatter: true, why: `Cline reads \`${folder}\` only at the workspace root` };
  // `.cline/rules/` is the SDK's alone: no older Cline read anything there. No move is offered: a file of the same name may be there.
  return clineFolderPlacement(folder, name, at.rest.includes('/'), inClinerules !== undefined) ?? { read: true, frontmatter: true };
}

/**
 * Where Cline stands on a file below one of its rule folders (`folder`, as shown to the user:
 * `.clinerules`, `.cline/rules` or a global one; `readByOlder`: Cline 3.x read that folder,
 * `.clinerules`, `~/Documents/Cline/Rules` or its `~/Cline/Rules` fallback, never `.cline/rules`
 * nor `~/.cline/rules`), in a subfolder of it or directly in it (`nested`): the current
 * loader lists each folder flat and keeps Cline's extensions (`isClineRuleName`); Cline 3.x
 * walked its global folder as it walked `.clinerules`, every file (the sources above:
 * `getGlobalClineRules`, src/core/context/instructions/user-instructions/cline-rules.ts, hands
 * the folder to `readDirectoryRecursive`). Undefined where the current Cline reads the file.
 */
export function clineFolderPlacement(folder: string, name: string, nested: boolean, readByOlder: boolean): Placement | undefined {
  if (!nested && isClineRuleName(name)) return undefined;
  const why = nested ? `Cline 4 and the Cline CLI read only the files directly in \`${folder}\`, not its subfolders` : `Cline 4 and the Cline CLI read only the \`.md\`, \`.markdown\` and \`.txt\` files of \`${folder}\``;
  const older = nested ? `Cline 3.x read it, as it read the subfolders of \`${folder}\` too` : `Cline 3.x read it, as it read every file of \`${folder}\``;
  return { read: false, frontmatter: true, why, ...(readByOlder ? { alsoReadBy: older } : {}) };
}

/** Where Cline stands on a file below one of its global rule folders in `home`: read, or why not (`clineGlobalPlacementOf`); undefined for a file in none. */
export function clineGlobalStanding(p: string, home: string): Placement | undefined {
  return clineGlobalPlacementOf(p, home) ?? (isClineGlobalRule(p, home) ? { read: true, frontmatter: true } : undefined);
}

/** Where Cline stands on a file below one of its global rule folders in `home` (`clineFolderPlacement`); undefined where it reads it, or the file is in none. */
export function clineGlobalPlacementOf(p: string, home: string): Placement | undefined {
  const area = clineGlobalRuleAreas(home).find((folder) => folder !== p && isInside(folder, p));
  if (area === undefined) return undefined;
  return clineFolderPlacement(displayPath(area, undefined, home), path.basename(p), path.dirname(p) !== area, olderClineReadsGlobalFolder(area, home));
}

/**
 * Whether Cline 3.x read a global rule folder of `clineGlobalRuleAreas`: `~/Documents/Cline/Rules`
 * (or `~/Cline/Rules`), through `getGlobalClineRules` (src/core/context/instructions/user-instructions/cline-rules.ts);
 * `~/.cline/rules` is the SDK's alone.
 */
export function olderClineReadsGlobalFolder(folder: string, home: string): boolean {
  return folder !== path.join(home, '.cline', 'rules');
}
