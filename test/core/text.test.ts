import { describe, expect, it } from 'vitest';
import { applyTextEdits, LineIndex } from '../../server/core/text';

describe('LineIndex', () => {
  it('maps offsets and positions for LF, CRLF and lone CR line breaks', () => {
    const text = 'ab\ncd\r\nef\rgh';
    const index = new LineIndex(text);
    expect(index.lineCount).toBe(4);
    expect(index.positionAt(text.indexOf('d'))).toEqual({ line: 1, character: 1 });
    expect(index.positionAt(text.indexOf('g'))).toEqual({ line: 3, character: 0 });
    expect(index.offsetAt({ line: 2, character: 1 })).toBe(text.indexOf('f'));
    expect(index.lineText(1)).toBe('cd');
    expect(index.lineText(2)).toBe('ef');
  });

  it('counts UTF-16 code units, as LSP positions do', () => {
    const text = 'x😀y\nz';
    const index = new LineIndex(text);
    expect(index.positionAt(text.indexOf('y'))).toEqual({ line: 0, character: 3 });
    expect(index.lineRange(0).end.character).toBe(4);
  });

  it('clamps positions past the end of a line or the text', () => {
    const index = new LineIndex('ab\ncd');
    expect(index.offsetAt({ line: 0, character: 99 })).toBe(2);
    expect(index.offsetAt({ line: 9, character: 0 })).toBe(5);
    expect(index.positionAt(99)).toEqual({ line: 1, character: 2 });
  });
});

describe('applyTextEdits', () => {
  it('applies edits given against the original text in any order', () => {
    const text = 'one\ntwo\nthree\n';
    const out = applyTextEdits(text, [
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } }, newText: 'THREE' },
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, newText: '1' },
      { range: { start: { line: 1, character: 3 }, end: { line: 1, character: 3 } }, newText: '!' },
    ]);
    expect(out).toBe('1\ntwo!\nTHREE\n');
  });

  it('refuses overlapping edits', () => {
    expect(() =>
      applyTextEdits('abcdef', [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, newText: 'x' },
        { range: { start: { line: 0, character: 2 }, end: { line: 0, character: 4 } }, newText: 'y' },
      ]),
    ).toThrow(/overlapping/);
  });
});
