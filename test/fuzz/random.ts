import { Random as SeededRandom } from '../refs/random';

/**
 * The seeded generator of the property tests (mulberry32: the same seed gives the same
 * cases on every machine), with the sizes and characters the fuzz cases need.
 */
export class Random extends SeededRandom {
  /**
   * A size up to `max`: half of them in the top half (where a quadratic loop shows), the
   * others spread evenly over the orders of magnitude.
   */
  size(max: number): number {
    if (this.chance(0.5)) return this.int(Math.ceil(max / 2), max);
    const exponent = this.next() * Math.log10(max);
    return Math.max(1, Math.floor(10 ** exponent));
  }

  /** Characters that make parsers work: sigils, brackets, quotes, escapes, surrogates, controls. */
  nasty(length: number): string {
    const alphabet = ['§', '»', '«', '≔', '<@', 'file:', '|', '>', '\\', '"', "'", '[', ']', '{', '}', ':', '-', ' ', '\t', '\n', '\r\n', '#', '*', '$', '$$$', '\u0000', '\ud83d\ude00', '\ud800', '\ufeff', '..', '/', 'a', '1', 'ab'];
    let out = '';
    while (out.length < length) out += this.pick(alphabet);
    return out;
  }
}

/** The seed of a run: `FUZZ_SEED` when set, else a fixed one (so `npm test` is reproducible). */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isFinite(fromEnv) && process.env.FUZZ_SEED !== '' && process.env.FUZZ_SEED !== undefined ? fromEnv : 0x13a;
}

/** How many cases a run makes: `FUZZ_CASES` (`npm run fuzz` sets thousands), else `fallback`. */
export function fuzzCases(fallback: number): number {
  const fromEnv = Number(process.env.FUZZ_CASES);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}
