import { describe, expect, it } from 'vitest';
import { SEED_DIALECT, type GlobDialect } from '../../../server/rules/context/agentView';
import { globShape } from '../../../server/rules/context/globMatcher';
import { BROAD_MIN_FILES, GlobReach } from '../../../server/rules/context/globReach';
import { matchGlob } from '../../../server/workspace/glob';

const PATHS = ['src/a.ts', 'src/b.ts', 'src/ui/button.tsx', 'src/ui/button.test.tsx', 'docs/guide.md', 'README.md', '.github/ci.yml', 'lib/x.js'];

function reach(paths: string[], globs: string[], dialect: GlobDialect = SEED_DIALECT): GlobReach {
  const r = new GlobReach();
  r.setPaths(paths);
  r.setGlobs(globs.map((glob) => ({ glob, dialect })));
  return r;
}

describe('dead and broad globs', () => {
  it('finds globs that match no file, and the nearest existing paths', () => {
    const r = reach(PATHS, ['src/**/*.ts', 'src/componets/**/*.tsx', '*.md', 'app/**/*.vue', '**/*.test.tsx']);
    expect(r.status('src/**/*.ts', SEED_DIALECT)).toMatchObject({ dead: false });
    expect(r.status('*.md', SEED_DIALECT)).toMatchObject({ dead: false });
    expect(r.status('**/*.test.tsx', SEED_DIALECT)).toMatchObject({ dead: false, witness: 'src/ui/button.test.tsx' });
    expect(r.status('src/componets/**/*.tsx', SEED_DIALECT)?.dead).toBe(true);
    expect(r.nearest('src/componets/**/*.tsx', SEED_DIALECT).paths).toContain('src/ui/button.tsx');
    const vue = r.nearest('app/**/*.vue', SEED_DIALECT);
    expect(r.status('app/**/*.vue', SEED_DIALECT)?.dead).toBe(true);
    expect(vue.noExtension).toBe('.vue');
  });

  it('agrees with a plain glob match on every path, whatever the narrowing', () => {
    const globs = ['src/**', 'src/*.ts', '**/*.{ts,tsx}', '*.yml', '.github/**', 'src/ui/*.test.*', 'docs/**/*.md', '**/*', 'lib/x.js'];
    const r = reach(PATHS, globs);
    for (const glob of globs) {
      const expected = PATHS.some((p) => matchGlob(glob, p, { matchBase: true }));
      expect(r.status(glob, SEED_DIALECT)?.dead, glob).toBe(!expected);
    }
    // Narrowing: `**/*.ts`-like globs are counted without testing paths.
    expect(globShape('src/**/*.ts', SEED_DIALECT)).toEqual({ base: 'src', extensions: ['.ts'], trivial: true });
    expect(globShape('src/*.ts', SEED_DIALECT)).toMatchObject({ base: 'src', trivial: false });
    expect(globShape('*.md', { ...SEED_DIALECT, basename: false })).toMatchObject({ base: '', trivial: false });
  });

  it('calls a glob broad when it matches nearly every file, and not in a tiny workspace', () => {
    const many = Array.from({ length: 100 }, (_, i) => `src/f${i}.ts`).concat(['README.md']);
    const r = reach(many, ['**/*.ts', 'src/**', 'src/f1*.ts', '**/*.md']);
    expect(r.status('**/*.ts', SEED_DIALECT)).toMatchObject({ broad: true, count: 100 });
    expect(r.status('src/**', SEED_DIALECT)?.broad).toBe(true);
    expect(r.status('src/f1*.ts', SEED_DIALECT)?.broad).toBe(false);
    expect(r.status('**/*.md', SEED_DIALECT)?.broad).toBe(false);
    const small = reach(PATHS.slice(0, BROAD_MIN_FILES - 1), ['**/*']);
    expect(small.status('**/*', SEED_DIALECT)?.broad).toBe(false);
  });

  it('follows file events without re-evaluating everything: a created file revives a dead glob, deleting the last match kills it', () => {
    const r = reach(PATHS, ['app/**/*.vue', 'docs/**/*.md']);
    expect(r.added('app/main.vue')).toEqual([`seed\u0000app/**/*.vue`]);
    expect(r.status('app/**/*.vue', SEED_DIALECT)).toMatchObject({ dead: false, witness: 'app/main.vue' });
    expect(r.added('app/main.vue')).toEqual([]);
    expect(r.removed('docs')).toEqual([`seed\u0000docs/**/*.md`]);
    expect(r.status('docs/**/*.md', SEED_DIALECT)?.dead).toBe(true);
    expect(r.paths.has('docs/guide.md')).toBe(false);
    // Deleting a file that is not the witness changes nothing.
    r.added('app/other.vue');
    expect(r.removed('app/other.vue')).toEqual([]);
    expect(r.status('app/**/*.vue', SEED_DIALECT)?.dead).toBe(false);
  });

  it('searches file-name globs in the sorted names, and follows them as files come and go', () => {
    const r = reach(PATHS, ['**/Dockerfile', '**/but*', '**/READ*']);
    expect(r.status('**/but*', SEED_DIALECT)).toMatchObject({ dead: false, count: 2 });
    expect(r.status('**/READ*', SEED_DIALECT)).toMatchObject({ dead: false, witness: 'README.md', count: 1 });
    expect(r.status('**/Dockerfile', SEED_DIALECT)?.dead).toBe(true);
    r.added('ops/a/Dockerfile');
    r.added('ops/b/Dockerfile');
    expect(r.status('**/Dockerfile', SEED_DIALECT)).toMatchObject({ dead: false, count: 2 });
    r.removed(r.status('**/Dockerfile', SEED_DIALECT)!.witness!);
    expect(r.status('**/Dockerfile', SEED_DIALECT)).toMatchObject({ dead: false, count: 1 });
    expect(r.removed('ops')).toEqual([`seed\u0000**/Dockerfile`]);
    expect(r.status('**/Dockerfile', SEED_DIALECT)?.dead).toBe(true);
  });

  it('honours the dialect: file-name matching and case', () => {
    const plain: GlobDialect = { id: 'plain', basename: false, nocase: false, note: '' };
    const nocase: GlobDialect = { id: 'nocase', basename: true, nocase: true, note: '' };
    expect(reach(PATHS, ['*.ts'], plain).status('*.ts', plain)?.dead).toBe(true);
    expect(reach(PATHS, ['*.ts']).status('*.ts', SEED_DIALECT)?.dead).toBe(false);
    expect(reach(PATHS, ['readme.MD'], nocase).status('readme.MD', nocase)?.dead).toBe(false);
    expect(reach(PATHS, ['readme.MD']).status('readme.MD', SEED_DIALECT)?.dead).toBe(true);
  });
});
