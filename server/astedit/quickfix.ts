import { cutAt } from '../core/shortText';
import type { FileSystem } from '../workspace/fs';
import type { AstBackend, OpQuery } from './backend';
import { pathInScope, type CollectWorkspace } from './collect';
import { acceptsFile, languageByName, languageOfPath } from './languages';
import { renderReplacement, type Span } from './render';
import type { AstEditOp } from './types';
import { validateOps } from './validate';

/** A recipe of the workspace, as quick fixes use it. */
export interface KnownRecipe {
  /** File name without `.astedit.yaml` etc. */
  name: string;
  /** Absolute path of the recipe file. */
  path: string;
  /** Workspace folder its relative paths start from. */
  root: string;
  ops: AstEditOp[];
  paths: string[];
  lang?: string;
}

/** One rewrite offered at the cursor: the recipe op whose `pat` matches there, for that match alone. */
export interface QuickFix {
  recipe: KnownRecipe;
  opIndex: number;
  start: number;
  end: number;
  before: string;
  after: string;
  title: string;
}

/** Documents larger than this get no quick fixes (parsing them on every cursor move costs too much). */
const MAX_DOCUMENT_CHARS = 1024 * 1024;
const MAX_FIXES = 8;

/**
 * Every rewrite the recipes offer in a document: for every recipe whose `paths` cover the
 * file and whose language is the file's, every match of every op. Broken recipes and
 * patterns offer nothing (their own diagnostics say why); files with syntax errors get
 * nothing, as an ast-edit would skip them. Computed once per document version; the
 * cursor only filters (`fixesAt`).
 */
export async function quickFixesIn(
  doc: { path: string; text: string },
  recipes: readonly KnownRecipe[],
  deps: { backend: AstBackend; workspace: CollectWorkspace; fs: FileSystem },
): Promise<QuickFix[]> {
  if (doc.text.length > MAX_DOCUMENT_CHARS) return [];
  const fileLang = languageOfPath(doc.path);
  const fixes: QuickFix[] = [];
  for (const recipe of recipes) {
    const forced = recipe.lang ? languageByName(recipe.lang) : undefined;
    if (recipe.lang && !forced) continue;
    const lang = forced ?? fileLang;
    if (!lang || (forced && fileLang && !acceptsFile(forced, fileLang))) continue;
    const validated = validateOps(recipe.ops);
    if (validated.problems.some((p) => p.severity === 'error' && !(p.code === 'astedit/metavar-case' && lang.dollarIsSyntax))) continue;
    const candidates = validated.ops.filter((op) => {
      const check = deps.backend.checkPattern(lang.id, op.pat);
      return !check.unavailable && !check.compileError && !check.syntaxError && check.literals.every((w) => doc.text.includes(w));
    });
    if (candidates.length === 0) continue;
    if (!(await pathInScope(doc.path, recipe.paths, recipe.root, deps.workspace, deps.fs))) continue;
    const queries: OpQuery[] = candidates.map((op) => ({ pattern: op.pat, singles: op.singles, multis: op.multis }));
    const [scan] = await deps.backend.scan(lang.id, queries, [{ text: doc.text, ops: queries.map((_, i) => i) }]);
    if (!scan || scan.failure || scan.syntaxError) continue;
    for (const m of scan.matches) {
      const op = candidates[m.op];
      const after = renderReplacement(doc.text, m.start, op.template, {
        singles: new Map(op.singles.flatMap((name, i) => (m.singles[i] ? [[name, m.singles[i]!] as [string, Span]] : []))),
        multis: new Map(op.multis.map((name, i) => [name, m.multis[i] ?? undefined] as [string, Span | undefined])),
      });
      fixes.push({
        recipe,
        opIndex: op.index,
        start: m.start,
        end: m.end,
        before: doc.text.slice(m.start, m.end),
        after,
        title: `Rewrite with ${recipe.name}: ${short(op.pat)} → ${op.out === '' ? '(delete)' : short(op.out)}`,
      });
    }
  }
  return fixes;
}

/** The fixes whose match contains `[start, end]`, innermost first. */
export function fixesAt(fixes: readonly QuickFix[], start: number, end: number): QuickFix[] {
  return fixes
    .filter((f) => f.start <= start && end <= f.end)
    .sort((a, b) => a.end - a.start - (b.end - b.start) || a.start - b.start)
    .slice(0, MAX_FIXES);
}

/** The recipe name shown in titles: the file name without its `.astedit.*` suffix. */
export function recipeName(filePath: string): string {
  const base = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
  return base.replace(/\.astedit\.(ya?ml|json)$/i, '');
}

function short(text: string): string {
  const line = text.split('\n', 1)[0];
  const more = line.length < text.length ? ' …' : '';
  return line.length > 48 ? cutAt(line, 47) + '…' : line + more;
}
