import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import type { FileSystem } from '../../workspace/fs';
import { displayPath, isInside } from '../../workspace/paths';
import { GEMINI_MD } from '../agents/gemini';
import { fileShapedImports, fileState, followBudget, importedFile, importsNotCheckedFinding, MAX_IMPORTED_FILE_BYTES, readFollowed, type ImportDialect, type SpentBudget } from '../claudeImports';
import { findGeminiImports } from '../geminiImportTokens';
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
 * How deep Gemini CLI follows imports of imports. Its source (google-gemini/gemini-cli,
 * packages/core/src/utils/memoryImportProcessor.ts, `processImports`): each imported file is
 * processed one level deeper, from 0 for the context file, and a file processed at level 5 (the
 * default `maxDepth`; its docs, "Maximum Import Depth": "default: 5 levels") is returned as it
 * is, its own `@path` lines left as plain text. So a file 5 imports away is read, one 6 away is
 * not: the same count as Claude Code's hops.
 */
const GEMINI_IMPORT_MAX_DEPTH = 5;

/**
 * The file Gemini CLI imports with `token` in a file at `from`: relative to the importing file's
 * folder or absolute, within `root` (undefined: no import, or one agentls does not follow). Its processor refuses an import outside the project root (`validateImportPath`,
 * the nearest folder above holding `.git`); agentls reads nothing outside the workspace folder,
 * so an import leading out of it is not followed.
 * The user memory `~/.gemini/GEMINI.md` is judged with the first workspace folder as `root`
 * (`RulesEngine.rootFor`): its imports of the workspace's files are looked up; those of the
 * rest of `~/.gemini` are not, though Gemini CLI reads them (its `readGeminiMdFiles` passes no
 * project root, so `processImports` allows what lies under the nearest folder above
 * `~/.gemini` holding `.git`, else under `~/.gemini` itself: google-gemini/gemini-cli,
 * packages/core/src/utils/memoryDiscovery.ts and memoryImportProcessor.ts). Of `~/.gemini`
 * agentls reads only that file (`geminiUserMemoryFile`): the folder holds Gemini CLI's
 * settings and credentials, and looking up an import there would widen what it reads.
 */
function geminiImportTarget(root: string, from: string, token: string): string | undefined {
  const target = path.resolve(path.dirname(from), token);
  return isInside(root, target) ? target : undefined;
}

/** Gemini CLI's imports in the workspace folder `root`: `GEMINI_IMPORT_MAX_DEPTH` levels, what `geminiImportTarget` follows. */
export function geminiDialect(root: string): ImportDialect {
  return { maxHops: GEMINI_IMPORT_MAX_DEPTH, resolve: (from, token) => geminiImportTarget(root, from, token) };
}

