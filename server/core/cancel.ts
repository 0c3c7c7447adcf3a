/**
 * Cancellation as engines see it: a flag to poll. The LSP layer adapts its tokens to
 * this; the CLI passes `NEVER_CANCELLED`.
 */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

export const NEVER_CANCELLED: Cancellation = { isCancellationRequested: false };

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export function throwIfCancelled(token: Cancellation | undefined): void {
  if (token?.isCancellationRequested) throw new CancelledError();
}

/**
 * Lets queued messages (a cancel, a newer keystroke) run before long work continues.
 * `setImmediate` rather than a resolved promise: microtasks would not let I/O through.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A source that can be cancelled by its owner. */
export class CancellationSource implements Cancellation {
  private cancelled = false;
  get isCancellationRequested(): boolean {
    return this.cancelled;
  }
  cancel(): void {
    this.cancelled = true;
  }
}
