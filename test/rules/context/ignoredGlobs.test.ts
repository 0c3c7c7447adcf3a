import { describe, expect, it } from 'vitest';
import { globSamplePath } from '../../../server/rules/context/ignoredGlobs';

describe('the path a glob aims into, asked of the ignore files', () => {
  it.each([
    ['**/.worktrees/**', { rel: '.worktrees', isDir: true }],
    ['target/**/*.md', { rel: 'target', isDir: true }],
    ['./dist/*.js', { rel: 'dist/x.js', isDir: false }],
    ['build/app?.log', { rel: 'build/appx.log', isDir: false }],
    ['*.generated.ts', { rel: 'x.generated.ts', isDir: false }],
    ['out/{a,b}/**', { rel: 'out', isDir: true }],
  ])('%s', (glob, sample) => {
    expect(globSamplePath(glob)).toEqual(sample);
  });

  it.each(['**/*.{ts,tsx}', '{src,lib}/**', '**', '../outside/**'])('%s has no literal start', (glob) => {
    expect(globSamplePath(glob)).toBeUndefined();
  });
});
