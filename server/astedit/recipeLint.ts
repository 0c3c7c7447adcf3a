import type { Finding } from '../core/findings';
import type { Range } from '../core/text';
import { describeSyntaxError, type AstBackend } from './backend';
import { previewAstEdit, type EngineOptions } from './engine';
import { languageByName, languageHintOfPaths, languageNames, type LanguageInfo } from './languages';
import { parseRecipe, valueRange, type ParsedRecipe, type RecipeValue } from './recipe';
import type { AstEditOutcome, AstEditProblem } from './types';
import { validateOps } from './validate';

export interface RecipeLintOptions {
  backend: AstBackend;
  /**
   * Also dry-run the recipe over the workspace: reports paths that do not exist, mixed
   * languages, patterns that match nothing, overlaps and skipped files. Costs a scan,
   * so the server does it when a recipe is opened or saved, not on every keystroke.
   */
  run?: { root: string } & Omit<EngineOptions, 'backend'>;
  /** A dry run of this same request made earlier, reported instead of running again (positions follow the current text). */
  previous?: AstEditOutcome;
}

export interface RecipeLint {
  findings: Finding[];
  recipe: ParsedRecipe;
  /** The dry run, when one was made (or reused). */
  outcome?: AstEditOutcome;
}

/** Every finding of a recipe document (codes `astedit/…`). */
export async function lintRecipe(text: string, format: 'yaml' | 'json', options: RecipeLintOptions): Promise<RecipeLint> {
  const recipe = parseRecipe(text, format);
  const findings = [...recipe.findings];
  const result: RecipeLint = { findings, recipe };
  const request = recipe.request;
  if (!request) return result;

  let lang: LanguageInfo | undefined;
  if (recipe.lang) {
    lang = languageByName(recipe.lang.value);
    if (!lang) findings.push(finding('astedit/unknown-language', 'error', `\`lang\` "${recipe.lang.value}" is not a language ast-edit parses; use one of ${languageNames()}`, valueRange(recipe, recipe.lang)));
  }
  const hint = lang ?? languageHintOfPaths(request.paths);
  const validated = validateOps(request.ops);
  for (const p of validated.problems) {
    if (p.code === 'astedit/metavar-case' && hint?.dollarIsSyntax) continue;
    findings.push(problemFinding(recipe, p));
  }
  // Over a limit, no pattern is parsed.
  if (validated.problems.some((p) => p.code === 'astedit/too-large')) return result;
  if (hint) findings.push(...patternFindings(recipe, hint, options.backend));
  if ((!options.run && !options.previous) || findings.some((f) => f.severity === 'error')) return result;

  const outcome = options.previous ?? (await previewAstEdit({ ...request, root: options.run!.root }, { ...options.run!, backend: options.backend }));
  result.outcome = outcome;
  if (!outcome.ok) {
    findings.push(...outcome.problems.map((p) => problemFinding(recipe, p)));
    return result;
  }
  const preview = outcome.preview;
  // Metavariables inside tokens come from patternFindings, with their exact position.
  for (const w of preview.warnings) if (w.code !== 'astedit/metavar-in-text') findings.push(problemFinding(recipe, w));
  if (!hint) findings.push(...patternFindings(recipe, languageByName(preview.lang)!, options.backend));
  const perOp = new Map<number, number>();
  for (const f of preview.files) for (const c of f.changes) perOp.set(c.op, (perOp.get(c.op) ?? 0) + 1);
  const brokenPats = new Set(findings.filter((f) => f.code === 'astedit/invalid-pattern').map((f) => JSON.stringify(f.range)));
  recipe.ops.forEach((op, i) => {
    const range = valueRange(recipe, op.pat);
    if (perOp.get(i) || brokenPats.has(JSON.stringify(range))) return;
    findings.push(finding('astedit/no-matches', 'information', `No matches: \`${op.pat.value}\` matches nothing in the ${plural(preview.totals.filesSearched, 'file')} searched (${preview.lang})`, range));
  });
  for (const f of preview.files) {
    for (const [, b] of f.overlaps) {
      const change = f.changes[b];
      findings.push(
        finding('astedit/overlap', 'warning', `Matches overlap in ${f.display} (line ${change.startLine}): an apply will refuse them; refine the pattern`, valueRange(recipe, recipe.ops[change.op].pat)),
      );
    }
  }
  if (preview.skipped.length) {
    const names = preview.skipped.slice(0, 5).map((s) => `${s.display} (${s.reason})`);
    const more = preview.skipped.length > 5 ? `, and ${preview.skipped.length - 5} more` : '';
    findings.push(finding('astedit/skipped-files', 'information', `${plural(preview.skipped.length, 'file')} skipped, not rewritten: ${names.join(', ')}${more}`, keyRange(recipe, recipe.pathsKey)));
  }
  if (preview.limitReached) {
    findings.push(finding('astedit/limit-reached', 'warning', `The preview stopped at ${plural(preview.files.length, 'file')} with changes (agentls.astEdit.maxFiles); narrow paths`, keyRange(recipe, recipe.pathsKey)));
  }
  return result;
}

