import type { PatchAnalysis } from './analysis';
import { renderSplices } from './diff';

/**
 * A patch document whose sections have been applied. A patch names lines as they were, so
 * once applied its anchors are stale and it would read as broken (`stale-anchor` errors)
 * though it did its job. An editor keeps, per open patch text, what each section would
 * make of its file (`sectionResults`); a section whose file now holds exactly that is
 * applied (`markApplied`), whoever applied it: a code action, a command, or the editor.
 */

/** What each section that applies now would make of its file: absolute path → LF text. */
export function sectionResults(analysis: PatchAnalysis): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of analysis.sections) {
    if (!s.target.ok || !s.lines || s.result?.ok !== true || s.result.recovered) continue;
    out.set(s.target.path, renderSplices(s.lines, s.result.applied.splices));
  }
  return out;
}

/** Marks the sections that no longer apply because their file holds what they made of it (`remembered`, from `sectionResults`). */
export function markApplied(analysis: PatchAnalysis, remembered: ReadonlyMap<string, string>): void {
  for (const s of analysis.sections) {
    if (!s.target.ok || !s.lines || s.result?.ok === true || s.parsed.issues.length > 0) continue;
    const result = remembered.get(s.target.path);
    if (result !== undefined && renderSplices(s.lines, []) === result) s.applied = true;
  }
}
