import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../server/rules/frontmatter';
import { loadVectors, type FrontmatterCase } from './vectors';

const { cases } = loadVectors<{ cases: FrontmatterCase[] }>('frontmatter.json');

describe('frontmatter vectors', () => {
  it('has the 44 cases the vector README announces', () => {
    expect(cases).toHaveLength(44);
  });
  for (const variant of ['seed', 'xcsh'] as const) {
    describe(variant, () => {
      for (const c of cases) {
        it(c.id, () => {
          const got = parseFrontmatter(c.input, variant);
          expect({ frontmatter: got.frontmatter, body: got.body, fallbackUsed: got.fallbackUsed }).toEqual(c.expect[variant]);
        });
      }
    });
  }
});
