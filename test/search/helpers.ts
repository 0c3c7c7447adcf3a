import { NEVER_CANCELLED, type Cancellation } from '../../server/core/cancel';
import { PathTable } from '../../server/search/pathTable';
import { parseQuery } from '../../server/search/query';
import { rankTable, type TableMatches } from '../../server/search/rank';

/** A table of the given paths (sizes and times unknown unless given). */
export function tableOf(paths: readonly string[], mtimes: Record<string, number> = {}): PathTable {
  const table = new PathTable();
  for (const p of paths) table.add(p, mtimes[p] !== undefined ? 1 : -1, mtimes[p] ?? 0);
  return table;
}

/** Ranked paths for a query. */
export async function ranked(table: PathTable, query: string, options: { limit?: number; allowed?: Uint8Array; cancel?: Cancellation; now?: number } = {}): Promise<string[]> {
  return (await rank(table, query, options)).ranked.map((r) => table.path(r.id));
}

export function rank(table: PathTable, query: string, options: { limit?: number; allowed?: Uint8Array; cancel?: Cancellation; now?: number } = {}): Promise<TableMatches> {
  return rankTable(table, parseQuery(query), { limit: options.limit ?? 50, allowed: options.allowed, cancel: options.cancel ?? NEVER_CANCELLED, now: options.now ?? Date.now() });
}
