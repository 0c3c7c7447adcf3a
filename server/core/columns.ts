/*
 * The name column of a plain-text report (`agentls rules`, `rules --for`): as wide as the
 * longest name shown, so that every row's next column starts at one place, but never wider
 * than `NAME_COLUMN_MAX`, so that one long path does not push every row off an 80- or
 * 120-column terminal. A name past the cap keeps a line of its own, whole, and its row goes
 * on below it at the column: a name cut in the middle could no longer be copied or searched
 * for, and it is a path the reader may want to open. Widths count UTF-16 code units, as the
 * names are paths and rule names, nearly always ASCII.
 */

/** The widest a name column grows. */
export const NAME_COLUMN_MAX = 60;

/** The width of a name column holding `names`: the longest, at most `NAME_COLUMN_MAX`. */
export function nameColumnWidth(names: Iterable<string>): number {
  let width = 0;
  for (const n of names) width = Math.max(width, Math.min(n.length, NAME_COLUMN_MAX));
  return width;
}

/**
 * Between the name column and the next: two spaces, as names hold single ones
 * (`AGENTS.md (imported by CLAUDE.md)`), so that where a name ends stays plain.
 */
const GAP = '  ';

/**
 * One row: `lead` (indentation, a mark), the name padded to `width`, the gap, then `rest`; a
 * name wider than the column on its own line, with `rest` on the next at the same column.
 */
export function nameColumnRow(lead: string, name: string, width: number, rest: string): string {
  if (name.length <= width) return `${lead}${name.padEnd(width)}${GAP}${rest}`;
  return `${lead}${name}\n${' '.repeat(lead.length + width + GAP.length)}${rest}`;
}
