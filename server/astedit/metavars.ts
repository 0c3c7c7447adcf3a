/**
 * Metavariables as ast-grep reads them: in a pattern (`pat`) a leaf whose whole text is
 * `$NAME`, `$_`, `$$$NAME` or `$$$`; in a template (`out`) every `$NAME` / `$$$NAME`
 * occurrence, wherever it sits in the text. Names are upper-case letters, digits and `_`
 * and start with a letter or `_`; names starting with `_` match without capturing.
 */

export type PatternTokenKind =
  /** `$NAME`: captures one node. */
  | 'single'
  /** `$$$NAME`: captures zero or more nodes. */
  | 'multi'
  /** `$_`, `$_X`: one node, not captured. */
  | 'anonymous'
  /** `$$$`, `$$$_X`: any nodes, not captured. */
  | 'anonymous-multi'
  /** `$$NAME`: not valid here. */
  | 'double-dollar'
  /** `$name`, `$Name`, `$1`: not a metavariable; matched as literal text. */
  | 'not-upper-case'
  /** `$$$$X` and similar runs of dollars. */
  | 'too-many-dollars';

export interface MetavarToken {
  kind: PatternTokenKind;
  /** UTF-16 offsets into the scanned text, covering the dollars and the name. */
  start: number;
  end: number;
  /** The name after the dollars ('' for `$$$`). */
  name: string;
  text: string;
}

const NAME_CHAR = /[A-Za-z0-9_]/;
const VALID_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** Every `$…` run of a pattern that is, or looks like it was meant to be, a metavariable. */
export function scanPatternMetavars(pattern: string): MetavarToken[] {
  const out: MetavarToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '$') continue;
    const start = i;
    let dollars = 0;
    while (pattern[i] === '$') {
      dollars++;
      i++;
    }
    let nameEnd = i;
    while (nameEnd < pattern.length && NAME_CHAR.test(pattern[nameEnd])) nameEnd++;
    const name = pattern.slice(i, nameEnd);
    i = nameEnd - 1;
    const kind = classify(dollars, name);
    if (kind) out.push({ kind, start, end: nameEnd, name, text: pattern.slice(start, nameEnd) });
  }
  return out;
}

function classify(dollars: number, name: string): PatternTokenKind | undefined {
  if (name === '') return dollars === 3 ? 'anonymous-multi' : dollars > 3 ? 'too-many-dollars' : undefined;
  if (dollars > 3) return 'too-many-dollars';
  if (!VALID_NAME.test(name)) return 'not-upper-case';
  if (dollars === 2) return 'double-dollar';
  if (dollars === 3) return name.startsWith('_') ? 'anonymous-multi' : 'multi';
  return name.startsWith('_') ? 'anonymous' : 'single';
}

/** The names a pattern captures, by kind. */
export interface Captures {
  singles: string[];
  multis: string[];
}

export function capturesOf(tokens: readonly MetavarToken[]): Captures {
  const singles = new Set<string>();
  const multis = new Set<string>();
  for (const t of tokens) {
    if (t.kind === 'single') singles.add(t.name);
    else if (t.kind === 'multi') multis.add(t.name);
  }
  return { singles: [...singles], multis: [...multis] };
}

/** One substitution in a template. */
export interface TemplateVar {
  name: string;
  multi: boolean;
  /** Written `$$NAME` (ast-grep reads it as a single capture; we report it). */
  doubleDollar: boolean;
  /** Offsets of the `$…` text in the template. */
  start: number;
  end: number;
  /** Leading spaces of the template line the variable sits on (ast-grep's re-indent base for multi-line captures). */
  indent: number;
}

export interface Template {
  /** Literal text around the variables: `fragments.length === vars.length + 1`. */
  fragments: string[];
  vars: TemplateVar[];
  /** `$` followed by a lower-case or mixed-case name, which ast-grep leaves as literal text. */
  literalDollarNames: { start: number; end: number; text: string }[];
}

const TEMPLATE_NAME_CHAR = /[A-Z0-9_]/;

/**
 * Splits a template as ast-grep's replacer does: up to three `$`, then the longest run of
 * upper-case letters, digits and `_` is the name (`$Afoo` is `$A` followed by `foo`); a `$`
 * with no such name after it is literal text.
 */
export function parseTemplate(template: string): Template {
  const fragments: string[] = [];
  const vars: TemplateVar[] = [];
  const literalDollarNames: Template['literalDollarNames'] = [];
  let fragmentStart = 0;
  let i = 0;
  while (i < template.length) {
    if (template[i] !== '$') {
      i++;
      continue;
    }
    let j = i;
    let dollars = 0;
    while (dollars < 3 && template[j] === '$') {
      dollars++;
      j++;
    }
    let nameEnd = j;
    while (nameEnd < template.length && TEMPLATE_NAME_CHAR.test(template[nameEnd])) nameEnd++;
    if (nameEnd === j) {
      if (/[a-z]/.test(template[j] ?? '')) {
        let end = j;
        while (end < template.length && NAME_CHAR.test(template[end])) end++;
        literalDollarNames.push({ start: i, end, text: template.slice(i, end) });
      }
      i++;
      continue;
    }
    fragments.push(template.slice(fragmentStart, i));
    vars.push({
      name: template.slice(j, nameEnd),
      multi: dollars === 3,
      doubleDollar: dollars === 2,
      start: i,
      end: nameEnd,
      indent: lineIndentBefore(template, i) ?? 0,
    });
    i = nameEnd;
    fragmentStart = nameEnd;
  }
  fragments.push(template.slice(fragmentStart));
  return { fragments, vars, literalDollarNames };
}

/** How far back ast-grep looks for the start of a line; longer lines count as unindented. */
const MAX_INDENT_LOOKBACK = 512;

/**
 * The number of spaces that start the line containing `offset`, or undefined when the
 * line starts without a space (tabs do not count, as in ast-grep) or begins more than
 * `MAX_INDENT_LOOKBACK` characters before `offset`.
 */
export function lineIndentBefore(text: string, offset: number): number | undefined {
  const floor = Math.max(0, offset - MAX_INDENT_LOOKBACK);
  let lineStart = -1;
  for (let k = offset - 1; k >= floor; k--) {
    if (text.charCodeAt(k) === 10) {
      lineStart = k + 1;
      break;
    }
  }
  if (lineStart < 0) {
    if (floor > 0) return undefined;
    lineStart = 0;
  }
  let spaces = 0;
  while (lineStart + spaces < offset && text.charCodeAt(lineStart + spaces) === 32) spaces++;
  return spaces === 0 ? undefined : spaces;
}
