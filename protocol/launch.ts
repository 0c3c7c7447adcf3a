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
 *
 * `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`: glibc (2.35 on) then asks the kernel for
 * transparent huge pages (`madvise(MADV_HUGEPAGE)`) on the blocks it maps for allocations
 * over 2 MiB and grows its main heap in 2 MiB steps (glibc's manual, "Memory Allocation
 * Tunables"; the patch that added it, "malloc: Add madvise support for Transparent Huge
 * Pages", libc-alpha, December 2021). Where the kernel gives huge pages only on request
 * (`/sys/kernel/mm/transparent_hugepage/enabled` is `madvise`, a common default), the file
 * index's character arrays (several MiB each) are then mapped with one fault per 2 MiB
 * rather than one per 4 KiB; on the machines of this workplace a first-touched page costs
 * 12-30 µs. The LSP warm start on the bench's 92k-file list, eight rounds interleaved:
 * pages first touched by the first result 18,170 -> 12,690, CPU 825 -> 738 ms, RSS 6 s
 * later 142 -> 145 MiB; the load benchmark's RSS 10 s after stayed within its 10 MiB
 * (+5, +5, +6 MiB without, +6, +3, +6 with). Older glibc ignores a tunable it does not
 * know; musl, macOS and Windows ignore the variable. It replaces a `GLIBC_TUNABLES` of the
 * editor's own environment, as `MALLOC_ARENA_MAX` does.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' };
