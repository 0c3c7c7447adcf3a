import { describe, expect, it } from 'vitest';
import { releaseQuietMemory } from '../../server/core/gc';
import { borrowInt16, borrowInt32, borrowUint8, giveBack } from '../../server/search/scratch';

describe("searches' kept working memory", () => {
  it('hands a kept buffer back filled as asked, whatever the last borrower left in it', () => {
    const first = borrowInt32(1000);
    first.fill(7);
    giveBack([first]);
    const again = borrowInt32(900);
    expect(again.buffer).toBe(first.buffer);
    expect(again.length).toBe(900);
    expect(again.every((v) => v === 0)).toBe(true);
    giveBack([again]);
    const head = borrowInt16(1800, -1);
    expect(head.buffer).toBe(first.buffer);
    expect(head.every((v) => v === -1)).toBe(true);
    giveBack([head]);
  });

  it('never hands one buffer to two borrowers, and wastes no more than half of one', () => {
    const a = borrowUint8(4096);
    const b = borrowUint8(4096);
    expect(b.buffer).not.toBe(a.buffer);
    giveBack([a, a]);
    const c = borrowUint8(4096);
    const d = borrowUint8(4096);
    expect(c.buffer).toBe(a.buffer);
    expect(d.buffer).not.toBe(a.buffer);
    // A small request does not take a buffer more than twice its size.
    giveBack([b]);
    expect(borrowUint8(100).buffer).not.toBe(b.buffer);
  });

  it('lets go of what it keeps once a burst of requests is over (the idle collection)', () => {
    const kept = borrowInt32(5000);
    giveBack([kept]);
    releaseQuietMemory();
    const after = borrowInt32(5000);
    expect(after.buffer).not.toBe(kept.buffer);
    giveBack([after]);
  });
});
