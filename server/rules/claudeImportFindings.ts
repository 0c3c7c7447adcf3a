import * as path from 'node:path';
import type { Finding } from '../core/findings';
import type { LineIndex, Range } from '../core/text';
import type { FileSystem } from '../workspace/fs';
import { isInside } from '../workspace/paths';
import { claudeDialect, fileShapedImports, fileState, findClaudeImports, followBudget, importedFile, importsNotCheckedFinding, looksLikeFile, MAX_IMPORTED_FILE_BYTES, readFollowed, resolveClaudeImport, type ClaudeImport, type ImportDialect, type SpentBudget } from './claudeImports';
import { loadImport, type ClaudeImportWalk } from './claudeImportWalk';
import { finding } from './codes';

/**
 * The findings on a memory file's imports: a file-shaped import that names no file (here or
 * further down its chain), and a file that Claude Code's load never reaches within its hops
 * (`ClaudeImportWalk`: a chain past the limit warns only where no other chain loads the file).
 * One finding for each import of the memory file, the first its chains lead to, with the
 * imports of a file taken below the first import that reaches it (Claude Code reads it once).
 * Only files `fs` may read are checked (the workspace and the user-level folders): an import
 * outside them is left alone, never read.
 */
export async function claudeImportFindings(
  file: string,
  text: string,
  lines: LineIndex,
  fs: FileSystem,
  home: string,
  display: (p: string) => string,
  /** The ignored part of the workspace a path lies in (`IgnoreRules.ignoredPart`), shown as `display` shows paths. */
  ignoredPart: (p: string) => Promise<string | undefined> = async () => undefined,
  /** The workspace folder, where an import written from it is looked for (`fromRootHint`). */
  root?: string,
): Promise<Finding[]> {
  const imports = findClaudeImports(text);
  if (imports.length === 0) return [];
  // One finding for each of the memory file's imports at most, said in their order.
  const said: (Finding | undefined)[] = [];
  const dialect = fileShapedImports(claudeDialect(home));
  // A file imported cleanly anywhere in this memory file is loaded, whatever a `@it.` elsewhere does.
  const clean = new Set(imports.filter((i) => !i.kept).map((i) => resolveClaudeImport(file, i.path, home)));
  const walk = new FindingsWalk(file, dialect, fs);
  for (const [index, imp] of imports.entries()) {
    const keyword = keywordImport(text, imp);
    if (keyword && (await fileState(fs, resolveClaudeImport(file, imp.path, home))) === 'missing') {
      said[index] = finding(
        'claude/import-missing',
        'warning',
        lines.range(imp.start, keyword.end),
        `Claude Code reads \`@${imp.path}\` as an import of a file named ${imp.path}, which does not exist, and ${keyword.path} after it as plain text: that file is never loaded. Write \`@${keyword.path}\`.`,
        { data: { fix: 'replace', title: `Write @${keyword.path}`, newText: `@${keyword.path}` } },
      );
      continue;
    }
    const target = dialect.resolve(file, imp.path);
    // The memory file naming itself ("tools that still look for @CLAUDE.md."): its text is loaded anyway.
    if (target === undefined || target === path.resolve(file)) continue;
    const range = lines.range(imp.start, imp.end);
    const state = await fileState(fs, target);
    if (state === 'unchecked') continue;
    if (state === 'missing') {
      const ignored = await ignoredPart(target);
      // A file a build makes (git ignores it): missing in a fresh clone, there where the build has run.
      said[index] =
        ignored !== undefined
          ? finding('claude/import-missing', 'information', range, `Claude Code imports ${display(target)} here, and there is no such file now. It lies in ${ignored}, which is ignored (.gitignore, .ignore or search.exclude), so a build may make it: Claude Code loads it where that has happened and skips it without a word elsewhere, as in a fresh clone.`)
          : await missingImportFinding(file, imp, target, range, fs, display, root);
      continue;
    }
    if (imp.kept && !clean.has(target) && (await fileState(fs, target + imp.kept)) === 'missing') {
      said[index] = finding(
        'claude/import-missing',
        'warning',
        range,
        `Claude Code reads this import with the \`${imp.kept}\` after it, as ${display(target + imp.kept)}, and there is no such file: this import never loads ${display(target)}. Put a space between the path and the punctuation.`,
      );
      continue;
    }
    await walk.follow({ index, range }, [file, target], imp);
  }
  // Past the limit only what the load never takes: a shorter chain met later loads the file. Where the budget left
  // files unread, one of them might hold that shorter chain, so no chain is judged too deep.
  const judged = walk.cut === undefined;
  for (const { at, chain, target } of walk.missing) {
    said[at.index] ??= finding('claude/import-missing', 'warning', at.range, `Through this import (${chain.slice(1).map(display).join(' → ')}), Claude Code imports ${display(target)}, and there is no such file: that import is skipped without a word.`);
  }
  for (const { at, chain } of walk.deep) {
    if (!judged || walk.processed.has(chain[chain.length - 1])) continue;
    said[at.index] ??= finding(
      'claude/import-too-deep',
      'warning',
      at.range,
      `Claude Code follows imports ${dialect.maxHops} hops deep; through this import, ${display(chain[chain.length - 1])} is hop ${chain.length - 1} and is never loaded (${chain.slice(1).map(display).join(' → ')}).`,
    );
  }
  // A file over the cap for one file: what it imports is unknown, said where nothing else is.
  for (const { at, file: big } of walk.tooLarge) {
    said[at.index] ??= finding(
      'claude/import-not-checked',
      'information',
      at.range,
      `agentls reads at most ${MAX_IMPORTED_FILE_BYTES / (1024 * 1024)} MiB of a file Claude Code imports, and ${display(big)} is larger: the imports in it were not checked, so a missing file or a chain too deep below it goes unreported.`,
    );
  }
  const found = said.filter((f): f is Finding => f !== undefined);
  if (walk.cut === undefined) return found;
  // The note goes on the first import the budget cut short that has no finding of its own.
  const cut = walk.cut.tops.filter((t) => said[t.index] === undefined);
  if (cut.length === 0) return found;
  const unjudged = walk.deep.length > 0 ? `; nor was any chain past the ${dialect.maxHops} hops Claude Code follows judged, as a shorter one may lie in the files left unread` : '';
  return [...found, importsNotCheckedFinding('claude', cut[0].range, walk.cut.spent, cut.length - 1, unjudged)];
}

