import type { Cancellation } from './cancel';

/**
 * Waits for `promise` at most `ms`: true when it settled in time (fulfilled), false when the
 * time ran out first, or `cancel` fired (where it tells when: `onCancellationRequested`).
 */
export async function within(promise: Promise<unknown>, ms: number, cancel?: Cancellation): Promise<boolean> {
  if (cancel?.isCancellationRequested) return false;
  let timer: NodeJS.Timeout | undefined;
  let cancelled: { dispose(): void } | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    cancelled = cancel?.onCancellationRequested?.(() => resolve(false));
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
    cancelled?.dispose();
  }
}
