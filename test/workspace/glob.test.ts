import { describe, expect, it } from 'vitest';
import { braceExpansions, compileGlob, compileGlobs, globProblem, isGlob, splitGlob } from '../../server/workspace/glob';
import { relativeInside, splitRelative, uriToPath, pathToUri } from '../../server/workspace/paths';

describe('globs', () => {
  it('recognises glob magic, not escaped characters', () => {
    expect(isGlob('src/**/*.ts')).toBe(true);
    expect(isGlob('a{b,c}')).toBe(true);
    expect(isGlob('plain/path.ts')).toBe(false);
    expect(isGlob('lit\\*eral')).toBe(false);
  });

  it('splits a glob into its literal base and the rest', () => {
    expect(splitGlob('src/**/*.ts')).toEqual({ base: 'src', rest: '**/*.ts' });
    expect(splitGlob('packages/pkg-*/src/**/*.ts')).toEqual({ base: 'packages', rest: 'pkg-*/src/**/*.ts' });
    expect(splitGlob('*.md')).toEqual({ base: '', rest: '*.md' });
    expect(splitGlob('docs/readme.md')).toEqual({ base: 'docs/readme.md', rest: '' });
  });

  it('matches dot files and, with matchBase, names anywhere', () => {
    expect(compileGlob('**/*.yml')('.github/workflows/ci.yml')).toBe(true);
    expect(compileGlob('*.ts')('src/a.ts')).toBe(false);
    expect(compileGlob('*.ts', { matchBase: true })('src/a.ts')).toBe(true);
    expect(compileGlob('src/*.ts', { matchBase: true })('lib/src/a.ts')).toBe(false);
    expect(compileGlobs(['vendor'], { matchDescendants: true })('vendor/a/b.js')).toBe(true);
    expect(compileGlobs([])('anything')).toBe(false);
  });

  it('explains broken globs', () => {
    expect(globProblem('src/[ab.ts')).toMatch(/`\[` is never closed/);
    expect(globProblem('{a,b')).toMatch(/`\{` is never closed/);
    expect(globProblem('a}')).toMatch(/`\}` has no matching/);
    expect(globProblem('  ')).toMatch(/empty/);
    expect(globProblem('src/**/*.{ts,tsx}')).toBeUndefined();
  });
});

describe('brace alternatives', () => {
  it('counts what a glob expands to, in one pass, and refuses past the limit before minimatch expands it', () => {
    expect(braceExpansions('src/**/*.{ts,tsx,js,jsx}')).toBe(4);
    expect(braceExpansions('{a,b}/{c,d,e}')).toBe(6);
    expect(braceExpansions('f{1..100}.txt')).toBe(100);
    expect(braceExpansions('{a..z}')).toBe(26);
    expect(braceExpansions('\\{a,b\\}')).toBe(1);
    const bomb = '{a,b}'.repeat(20);
    expect(braceExpansions(bomb)).toBeGreaterThan(1024);
    expect(globProblem(bomb)).toBe("the glob's {…} alternatives make more than 1,024 patterns, the most agentls matches, so it matches nothing here");
    expect(globProblem('f{1..100000}')).toMatch(/more than 1,024 patterns/);
    // Matches nothing, and answers at once (minimatch would build a million patterns first).
    expect(compileGlob(bomb)('ab'.repeat(10))).toBe(false);
    expect(compileGlob('src/*.{ts,js}')('src/a.js')).toBe(true);
  });
});

describe('paths', () => {
  it('converts file URIs and paths both ways, percent-encoding included', () => {
    const p = '/tmp/a dir/é#.md';
    expect(uriToPath(pathToUri(p))).toBe(p);
    expect(pathToUri(p)).toBe('file:///tmp/a%20dir/%C3%A9%23.md');
    expect(uriToPath('untitled:Untitled-1')).toBeUndefined();
    expect(uriToPath('not a uri at all')).toBeUndefined();
    // A folder's URI with a trailing slash names the same folder.
    expect(uriToPath('file:///tmp/proj/')).toBe('/tmp/proj');
    expect(uriToPath('file:///')).toBe('/');
    // RFC 8089: localhost is this machine; another host's file is none of ours.
    expect(uriToPath('file://localhost/tmp/a.md')).toBe('/tmp/a.md');
    expect(uriToPath('file://fileserver/share/a.md')).toBeUndefined();
  });

  it('computes workspace-relative paths and refuses escapes', () => {
    expect(relativeInside('/w', '/w/a/b.ts')).toBe('a/b.ts');
    expect(relativeInside('/w', '/w')).toBe('');
    expect(relativeInside('/w', '/w2/a')).toBeUndefined();
    expect(relativeInside('/w', '/w/../etc/passwd')).toBeUndefined();
    expect(relativeInside('/w', '/w/..hidden/x')).toBe('..hidden/x');
    expect(splitRelative('src/util/log.ts')).toEqual({ directory: 'src/util', name: 'log.ts', extension: '.ts' });
    expect(splitRelative('.gitignore')).toEqual({ directory: '', name: '.gitignore', extension: '' });
  });
});