/**
 * An import of a file that is not there, in a context file of Gemini CLI's or in a file it
 * imports, and an import deeper than Gemini CLI follows. A context file is one whose name is
 * among the root's `context.fileName` names (GEMINI.md by default). Its source
 * (google-gemini/gemini-cli, packages/core/src/utils/memoryDiscovery.ts) finds the context files
 * for every name `getAllGeminiMdFilenames()` gives and `readGeminiMdFiles` runs `processImports`
 * on each of them, whatever its name; the docs below speak of GEMINI.md only. Gemini CLI's
 * "Memory Import Processor" docs (https://geminicli.com/docs/reference/memport; its repository's
 * docs/core/memport.md) and its processor (packages/core/src/utils/memoryImportProcessor.ts):
 * - `@` then a path, relative to the importing file's folder (`@./x.md`, `@../x.md`) or absolute.
 * - Imports inside code blocks and inline code spans are ignored (the docs; the processor's
 *   `findCodeRegions` skips text between matching runs of backticks).
 * - A missing file: the docs say the import "will fail gracefully with an error comment in the
 *   output"; the processor puts `<!-- Import failed: PATH - ENOENT… -->` in its place, in an
 *   imported file as in the context file, so what it names never reaches the model. Not in a
 *   file at the depth: the processor returns it before looking at its imports, so the `@` line
 *   is sent as text and the file never looked for (said as too deep).
 * - Imported files are processed in turn (`processImports` recurses), at most
 *   `GEMINI_IMPORT_MAX_DEPTH` levels deep; a file already on the chain that leads to it is not
 *   imported again (`processedFiles`, copied per chain: "File already processed"), so a cycle is
 *   harmless and is not said.
 * The tokens are found as Gemini CLI's processor finds them (`findGeminiImports`, which says where
 * that differs from Claude Code's loader: the white space before `@`, a path running to the next
 * white space, code as runs of backticks, HTML comments read); only file-shaped ones are judged
 * (`looksLikeFile`), so `@alice` in prose is never reported, though Gemini CLI tries it too; a
 * `@~/…` token is none (its docs name only relative and absolute paths), so nothing in the home
 * folder is looked up. Chains are followed breadth first (`walkGeminiImports`), each file read once
 * at the lowest level a chain reaches it, within Claude Code's walker's budget of files and bytes
 * (where it runs out, a note says so: `importsNotCheckedFinding`; and on a file over the 1 MiB
 * agentls reads of one file, whose imports go unchecked).
 * Sentence punctuation after a path is part of it to Gemini CLI, so `@./a.md.` names `./a.md.`,
 * which it looks for as written (`fs.access`): where only `a.md` is there the import fails, and is
 * said so, at the top level as down a chain (`importedFile`); the finding names the path the author
 * meant. Not where the same file is imported cleanly elsewhere in the context file, which inlines it there.
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
  // What the lint judges: the file-shaped ones, so that a mention never warns.
  const dialect = fileShapedImports(geminiDialect(root));
  const shown = (p: string) => displayPath(p, root, where.home);
  const tops = findGeminiImports(text);
  // One finding per import of the context file, the first problem its chains lead to.
  const said: (Finding | undefined)[] = [];
  const say = (top: number, code: 'gemini/import-missing' | 'gemini/import-too-deep', message: string) => {
    said[top] ??= finding(code, 'warning', lines.range(tops[top].start, tops[top].end), message);
  };
  const reached = new Set([path.resolve(file)]);
  const first: Reached[] = [];
  // A file imported cleanly anywhere in this file is inlined there, whatever a `@./it.md.` elsewhere does.
  const clean = new Set(tops.filter((i) => !i.kept).map((i) => dialect.resolve(file, i.path)));
  for (const [top, imp] of tops.entries()) {
    const target = dialect.resolve(file, imp.path);
    if (target === undefined || target === path.resolve(file)) continue;
    const state = await fileState(fs, target);
    if (state === 'unchecked') continue;
    if (state === 'missing') {
      say(top, 'gemini/import-missing', `Gemini CLI imports ${shown(target)} here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.`);
      continue;
    }
    // Its token runs to the next white space (`findImports`), so `@./a.md.` names `./a.md.`: the import fails where no such file is.
    if (imp.kept && !clean.has(target) && (await fileState(fs, target + imp.kept)) === 'missing') {
      say(
        top,
        'gemini/import-missing',
        `Gemini CLI reads this import with the \`${imp.kept}\` after it, as ${shown(target + imp.kept)}, and there is no such file: it puts an error comment in its place, so this import never brings in ${shown(target)}. Put a space between the path and the punctuation.`,
      );
      continue;
    }
    if (reached.has(target)) continue;
    reached.add(target);
    first.push({ path: target, chain: [file, target], top });
  }
  const missing = (top: number, chain: string[], target: string) =>
    say(top, 'gemini/import-missing', `Through this import (${chain.slice(1).map(shown).join(' → ')}), Gemini CLI imports ${shown(target)}, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.`);
  const walked = await walkGeminiImports(fs, dialect, first, reached, missing);
  // Past the depth only what no chain of this file reaches within it: a shorter chain reads the file. Another context
  // file may read it too (or be it), so the message says only that this chain does not: its `@` line goes as text all the same.
  for (const deep of walked.pastDepth) {
    if (reached.has(deep.path) || said[deep.top]) continue;
    // A file at the depth is returned as it is before its imports are looked at (`processImports`, above): an
    // import of a file that is not there gets no error comment there, its `@` line goes as plain text all the same.
    const state = await fileState(fs, deep.path);
    if (state === 'unchecked') continue;
    const chain = deep.chain;
    const where = `${dialect.maxHops} levels deep; through this import, ${shown(deep.path)}`;
    const via = chain.slice(1).map(shown).join(' → ');
    const message =
      state === 'missing'
        ? `Gemini CLI follows imports ${where} would be level ${chain.length - 1}, where Gemini CLI does not look for it (there is no such file either): its \`@\` line is sent as plain text (${via}).`
        : `Gemini CLI follows imports ${where} is level ${chain.length - 1}, where Gemini CLI does not read it: its \`@\` line is sent as plain text (${via}).`;
    say(deep.top, 'gemini/import-too-deep', message);
  }
  // Past the depth nothing was judged (`walkGeminiImports`): a file left unread might reach a deep one by a shorter chain.
  const depth = walked.depthJudged ? '' : `; nor were any of this file's chains checked against the ${dialect.maxHops} levels Gemini CLI follows`;
  // A file over the cap for one file: what it imports is unknown, said where nothing else is (and the depth, where no budget note says it).
  for (const { top, path: big } of walked.tooLarge) {
    said[top] ??= finding(
      'gemini/import-not-checked',
      'information',
      lines.range(tops[top].start, tops[top].end),
      `agentls reads at most ${MAX_IMPORTED_FILE_BYTES / (1024 * 1024)} MiB of a file Gemini CLI imports, and ${shown(big)} is larger: the imports in it were not checked, so a missing file or a chain too deep below it goes unreported${walked.cut ? '' : depth}.`,
    );
  }
  const found = said.filter((f): f is Finding => f !== undefined);
  if (!walked.cut) return found;
  const cut = [...walked.cut.tops].sort((a, b) => a - b);
  // On the first cut import without a finding of its own: a warning there already takes the line.
  const noted = cut.find((top) => !said[top]) ?? cut[0];
  return [...found, importsNotCheckedFinding('gemini', lines.range(tops[noted].start, tops[noted].end), walked.cut.spent, cut.length - 1, depth)];
}

/** A file reached through the imports of a context file: the chain to it (the context file first) and the import of the context file that leads there. */
interface Reached {
  path: string;
  chain: string[];
  top: number;
}

