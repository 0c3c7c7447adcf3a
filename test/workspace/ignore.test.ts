import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Confinement } from '../../server/workspace/confine';
import { NodeFileSystem } from '../../server/workspace/fs';
import { IgnoreRules } from '../../server/workspace/ignore';
import { tempDir, writeTree } from '../helpers/repo';

async function rulesFor(tree: Record<string, string>, options = {}) {
  const root = writeTree(tempDir(), tree);
  const rules = new IgnoreRules(root, new NodeFileSystem(new Confinement([root])), options);
  return { root, rules };
}

describe('ignore rules', () => {
  it('honours .gitignore and .ignore without a .git folder', async () => {
    const { rules } = await rulesFor({ '.gitignore': 'dist/\n*.log\n', '.ignore': 'secret.md\n' });
    expect(await rules.check('dist/a.js', false)).toBe(true);
    expect(await rules.check('dist', true)).toBe(true);
    expect(await rules.check('src/x.log', false)).toBe(true);
    expect(await rules.check('secret.md', false)).toBe(true);
    expect(await rules.check('src/a.ts', false)).toBe(false);
  });

  it('skips .git and node_modules by default, node_modules only when asked', async () => {
    const { rules } = await rulesFor({});
    expect(await rules.check('.git', true)).toBe(true);
    expect(await rules.check('node_modules/x/index.js', false)).toBe(true);
    expect(await rules.check('a/node_modules/x.js', false)).toBe(true);
    const { rules: withModules } = await rulesFor({}, { includeNodeModules: true });
    expect(await withModules.check('node_modules/x/index.js', false)).toBe(false);
    expect(await withModules.check('.git/config', false)).toBe(true);
  });

  it('lets deeper ignore files override shallower ones, but never re-includes inside an ignored folder', async () => {
    const { rules } = await rulesFor({
      '.gitignore': '*.gen.ts\nbuild/\n',
      'pkg/.gitignore': '!keep.gen.ts\n',
      'build/.gitignore': '!important.js\n',
    });
    expect(await rules.check('pkg/a.gen.ts', false)).toBe(true);
    expect(await rules.check('pkg/keep.gen.ts', false)).toBe(false);
    expect(await rules.check('build/important.js', false)).toBe(true);
  });

  it('anchors patterns with a slash to the folder of their ignore file', async () => {
    const { rules } = await rulesFor({ 'sub/.gitignore': '/out\nlogs/*.txt\n' });
    expect(await rules.check('sub/out/a.js', false)).toBe(true);
    expect(await rules.check('sub/deeper/out/a.js', false)).toBe(false);
    expect(await rules.check('sub/logs/a.txt', false)).toBe(true);
    expect(await rules.check('out/a.js', false)).toBe(false);
  });

  it('applies extra exclude globs from settings to files and folders', async () => {
    const { rules } = await rulesFor({}, { extraExcludes: ['**/*.snap', 'vendor'] });
    expect(await rules.check('a/b/c.snap', false)).toBe(true);
    expect(await rules.check('vendor/lib/x.ts', false)).toBe(true);
    expect(await rules.check('src/vendor.ts', false)).toBe(false);
  });

  it('forgets a folder\'s rules when its ignore file changes', async () => {
    const { root, rules } = await rulesFor({ '.gitignore': 'a.txt\n' });
    expect(await rules.check('a.txt', false)).toBe(true);
    writeTree(root, { '.gitignore': 'b.txt\n' });
    rules.invalidate('');
    expect(await rules.check('a.txt', false)).toBe(false);
    expect(await rules.check('b.txt', false)).toBe(true);
    expect(path.isAbsolute(root)).toBe(true);
  });

  it('remember a bounded number of answers, however many paths a long session asks about', async () => {
    const { rules } = await rulesFor({ '.gitignore': '*.log\n' });
    await rules.load('');
    // The collector, to measure what stays reachable (tests only).
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    // Build output coming and going: every path new, each asked about once.
    let ignored = 0;
    for (let i = 0; i < 300_000; i++) if (rules.isIgnored(`build/${i}/out-${i}.js`, false)) ignored++;
    expect(ignored).toBe(0);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown / 1024 / 1024, 'MiB kept after 300,000 different paths').toBeLessThan(16);
    expect(rules.isIgnored('build/1/out.log', false)).toBe(true);
  });
});
