import { describe, it } from 'vitest';
import { outsidePath } from './confinement';
import { fuzzCases, fuzzSeed, Random } from './random';
import { malformedRequest, type FuzzCase } from './requests';
import { pathologicalDocument } from './shapes';
import { FuzzWorld } from './world';

/**
 * The fuzz suite: seeded and reproducible. `npm test` runs a few hundred cases;
 * `npm run fuzz` thousands (`FUZZ_CASES`), and `FUZZ_SEED` replays another run. A failure
 * names the seed and the case. After every case the server must be alive, answer a probe
 * within the cap, have changed nothing outside the workspace and quoted nothing from it.
 */
const seed = fuzzSeed();
const total = fuzzCases(300);
/** Documents up to this many characters (`FUZZ_MAX_SIZE`; a full run goes larger). */
const maxSize = Number(process.env.FUZZ_MAX_SIZE) || (total > 300 ? 1_000_000 : 500_000);

async function runCases(world: FuzzWorld, count: number, make: (rng: Random) => FuzzCase): Promise<void> {
  const rng = new Random(seed);
  for (let i = 0; i < count; i++) {
    const c = make(rng);
    const label = `case ${i} of seed ${seed} (FUZZ_SEED=${seed} FUZZ_CASES=${total}): ${c.label}`;
    try {
      await c.run(world);
      await world.check(label);
    } catch (err) {
      throw new Error(`${label}\n${(err as Error).message}`);
    }
  }
}

/** Runs `count` cases against a fresh server (a stuck one never fails the next test too). */
async function fuzz(count: number, make: (rng: Random, world: FuzzWorld) => FuzzCase, options: { ruleFolderLinks?: boolean } = {}): Promise<void> {
  const world = await FuzzWorld.create(seed, options);
  try {
    await runCases(world, count, (rng) => make(rng, world));
  } finally {
    await world.stop();
  }
}

describe(`fuzz (seed ${seed}, ${total} cases)`, () => {
  it('malformed JSON-RPC requests and notifications: every one answered, the server alive', async () => {
    await fuzz(Math.ceil(total * 0.5), malformedRequest);
  }, 1_800_000);

  it('pathological documents of every kind: diagnosed, hovered and completed in time', async () => {
    await fuzz(Math.ceil(total * 0.25), (rng) => pathologicalDocument(rng, maxSize));
  }, 1_800_000);

  it('outside paths for every request that reads or writes: nothing read, quoted or written', async () => {
    await fuzz(Math.ceil(total * 0.2), outsidePath);
  }, 1_800_000);

  it('a rule folder linked out of the workspace widens nothing: no outside file is read, hovered, inlined or written', async () => {
    await fuzz(Math.max(20, Math.ceil(total * 0.1)), outsidePath, { ruleFolderLinks: true });
  }, 1_800_000);
});