/**
 * Gemini CLI's imports below the context file's own (`first`, level 1), breadth first, so
 * that each file is taken at the lowest level any chain reaches it (`reached` gathers them):
 * Gemini CLI's tree-mode `processImports` walks every chain, each with its own copy of
 * `processedFiles` (google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts),
 * so a file is read when some chain reaches it within `GEMINI_IMPORT_MAX_DEPTH` levels, however
 * long the others. An import of a file that is not there, in a file of a level below the
 * depth, goes to `missing`; the imports of the files at the depth, which Gemini CLI never looks
 * at, are `pastDepth`, to be judged once every level is known. Within the budget of files and
 * bytes (`followBudget`); when it runs out before the files of the depth, or a file there is over
 * the cap for one file (`tooLarge`, with the import of the context file that leads to it), `pastDepth`
 * is empty and `depthJudged` false: a shorter chain might lie among the files left unread. `cut`: the
 * budget left files unread, and the imports of the context file whose chains lead to them.
 */
async function walkGeminiImports(
  fs: FileSystem,
  dialect: ImportDialect,
  first: Reached[],
  reached: Set<string>,
  missing: (top: number, chain: string[], target: string) => void,
): Promise<{ pastDepth: Reached[]; depthJudged: boolean; tooLarge: { top: number; path: string }[]; cut?: { spent: SpentBudget; tops: Set<number> } }> {
  const budget = followBudget();
  const pastDepth: Reached[] = [];
  const tooLarge: { top: number; path: string }[] = [];
  let complete = true;
  let cut: { spent: SpentBudget; tops: Set<number> } | undefined;
  let level = first;
  for (let depth = 1; level.length > 0 && depth <= dialect.maxHops; depth++) {
    const next: Reached[] = [];
    for (const at of level) {
      const read = await readFollowed(fs, at.path, budget);
      if (!read.ok) {
        if (read.tooLarge) tooLarge.push({ top: at.top, path: at.path });
        if (!read.spent && !read.tooLarge) continue;
        if (depth < dialect.maxHops) complete = false;
        if (!read.spent) continue;
        cut ??= { spent: read.spent, tops: new Set() };
        cut.tops.add(at.top);
        continue;
      }
      for (const imp of findGeminiImports(read.text)) {
        const target = dialect.resolve(at.path, imp.path);
        if (target === undefined || reached.has(target)) continue;
        if (depth === dialect.maxHops) {
          pastDepth.push({ path: target, chain: [...at.chain, target], top: at.top });
          continue;
        }
        const state = await importedFile(fs, target, imp.kept);
        if (state === 'unchecked') continue;
        if (state !== 'present') {
          missing(at.top, at.chain, state.missing);
          continue;
        }
        reached.add(target);
        next.push({ path: target, chain: [...at.chain, target], top: at.top });
      }
    }
    level = next;
  }
  return { pastDepth: complete ? pastDepth : [], depthJudged: complete, tooLarge, ...(cut ? { cut } : {}) };
}
