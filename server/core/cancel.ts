/**
 * Cancellation as engines see it: a flag to poll. The LSP layer adapts its tokens to
 * this; the CLI passes `NEVER_CANCELLED`.
 */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
  /**
   * Tells `listener` once the flag is set, where the source can (an LSP request's token can):
   * a wait on something else (`within`) then ends at the cancel rather than at its cap.
   */
  onCancellationRequested?(listener: () => void): { dispose(): void };
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

/** Work waiting to continue (`yieldToEventLoop`), in the order it yielded. */
const yielded: (() => void)[] = [];
let resumeScheduled = false;

/**
 * Lets queued messages (a cancel, a newer keystroke) run before long work continues.
 * `setImmediate` rather than a resolved promise: microtasks would not let I/O through.
 * One piece of yielded work continues per turn of the event loop, the others after it in
 * turn: Node runs every immediate queued before its check phase in that phase, so a
 * search, a save and a folder scan that yielded together ran back to back, and a cancel
 * waited for all three slices before the thread next read its input.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    yielded.push(resolve);
    if (!resumeScheduled) {
      resumeScheduled = true;
      setImmediate(resumeNext);
    }
  });
}

function resumeNext(): void {
  const next = yielded.shift();
  // Scheduled before `next` runs, so it lands in the next turn of the loop (after its poll for input), not this one.
  resumeScheduled = yielded.length > 0;
  if (resumeScheduled) setImmediate(resumeNext);
  next?.();
}

/** A source that can be cancelled by its owner. */
export class CancellationSource implements Cancellation {
  private cancelled = false;
  private listeners: (() => void)[] = [];
  get isCancellationRequested(): boolean {
    return this.cancelled;
  }
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    const told = this.listeners;
    this.listeners = [];
    for (const listener of told) listener();
  }
  onCancellationRequested(listener: () => void): { dispose(): void } {
    if (this.cancelled) {
      listener();
      return { dispose: () => undefined };
    }
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  }
}
