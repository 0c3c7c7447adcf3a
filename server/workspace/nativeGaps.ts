import * as path from 'node:path';
import type { ChangeType } from './changes';

/** A check runs this long after native events (a burst arrives over a few hundred ms); more events do not put it off. */
export const SETTLE_MS = 400;
/** A check takes at most this share of the time (a pass of 50 ms waits at least 1 s before the next). */
const CHECK_DUTY = 20;
/** Every folder is checked this often even when nothing happened (the last net). */
export const QUIET_CHECK_MS = 60_000;

/**
 * What the native watcher can drop, and the check that finds it. `@parcel/watcher` (2.6.0)
 * loses events now and then under load: its debounce thread copies a watcher's pending
 * events and then clears them in two steps, and an event its inotify thread adds between
 * the two is gone (parcel-bundler/watcher#183, reported from VS Code; still open). A
 * folder whose creation is lost that way is never listed, and what was written into it
 * before its watch was live never reported. So after native events settle, every known
 * folder's time is compared with its listing (`FolderReconciler`), and what the events
 * already said is not said twice.
 */
export class NativeGaps {
  /** Changes reported since the check before the last one started (two generations: a check sees both). */
  private reported = new Map<string, ChangeType>();
  private older = new Map<string, ChangeType>();
  private timer: NodeJS.Timeout | undefined;
  /** A check after events is due: more events do not put it off (a file written every 100 ms would forever). */
  private settleDue = false;
  private running = false;
  private again = false;
  private earliestNext = 0;
  private disposed = false;

  constructor(private readonly runCheck: () => Promise<number>) {}

  /** A change the native path reported (the event itself, or a new folder's listing). */
  note(p: string, type: ChangeType): void {
    this.reported.set(p, type);
  }

  /** Whether a change the check found was reported already (by the events or a listing). */
  alreadyReported(p: string, type: ChangeType): boolean {
    const known = this.reported.get(p) ?? this.older.get(p);
    if (type === 'created') return known === 'created' || known === 'changed';
    if (known === 'deleted') return true;
    // A folder's deletion covers what was in it.
    for (let dir = path.dirname(p); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if ((this.reported.get(dir) ?? this.older.get(dir)) === 'deleted') return true;
    }
    return false;
  }

  /** Native events arrived: check once they settle. */
  afterEvents(): void {
    if (this.settleDue) return;
    this.settleDue = true;
    this.schedule(SETTLE_MS);
  }

  /** The first check, some time after watching is in place. */
  start(): void {
    this.schedule(QUIET_CHECK_MS);
  }

  private schedule(delay: number): void {
    if (this.disposed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), Math.max(delay, this.earliestNext - Date.now()));
    this.timer.unref?.();
  }

  private async run(): Promise<void> {
    if (this.disposed) return;
    this.running = true;
    this.settleDue = false;
    this.older = this.reported;
    this.reported = new Map();
    const t0 = Date.now();
    try {
      await this.runCheck();
    } finally {
      this.running = false;
    }
    const ms = Date.now() - t0;
    this.earliestNext = Date.now() + ms * CHECK_DUTY;
    const again = this.again;
    this.again = false;
    this.schedule(again ? SETTLE_MS : QUIET_CHECK_MS);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }
}
