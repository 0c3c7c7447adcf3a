import type Database from 'better-sqlite3';
import * as path from 'node:path';
import type { Logger } from '../core/log';
import { loadSqlite } from '../core/sqlite';
import { ensureFolder, setAside } from '../workspace/write';
import type { IndexStore, PickRecord } from './store';

/**
 * Bump when the tables change shape: the snapshot tables of an older database are then
 * dropped (the folder is listed again), the picks kept. 2: snapshots in chunks.
 */
const SCHEMA_VERSION = 2;

/** Versions whose `picks` table has today's shape: kept when their snapshots are dropped. */
const PICKS_SINCE = 1;

// A snapshot is a row of `snapshots` (how many chunks) and its chunks, each a row well under
// 128 KiB (snapshot.ts says why): neither SQLite nor better-sqlite3 ever holds it as one block.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshots (root TEXT PRIMARY KEY, saved_ms INTEGER NOT NULL, chunks INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS snapshot_chunks (root TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (root, seq));
CREATE TABLE IF NOT EXISTS picks (root TEXT NOT NULL, path TEXT NOT NULL, count INTEGER NOT NULL, last_ms INTEGER NOT NULL, PRIMARY KEY (root, path));
`;

/**
 * The index store in `<cacheDir>/file-index.sqlite` (better-sqlite3, WAL so that two
 * editors on the same machine can share it). A database that cannot be read is set
 * aside and started afresh; if even that fails the store keeps nothing and says so once.
 */
export class SqliteStore implements IndexStore {
  private constructor(
    private db: Database.Database | undefined,
    private readonly log: Logger,
    private readonly file?: string,
  ) {}

  /** Opens (creating the folder and the file as needed) the store of a cache folder. */
  static async open(cacheDir: string, log: Logger): Promise<SqliteStore> {
    const sqlite = loadSqlite();
    if (!sqlite.ok) {
      if (!addonFailureLogged) log.warn(`file index: kept in memory only, better-sqlite3 cannot be loaded (${sqlite.reason})`);
      addonFailureLogged = true;
      return new SqliteStore(undefined, log);
    }
    const made = await ensureFolder(cacheDir);
    if (!made.ok) {
      log.warn(`file index: not persisted: ${made.message}`);
      return new SqliteStore(undefined, log);
    }
    const file = path.join(cacheDir, 'file-index.sqlite');
    try {
      return new SqliteStore(openDatabase(file), log, file);
    } catch (err) {
      log.warn(`file index: ${file} cannot be read (${(err as Error).message}); starting a new one`);
      await setAsideDatabase(file);
      try {
        return new SqliteStore(openDatabase(file), log, file);
      } catch (again) {
        log.warn(`file index: not persisted: ${(again as Error).message}`);
        return new SqliteStore(undefined, log);
      }
    }
  }

  /** False when the database could not be opened (nothing is persisted). */
  get persistent(): boolean {
    return this.db !== undefined;
  }

  loadSnapshot(root: string): Uint8Array[] | undefined {
    return this.run(() => {
      const db = this.db!;
      const head = db.prepare('SELECT chunks FROM snapshots WHERE root = ?').get(root) as { chunks: number } | undefined;
      if (!head) return undefined;
      const chunks = db.prepare('SELECT data FROM snapshot_chunks WHERE root = ? ORDER BY seq').pluck().all(root) as Buffer[];
      // Rows missing or left over: not the snapshot that was saved (the decoder checks the bytes).
      return chunks.length === head.chunks ? chunks : undefined;
    });
  }

  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void {
    this.run(() => {
      const db = this.db!;
      const drop = db.prepare('DELETE FROM snapshot_chunks WHERE root = ?');
      const add = db.prepare('INSERT INTO snapshot_chunks (root, seq, data) VALUES (?, ?, ?)');
      const head = db.prepare('INSERT INTO snapshots (root, saved_ms, chunks) VALUES (?, ?, ?) ON CONFLICT(root) DO UPDATE SET saved_ms = excluded.saved_ms, chunks = excluded.chunks');
      db.transaction(() => {
        drop.run(root);
        chunks.forEach((c, seq) => add.run(root, seq, Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
        head.run(root, Date.now(), chunks.length);
      })();
    });
  }

  loadPicks(root: string): PickRecord[] {
    const rows = this.run(() => this.db?.prepare('SELECT path, count, last_ms AS lastMs FROM picks WHERE root = ?').all(root) as PickRecord[] | undefined);
    return rows ?? [];
  }

  savePick(root: string, pick: PickRecord): void {
    this.run(() =>
      this.db
        ?.prepare('INSERT INTO picks (root, path, count, last_ms) VALUES (?, ?, ?, ?) ON CONFLICT(root, path) DO UPDATE SET count = excluded.count, last_ms = excluded.last_ms')
        .run(root, pick.path, pick.count, pick.lastMs),
    );
  }

  close(): void {
    this.run(() => this.db?.close());
    this.db = undefined;
  }

  /** Runs a statement; a failure (disk full, locked too long) is logged and the store goes quiet. */
  private run<T>(statement: () => T): T | undefined {
    if (!this.db) return undefined;
    try {
      return statement();
    } catch (err) {
      // A database damaged inside opens fine and fails later; set aside, the next start builds a new one.
      const damaged = isDamaged(err) && this.file !== undefined;
      this.log.warn(`file index: the cache database failed (${(err as Error).message}); not persisting any more this session${damaged ? '; it is set aside and rebuilt at the next start' : ''}`);
      try {
        this.db.close();
      } catch {
        // already unusable
      }
      this.db = undefined;
      if (damaged) void setAsideDatabase(this.file!);
      return undefined;
    }
  }
}

/** The missing addon is said once per process, not once per workspace folder. */
let addonFailureLogged = false;

function openDatabase(file: string): Database.Database {
  const sqlite = loadSqlite();
  if (!sqlite.ok) throw new Error(sqlite.reason);
  const db = new sqlite.Database(file, { timeout: 2000 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      db.exec('DROP TABLE IF EXISTS snapshots; DROP TABLE IF EXISTS snapshot_chunks;');
      if (!(version >= PICKS_SINCE && version < SCHEMA_VERSION)) db.exec('DROP TABLE IF EXISTS picks;');
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    db.exec(SCHEMA);
    // Damage inside the file (not in its header) opens fine and fails on a later read:
    // checked here, linear in the file, so that it is replaced now rather than never.
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the database is damaged: ${String(check).split('\n').filter((l) => !l.startsWith('***'))[0] ?? 'quick_check failed'}`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function isDamaged(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

async function setAsideDatabase(file: string): Promise<void> {
  await setAside(file);
  await setAside(`${file}-wal`);
  await setAside(`${file}-shm`);
}
