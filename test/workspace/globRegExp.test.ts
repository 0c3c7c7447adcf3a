import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../server/workspace/glob';
import { globRegExp, regExpMatcher } from '../../server/workspace/globRegExp';

const PATHS = [
  'a.ts', 'src/a.ts', 'src/a.tsx', 'src/ui/b.ts', 'src/ui/deep/c.test.ts', '.github/workflows/ci.yml', 'src/.hidden/x.ts',
  'docs/guide.md', 'README.md', 'lib/[x].js', 'lib/a-b.js', 'test/a.spec.ts', 'src/test/x.ts', 'x', 'src', 'SRC/A.TS', 'a/b/c/d/e.json',
  'file with space.md', 'src/a.b.c.ts', 'src/ui/Button.tsx', 'packages/web/src/index.ts', 'packages/api/test/unit/a.test.ts',
];
const GLOBS = [
  '*.ts', '**/*.ts', 'src/**', 'src/**/*.ts', 'src/*.ts', '**', '*', 'src/**/test/**', '**/test/**/*.ts', '**/*.{ts,tsx}', 'src/{ui,lib}/**',
  '?.ts', 'src/?.ts', 'lib/\\[x\\].js', 'lib/[a-c]-b.js', 'lib/[!a]-b.js', 'src/*/*.ts', '.github/**/*.yml', '**/.hidden/**', 'docs/*.md',
  '**/*.test.ts', 'packages/*/src/**', 'packages/**/test/**/*.test.ts', '*.md', 'file with space.md', 'src/a.*.ts', '**/**/*.json',
  'a/**/e.json', 'a/**/**/e.json', 'src/**/*', '{src,lib}/**/*.{ts,js}', 'src/ui/*.tsx', '**/b.ts', 'x', 'src/a**.ts',
];

describe('glob regular expressions', () => {
  it('match exactly what minimatch matches, with and without file-name matching and case', () => {
    for (const glob of GLOBS) {
      const re = globRegExp(glob);
      expect(re, glob).toBeDefined();
      for (const basename of [false, true]) {
        for (const nocase of [false, true]) {
          const fast = regExpMatcher(globRegExp(glob, { nocase })!, basename && !glob.includes('/'));
          const slow = compileGlob(glob, { matchBase: basename, nocase });
          for (const p of PATHS) expect(fast(p), `${glob} on ${p} (basename ${basename}, nocase ${nocase})`).toBe(slow(p));
        }
      }
    }
  });

  it('leaves shapes it does not handle to minimatch', () => {
    for (const glob of ['+(a|b).ts', '[[:alpha:]].ts', '/abs/*.ts', 'src/', './x', 'a/../b', '']) expect(globRegExp(glob), glob).toBeUndefined();
  });
});
