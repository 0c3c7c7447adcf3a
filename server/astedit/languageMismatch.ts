import type { CollectedFile, ScannedEntry } from './collect';
import type { LanguageInfo } from './languages';
import type { AstEditProblem } from './types';

/**
 * Folders and globs in `paths` whose files the language check dropped, every one: with `lang`
 * set, none is of a language it parses (`--lang ts 'src/**\/*.py'`); without, none is of a
 * language ast-edit parses at all. The entry was searched and gave nothing to check, as one
 * matching no file does, so it is said the same way (`astedit/path-matches-no-file`): beside
 * entries whose files are checked a warning, alone the request's error (`anyKept` false).
 */
export function languageMismatches(scanned: readonly ScannedEntry[], kept: readonly CollectedFile[], forced: LanguageInfo | undefined): AstEditProblem[] {
  const keptPaths = new Set(kept.map((f) => f.path));
  const anyKept = keptPaths.size > 0;
  const out: AstEditProblem[] = [];
  for (const entry of scanned) {
    if (entry.files.some((f) => keptPaths.has(f))) continue;
    const n = entry.files.length;
    const matches = `it matches ${n} file${n === 1 ? '' : 's'}`;
    const message = forced
      ? `No ${forced.label} file matches: ${entry.text} (${matches}, none of them ${forced.label})`
      : `No file ast-edit parses matches: ${entry.text} (${matches}, none in a language ast-edit parses by extension)`;
    out.push({ code: 'astedit/path-matches-no-file', message, field: `paths[${entry.index}]`, severity: anyKept ? 'warning' : 'error' });
  }
  return out;
}
