import type { PickRecord } from './store';

/** How much a pick history lifts a file, in alignment points (a clean extra character is about 30). */
export const PICK_LIFT = {
  /** Lift of a file picked once just now; more picks add logarithmically. */
  weight: 12,
  /** The lift halves every this many milliseconds since the last pick. */
  halfLifeMs: 7 * 24 * 3600 * 1000,
  /** Most picks remembered per folder (the oldest are forgotten first). */
  maxEntries: 5000,
};

/**
 * The files a user picked in one workspace folder: how often and how recently. The
 * lift is frecency: `weight · log2(1 + count) · ½^(age / halfLife)`.
 */
export class PickHistory {
  private readonly picks = new Map<string, PickRecord>();

  constructor(records: readonly PickRecord[] = []) {
    for (const r of records) {
      if (typeof r.path === 'string' && r.count > 0 && Number.isFinite(r.lastMs)) this.picks.set(r.path, { ...r });
    }
  }

  /** Records a pick; returns the updated record (to persist). */
  record(rel: string, now: number): PickRecord {
    const before = this.picks.get(rel);
    const next = { path: rel, count: (before?.count ?? 0) + 1, lastMs: now };
    this.picks.delete(rel);
    this.picks.set(rel, next);
    if (this.picks.size > PICK_LIFT.maxEntries) {
      const oldest = [...this.picks.values()].sort((a, b) => a.lastMs - b.lastMs)[0];
      this.picks.delete(oldest.path);
    }
    return next;
  }

  /** Whether no pick is recorded (a listing then skips looking each file up). */
  get empty(): boolean {
    return this.picks.size === 0;
  }

  lift(rel: string, now: number): number {
    const p = this.picks.get(rel);
    return p ? liftOf(p, now) : 0;
  }

  entries(): IterableIterator<PickRecord> {
    return this.picks.values();
  }
}

export function liftOf(pick: PickRecord, now: number): number {
  const age = Math.max(0, now - pick.lastMs);
  return PICK_LIFT.weight * Math.log2(1 + pick.count) * Math.pow(0.5, age / PICK_LIFT.halfLifeMs);
}
