import { describe, expect, it } from 'vitest';
import { sortStringsInSlices, TimeSlicer } from '../../../server/core/slices';
import { SEED_DIALECT } from '../../../server/rules/context/agentView';
import { GlobReach } from '../../../server/rules/context/globReach';

/** Paths of a generated repository: several thousand, some sharing names, some beyond the BMP. */
function repository(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`pkg${i % 13}/src/${['ui', 'core', 'Ünï', 'x😀'][i % 4]}/mod${(i * 7919) % 997}/file${i % 50}.${['ts', 'tsx', 'md', 'json'][i % 4]}`);
  return out;
}

/**
 * The editor builds a folder's path list for its globs a slice at a time (a 92k-file list
 * held the thread about 300 ms in one go): the result must be the one-go result, and file
 * events arriving meanwhile must not be lost.
 */
describe('the glob reach built a slice at a time', () => {
  it('sorts as Array.prototype.sort does, across runs and merges, with turns of the event loop between', async () => {
    const items = repository(20_000).reverse();
    let turns = 0;
    let done = false;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const sorted = await sortStringsInSlices(items, new TimeSlicer(0));
    done = true;
    expect(sorted).toEqual([...items].sort());
    expect(turns).toBeGreaterThan(5);
    expect(await sortStringsInSlices([], new TimeSlicer(0))).toEqual([]);
  });

  it('gives every glob the status the one-go build gives, and keeps the file events of the build', async () => {
    const paths = repository(12_000);
    const globs = ['pkg1/src/ui/**/*.ts', '**/*.tsx', 'pkg99/**', '**/file7.md', 'pkg2/src/core/mod5/*.json'].map((glob) => ({ glob, dialect: SEED_DIALECT }));
    const once = new GlobReach();
    once.setPaths(paths);
    once.setGlobs(globs);
    const sliced = new GlobReach();
    sliced.setGlobs(globs);
    const building = sliced.setPathsInSlices(paths, new TimeSlicer(0));
    // An event in the middle of the build: a file the dead glob matches appears.
    await new Promise((resolve) => setImmediate(resolve));
    sliced.added('pkg99/new.ts');
    await building;
    // The same verdicts, over one file more.
    for (const g of globs.slice(0, 2).concat(globs.slice(3))) expect([g.glob, sliced.status(g.glob, SEED_DIALECT)]).toEqual([g.glob, { ...once.status(g.glob, SEED_DIALECT), total: 12_001 }]);
    expect(once.status('pkg99/**', SEED_DIALECT)?.dead).toBe(true);
    expect(sliced.status('pkg99/**', SEED_DIALECT)).toMatchObject({ dead: false, witness: 'pkg99/new.ts' });
  });
});
