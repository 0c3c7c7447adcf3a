import type { Finding } from '../../core/findings';
import { relativeInside } from '../../workspace/paths';
import { ZED_RULES_FILES, ZED_SOURCE } from '../agents/zed';
import { contextFinding } from './codes';

/** A file of Zed's list that Zed does not read (`zedView`): another, earlier in its list, is at the root. */
export interface ZedSkipped {
  path: string;
  /** The file Zed reads instead (absolute). */
  reads: string;
  /** That file is of white space alone: Zed still takes it, and then sends no rules. */
  empty?: true;
}

/**
 * On a file Zed passes over for `reads` (as reports show it). Information, not a warning: the
 * file is most likely there for another tool, which reads it; only where Zed's view is shown
 * (`.rules` at the root, or `rules.agents` naming `zed`), and not beside a `.rules` with content
 * (`zedView`): that one the user wrote for Zed, and the others are other tools' files. Zed's docs ("Using Rules",
 * `agents/zed.ts`): "the first file which matches in this list will be used".
 */
export function zedSkippedFinding(reads: string, empty = false): Finding {
  const which = empty ? `${reads}, which is empty, so it sends no rules at all` : reads;
  const message = `Zed's agent does not read this file: it reads only the first of its rules files at the root, here ${which} (${ZED_SOURCE}). Put what it needs in ${reads}.`;
  return contextFinding('context/zed-shadowed', 'information', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message);
}

/** The findings of the files Zed does not read, by path, the file it reads `shown` as reports show it. */
export function zedFindings(skipped: readonly ZedSkipped[], shown: (p: string) => string): Map<string, Finding[]> {
  return new Map(skipped.map((s) => [s.path, [zedSkippedFinding(shown(s.reads), s.empty)]]));
}

/** Whether `p` is one of Zed's rules files at `root` (`ZED_RULES_FILES`): a change there may change which one Zed reads. O(path length). */
export function isZedRootFile(p: string, root: string | undefined): boolean {
  const rel = root === undefined ? undefined : relativeInside(root, p);
  return rel !== undefined && (ZED_RULES_FILES as readonly string[]).includes(rel);
}
