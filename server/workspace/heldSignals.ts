/**
 * A multi-file write is all-or-nothing only if it runs to its end: Ctrl-C (SIGINT), a CI
 * runner's cancel (SIGTERM) or a closed terminal (SIGHUP) arriving between two renames would
 * leave some files new and others old, and staged temporary files behind. While a write runs,
 * those signals are held; when the last running write ends (written, or refused and rolled
 * back), the first one held is raised again with its default action, so the process still
 * ends as the signal asked, only a moment later. Writes are bounded (staging and renames of
 * files already computed), so the wait is too.
 */
const HELD: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

let running = 0;
let pending: NodeJS.Signals | undefined;
const hold = (signal: NodeJS.Signals) => {
  pending ??= signal;
};

export async function withSignalsHeld<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) for (const s of HELD) process.on(s, hold);
  try {
    return await work();
  } finally {
    if (--running === 0) {
      for (const s of HELD) process.off(s, hold);
      const signal = pending;
      pending = undefined;
      // With its listener gone, the signal takes its default action (the process ends) unless someone else listens.
      if (signal) process.kill(process.pid, signal);
    }
  }
}
