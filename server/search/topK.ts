/**
 * The `capacity` best entries seen so far, best meaning the higher score and, between
 * equal scores, the lower id (the order results are listed in): a min-heap on two typed
 * arrays, so a scan over a million candidates allocates nothing per candidate. Because
 * ties are settled by id, the entries kept do not depend on the order they arrive in or
 * on which hopeless entries a scan skipped, and a shorter list is a prefix of a longer one.
 */
export class TopK {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.ids = new Int32Array(Math.max(1, capacity));
    this.scores = new Float64Array(Math.max(1, capacity));
  }

  /** The score an entry must reach to get in (-Infinity while not full); see `admits`. */
  get threshold(): number {
    return this.size < this.capacity ? -Infinity : this.scores[0];
  }

  /** The id of the entry at `threshold`: an entry scoring exactly `threshold` gets in only with a lower id. */
  get thresholdId(): number {
    return this.size < this.capacity ? -1 : this.ids[0];
  }

  /** Whether an entry with this score and id would get in now. */
  admits(score: number, id: number): boolean {
    if (this.size < this.capacity) return this.capacity > 0;
    return score > this.scores[0] || (score === this.scores[0] && id < this.ids[0]);
  }

  push(id: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(score, id, parent)) break;
        this.ids[i] = this.ids[parent];
        this.scores[i] = this.scores[parent];
        i = parent;
      }
      this.ids[i] = id;
      this.scores[i] = score;
      return;
    }
    if (!this.admits(score, id)) return;
    this.siftDown(id, score);
  }

  /** Whether (score, id) ranks below the entry at heap slot `i`. */
  private below(score: number, id: number, i: number): boolean {
    return score < this.scores[i] || (score === this.scores[i] && id > this.ids[i]);
  }

  private siftDown(id: number, score: number): void {
    let i = 0;
    const n = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.below(this.scores[right], this.ids[right], left) ? right : left;
      if (this.below(score, id, child)) break;
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
