import type { Finding } from '../../core/findings';
import { ZERO_RANGE } from '../../core/text';
import { contextFinding } from './codes';

/**
 * A root `.roorules`, `.roorules-{mode}` or `.clinerules-{mode}` that Roo Code does not read
 * (`rooView`), and what it reads instead: the `.roo/rules` (`.roo/rules-{mode}`) folder holding
 * files, or, before a `.clinerules-{mode}`, the `.roorules-{mode}` with text.
 */
export interface RooShadowed {
  path: string;
  instead: string;
  /** The mode of a `.roorules-{mode}` or `.clinerules-{mode}`; undefined for `.roorules`. */
  mode?: string;
  /** The file is the mode's `.clinerules-{mode}`, the last of its fallbacks. */
  cline?: true;
  /** `instead` is a file (a `.roorules-{mode}` with text), not a folder. */
  insteadFile?: true;
}

/** Where Roo Code's files are (its fallback files and Cline's it falls back to, its `.roo` folder, its `.roomodes`, whose modes name the folders it reads): a change there may change its view. O(path length). */
export function isRooPath(posix: string): boolean {
  return /\/\.(?:roo|cline)rules(-[^/]*)?$/.test(posix) || /\/\.roo(\/|$)/.test(posix) || posix.endsWith('/.roomodes');
}

/**
 * On a fallback file Roo Code reads something else instead of (`instead`: as reports show it).
 * Roo Code's docs ("Custom Instructions", https://docs.roocode.com/features/custom-instructions):
 * the single file is the "Fallback Method", read only "If .roo/rules/ doesn't exist or is empty",
 * and `.roorules-{modeSlug}` is the fallback of `.roo/rules-{modeSlug}/` the same way. Of
 * `.clinerules-{mode}` only its source speaks (src/core/prompts/sections/custom-instructions.ts,
 * `addCustomInstructions`): read last, where no `rules-{mode}` folder holds files and
 * `.roorules-{mode}` is missing or blank after trimming.
 */
export function rooFallbackFinding(s: Pick<RooShadowed, 'mode' | 'cline' | 'insteadFile'>, instead: string): Finding {
  const which = s.mode === undefined ? '.roorules' : `.roorules-${s.mode}`;
  const holds = s.insteadFile ? `${instead} has text` : `${instead}/ holds rule files`;
  const when =
    s.cline && s.mode !== undefined
      ? `Roo Code reads .clinerules-${s.mode} only where no .roo/rules-${s.mode}/ holds files and ${which} is missing or blank (its source, custom-instructions.ts; its docs do not name this file)`
      : `Roo Code reads ${which} only where that folder is missing or empty (docs.roocode.com, "Custom Instructions")`;
  const into = s.insteadFile ? `Move its text into ${instead}` : `Move its text into a file of ${instead}/`;
  return contextFinding('context/roo-fallback-unread', 'warning', ZERO_RANGE, `Roo Code does not read this file: ${holds}, and ${when}. ${into}, or delete it.`);
}

/** The findings of the fallback files Roo Code does not read, by path, what it reads instead `shown` as reports show it. */
export function rooFindings(shadowed: readonly RooShadowed[], shown: (p: string) => string): Map<string, Finding[]> {
  return new Map(shadowed.map((s) => [s.path, [rooFallbackFinding(s, shown(s.instead))]]));
}
