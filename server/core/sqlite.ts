import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3, loaded on first use rather than at start-up: it is a native addon, and
 * on another Node ABI, or where it could not be compiled, loading it fails. agentls then
 * runs without it (the file index lives in memory, SQLite files get no table preview);
 * nothing else depends on it. The addon itself loads lazily inside the package, so the
 * probe opens an in-memory database to find out for sure.
 */
export type SqliteModule = typeof BetterSqlite3;

export type SqliteLoad = { ok: true; Database: SqliteModule } | { ok: false; reason: string };

let loaded: SqliteLoad | undefined;

export function loadSqlite(): SqliteLoad {
  if (loaded) return loaded;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Database = require('better-sqlite3') as SqliteModule;
    new Database(':memory:').close();
    loaded = { ok: true, Database };
  } catch (err) {
    loaded = { ok: false, reason: (err as Error).message.split('\n')[0] };
  }
  return loaded;
}
