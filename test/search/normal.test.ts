import { describe, expect, it } from 'vitest';
import { CAFE_NFC, CAFE_NFD, NAIVE_NFC, NAIVE_NFD } from '../helpers/spellings';
import { ranked, tableOf } from './helpers';

describe('names written composed and decomposed', () => {
  it('match a query typed either way, each answered in its own spelling (both may be on one disk)', async () => {
    const table = tableOf([`notes/${CAFE_NFC}.md`, `notes/${CAFE_NFD}.md`, `${NAIVE_NFD}/plan.md`, 'notes/cafe.md']);
    for (const query of [CAFE_NFC, CAFE_NFD]) expect((await ranked(table, query)).sort()).toEqual([`notes/${CAFE_NFC}.md`, `notes/${CAFE_NFD}.md`].sort());
    expect(await ranked(table, `${NAIVE_NFC}/plan`)).toEqual([`${NAIVE_NFD}/plan.md`]);
  });

  it('keep a character whose composed form is longer (U+0958) matching itself', async () => {
    const table = tableOf(['\u0958ila.md', '\u0915\u093cila.md']);
    expect(await ranked(table, '\u0958ila')).toEqual(['\u0958ila.md']);
    expect(await ranked(table, '\u0915\u093cila')).toEqual(['\u0915\u093cila.md']);
  });
});
