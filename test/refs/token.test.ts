import { describe, expect, it } from 'vitest';
import {
  TOKEN_SOURCE,
  composePrompt,
  decodeLiteral,
  escapeTyped,
  findTokens,
  nextRefId,
  parsePromptText,
  type ComposedPart,
} from '../../server/refs/token';
import { Random } from './random';

// Pieces that stress the escape table: backslashes, token starts, near-tokens, separators.
const TYPED_PIECES = ['a', 'b', ' ', '\\', '\\\\', '<', '@', '<@', '\\<@', '<@file:', 'file:', 'ref_0', 'ref_1', '|', '>', 'src/a.ts', '<@file:ref_0|src/a.ts>', '<@user:bob>', '\n', 'é', '😀', '\u0000'];
const DISPLAY_PIECES = ['src', '/', 'a', '.ts', ' ', '|', 'é', '😀', '-', '<', '@'];
const everyIdMapped = (id: string) => `mapped/${id}`;
const SEEDS = Array.from({ length: 8 }, (_, i) => 1000 + i);

function randomDisplayPath(r: Random): string {
  let p = '';
  while (p.length === 0) p = r.text(DISPLAY_PIECES, 6).replace(/[>\\]/g, '').replaceAll('<@', '<');
  return p;
}

function randomRefId(r: Random): string {
  return r.pick(['ref_0', 'ref_1', 'ref_2', 'x', 'A-b_9', 'ref_10']);
}

describe('the token of RAWP §16', () => {
  it('is recognised with exactly the regular expression of §2.1', () => {
    expect(TOKEN_SOURCE).toBe('(?<!\\\\)<@file:([a-zA-Z0-9_-]+)\\|([^>]+)>');
    expect(findTokens('Find the bug in this file <@file:ref_0|src/auth.ts>')).toEqual([
      { refId: 'ref_0', displayPath: 'src/auth.ts', start: 26, end: 51, displayStart: 39 },
    ]);
    expect(findTokens('\\<@file:ref_0|src/auth.ts>')).toEqual([]);
    expect(findTokens('<@file:ref 0|a>')).toEqual([]);
    expect(findTokens('<@file:ref_0|>')).toEqual([]);
    expect(findTokens('<@file:r|a|b>')[0]).toMatchObject({ refId: 'r', displayPath: 'a|b' });
  });

  it('round-trips the worked example of §2.2 exactly', () => {
    const parts: ComposedPart[] = [{ typed: '<@file:injection> is forged, this one is real ' }, { refId: 'ref_0', displayPath: 'src/auth.ts' }];
    const sent = composePrompt(parts);
    expect(sent).toBe('\\<@file:injection> is forged, this one is real <@file:ref_0|src/auth.ts>');
    const parsed = parsePromptText(sent, (id) => ({ ref_0: 'src/auth.ts' })[id]);
    expect(parsed.segments).toEqual([
      { kind: 'text', text: '<@file:injection> is forged, this one is real ', start: 0, end: 47 },
      { kind: 'file', ref_id: 'ref_0', display_path: 'src/auth.ts', path: 'src/auth.ts', start: 47, end: 72 },
    ]);
    expect(parsed.unmapped).toEqual([]);
  });

  it('escapes backslashes before token starts, and decodes in the order of §2.2', () => {
    expect(escapeTyped('\\')).toBe('\\\\');
    expect(escapeTyped('<@')).toBe('\\<@');
    expect(escapeTyped('\\<@')).toBe('\\\\\\<@');
    expect(decodeLiteral('\\\\\\<@')).toBe('\\<@');
    // The order matters only for text no encoder produces: \\<@ is \\ → \ first, then \<@ → <@.
    expect(decodeLiteral('\\\\<@')).toBe('<@');
    // A lone backslash before other text is not an escape and stays.
    expect(decodeLiteral('C:\\temp')).toBe('C:\\temp');
  });

  it('keeps a token whose ref_id has no entry as literal text, in place', () => {
    const parsed = parsePromptText('see <@file:ref_7|src/x.ts> and <@file:ref_0|a.ts>.', (id) => (id === 'ref_0' ? 'a.ts' : undefined));
    expect(parsed.segments.map((s) => (s.kind === 'text' ? s.text : `[${s.ref_id}]`))).toEqual(['see <@file:ref_7|src/x.ts> and ', '[ref_0]', '.']);
    expect(parsed.unmapped).toEqual([{ ref_id: 'ref_7', display_path: 'src/x.ts', start: 4, end: 26 }]);
  });

  it('names new ref_ids ref_N with the smallest unused N', () => {
    expect(nextRefId(new Set())).toBe('ref_0');
    expect(nextRefId(new Set(['ref_0', 'ref_2']))).toBe('ref_1');
    expect(nextRefId(new Set(['ref_0', 'ref_1', 'x']))).toBe('ref_2');
  });
});

