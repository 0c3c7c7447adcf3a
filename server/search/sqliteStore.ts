import type Database from 'better-sqlite3';
import * as path from 'node:path';
import type { Logger } from '../core/log';
import { loadSqlite } from '../core/sqlite';
import { ensureFolder, setAside } from '../workspace/write';
import { SnapshotFiles } from './snapshotFiles';
import type { IndexStore, PickRecord, SnapshotWrite, StoredList } from './store';

/**
 * Bump when the tables change shape: the snapshot tables of an older database are then
 * dropped (the folder is listed again), the picks kept. 2: snapshots in chunks. 3: chunks
 * of a generation. 4: no snapshots (they are files now, see `snapshotFiles.ts`).
 */
const SCHEMA_VERSION = 4;

/** Versions whose `picks` table has today's shape: kept when their snapshots are dropped. */
const PICKS_SINCE = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS picks (root TEXT NOT NULL, path TEXT NOT NULL, count INTEGER NOT NULL, last_ms INTEGER NOT NULL, PRIMARY KEY (root, path));
`;

/**
 * How long after opening the whole database is checked, when nothing was written before:
 * `quick_check` reads every page (15-30 ms for a database that held the 92k-file tree's
 * list), which the first answer after a restart should not wait for.
 */
const CHECK_AFTER_MS = 3000;

/**
 * The index store of a cache folder: the picks in `<cacheDir>/file-index.sqlite`
 * (better-sqlite3, WAL so that two editors on the same machine can share it), the file
 * lists in files beside it (`SnapshotFiles`). A database that cannot be read is set
 * aside and started afresh; if even that fails the store keeps nothing and says so once.
 */
export class SqliteStore implements IndexStore {
  /** `quick_check` ran on this database (or it is new): damage inside is found before the first write. */
  private checked = false;
  private checkTimer: NodeJS.Timeout | undefined;

  private constructor(
    private db: Database.Database | undefined,
    private readonly log: Logger,
    private readonly file?: string,
    private readonly lists?: SnapshotFiles,
  ) {
    if (!db) return;
    this.checkTimer = setTimeout(() => this.ensureSound(), CHECK_AFTER_MS);
    this.checkTimer.unref?.();
  }

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
    const lists = SnapshotFiles.open(cacheDir, log);
    try {
      return new SqliteStore(openDatabase(file), log, file, lists);
    } catch (err) {
      log.warn(`file index: ${file} cannot be read (${(err as Error).message}); starting a new one`);
      setAsideDatabase(file);
      try {
        return new SqliteStore(openDatabase(file), log, file, lists);
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

  loadSnapshot(root: string): StoredList | undefined {
    return this.lists?.load(root);
  }

  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void {
    this.lists?.save(root, chunks);
  }

  beginSnapshot(root: string): SnapshotWrite {
    return this.lists?.begin(root) ?? { add: () => false, commit: async () => false, abandon() {} };
  }

  loadPicks(root: string): PickRecord[] {
    return this.read(() => this.db!.prepare('SELECT path, count, last_ms AS lastMs FROM picks WHERE root = ?').all(root) as PickRecord[]) ?? [];
  }

  savePick(root: string, pick: PickRecord): void {
    this.write(() =>
      this.db
        ?.prepare('INSERT INTO picks (root, path, count, last_ms) VALUES (?, ?, ?, ?) ON CONFLICT(root, path) DO UPDATE SET count = excluded.count, last_ms = excluded.last_ms')
        .run(root, pick.path, pick.count, pick.lastMs),
    );
  }

  close(): void {
    clearTimeout(this.checkTimer);
    this.run(() => this.db?.close());
    this.db = undefined;
  }

  /** Runs a statement that reads: undefined when it failed (a damaged database is replaced by an empty one). */
  private read<T>(statement: () => T): T | undefined {
    const result = this.run(statement);
    return result === DAMAGED ? undefined : result;
  }

  /** Runs a statement that writes, on a database checked whole first; once more on a new database if this one turns out damaged. */
  private write(statement: () => void): void {
    this.ensureSound();
    if (this.run(statement) === DAMAGED && this.db) this.run(statement);
  }

  /** Checks the whole database once; a damaged one is replaced by a new one at once. */
  private ensureSound(): void {
    if (this.checked || !this.db) return;
    this.checked = true;
    clearTimeout(this.checkTimer);
    let problem: string | undefined;
    try {
      problem = damageIn(this.db);
    } catch (err) {
      // Busy or locked by another editor's server: not damage; the reads and writes themselves still fail safely.
      if (!isDamaged(err)) return;
      problem = (err as Error).message;
    }
    if (problem !== undefined) this.replace(problem);
  }

  /** Sets a database damaged inside aside and goes on with a new one (its snapshots are rebuilt from the disk). */
  private replace(problem: string): void {
    this.log.warn(`file index: ${this.file} cannot be read (the database is damaged: ${problem}); starting a new one`);
    try {
      this.db?.close();
    } catch {
      // already unusable
    }
    this.db = undefined;
    setAsideDatabase(this.file!);
    try {
      this.db = openDatabase(this.file!);
      this.checked = true;
    } catch (err) {
      this.log.warn(`file index: not persisted: ${(err as Error).message}`);
    }
  }

  /**
   * Runs a statement; a database damaged inside (it opens fine and fails on a read) is
   * replaced by a new one at once (DAMAGED is returned); any other failure (disk full,
   * locked too long) is logged and the store goes quiet.
   */
  private run<T>(statement: () => T): T | typeof DAMAGED | undefined {
    if (!this.db) return undefined;
    try {
      return statement();
    } catch (err) {
      if (isDamaged(err) && this.file !== undefined) {
        this.replace((err as Error).message);
        return DAMAGED;
      }
      this.log.warn(`file index: the cache database failed (${(err as Error).message}); not persisting any more this session`);
      try {
        this.db.close();
      } catch {
        // already unusable
      }
      this.db = undefined;
      return undefined;
    }
  }
}

const DAMAGED = Symbol('damaged');

/** The missing addon is said once per process, not once per workspace folder. */
let addonFailureLogged = false;

function openDatabase(file: string): Database.Database {
  const sqlite = loadSqlite();
  if (!sqlite.ok) throw new Error(sqlite.reason);
  const db = new sqlite.Database(file, { timeout: 2000 });
  try {
    db.pragma('journal_mode = WAL');
    // A cache: nothing here is lost that use cannot rebuild. OFF skips the fsync at each
    // checkpoint; a server killed mid-write still leaves a sound database, only a crash of
    // the whole machine can damage it, and damage is found (quick_check, failed reads) and
    // replaced by a new one.
    db.pragma('synchronous = OFF');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      db.exec('DROP TABLE IF EXISTS snapshots; DROP TABLE IF EXISTS snapshot_chunks;');
      if (!(version >= PICKS_SINCE && version < SCHEMA_VERSION)) db.exec('DROP TABLE IF EXISTS picks;');
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
      // The lists an older database held (16 MB for the 92k-file tree) are given back to the disk, once.
      if (version > 0) vacuumQuietly(db);
    }
    db.exec(SCHEMA);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Compacts the database, once, as it is upgraded. Another editor's server holding it
 * open may make that fail: the space the old lists took is then reused by later writes
 * rather than given back.
 */
function vacuumQuietly(db: Database.Database): void {
  try {
    db.exec('VACUUM');
    // In WAL mode the compacted pages sit in the log until a checkpoint copies them back.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // busy: the space is reused by later writes instead
  }
}

/**
 * Damage inside the file (not in its header) opens fine and fails on a later read, or
 * never: `quick_check` finds it (linear in the file), so that it is replaced rather than
 * kept for good. Undefined when the database is sound.
 */
function damageIn(db: Database.Database): string | undefined {
  const check = db.pragma('quick_check', { simple: true });
  if (check === 'ok') return undefined;
  return String(check).split('\n').filter((l) => !l.startsWith('***'))[0] ?? 'quick_check failed';
}

function isDamaged(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

function setAsideDatabase(file: string): void {
  setAside(file);
  setAside(`${file}-wal`);
  setAside(`${file}-shm`);
}
