/**
 * The `capacity` best (highest score) entries seen so far: a min-heap on two typed
 * arrays, so a scan over a million candidates allocates nothing per candidate.
 */
export class TopK {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.ids = new Int32Array(Math.max(1, capacity));
    this.scores = new Float64Array(Math.max(1, capacity));
  }

  /** The score an entry must beat to get in (-Infinity while not full). */
  get threshold(): number {
    return this.size < this.capacity ? -Infinity : this.scores[0];
  }

  push(id: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent] <= score) break;
        this.ids[i] = this.ids[parent];
        this.scores[i] = this.scores[parent];
        i = parent;
      }
      this.ids[i] = id;
      this.scores[i] = score;
      return;
    }
    if (score <= this.scores[0]) return;
    this.siftDown(id, score);
  }

  private siftDown(id: number, score: number): void {
    let i = 0;
    const n = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.scores[right] < this.scores[left] ? right : left;
      if (this.scores[child] >= score) break;
      this.ids[i] = this.ids[child];
      this.scores[i] = this.scores[child];
      i = child;
    }
    this.ids[i] = id;
    this.scores[i] = score;
  }

  /** The entries, best first. */
  sorted(): { id: number; score: number }[] {
    const out: { id: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ id: this.ids[i], score: this.scores[i] });
    return out.sort((a, b) => b.score - a.score || a.id - b.id);
  }
}