/** One of the memory file's imports: where it is in the file's list, and its range. */
interface TopImport {
  index: number;
  range: Range;
}

/**
 * Claude Code's load of one memory file's imports (`ClaudeImportWalk`), gathering what the
 * findings need: imports of files that are not there, files met past the hop limit, and
 * where the budget (`followBudget`: files and bytes, each file read once) left files unread;
 * each with the memory file's import whose chains led there.
 */
class FindingsWalk implements ClaudeImportWalk {
  readonly processed: Set<string>;
  readonly missing: { at: TopImport; chain: string[]; target: string }[] = [];
  /** Chains to a file past the hop limit, which loads only if another chain takes it. */
  readonly deep: { at: TopImport; chain: string[] }[] = [];
  cut: { spent: SpentBudget; tops: TopImport[] } | undefined;
  /** Files over the cap for one file (`MAX_IMPORTED_FILE_BYTES`), with the import that led there: their imports were not read. */
  readonly tooLarge: { at: TopImport; file: string }[] = [];
  private readonly budget = followBudget();
  private at: TopImport | undefined;

  constructor(
    file: string,
    readonly dialect: ImportDialect,
    private readonly fs: FileSystem,
  ) {
    this.processed = new Set([path.resolve(file)]);
  }

  /** Follows `imp`, the import of the memory file `at` that names `chain`'s last file, which is there. */
  async follow(at: TopImport, chain: string[], imp: ClaudeImport): Promise<void> {
    this.at = at;
    await loadImport(this, chain, imp);
  }

  async read(chain: string[], imp: ClaudeImport): Promise<{ text: string } | undefined | 'missing'> {
    const at = this.at!;
    const p = chain[chain.length - 1];
    // The memory file's own imports are judged before they are followed (`claudeImportFindings`).
    if (chain.length > 2) {
      const state = await importedFile(this.fs, p, imp.kept);
      if (state === 'unchecked') return undefined;
      if (state !== 'present') {
        this.missing.push({ at, chain: chain.slice(0, -1), target: state.missing });
        return 'missing';
      }
    }
    const read = await readFollowed(this.fs, p, this.budget);
    if (read.ok) return { text: read.text };
    if (read.tooLarge) this.tooLarge.push({ at, file: p });
    if (read.spent) {
      this.cut ??= { spent: read.spent, tops: [] };
      if (!this.cut.tops.includes(at)) this.cut.tops.push(at);
    }
    return undefined;
  }

