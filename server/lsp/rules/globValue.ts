import { quoteYamlScalar } from '../../rules/quoteValues';

/**
 * Reading the glob being typed in a frontmatter value, and writing a completed glob where it
 * goes so that the agent reads it as meant (`globCompletion.ts` makes the items).
 */

/** The glob the cursor is in: where its text starts, the text up to the cursor, the quote it was opened with, and how it must be written. */
export interface TypedGlob {
  start: number;
  text: string;
  quote: '"' | "'" | undefined;
  /** It begins a YAML scalar (the whole value, an element, or one of a flow list): a leading `*` there must be quoted. */
  scalarStart: boolean;
  /** A space to write after `key:` typed without one. */
  lead: string;
  /**
   * Where the value's first glob, quoted on its own, closed its quote (`globs: "**\/*.ts", `):
   * the globs after it go inside that quote, the tool's one comma-separated text, since a
   * quoted scalar followed by more text is not YAML and the tools then read the quotes as part
   * of the glob (what `frontmatter/invalid-glob` reports).
   */
  join?: { at: number; quote: '"' | "'" };
}

/**
 * The glob being typed in `line` between `valueStart` and `cursor`: the value, or one of its
 * comma-separated globs (`commas`: the agent splits the text at commas, inside quotes too),
 * or an element of a flow list `["a", "b`. One pass over the value, minding quotes; undefined
 * inside a quote already closed, after a flow list's end, or after a comma the agent does not
 * split at (the comma would be part of the glob).
 */
export function globBeingTyped(line: string, valueStart: number, cursor: number, commas: boolean): TypedGlob | undefined {
  let start = valueStart;
  let quote: '"' | "'" | undefined;
  let quoteClosed = -1;
  let flow = false;
  let first = true;
  let join: TypedGlob['join'];
  // A comma inside braces is the glob's own (`*.{ts,tsx}`), not a separator.
  let braces = 0;
  const at = (i: number) => {
    // Spaces before a glob are no part of it; a quote right after them opens it.
    while (i < cursor && (line[i] === ' ' || line[i] === '\t')) i++;
    start = i;
    quote = undefined;
    quoteClosed = -1;
    if (line[i] === '"' || line[i] === "'") {
      quote = line[i] as '"' | "'";
      start = i + 1;
      // A second quoted glob: no one quote holds them all.
      join = undefined;
    }
    return start;
  };
  let i = at(valueStart);
  if (quote === undefined && line[i] === '[') {
    flow = true;
    i = at(i + 1);
  }
  for (; i < cursor; i++) {
    const ch = line[i];
    if (quote && quoteClosed < 0) {
      if (quote === '"' && ch === '\\') i++;
      else if (ch === quote && !(quote === "'" && line[i + 1] === "'")) {
        quoteClosed = i;
        braces = 0;
      }
      else if (quote === "'" && ch === "'") i++;
      else if (ch === '{') braces++;
      else if (ch === '}') braces = Math.max(0, braces - 1);
      // A comma the agent does not split at (no splitting, or a list's element) would be part of the glob.
      else if (ch === ',' && braces === 0 && (!commas || flow)) return undefined;
      // The agent splits the quoted text at its commas as it splits a plain one: the glob after one starts there, in the quote.
      else if (ch === ',' && braces === 0) {
        first = false;
        start = i + 1;
        while (start < cursor && (line[start] === ' ' || line[start] === '\t')) start++;
        i = start - 1;
      }
      continue;
    }
    if (ch === '{') braces++;
    else if (ch === '}') braces = Math.max(0, braces - 1);
    else if (ch === ',' && braces === 0) {
      if (!flow && !commas) return undefined;
      // The first glob quoted alone, then a comma: the rest joins its quote.
      if (!flow && first && quote && quoteClosed >= 0 && line.slice(quoteClosed + 1, i).trim() === '') join = { at: quoteClosed, quote };
      first = false;
      braces = 0;
      i = at(i + 1) - 1;
    } else if (ch === ']' && flow) return undefined;
  }
  if (quoteClosed >= 0 || start > cursor) return undefined;
  return { start, text: line.slice(start, cursor), quote, scalarStart: flow || first, lead: valueStart === start && line[valueStart - 1] === ':' && !quote ? ' ' : '', join };
}

/** `text` as written inside a `quote`: `\` and `"` escaped in double quotes, `'` doubled in single ones (YAML 1.2.2 §7.3.1, §7.3.2). */
export function inQuote(text: string, quote: '"' | "'"): string {
  return quote === '"' ? text.replace(/[\\"]/g, (c) => `\\${c}`) : text.replace(/'/g, "''");
}

/** A glob as written where it goes: escaped inside a quote the user opened, quoted where YAML reads its start as syntax (`*` an alias). */
export function written(glob: string, typed: TypedGlob): string {
  if (typed.quote) return inQuote(glob, typed.quote);
  // YAML 1.2.2 §7.3.3 "Plain Style": a plain scalar may not start with an indicator (`*`, `&`, `!`, `%`, `@`, `` ` ``, `{`, `[`, …).
  return typed.scalarStart && /^[,[\]{}#&*!|>'"%@`]/.test(glob) ? quoteYamlScalar(glob) : glob;
}
