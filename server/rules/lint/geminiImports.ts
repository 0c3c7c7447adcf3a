import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import type { FileSystem } from '../../workspace/fs';
import { displayPath, isInside } from '../../workspace/paths';
import { GEMINI_MD } from '../agents/gemini';
import { fileState, findClaudeImports, looksLikeFile } from '../claudeImports';
import { finding } from '../codes';
import { fileTargets } from '../targets';

/** What the import lint asks of the session: the home, the agents shown, and each root's context names. */
export interface GeminiWhere {
  home: string;
  settings: { rules: { agents: 'auto' | readonly string[] } };
  /** The context file names Gemini CLI reads in a root (`context.fileName`, `workspace/geminiSettings.ts`). */
  geminiContextNames(root: string): readonly string[];
}

/**
 * Whether Gemini CLI may read `p` as a context file, so its imports are judged: its name is among
 * its root's context names, or is `GEMINI.md` (the default, kept so that a file the settings turn
 * off and on again is judged again when they change). A path outside every root: GEMINI.md alone.
 */
export function mayBeGeminiContextFile(p: string, where: { rootOf(p: string): string | undefined; geminiContextNames(root: string): readonly string[] }): boolean {
  const name = path.basename(p);
  if (name === GEMINI_MD) return true;
  const root = where.rootOf(p);
  return root !== undefined && where.geminiContextNames(root).includes(name);
}

/**
 * An import of a file that is not there, in a context file of Gemini CLI's: one whose name is
 * among the root's `context.fileName` names (GEMINI.md by default). Its source
 * (google-gemini/gemini-cli, packages/core/src/utils/memoryDiscovery.ts) finds the context files
 * for every name `getAllGeminiMdFilenames()` gives and `readGeminiMdFiles` runs `processImports`
 * on each of them, whatever its name; the docs below speak of GEMINI.md only. Gemini CLI's "Memory Import Processor" docs
 * (https://geminicli.com/docs/reference/memport; its repository's docs/core/memport.md): `@` then
 * a path, relative to the importing file's folder (`@./x.md`, `@../x.md`) or absolute; imports
 * inside code blocks and inline code spans are ignored; a missing file makes the import "fail
 * gracefully with an error comment in the output", so what it names never reaches the model.
 * The tokens are found with Claude Code's import parser (`claudeImports.ts`), whose documented
 * syntax is the same `@path` outside code. Where the two differ:
 * - `~/`: Claude Code's docs allow it; Gemini CLI's name only relative and absolute paths, so a
 *   `@~/…` token is not looked up (nor is anything in the home folder).
 * - HTML comments and blocks: Claude Code's parser skips them; Gemini CLI's docs do not say.
 *   Skipping them here can only leave a finding out.
 * - Which tokens are imports: only file-shaped ones are judged (`looksLikeFile`: `./`, `../`, `/`,
 *   or a text file's extension), so `@alice` in prose is never reported.
 * - Imports of imports, cycles and the depth limit (5 by default, same docs): not followed here.
 * Gemini CLI also refuses an import outside the project root; agentls reads nothing outside the
 * workspace folder, so an import leading out of it is left alone.
 */
export async function geminiImportFindingsFor(
  file: string,
  text: string,
  lines: LineIndex,
  fs: FileSystem,
  where: GeminiWhere,
  root: string | undefined,
): Promise<Finding[]> {
  if (root === undefined || !where.geminiContextNames(root).includes(path.basename(file))) return [];
  if (!fileTargets(where.settings.rules.agents, 'gemini', false).has('gemini')) return [];
  const out: Finding[] = [];
  for (const imp of findClaudeImports(text)) {
    if (imp.path.startsWith('~') || !looksLikeFile(imp.path)) continue;
    const target = path.resolve(path.dirname(file), imp.path);
    if (target === path.resolve(file) || !isInside(root, target)) continue;
    if ((await fileState(fs, target)) !== 'missing') continue;
    const shown = displayPath(target, root, where.home);
    out.push(finding('gemini/import-missing', 'warning', lines.range(imp.start, imp.end), `Gemini CLI imports ${shown} here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.`));
  }
  return out;
}
