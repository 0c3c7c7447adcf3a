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

describe('isInside', () => {
  it('agrees with path.relative on 20,000 random pairs, dots, empty segments and trailing slashes included', () => {
    for (const [parent, child] of paths(7, 20_000)) {
      expect([parent, child, isInside(parent, child)]).toEqual([parent, child, relativeInside(parent, child) !== undefined]);
    }
  });

  it('says a sibling sharing a prefix is not inside', () => {
    expect(isInside('/w/app', '/w/apple/x')).toBe(false);
    expect(isInside('/w/app', '/w/app/x')).toBe(true);
    expect(isInside('/', '/anything')).toBe(true);
    expect(isInside(path.resolve('/w/app/'), '/w/app')).toBe(true);
  });
});
