import type { PathTable } from './pathTable';
import type { Narrowing } from './rankTypes';

/**
 * The last search of a table, so the next keystroke scans only its matches: a query
 * whose text starts with the previous one (one more character, one more word) can only
 * match files the previous one matched, as long as no file was added or removed and the
 * filters are the same. Anything else searches the whole table.
 */
export class KeystrokeMemory {
  private last: { table: PathTable; structure: number; filters: string; text: string; narrowing: Narrowing } | undefined;

  /** The matches to narrow a search to, or undefined for a full search. */
  narrowFor(table: PathTable, filters: string, text: string): Narrowing | undefined {
    const last = this.last;
    if (!last || last.table !== table || last.structure !== table.structure || last.filters !== filters) return undefined;
    return last.text !== '' && text.startsWith(last.text) ? last.narrowing : undefined;
  }

  remember(table: PathTable, filters: string, text: string, narrowing: Narrowing | undefined): void {
    this.last = narrowing ? { table, structure: table.structure, filters, text, narrowing } : undefined;
  }
}