/** Patterns that do not compile or parse in the language, and metavariables inside larger tokens. */
function patternFindings(recipe: ParsedRecipe, lang: LanguageInfo, backend: AstBackend): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const op of recipe.ops) {
    if (op.pat.value.trim() === '' || seen.has(op.pat.value)) continue;
    seen.add(op.pat.value);
    const check = backend.checkPattern(lang.id, op.pat.value);
    if (check.unavailable) {
      out.push(finding('astedit/language-unavailable', 'error', check.unavailable, valueRange(recipe, op.pat)));
      break;
    }
    if (check.compileError) {
      out.push(finding('astedit/invalid-pattern', 'error', `Invalid pattern for ${lang.id}: ${check.compileError}`, valueRange(recipe, op.pat)));
    } else if (check.syntaxError) {
      const e = check.syntaxError;
      out.push(finding('astedit/invalid-pattern', 'error', `Invalid pattern: \`${op.pat.value}\` does not parse as ${lang.id} (${describeSyntaxError(e)})`, valueRange(recipe, op.pat)));
    }
    for (const t of check.notWholeNode) {
      out.push(
        finding(
          'astedit/metavar-in-text',
          'warning',
          `\`${t.text}\` is part of a larger ${lang.id} token, so it is not a metavariable and matches only that literal text: a metavariable must stand for a whole node`,
          valueRange(recipe, op.pat, t.start, t.end),
        ),
      );
    }
  }
  return out;
}

/** A request problem at the recipe value its `field` names. */
function problemFinding(recipe: ParsedRecipe, p: AstEditProblem): Finding {
  return finding(p.code, p.severity, p.message, fieldRange(recipe, p));
}

function fieldRange(recipe: ParsedRecipe, p: AstEditProblem): Range {
  const op = /^ops\[(\d+)\]\.(pat|out)$/.exec(p.field);
  if (op) {
    const value: RecipeValue | undefined = recipe.ops[Number(op[1])]?.[op[2] as 'pat' | 'out'];
    if (value) return valueRange(recipe, value, p.start, p.end);
  }
  const pathIndex = /^paths\[(\d+)\]$/.exec(p.field);
  if (pathIndex && recipe.paths[Number(pathIndex[1])]) return valueRange(recipe, recipe.paths[Number(pathIndex[1])]);
  if (p.field === 'lang') return recipe.lang ? valueRange(recipe, recipe.lang) : keyRange(recipe, recipe.pathsKey);
  if (p.field === 'ops') return keyRange(recipe, recipe.opsKey);
  return keyRange(recipe, recipe.pathsKey);
}

function keyRange(recipe: ParsedRecipe, key: { start: number; end: number }): Range {
  return recipe.lines.range(key.start, key.end);
}

function finding(code: string, severity: Finding['severity'], message: string, range: Range): Finding {
  return { code, severity, message, range };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line per code, for SARIF and documentation. */
export const RECIPE_CODES: Record<string, string> = {
  'astedit/yaml-error': 'The recipe is not valid YAML',
  'astedit/json-error': 'The recipe is not valid JSON',
  'astedit/too-large': 'The recipe is larger or nests deeper than agentls reads',
  'astedit/recipe-shape': 'A recipe field has the wrong shape',
  'astedit/unknown-key': 'A key that is not a recipe field',
  'astedit/no-ops': 'The recipe has no ops',
  'astedit/no-paths': 'The recipe has no paths',
  'astedit/empty-pattern': 'An empty pat',
  'astedit/duplicate-pattern': 'The same pat twice',
  'astedit/double-dollar': '$$NAME is not a valid metavariable',
  'astedit/metavar-case': 'A $name that is not a metavariable (names are upper-case)',
  'astedit/metavar-dollars': 'Too many dollars before a metavariable name',
  'astedit/unknown-capture': 'out uses a metavariable pat does not capture',
  'astedit/capture-kind': 'out uses $X where pat captures $$$X, or the reverse',
  'astedit/invalid-pattern': 'A pattern that does not parse in the target language',
  'astedit/metavar-in-text': 'A metavariable inside a larger token, which matches only literally',
  'astedit/unknown-language': 'lang names no language ast-edit parses',
  'astedit/language-unavailable': 'The parser of the language cannot be loaded',
  'astedit/mixed-languages': 'The paths hold several languages and lang is not set',
  'astedit/no-files': 'The paths match no file ast-edit parses',
  'astedit/path-not-found': 'A path that does not exist',
  'astedit/path-matches-no-file': 'A folder or glob in paths that matches no file, or only files of another language than lang',
  'astedit/outside-workspace': 'A path outside the workspace folders',
  'astedit/empty-path': 'An empty entry in paths',
  'astedit/bad-glob': 'A glob that cannot match as intended',
  'astedit/unsupported-url': 'An internal URL in paths with a glob, or without a backing file',
  'astedit/symlink': 'A symbolic link in paths (never followed)',
  'astedit/not-a-folder': 'A path that is neither a file nor a folder',
  'astedit/unreadable-folder': 'A folder under paths that cannot be read',
  'astedit/no-matches': 'A pattern that matches nothing in the paths',
  'astedit/overlap': 'Matches overlap, so an apply would refuse',
  'astedit/skipped-files': 'Files skipped for syntax errors or read failures',
  'astedit/limit-reached': 'The preview stopped at the files-with-changes limit',
};
