import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { loadSqlite } from '../core/sqlite';

export interface SqliteSummary {
  tables: { name: string; type: 'table' | 'view'; columns: string[] }[];
  /** Tables and views in the file (more than listed when capped). */
  total: number;
}

/** The first bytes of every SQLite 3 database. */
export const SQLITE_MAGIC = 'SQLite format 3\0';

/**
 * Lists the tables of a SQLite database, opened read-only (never written, never
 * created) with a short busy timeout. The caller has checked that the path lies in the
 * workspace and is not too large. Failures are values.
 */
export function summariseSqlite(path: string, maxTables = 25): SqliteSummary | { error: string } {
  let db: Database.Database | undefined;
  const sqlite = loadSqlite();
  if (!sqlite.ok) return { error: `better-sqlite3 cannot be loaded (${sqlite.reason}), so the tables are not shown` };
  try {
    // Looked at again just before the open: a file swapped for a FIFO since the caller's look would hold the thread.
    if (!statSync(path).isFile()) return { error: 'not a regular file' };
    db = new sqlite.Database(path, { readonly: true, fileMustExist: true, timeout: 200 });
    const rows = db.prepare("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; type: 'table' | 'view' }[];
    const tables = rows.slice(0, maxTables).map((r) => {
      const columns = (db!.prepare('SELECT name FROM pragma_table_info(?)').all(r.name) as { name: string }[]).map((c) => c.name);
      return { name: r.name, type: r.type, columns };
    });
    return { tables, total: rows.length };
  } catch (err) {
    return { error: (err as Error).message };
  } finally {
    try {
      db?.close();
    } catch {
      // closing a read-only handle cannot lose data
    }
  }
}
