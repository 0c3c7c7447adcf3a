import type { Finding } from '../../core/findings';
import { contextFinding } from './codes';

/** A root `.roorules` or `.roorules-{mode}` that Roo Code does not read (`rooView`), and the folder it reads instead. */
export interface RooShadowed {
  path: string;
  folder: string;
  /** The mode of a `.roorules-{mode}`; undefined for `.roorules`. */
  mode?: string;
}

/** Where Roo Code's files are (its fallback files and Cline's it falls back to, its `.roo` folder, its `.roomodes`, whose modes name the folders it reads): a change there may change its view. O(path length). */
export function isRooPath(posix: string): boolean {
  return /\/\.(?:roo|cline)rules(-[^/]*)?$/.test(posix) || /\/\.roo(\/|$)/.test(posix) || posix.endsWith('/.roomodes');
}

/**
 * On a fallback file beside a folder holding files (`folder`: as reports show it). Roo Code's
 * docs ("Custom Instructions", https://docs.roocode.com/features/custom-instructions): the
 * single file is the "Fallback Method", read only "If .roo/rules/ doesn't exist or is empty",
 * and `.roorules-{modeSlug}` is the fallback of `.roo/rules-{modeSlug}/` the same way.
 */
export function rooFallbackFinding(folder: string, mode?: string): Finding {
  const which = mode === undefined ? '.roorules' : `.roorules-${mode}`;
  const message = `Roo Code does not read this file: ${folder}/ holds rule files, and Roo Code reads ${which} only where that folder is missing or empty (docs.roocode.com, "Custom Instructions"). Move its text into a file of ${folder}/, or delete it.`;
  return contextFinding('context/roo-fallback-unread', 'warning', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message);
}

/** The findings of the fallback files Roo Code does not read, by path, their folders `shown` as reports show them. */
export function rooFindings(shadowed: readonly RooShadowed[], shown: (p: string) => string): Map<string, Finding[]> {
  return new Map(shadowed.map((s) => [s.path, [rooFallbackFinding(shown(s.folder), s.mode)]]));
}
