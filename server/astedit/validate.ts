import { LIMITS, overLimit } from '../core/limits';
import type { LanguageInfo } from './languages';
import { capturesOf, parseTemplate, scanPatternMetavars, type MetavarToken, type Template } from './metavars';
import type { AstEditOp, AstEditProblem } from './types';

/** An op after validation, with what the matcher and renderer need. */
export interface CompiledOp {
  /** Index in the request as the user wrote it. */
  index: number;
  pat: string;
  out: string;
  tokens: MetavarToken[];
  singles: string[];
  multis: string[];
  template: Template;
}

/**
 * The checks that need no parser and no file, made before anything runs: at least one
 * op, no empty or duplicate `pat`, and no metavariable mistakes — `$$NAME`, names that are
 * not upper-case (which ast-grep silently treats as literal text), and `out` using a
 * capture `pat` does not make (which ast-grep silently replaces by nothing). `lang`, when
 * known, exempts languages where `$name` is ordinary syntax (shell variables).
 */
export function validateOps(ops: readonly AstEditOp[], lang?: LanguageInfo): { ops: CompiledOp[]; problems: AstEditProblem[] } {
  const problems: AstEditProblem[] = [];
  const compiled: CompiledOp[] = [];
  if (ops.length === 0) {
    problems.push({ code: 'astedit/no-ops', message: '`ops` must contain at least one {pat, out} rewrite', field: 'ops', severity: 'error' });
  }
  if (ops.length > LIMITS.astEditOps) {
    problems.push({ code: 'astedit/too-large', message: overLimit('this rewrite has', ops.length, LIMITS.astEditOps, 'ops'), field: 'ops', severity: 'error' });
    return { ops: compiled, problems };
  }
  const seen = new Map<string, number>();
  const dollarIsSyntax = lang?.dollarIsSyntax === true;
  ops.forEach((op, index) => {
    const patField = `ops[${index}].pat`;
    const outField = `ops[${index}].out`;
    const long = op.pat.length > op.out.length ? { field: patField, length: op.pat.length } : { field: outField, length: op.out.length };
    if (long.length > LIMITS.astEditPatternChars) {
      problems.push({ code: 'astedit/too-large', message: `\`${long.field}\`: ${overLimit('this pattern has', long.length, LIMITS.astEditPatternChars, 'characters')}`, field: long.field, severity: 'error' });
      return;
    }
    if (op.pat.trim() === '') {
      problems.push({ code: 'astedit/empty-pattern', message: `\`${patField}\` must be a non-empty pattern`, field: patField, severity: 'error' });
      return;
    }
    const first = seen.get(op.pat);
    if (first !== undefined) {
      problems.push({
        code: 'astedit/duplicate-pattern',
        message: `Duplicate rewrite pattern: ${op.pat} (already ops[${first}].pat); merge the two ops`,
        field: patField,
        severity: 'error',
      });
      return;
    }
    seen.set(op.pat, index);
    const tokens = scanPatternMetavars(op.pat);
    for (const t of tokens) {
      const problem = tokenProblem(t, patField, dollarIsSyntax, 'pat');
      if (problem) problems.push(problem);
    }
    const { singles, multis } = capturesOf(tokens);
    const template = parseTemplate(op.out);
    problems.push(...templateProblems(template, singles, multis, op.pat, outField, dollarIsSyntax));
    compiled.push({ index, pat: op.pat, out: op.out, tokens, singles, multis, template });
  });
  return { ops: compiled, problems };
}

function tokenProblem(t: MetavarToken, field: string, dollarIsSyntax: boolean, where: 'pat' | 'out'): AstEditProblem | undefined {
  const at = { field, start: t.start, end: t.end, severity: 'error' as const };
  switch (t.kind) {
    case 'double-dollar':
      return {
        code: 'astedit/double-dollar',
        message: `\`${t.text}\` in ${where} is not a valid metavariable: write \`$${t.name}\` for one node or \`$$$${t.name}\` for any number of nodes`,
        ...at,
      };
    case 'not-upper-case':
      if (dollarIsSyntax) return undefined;
      return {
        code: 'astedit/metavar-case',
        message: `\`${t.text}\` in ${where} is not a metavariable (names are upper-case letters, digits and _, starting with a letter or _): it would match the literal text \`${t.text}\`; write \`$${t.name.toUpperCase().replace(/^(\d)/, '_$1')}\``,
        ...at,
      };
    case 'too-many-dollars':
      return { code: 'astedit/metavar-dollars', message: `\`${t.text}\` in ${where} has too many dollars: use \`$NAME\`, \`$$$NAME\`, \`$_\` or \`$$$\``, ...at };
    default:
      return undefined;
  }
}

function templateProblems(template: Template, singles: string[], multis: string[], pat: string, field: string, dollarIsSyntax: boolean): AstEditProblem[] {
  const problems: AstEditProblem[] = [];
  for (const v of template.vars) {
    const text = `${v.multi ? '$$$' : v.doubleDollar ? '$$' : '$'}${v.name}`;
    const at = { field, start: v.start, end: v.end, severity: 'error' as const };
    if (v.doubleDollar) {
      problems.push({
        code: 'astedit/double-dollar',
        message: `\`${text}\` in out is not a valid metavariable: write \`$${v.name}\` for one node or \`$$$${v.name}\` for any number of nodes`,
        ...at,
      });
      continue;
    }
    if (v.name.startsWith('_')) {
      problems.push({ code: 'astedit/unknown-capture', message: `\`${text}\` in out cannot be used: \`$_\` and \`$$$\` match without capturing, so there is nothing to insert`, ...at });
      continue;
    }
    const own = v.multi ? multis : singles;
    if (own.includes(v.name)) continue;
    const other = v.multi ? singles : multis;
    if (other.includes(v.name)) {
      const right = v.multi ? `$${v.name}` : `$$$${v.name}`;
      problems.push({
        code: 'astedit/capture-kind',
        message: `\`${text}\` in out does not match pat, which captures \`${right}\`: write \`${right}\` (otherwise nothing is inserted)`,
        ...at,
      });
      continue;
    }
    problems.push({
      code: 'astedit/unknown-capture',
      message: `\`${text}\` in out is not captured by pat \`${pat}\`: it would be replaced by nothing`,
      ...at,
    });
  }
  if (!dollarIsSyntax) {
    for (const l of template.literalDollarNames) {
      problems.push({
        code: 'astedit/metavar-case',
        message: `\`${l.text}\` in out is not a metavariable (names are upper-case): it is written out literally`,
        field,
        start: l.start,
        end: l.end,
        severity: 'error',
      });
    }
  }
  return problems;
}

/** Ops in the order the engine applies them: by pattern, byte-wise (UTF-8), as upstream does. */
export function sortOps(ops: readonly CompiledOp[]): CompiledOp[] {
  return [...ops].sort((a, b) => Buffer.compare(Buffer.from(a.pat, 'utf8'), Buffer.from(b.pat, 'utf8')));
}
