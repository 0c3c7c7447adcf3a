import * as path from 'node:path';
import type { FileSystem } from '../workspace/fs';
import { claudeDialect, findClaudeImports, looksLikeFile, MAX_IMPORTED_FILE_BYTES, type ClaudeImport, type ImportDialect } from './claudeImports';

/**
 * Claude Code's walk of one memory file's imports, as its loader takes it: `processMemoryFile` in
 * its claudemd.ts (Claude Code's bundled cli.js; public transcriptions of its source compiled to
 * JavaScript, and the claude-agent crate's memory_loader.rs, which reproduces 2.1.12, agree):
 * - depth first, each file's imports in document order, each import followed to the end of its
 *   chain before the next import of the same file;
 * - one set of processed files for the whole load (`processedPaths`): a file already in it is
 *   skipped wherever it is met again, so every file is read once, at the first chain that reaches it;
 * - the depth is checked before a file is added to that set: a file met past the limit is
 *   neither read nor marked, so a shorter chain met later still loads it; a file marked at the
 *   last hop loads, but its own imports are past the limit, and are not tried again when a
 *   shorter chain reaches that file later (it is processed already).
 * The hops counted here are `dialect.maxHops` (`claudeDialect`): a file at that hop loads, its imports do not.
 */
export interface ClaudeImportWalk {
  dialect: ImportDialect;
  /** Claude Code's `processedPaths`: the memory file, then every file the load has taken. */
  processed: Set<string>;
  /**
   * Reads `chain`'s last file, which `imp` imports, for the load (after the depth check, once it is
   * marked processed): its text, to follow its imports; undefined where it is not loaded (unreadable,
   * not agentls's to read, left unread by a budget); `'missing'` where there is no such file, which is
   * then left unmarked so that every import naming it is judged (marking it changes nothing Claude Code
   * loads); `'stop'` to end the walk (it is then not marked either).
   */
  read(chain: string[], imp: ClaudeImport): Promise<{ text: string } | undefined | 'missing' | 'stop'>;
  /** `chain`'s last file, which `imp` imports, is past the hop limit there: not loaded through this chain. */
  pastLimit?(chain: string[], imp: ClaudeImport): Promise<void>;
}

/** Follows the imports of `text`, the text of `chain`'s last file, as Claude Code does (`ClaudeImportWalk`). False: the walk was stopped. */
export async function walkClaudeImports(walk: ClaudeImportWalk, chain: string[], text: string): Promise<boolean> {
  const from = chain[chain.length - 1];
  for (const imp of findClaudeImports(text)) {
    const target = walk.dialect.resolve(from, imp.path);
    if (target === undefined) continue;
    if (!(await loadImport(walk, [...chain, target], imp))) return false;
  }
  return true;
}

/**
 * One import in Claude Code's walk: `chain`'s last file, which `imp` (in the file before it) names.
 * The caller may judge the import first (`claudeImportFindings` does so for the memory file's own).
 * False: the walk was stopped.
 */
export async function loadImport(walk: ClaudeImportWalk, chain: string[], imp: ClaudeImport): Promise<boolean> {
  const target = chain[chain.length - 1];
  if (walk.processed.has(target)) return true;
  // chain[0] is the memory file (hop 0): the target is hop chain.length - 1.
  if (chain.length - 1 > walk.dialect.maxHops) {
    await walk.pastLimit?.(chain, imp);
    return true;
  }
  walk.processed.add(target);
  const read = await walk.read(chain, imp);
  if (read === 'stop' || read === 'missing') walk.processed.delete(target);
  if (read === 'stop') return false;
  return read === undefined || read === 'missing' || (await walkClaudeImports(walk, chain, read.text));
}

/**
 * Whether `from`, a memory file of text `text`, makes Claude Code load `target` through its
 * imports: directly or through imports of imports, as its loader walks them (`ClaudeImportWalk`).
 * Only file-shaped imports are read further (`looksLikeFile`), and `budget.files` caps the reads
 * across calls sharing it; an import of `target` counts whatever its shape.
 */
export async function importsLoad(fs: FileSystem, from: string, text: string, target: string, home: string, budget: { files: number }): Promise<boolean> {
  let loads = false;
  const walk: ClaudeImportWalk = {
    dialect: claudeDialect(home),
    processed: new Set([path.resolve(from)]),
    read: async (chain, imp) => {
      const p = chain[chain.length - 1];
      if (p === target) {
        loads = true;
        return 'stop';
      }
      if (!looksLikeFile(imp.path) || budget.files <= 0) return undefined;
      budget.files--;
      const read = await fs.readText(p, { maxBytes: MAX_IMPORTED_FILE_BYTES });
      return read.ok ? { text: read.text } : undefined;
    },
  };
  await walkClaudeImports(walk, [from], text);
  return loads;
}