describe('properties (seeded)', () => {
  it.each(SEEDS)('escape then decode gives back the typed text, for any string (seed %i)', (seed) => {
    const r = new Random(seed);
    for (let i = 0; i < 400; i++) {
      const typed = r.text(TYPED_PIECES);
      const sent = escapeTyped(typed);
      expect(decodeLiteral(sent), `seed ${seed} case ${i}: ${JSON.stringify(typed)}`).toBe(typed);
      const parsed = parsePromptText(sent, everyIdMapped);
      expect(parsed.segments.map((s) => (s.kind === 'text' ? s.text : '')).join('')).toBe(typed);
    }
  });

  it.each(SEEDS)('no typed text ever becomes a token, even when every ref_id is mapped (seed %i)', (seed) => {
    const r = new Random(seed);
    for (let i = 0; i < 400; i++) {
      const typed = r.text(TYPED_PIECES);
      const sent = escapeTyped(typed);
      expect(findTokens(sent), `seed ${seed} case ${i}: ${JSON.stringify(typed)}`).toEqual([]);
      const parsed = parsePromptText(sent, everyIdMapped);
      expect(parsed.segments.every((s) => s.kind === 'text')).toBe(true);
      expect(parsed.unmapped).toEqual([]);
    }
  });

  it.each(SEEDS)('typed spans and picked tokens round-trip; unmapped tokens stay literal, never dropped (seed %i)', (seed) => {
    const r = new Random(seed);
    const mapped = new Map([
      ['ref_0', 'src/a.ts'],
      ['ref_1', 'b.md'],
      ['A-b_9', 'c/d'],
    ]);
    for (let i = 0; i < 300; i++) {
      const parts: ComposedPart[] = [];
      let typedSoFar = '';
      const n = r.int(0, 8);
      for (let k = 0; k < n; k++) {
        if (r.chance(0.5)) {
          const typed = r.text(TYPED_PIECES, 6);
          parts.push({ typed });
          typedSoFar += typed;
          continue;
        }
        // §2.1's lookbehind cannot see a token right after a typed backslash (escaped as
        // \\); that case is covered on its own below.
        if (typedSoFar.endsWith('\\')) parts.push({ typed: ' ' });
        parts.push({ refId: randomRefId(r), displayPath: randomDisplayPath(r) });
        typedSoFar = '';
      }
      const sent = composePrompt(parts);
      const parsed = parsePromptText(sent, (id) => mapped.get(id));

      const expected: { kind: 'text' | 'file'; value: string }[] = [];
      const pushText = (t: string) => {
        if (t === '') return;
        const last = expected.at(-1);
        if (last?.kind === 'text') last.value += t;
        else expected.push({ kind: 'text', value: t });
      };
      for (const p of parts) {
        if ('typed' in p) pushText(p.typed);
        else if (mapped.has(p.refId)) expected.push({ kind: 'file', value: `${p.refId}|${p.displayPath}` });
        else pushText(`<@file:${p.refId}|${p.displayPath}>`);
      }
      const got = parsed.segments.map((s) => (s.kind === 'text' ? { kind: 'text', value: s.text } : { kind: 'file', value: `${s.ref_id}|${s.display_path}` }));
      expect(got, `seed ${seed} case ${i}: ${JSON.stringify(parts)}`).toEqual(expected);
      expect(parsed.unmapped.map((u) => u.ref_id)).toEqual(parts.filter((p) => !('typed' in p) && !mapped.has(p.refId)).map((p) => (p as { refId: string }).refId));
      // Segments tile the sent text: nothing is dropped.
      let pos = 0;
      for (const s of parsed.segments) {
        expect(s.start).toBe(pos);
        pos = s.end;
      }
      expect(pos).toBe(sent.length);
    }
  });

  it('a token right after a typed backslash is read as literal text (the lookbehind), not dropped', () => {
    const sent = composePrompt([{ typed: 'C:\\' }, { refId: 'ref_0', displayPath: 'a.ts' }]);
    expect(sent).toBe('C:\\\\<@file:ref_0|a.ts>');
    const parsed = parsePromptText(sent, everyIdMapped);
    expect(parsed.segments).toEqual([{ kind: 'text', text: 'C:<@file:ref_0|a.ts>', start: 0, end: sent.length }]);
  });
});
