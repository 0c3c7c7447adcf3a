import { spawnSync } from 'node:child_process';

/**
 * fzf as a peer in the same run, where it is installed (Debian's `fzf` package): each query
 * through `fzf --filter`, the whole list on its standard input, as a user's fzf sees the
 * workspace. Undefined when there is no fzf, so the benchmark says it did not run instead of
 * quoting a figure measured elsewhere.
 */
export interface Fzf {
  version: string;
  /** The ranked paths fzf prints for `query` (its best first), at most `limit`. */
  search(query: string, limit: number): string[];
}

export function findFzf(list: readonly string[]): Fzf | undefined {
  const probe = spawnSync('fzf', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0 || typeof probe.stdout !== 'string') return undefined;
  const input = Buffer.from(list.join('\n') + '\n');
  return {
    version: probe.stdout.trim().split(/\s+/)[0],
    search(query, limit) {
      // Exit code 1 is "no match": an empty answer, not a failure.
      const run = spawnSync('fzf', ['--filter', query], { input, maxBuffer: 64 * 1024 * 1024 });
      if (run.status !== 0 && run.status !== 1) throw new Error(`fzf --filter ${JSON.stringify(query)} exited ${run.status}: ${run.stderr}`);
      const out = run.stdout.toString('utf8');
      const lines: string[] = [];
      let at = 0;
      while (lines.length < limit && at < out.length) {
        const end = out.indexOf('\n', at);
        lines.push(out.slice(at, end < 0 ? out.length : end));
        at = end < 0 ? out.length : end + 1;
      }
      return lines;
    },
  };
}
