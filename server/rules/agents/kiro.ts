import { afterMarker, baseName, globList } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { AgentModel, Placement } from './types';

/**
 * Kiro (AWS's agentic IDE and its CLI), "steering" files. Source: Kiro's documentation,
 * "Steering" (https://kiro.dev/docs/steering/), read through the copies the search tools
 * hold (a translation of the page of 2026-09, qiita.com/mochizukiaiichiro/items/ee29e72e554d69e1210d,
 * and AWS's "Book of Kiro" chapter), and Kiro's issue tracker where the page is silent (each
 * issue named beside the fact it gives).
 *
 * - Inclusion modes (docs, "Inclusion modes"): `always` (the default: a file without
 *   frontmatter is in every interaction), `fileMatch` with `fileMatchPattern`, `manual`
 *   (named with `#file-name` in chat). The docs' capability table names those three; `auto`
 *   (Kiro decides from the file's description) is a fourth that Kiro reads: kirodotdev/Kiro#9176
 *   tests it in both scopes, and steering files written for Kiro use it. It is accepted here
 *   (no false alarm), and read as "by description".
 * - What Kiro does with an `inclusion` value it does not know is not documented; a maintainer
 *   speaks of a "schema-rejection fallback where a parse failure would load the document as
 *   always" (kirodotdev/Kiro#11095), which agentls does not assert: the finding says only that
 *   the file is not included the way it says.
 * - A `fileMatch` file of the user's `~/.kiro/steering` is not included by its pattern:
 *   kirodotdev/Kiro#9176 (closed, pending a response) tabulates fileMatch as not triggering in the
 *   global scope while always, manual and auto work there, and #5027 (open) reports the same; the
 *   docs do not say so. Said as the tracker's report (`kiroNotApplied`), not as documented.
 * - `auto` goes with a `name` and a `description`, from which Kiro decides: rulesync's reading of
 *   the docs (dyoshikawa/rulesync#2152, "It requires companion `name` and `description`
 *   frontmatter", and PR #2181: without them, "a non-functional auto-steering file"); Kiro's
 *   own #11506 speaks of Kiro presenting the name and description to the model. The docs
 *   excerpts held do not show it: a file without a description is said most likely never
 *   included (`kiroNotApplied`), and warned of (`rule/inactive`).
 * - Unknown keys: the docs do not say; the frontmatter of the docs has `inclusion` and
 *   `fileMatchPattern` alone. `name` and `description` go with `auto` (kirodotdev/Kiro#9176's
 *   files; the docs excerpts held do not show them): accepted, read as text.
 */
export const KIRO_INCLUSIONS = ['always', 'fileMatch', 'manual', 'auto'] as const;

export const kiro: AgentModel = {
  id: 'kiro',
  name: 'Kiro',
  reads: '`.kiro/steering/*.md` at the workspace root (no subfolders); `~/.kiro/steering/*.md`',
  owns(rel) {
    return kiroPlacement(rel) ?? misspeltFolderPlacement(rel, '.kiro', 'steering', 'Kiro', kiroPlacement, 'steering files');
  },
  keys: {
    inclusion: { kind: 'enum', values: KIRO_INCLUSIONS },
    fileMatchPattern: { kind: 'globs' },
    name: { kind: 'string' },
    description: { kind: 'string' },
  },
  // Docs ("Conditional inclusion"): one pattern (`"components/**/*.tsx"`) or a YAML list of
  // them (`["**/*.ts", "**/*.tsx"]`, added to the page as kirodotdev/Kiro#3643 says). A
  // comma-separated string is one pattern that matches nothing: Kiro's loader hands the
  // string whole to minimatch (kirodotdev/Kiro#11095, confirmed by a maintainer there), which
  // also expands braces.
  // The docs give the pattern with `inclusion: fileMatch` alone; any other inclusion (always the default) reads none.
  globs: { key: 'fileMatchPattern', commaSeparated: false, lists: true, braces: true, readWith: '`inclusion: fileMatch`' },
  activation(fm) {
    const inclusion = fm.inclusion;
    switch (inclusion) {
      // Docs: always is the default.
      case undefined:
      case null:
      case 'always':
        return { mode: 'always' };
      case 'fileMatch':
        return { mode: 'globs', globs: globList(fm.fileMatchPattern, false) };
      case 'manual':
        return { mode: 'manual' };
      case 'auto':
        return { mode: 'description' };
      default:
        return { mode: 'unknown', key: 'inclusion', value: inclusion };
    }
  },
};

/**
 * Why Kiro is reported never to include a steering file as its `mode` says (`AgentRule.notApplied`),
 * or undefined: a `glob` file of the user's folder (`global`), as the issues above report it, or an
 * `auto` (`description`) file without a description (`described`), as rulesync reads the docs.
 */
export function kiroNotApplied(mode: string, global: boolean, described: boolean): string | undefined {
  if (mode === 'description' && !described) return `most likely never included: with \`inclusion: auto\` Kiro decides from the file's \`description\`, and there is none (${KIRO_AUTO_SOURCE})`;
  if (mode === 'glob' && global) return "most likely never included by its pattern: Kiro's issue tracker reports fileMatch does not trigger for user-level steering files (#9176, #5027)";
  return undefined;
}

/** The source of `auto` needing a description (the notes above), said where agentls says so. */
export const KIRO_AUTO_SOURCE = "rulesync's reading of Kiro's steering docs, dyoshikawa/rulesync#2152";

/** Where Kiro reads a path, the folder spelt right. */
function kiroPlacement(rel: string): Placement | undefined {
  const at = afterMarker(rel, '.kiro/steering/');
  if (!at || at.rest === '' || !baseName(rel).endsWith('.md')) return undefined;
  // Docs: workspace steering is the workspace's `.kiro/steering/`. A package's own
  // `.kiro/steering` (a folder below the root) is not documented either way: not reported.
  if (at.prefix !== '') return undefined;
  // Folders inside `.kiro/steering/` are not read: kirodotdev/Kiro#3215 ("Steering docs
  // cannot be placed in sub folders within .kiro/steering/"), an open feature request; the
  // docs speak of files in the folder only.
  if (at.rest.includes('/')) {
    return { read: false, frontmatter: true, why: 'Kiro reads steering files directly in `.kiro/steering/`, not in its subfolders', move: `.kiro/steering/${baseName(rel)}` };
  }
  return { read: true, frontmatter: true };
}
