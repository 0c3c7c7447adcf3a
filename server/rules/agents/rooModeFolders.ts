import { editDistance } from '../../core/editDistance';
import { ROO_BUILT_IN_MODES } from '../../workspace/ruleLocations';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { AgentPlaces, Placement } from './types';

/**
 * Roo Code's mode folders at the workspace root (`.roo/rules-{slug}/`) judged by their slug and
 * their spelling, where Roo Code's view is shown (`AgentPlaces.rooShown`). Roo Code reads the
 * folder of the mode in use: `path.join(rooDir, \`rules-${mode}\`)` (its source,
 * src/core/prompts/sections/custom-instructions.ts, `loadRuleFiles`/`addCustomInstructions`), a mode
 * being a built-in one or a custom one of `.roomodes` or of its global settings.
 */

/**
 * A file of `.roo/rules-{slug}/` whose slug is a likely slip of a mode agentls knows
 * (`.roo/rules-Code/`, `.roo/rules-debg/`, `nearestMode`): no mode reads it, unless a global
 * custom mode (kept in Roo Code's settings, which agentls does not read) has the slug. Undefined
 * where the slug is a known mode; where it is near none, as a mode defined in Roo Code's own
 * settings or installed from its marketplace is (agentls cannot see those: no finding then rests on
 * a guess); where the user's `~/.roo/rules-{slug}/` exists (`AgentPlaces.rooUserModes`: the mode
 * most likely exists); and where `.roomodes` could not be read (no finding then depends on the modes).
 */
export function unknownModePlacement(slug: string, rest: string, places: AgentPlaces | undefined): Placement | undefined {
  return unknownSlugPlacement(slug, places, { pattern: '`.roo/rules-{slug}/`', noun: 'folder', move: (mode) => `.roo/rules-${mode}/${rest}` });
}

/** The prefixes of Roo Code's root files of one mode, its fallbacks where no folder of the mode holds files: `.roorules-{slug}`, then `.clinerules-{slug}`. */
export type RooModeFilePrefix = '.roorules-' | '.clinerules-';

/**
 * The root's `.roorules-{slug}` (or `.clinerules-{slug}`) whose slug is a likely slip of a mode agentls knows
 * (`.roorules-Code`, `.roorules-debg`), judged as `unknownModePlacement` judges a mode folder:
 * Roo Code reads `.roorules-${mode}`, else `.clinerules-${mode}`, of the mode in use alone (its source,
 * src/core/prompts/sections/custom-instructions.ts, `addCustomInstructions`).
 */
export function unknownModeFallbackPlacement(slug: string, prefix: RooModeFilePrefix, places: AgentPlaces | undefined): Placement | undefined {
  return unknownSlugPlacement(slug, places, { pattern: `\`${prefix}{slug}\``, noun: 'file', move: (mode) => `${prefix}${mode}` });
}

/**
 * What to say beside the root's `.roorules-{slug}` or `.clinerules-{slug}` whose slug is no mode agentls
 * knows of (neither built in, nor of `.roomodes`, nor with a `~/.roo/rules-{slug}/` of the user's) and no
 * slip of one (`unknownModeFallbackPlacement` says those): Roo Code reads the file only in the mode of
 * that slug (its source, custom-instructions.ts, `addCustomInstructions`: `path.join(cwd, \`.roorules-${mode}\`)`,
 * then `.clinerules-${mode}`, for the mode in use), so it reads it only if a global custom mode of its
 * settings or marketplace has the slug, which agentls does not read: a note, no warning. Undefined where
 * Roo Code is not shown, or `.roomodes` could not be read (no finding then depends on the modes).
 */
export function rooUnseenModeNote(slug: string, prefix: RooModeFilePrefix, places: AgentPlaces | undefined): string | undefined {
  if (!places?.rooShown || places.rooModes === undefined) return undefined;
  if ([...ROO_BUILT_IN_MODES, ...places.rooModes].includes(slug) || places.rooUserModes?.includes(slug)) return undefined;
  // Roo Code tries `.clinerules-{mode}` last (`addCustomInstructions`); Cline reads no file named for a mode (its Plan and Act modes share `.clinerules`, `cline.ts`).
  const last = prefix === '.clinerules-' ? ', where no folder of that mode holds files and its `.roorules-{slug}` has no text' : '';
  const cline = prefix === '.clinerules-' ? '; no Cline reads it' : '';
  return `No mode agentls knows of reads this file: Roo Code reads \`${prefix}{slug}\` only in the mode of that slug${last}, and ${noKnownMode(slug, places.rooModes)}${cline}. Roo Code reads it only if a global custom mode of its settings (which agentls does not read) has that slug.`;
}

