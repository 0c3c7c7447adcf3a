import type BetterSqlite3 from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';

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
    const Package = require('better-sqlite3') as SqliteModule;
    const addon = builtAddon();
    const Database = addon === undefined ? Package : withAddon(Package, addon);
    new Database(':memory:').close();
    loaded = { ok: true, Database };
  } catch (err) {
    loaded = { ok: false, reason: (err as Error).message.split('\n')[0] };
  }
  return loaded;
}

/**
 * Where the package finds its addon, found without its search. Left to itself, better-sqlite3
 * 12 asks the `bindings` package (its lib/database.js), which works out the package's folder from
 * a stack trace and then `require`s each place a build may be, in the order of its `try` list
 * (bindings 1.5, bindings.js): build/, build/Debug/, build/Release/, then older layouts. An
 * install from a prebuilt binary or `node-gyp rebuild` puts it in build/Release/, so each
 * start threw and caught two "cannot find module" errors first: about 5 ms of CPU of a warm
 * start (four rounds of each, one process apiece). The same three places in the same order
 * are looked at here; an addon in none of them is left to `bindings`, as before.
 */
function builtAddon(): string | undefined {
  const root = path.dirname(path.dirname(require.resolve('better-sqlite3')));
  for (const folder of [['build'], ['build', 'Debug'], ['build', 'Release']]) {
    const file = path.join(root, ...folder, 'better_sqlite3.node');
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/**
 * The package's `Database`, every database of which loads `addon` (its `nativeBinding`
 * option, since better-sqlite3 7.5: docs/api.md): an open without it would search after all.
 */
function withAddon(Package: SqliteModule, addon: string): SqliteModule {
  return class extends Package {
    constructor(file?: string | Buffer, options: BetterSqlite3.Options = {}) {
      super(file, { ...options, nativeBinding: addon });
    }
  } as SqliteModule;
}
