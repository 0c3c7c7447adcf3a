import { yieldToEventLoop } from './cancel';

/**
 * Long work over a big list, cut into turns of the event loop: `breathe()` lets queued
 * messages (a cancel, a keystroke) through once `sliceMs` has passed since the last turn.
 * Call it every few hundred items; it reads the clock each time.
 */
export class TimeSlicer {
  private last = performance.now();
  /**
   * `yieldTurn` is how a turn is given up: by default queued messages run and the work goes
   * on; background work that nothing waits for passes `yieldToRequests` (`foreground.ts`)
   * to also wait while a request is being answered.
   */
  constructor(
    private readonly sliceMs = 2,
    private readonly yieldTurn: () => Promise<void> = yieldToEventLoop,
  ) {}

  /** Whether `sliceMs` has passed since the last turn: `breathe()` would give one up now. */
  due(): boolean {
    return performance.now() - this.last >= this.sliceMs;
  }

  async breathe(): Promise<void> {
    if (!this.due()) return;
    await this.yieldTurn();
    this.last = performance.now();
  }
}

/** Items between two looks at the clock. */
const STEP = 512;

/**
 * `items` sorted as `Array.prototype.sort` sorts strings (by UTF-16 code units), a slice at
 * a time: runs of a few thousand sorted each in one go, then merged pairwise, the slicer
 * breathing between runs and every few hundred merged items. A new array; `items` is kept.
 */
export async function sortStringsInSlices(items: readonly string[], slicer: TimeSlicer): Promise<string[]> {
  const RUN = 4096;
  let runs: string[][] = [];
  for (let i = 0; i < items.length; i += RUN) {
    runs.push(items.slice(i, i + RUN).sort());
    await slicer.breathe();
  }
  while (runs.length > 1) {
    const merged: string[][] = [];
    for (let i = 0; i < runs.length; i += 2) merged.push(i + 1 < runs.length ? await mergeSorted(runs[i], runs[i + 1], slicer) : runs[i]);
    runs = merged;
  }
  return runs[0] ?? [];
}

async function mergeSorted(a: string[], b: string[], slicer: TimeSlicer): Promise<string[]> {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
    if (k % STEP === 0) await slicer.breathe();
  }
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
