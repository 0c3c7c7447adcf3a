import type { Finding } from '../core/findings';
import { editorRangeOf, editorView } from '../core/text';

/**
 * Findings computed on texts read from disk, placed in the texts an editor holds. An editor
 * loads a file without its BOM, so line-1 positions in a file whose text had one move one
 * character left. Each file counts on its own: a finding's related location lies in another
 * file, which may have a BOM where the finding's file has none, or the reverse.
 * `hadBom(path)`: whether the text the positions of that file were computed on has a BOM the
 * editor's text of it does not.
 */
export function placedAsEditorShows(findings: Finding[], path: string, hadBom: (path: string) => boolean): Finding[] {
  const own = hadBom(path);
  return findings.map((f) => {
    const related = f.related?.some((r) => hadBom(r.path)) ? f.related.map((r) => (hadBom(r.path) ? { ...r, range: editorRangeOf(r.range, true) } : r)) : f.related;
    if (!own && related === f.related) return f;
    return { ...f, range: editorRangeOf(f.range, own), ...(related ? { related } : {}) };
  });
}

/**
 * Whether positions computed on `computedOn` (a file's text) count a BOM that the editor's
 * text of the file does not hold: `editorText` when it is open, else none (editors load a
 * file without its BOM).
 */
export function bomNotInEditor(computedOn: string | undefined, editorText: string | undefined): boolean {
  return editorView(computedOn ?? '').bom && !editorView(editorText ?? '').bom;
}
