import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside, relativeInside } from '../../server/workspace/paths';

/** A seeded generator of absolute paths with the segments that make path arithmetic hard. */
function* paths(seed: number, count: number): Generator<[string, string]> {
  let a = seed >>> 0;
  const next = () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 2 ** 32;
  };
  const segments = ['a', 'b', 'ab', 'a.b', '.', '..', '', '.a', 'a..', '...'];
  const one = () => '/' + Array.from({ length: Math.floor(next() * 5) }, () => segments[Math.floor(next() * segments.length)]).join('/') + (next() < 0.1 ? '/' : '');
  for (let i = 0; i < count; i++) {
    const parent = one();
    // Often the child extends the parent, as it does when the answer matters.
    yield [parent, next() < 0.5 ? parent + one() : one()];
  }
}

/** What `path.relative` says of `child` below `parent` (`/` separators), undefined outside: the reference both functions are held to. */
function relativeByNode(parent: string, child: string): string | undefined {
  const rel = path.relative(parent, child);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

describe('isInside', () => {
  it('agrees with path.relative on 20,000 random pairs, dots, empty segments and trailing slashes included', () => {
    for (const [parent, child] of paths(7, 20_000)) {
      expect([parent, child, isInside(parent, child)]).toEqual([parent, child, relativeByNode(parent, child) !== undefined]);
    }
  });

  it('says a sibling sharing a prefix is not inside', () => {
    expect(isInside('/w/app', '/w/apple/x')).toBe(false);
    expect(isInside('/w/app', '/w/app/x')).toBe(true);
    expect(isInside('/', '/anything')).toBe(true);
    expect(isInside(path.resolve('/w/app/'), '/w/app')).toBe(true);
  });
});

describe('relativeInside', () => {
  it('agrees with path.relative on 20,000 random pairs, dots, empty segments and trailing slashes included', () => {
    for (const [parent, child] of paths(11, 20_000)) {
      expect([parent, child, relativeInside(parent, child)]).toEqual([parent, child, relativeByNode(parent, child)]);
    }
  });

  it('gives the part below the parent, and nothing for a sibling sharing a prefix', () => {
    expect(relativeInside('/w/app', '/w/app/src/x.ts')).toBe('src/x.ts');
    expect(relativeInside('/w/app', '/w/app')).toBe('');
    expect(relativeInside('/', '/w/app')).toBe('w/app');
    expect(relativeInside('/w/app', '/w/apple/x')).toBeUndefined();
    expect(relativeInside('/w/app/src', '/w/app')).toBeUndefined();
  });
});
