import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import type { FileSystem } from '../../workspace/fs';
import { displayPath, isInside } from '../../workspace/paths';
import { GEMINI_MD } from '../agents/gemini';
import { fileState, findClaudeImports, looksLikeFile } from '../claudeImports';
import { finding } from '../codes';
import { fileTargets } from '../targets';

/**
 * A `GEMINI.md` import of a file that is not there. Gemini CLI's "Memory Import Processor" docs
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
  where: { home: string; settings: { rules: { agents: 'auto' | readonly string[] } } },
  root: string | undefined,
): Promise<Finding[]> {
  if (path.basename(file) !== GEMINI_MD || root === undefined) return [];
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