function unknownSlugPlacement(slug: string, places: AgentPlaces | undefined, named: { pattern: string; noun: string; move: (mode: string) => string }): Placement | undefined {
  if (!places?.rooShown || places.rooModes === undefined) return undefined;
  const meant = slipOfMode(slug, places.rooModes, places.rooUserModes);
  if (meant === undefined) return undefined;
  // A slug differing only in case: Roo Code joins the slug into the path, which a case-insensitive file system (macOS, Windows) matches anyway.
  const caseOnly = meant.toLowerCase() === slug.toLowerCase();
  return {
    read: false,
    frontmatter: false,
    why: `Roo Code reads ${named.pattern} in the mode of that slug, and ${noKnownMode(slug, places.rooModes)}${caseOnly ? `; slugs are matched as written, so only a case-insensitive file system (macOS, Windows) finds this ${named.noun} for \`${meant}\`` : ''}`,
    unless: 'a global custom mode of Roo Code\'s settings (which agentls does not read) has that slug',
    move: named.move(meant),
  };
}

/** That `slug` is no built-in mode of Roo Code's nor one of the workspace's `.roomodes` (`customModes`), as a clause. */
function noKnownMode(slug: string, customModes: readonly string[]): string {
  const custom = customModes.length ? `, nor one the workspace's \`.roomodes\` defines (${customModes.slice(0, 10).join(', ')})` : ', and the workspace has no `.roomodes` defining custom modes';
  return `\`${slug}\` is not a built-in mode's (${ROO_BUILT_IN_MODES.join(', ')})${custom}`;
}

/**
 * Why Roo Code is listed as never sending the files of `.roo/rules-{mode}/` (`AgentRule.notApplied`),
 * or undefined: the mode is built in, `.roomodes` defines it or `.roomodes` could not be read, the
 * user's `~/.roo/rules-{mode}/` exists (`userModes`), or the slug is a slip of no known mode
 * (`slipOfMode`), so most likely a mode of Roo Code's settings or marketplace.
 */
export function rooUnknownMode(mode: string, customModes: readonly string[] | undefined, userModes: readonly string[] = []): string | undefined {
  if (customModes === undefined || slipOfMode(mode, customModes, userModes) === undefined) return undefined;
  return `never sent: \`${mode}\` is no built-in mode of Roo Code's nor one the workspace's .roomodes defines (unless a global custom mode of its settings has that slug)`;
}

/**
 * The known mode (built in, or of `.roomodes`) a slug that is none is a likely slip of (`nearestMode`);
 * undefined for a known slug, one near no known mode, or one the user's `~/.roo` has a folder of
 * (`userModes`). Roo Code also has custom modes of its global settings and its marketplace, which
 * agentls does not read: only a slip is said to be no mode.
 */
function slipOfMode(slug: string, customModes: readonly string[], userModes: readonly string[] = []): string | undefined {
  const known = [...ROO_BUILT_IN_MODES, ...customModes];
  if (known.includes(slug) || userModes.includes(slug)) return undefined;
  return nearestMode(slug, known);
}

/** The known mode a slug is a slip of: the same letters in another case, else one letter off, when one mode alone is. */
function nearestMode(slug: string, known: readonly string[]): string | undefined {
  const lower = slug.toLowerCase();
  const same = known.filter((m) => m.toLowerCase() === lower);
  if (same.length === 1) return same[0];
  if (lower.length < 4 || lower.length > 64) return undefined;
  const near = known.filter((m) => editDistance(lower, m.toLowerCase(), 1) <= 1);
  return near.length === 1 ? near[0] : undefined;
}

/**
 * A file in a misspelt rule folder of the root's `.roo` (`.roo/rule/`, `.roo/rule-code/`,
 * `.roo/rulse-debug/`): Roo Code reads `.roo/rules/` and `.roo/rules-{slug}/` only, so never this.
 * `owns` is Roo Code's placement of the corrected path (only a file it would read there is reported).
 */
export function misspeltRooFolderPlacement(rel: string, places: AgentPlaces | undefined, owns: (rel: string) => Placement | undefined): Placement | undefined {
  if (!places?.rooShown) return undefined;
  const folder = /^\.roo\/([^/]+)\/./.exec(rel)?.[1];
  if (folder === undefined) return undefined;
  const dash = folder.indexOf('-');
  const wanted = dash < 0 ? 'rules' : `rules-${folder.slice(dash + 1)}`;
  return misspeltFolderPlacement(rel, '.roo', wanted, 'Roo Code', owns);
}
