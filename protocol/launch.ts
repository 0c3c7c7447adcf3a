/**
 * The environment the language server is started with by the editor set-ups in `editors/`
 * (and by the test and benchmark clients, which start it as those do).
 *
 * `MALLOC_ARENA_MAX`: glibc's malloc gives each thread that allocates an arena of its own
 * (up to eight per core), and memory freed there stays resident. The server's wire thread
 * and V8's helper threads (garbage collection, compilation) allocate outside V8's heap
 * under load, so a burst of searches left the server's RSS 6-15 MiB above its start for
 * good (the load benchmark, `npm run bench -- load`, seven runs on 2 cores); with two
 * arenas, 4-8 MiB (three runs), and 7 MiB less at rest. Two, not one, so that the main
 * thread never waits on a helper thread's lock. glibc alone reads it: under musl, macOS or
 * Windows it is an unused variable. Set by whoever starts the process: glibc reads it once,
 * at the first allocation, before any of agentls's code runs.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
