/**
 * A small seeded random generator (mulberry32) for property tests: the same seed gives
 * the same cases on every machine, and a failing case names its seed.
 */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A string of 0..maxPieces pieces drawn from `pieces`, with random code units mixed in. */
  text(pieces: readonly string[], maxPieces = 16): string {
    let out = '';
    const n = this.int(0, maxPieces);
    for (let i = 0; i < n; i++) out += this.chance(0.15) ? String.fromCharCode(this.int(0, 0xffff)) : this.pick(pieces);
    return out;
  }
}
