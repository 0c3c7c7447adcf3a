import { loadSqlite } from './sqlite';

let glibc: boolean | undefined;

/** Trimmed, or not: `turnedOff` says why the first time trimming fails, and is off from then on. */
export type TrimOutcome = { trimmed: true } | { trimmed: false; turnedOff?: string };

/** Why trimming was turned off for the process, once it was. */
let off: string | undefined;

/**
 * The entry point called: `malloc_trim`, or for tests only the symbol
 * `AGENTLS_TEST_MALLOC_TRIM_ENTRY` names (one libc lacks, to see a failure reported).
 */
const ENTRY = process.env.AGENTLS_TEST_MALLOC_TRIM_ENTRY || 'malloc_trim';

/** SQLite's words for an entry point that ran and returned non-zero (sqlite3.c, `sqlite3LoadExtension`). */
const RAN_AND_RETURNED = 'error during initialization';

/**
 * Hands the pages glibc's malloc holds free back to the system, where the C library is
 * glibc; not trimmed where it is not or malloc_trim could not be called.
 *
 * Why: after a burst of searches the server's RSS stayed 10-60 MiB above its start (the
 * load benchmark, issue 13) although V8's heap had come back: the rest was memory freed
 * to malloc (message buffers between the wire thread and this one, array buffers), held
 * by glibc in the middle of its main heap, which `free` never returns (only the top of
 * the heap is trimmed). `malloc_trim` does: "Since glibc 2.8 this function frees memory in
 * all arenas and in all chunks with whole free pages" (malloc_trim(3), Linux man-pages).
 * Measured with gdb calling it in the server 10 s after the load: RSS 244 -> 188 MiB,
 * below the 218 MiB before the load.
 *
 * How, without native code of our own: SQLite loads an extension with dlopen and calls its
 * entry point, named by the caller, as `int entry(sqlite3 *db, char **err, const
 * sqlite3_api_routines *api)` ("Run-Time Loadable Extensions", sqlite.org/loadext.html;
 * better-sqlite3's `loadExtension(path, entryPoint)` hands both to `sqlite3_load_extension`: its
 * src/objects/database.cpp, 12.9). Named
 * `libc.so.6`, dlopen returns the C library already loaded in the process ("If the same
 * shared object is opened again with dlopen(), the same object handle is returned",
 * dlopen(3); no new code is loaded; better-sqlite3 turns extension loading on for the C
 * call at every open, database.cpp), and `malloc_trim(size_t pad)` runs. Its one argument is then the database's
 * address: the extra two are ignored where arguments pass in registers and the caller
 * removes them (x86-64 System V, AArch64; this relies on the calling convention, no
 * document promises it), and a pad that large only keeps the heap's top uncut (pad is "the
 * amount of free space to leave untrimmed at the top of the heap", malloc_trim(3)), which
 * `free` trims itself; whole free pages inside are released whatever the pad. It returns 1
 * when it released memory, which SQLite reports as "error during initialization: …" (its
 * `sqlite3LoadExtension` in sqlite3.c wraps any non-zero return of the entry point so):
 * expected. Any other error (`libc.so.6` not opened, no such symbol, SQLite built without
 * extension loading) means malloc_trim never ran: trimming is then off for the process, and
 * the first failure says why. A fresh in-memory database each time, closed at once, so no handle is kept.
 */
export function releaseFreedMalloc(): TrimOutcome {
  if (off !== undefined || !isGlibc()) return { trimmed: false };
  const sqlite = loadSqlite();
  if (!sqlite.ok) return { trimmed: false };
  let db: InstanceType<typeof sqlite.Database> | undefined;
  try {
    db = new sqlite.Database(':memory:');
    // The entry point is better-sqlite3's second argument (its JS_loadExtension, above), absent from its types.
    (db.loadExtension as (path: string, entryPoint: string) => unknown).call(db, 'libc.so.6', ENTRY);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!message.startsWith(RAN_AND_RETURNED)) {
      off = message;
      return { trimmed: false, turnedOff: message };
    }
  } finally {
    db?.close();
  }
  return { trimmed: true };
}

/** glibc, not musl or another system's C library: Node's report names glibc's version only where it runs on it (Node docs, "Diagnostic report": header.glibcVersionRuntime). */
function isGlibc(): boolean {
  if (glibc === undefined) {
    try {
      const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
      glibc = process.platform === 'linux' && typeof header?.glibcVersionRuntime === 'string';
    } catch {
      glibc = false;
    }
  }
  return glibc;
}