  async pastLimit(chain: string[], imp: ClaudeImport): Promise<void> {
    const at = this.at!;
    const state = await importedFile(this.fs, chain[chain.length - 1], imp.kept);
    if (state === 'unchecked') return;
    if (state === 'present') this.deep.push({ at, chain });
    else this.missing.push({ at, chain: chain.slice(0, -1), target: state.missing });
  }
}

/** Words other languages import with (`@import` in CSS and Sass, `@include`), which Claude Code reads as a file's name. */
const IMPORT_KEYWORDS = new Set(['import', 'include']);
/**
 * An import of a file that is not there. Where the memory file lies below the workspace folder and
 * the path, read from that folder, names a file (`@.claude/conventions.md` in `.claude/CLAUDE.md`),
 * the author wrote it from there: Claude Code reads a relative path from the folder of the file
 * holding the import (its memory docs, as `claudeImports.ts` cites them), so the finding gives the
 * path that loads it, and a fix.
 */
async function missingImportFinding(file: string, imp: ClaudeImport, target: string, range: Range, fs: FileSystem, display: (p: string) => string, root: string | undefined): Promise<Finding> {
  const said = `Claude Code imports ${display(target)} here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.`;
  const relative = !path.isAbsolute(imp.path) && !imp.path.startsWith('~/');
  // Only a memory file below the workspace folder: the user's ~/.claude/CLAUDE.md serves every project, none of whose files it means.
  const below = root !== undefined && isInside(root, file) && path.dirname(path.resolve(file)) !== path.resolve(root);
  if (root === undefined || !relative || !below) return finding('claude/import-missing', 'warning', range, said);
  const meant = path.resolve(root, imp.path);
  const written = path.relative(path.dirname(path.resolve(file)), meant).split(path.sep).join('/');
  // A path with white space would need `\ ` escapes to load: no fix is offered for it.
  if (meant === target || /\s/.test(written) || (await fileState(fs, meant)) !== 'present') return finding('claude/import-missing', 'warning', range, said);
  return finding(
    'claude/import-missing',
    'warning',
    range,
    `${said} Claude Code reads a relative path from the folder of the file that holds the import; ${display(meant)} is this path read from the workspace folder. Write \`@${written}\`.`,
    { data: { fix: 'replace', title: `Write @${written}`, newText: `@${written}` } },
  );
}

/** Characters after `@import` looked at for the path it was meant to import. */
const MAX_KEYWORD_PATH_CHARS = 4096;

/**
 * `@import ../shared/CLAUDE.md` written as other languages import: Claude Code's import is
 * `@path` (its memory docs), so it takes `import` for the file and the path for text. The
 * path written after the keyword, and where it ends, when it is file-shaped.
 */
function keywordImport(text: string, imp: ClaudeImport): { path: string; end: number } | undefined {
  if (!IMPORT_KEYWORDS.has(imp.path) || imp.kept) return undefined;
  // Only a line of its own (or a list item): in a sentence or a table, `@import x.scss` is
  // more likely about CSS than an import meant for Claude Code, and an indented line is code.
  const lineStart = text.lastIndexOf('\n', imp.start - 1) + 1;
  if (imp.start - lineStart > MAX_KEYWORD_INDENT || !/^(?: {0,3}| {0,3}(?:[-*+]|\d{1,3}[.)])[ \t]+)$/.test(text.slice(lineStart, imp.start))) return undefined;
  // The path, maybe quoted and closed by `;` as CSS writes it (both replaced with the keyword), then only sentence punctuation (kept) to the end of the line.
  const next = /^[ \t]+(["'`]?)([^\s"'`\\]+?)\1;?(?=[.,:]?[ \t]*(?:\r?\n|$))/.exec(text.slice(imp.end, imp.end + MAX_KEYWORD_PATH_CHARS));
  if (!next || !looksLikeFile(next[2])) return undefined;
  return { path: next[2], end: imp.end + next[0].length };
}

/** Characters before `@import` on its line: a list marker and its spaces at most. */
const MAX_KEYWORD_INDENT = 12;

