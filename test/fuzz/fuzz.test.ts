import { afterAll, beforeAll, describe, it } from 'vitest';
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

async function runCases(world: FuzzWorld, count: number, make: (rng: Random, i: number) => FuzzCase): Promise<void> {
  const rng = new Random(seed);
  for (let i = 0; i < count; i++) {
    const c = make(rng, i);
    const label = `case ${i} of seed ${seed} (FUZZ_SEED=${seed} FUZZ_CASES=${total}): ${c.label}`;
    try {
      await c.run(world);
      await world.check(label);
    } catch (err) {
      throw new Error(`${label}\n${(err as Error).message}`);
    }
  }
}

describe(`fuzz (seed ${seed}, ${total} cases)`, () => {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await FuzzWorld.create(seed);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('malformed JSON-RPC requests and notifications: every one answered, the server alive', async () => {
    await runCases(world, Math.ceil(total * 0.5), (rng) => malformedRequest(rng, world));
  }, 600_000);

  it('pathological documents of every kind: diagnosed, hovered and completed in time', async () => {
    await runCases(world, Math.ceil(total * 0.25), (rng) => pathologicalDocument(rng, maxSize));
  }, 600_000);

  it('outside paths for every request that reads or writes: nothing read, quoted or written', async () => {
    await runCases(world, Math.ceil(total * 0.2), (rng) => outsidePath(rng, world));
  }, 600_000);
});

describe(`fuzz with symlinked rule folders (seed ${seed})`, () => {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await FuzzWorld.create(seed, { ruleFolderLinks: true });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('a rule folder linked out of the workspace widens nothing: no outside file is read, hovered, inlined or written', async () => {
    await runCases(world, Math.max(20, Math.ceil(total * 0.1)), (rng) => outsidePath(rng, world));
  }, 600_000);
});
