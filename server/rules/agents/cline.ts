import { CLINE_NON_RULE_FOLDERS } from '../../workspace/classify';
import { afterMarker, baseName, isMarkdownName } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { Activation, AgentModel, Placement } from './types';

/**
 * Cline. Sources: Cline's documentation, "Rules" (https://docs.cline.bot/customization/cline-rules)
 * and "Conditional rules" (https://docs.cline.bot/features/cline-rules/conditional-rules).
 */
export const cline: AgentModel = {
  id: 'cline',
  name: 'Cline',
  reads: '`.clinerules/*.md` and `*.txt` (or a single `.clinerules` file; not its `workflows/`, `hooks/`, `skills/`) and `.cline/rules/` at the workspace root; global rules in `~/.cline/rules/` and `~/Documents/Cline/Rules/` (`~/Cline/Rules/` where there is no `~/Documents`)',
  owns(rel) {
    return clinePlacement(rel) ?? misspeltFolderPlacement(rel, '', '.clinerules', 'Cline', clinePlacement) ?? misspeltFolderPlacement(rel, '.cline', 'rules', 'Cline', clinePlacement);
  },
  // Docs ("Conditional rules"): paths is "currently the supported conditional": a YAML list
  // of globs. A rule without it applies to every request.
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
  keys: { paths: { kind: 'globs' } },
  globs: { key: 'paths', commaSeparated: false, lists: true, braces: true, listOnly: true },
  // Cline's source (src/core/context/instructions/user-instructions/frontmatter.ts,
  // parseYamlFrontmatter): "intentionally fail-open", YAML that does not parse gives no keys
  // at all, so the rule goes to every request.
  invalidYamlDropsFrontmatter: true,
  activation: (fm) => clineActivation(fm.paths),
};

/**
 * How Cline's source reads `paths` (cline/cline, src/core/context/instructions/
 * user-instructions/rule-conditionals.ts, `evaluatePathsConditional`): anything but a list
 * of non-empty strings is ignored, "fail-open", so the rule applies to every request (a
 * string `paths: "src/**"` too); the entries are trimmed, and a list left with none
 * (`paths: []`) matches nothing, "an explicit way to disable a rule".
 */
function clineActivation(value: unknown): Activation {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length > 0)) return { mode: 'always' };
  return { mode: 'globs', globs: (value as string[]).map((g) => g.trim()).filter(Boolean) };
}

/**
 * A `.txt` file in a `.clinerules` folder. Cline's docs ("Rules",
 * https://docs.cline.bot/customization/cline-rules): Cline "processes all `.md` and `.txt`
 * files" inside .clinerules/ (its source reads every file there: readDirectoryRecursive with
 * no extension filter, rule-helpers.ts). The docs say it of .clinerules/ only, so
 * .cline/rules/ keeps to Markdown here. A path test alone, cheap enough for every file of a tree.
 */
export function isClineTextRule(p: string): boolean {
  return /\.txt$/i.test(p) && /(?:^|[\\/])\.clinerules[\\/]/.test(p);
}

/** `.clinerules/workflows/…`, `hooks/…`, `skills/…`: Cline's other configuration, never read as rules. */
function isClineNonRuleFolder(restAfterClinerules: string): boolean {
  return CLINE_NON_RULE_FOLDERS.has(restAfterClinerules.split('/')[0]) && restAfterClinerules.includes('/');
}

/** Where Cline reads a path, the folder spelt right. */
function clinePlacement(rel: string): Placement | undefined {
  if (rel === '.clinerules') return { read: true, frontmatter: true };
  const at = afterMarker(rel, '.clinerules/') ?? afterMarker(rel, '.cline/rules/');
  const name = baseName(rel);
  // Cline's source (cline/cline: getLocalClineRules and the rule-toggle sync read
  // .clinerules with `workflows`, `hooks` and `skills` excluded; the docs put workflows in
  // .clinerules/workflows): those subfolders hold slash commands, hooks and skills, not rules.
  const inClinerules = afterMarker(rel, '.clinerules/');
  if (inClinerules && isClineNonRuleFolder(inClinerules.rest)) return undefined;
  if (name === '.clinerules' || (at && at.rest !== '' && (isMarkdownName(name) || (inClinerules !== undefined && isClineTextRule(rel))))) {
    // Docs: workspace rules go in .clinerules/ (or .cline/rules/) "at your project root";
    // the files of the folder are combined into one rule set.
    if (name !== '.clinerules' && at!.prefix === '') return { read: true, frontmatter: true };
    return { read: false, frontmatter: true, why: 'Cline reads `.clinerules` only at the workspace root' };
  }
  return undefined;
}
