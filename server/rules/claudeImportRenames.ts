import * as path from 'node:path';
import { overLimit } from '../core/limits';
import { afterMoves, writtenLike, type FileRenames, type PathMove, type Replacement } from '../workspace/renamedPaths';
import { findClaudeImports, looksLikeFile, MAX_IMPORTS_PER_FILE, MAX_SCANNED_CHARS, resolveClaudeImport } from './claudeImports';

/**
 * The `@path` imports of the Claude Code memory file `file` (text `text`) rewritten for files
 * or folders about to be renamed: an import that names a moved file (or one under a moved
 * folder) as Claude Code resolves it (relative to the memory file, `~/` from `home`, absolute
 * as it is: `resolveClaudeImport`), and a relative file-shaped import of a memory file that
 * moves. Each keeps its form; a space is written `\ `, as Claude Code's loader reads it
 * (see claudeImports.ts). Each replacement covers the path after `@`. A file past what agentls
 * reads of one (its characters, its imports) gets none (`FileRenames`).
 */
export function claudeImportRenames(file: string, text: string, home: string, moves: readonly PathMove[]): FileRenames {
  // Past the characters scanned, only a file holding an `@` somewhere may hold an import left unmoved: one with none has nothing to say.
  if (text.length > MAX_SCANNED_CHARS) return text.includes('@') ? { edits: [], overLimit: overLimit('this file holds', text.length, MAX_SCANNED_CHARS, 'characters') } : { edits: [] };
  // All of them, to say how many: the scan is linear in the characters read, capped above.
  const imports = findClaudeImports(text, Number.POSITIVE_INFINITY);
  if (imports.length > MAX_IMPORTS_PER_FILE) return { edits: [], overLimit: overLimit('this file holds', imports.length, MAX_IMPORTS_PER_FILE, '@ imports') };
  const newFile = afterMoves(file, moves);
  const out: Replacement[] = [];
  for (const imp of imports) {
    const target = resolveClaudeImport(file, imp.path, home);
    const newTarget = afterMoves(target, moves);
    if (newTarget === target) {
      // Only the memory file moves: a relative import now starts from elsewhere, if it names a file at all (`@alice` is a person).
      const relative = !imp.path.startsWith('~/') && !path.isAbsolute(imp.path);
      if (newFile === file || !relative || !looksLikeFile(imp.path)) continue;
    }
    const written = writtenLike(imp.path, newTarget, path.dirname(newFile), home);
    if (written === imp.path) continue;
    const spelled = written.replace(/ /g, '\\ ');
    // An import is read up to `#` and without trailing punctuation (`findClaudeImports`): a new name cut so would name another path, and is not written.
    if (findClaudeImports(`@${spelled}`)[0]?.path !== written) continue;
    out.push({ start: imp.start + 1, end: imp.end, text: spelled });
  }
  return { edits: out };
}
