import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../../server/core/text';
import { analyzePatch } from '../../server/hashline/analysis';
import { lineHash } from '../../server/hashline/hash';
import { lintPatch } from '../../server/hashline/lint';
import type { Generation } from '../../server/hashline/snapshots';
import { seenGeneration } from '../../server/hashline/snapshots';
import { memoryHost } from './memoryHost';

const a = (text: string, line: number) => `${line}${lineHash(text)}`;
const FILE = 'def alpha():\n    return 1\n\ndef beta():\n    return 2\n';

async function lint(patch: string, files: Record<string, string> = { 'a.py': FILE }, generations?: Record<string, Generation[]>) {
  const result = lintPatch(await analyzePatch(patch, memoryHost(files, { generations })));
  return { ...result, codes: result.findings.map((f) => f.code), byCode: (code: string) => result.findings.filter((f) => f.code === code) };
}

describe('patch document diagnostics', () => {
  it('says nothing about a good patch', async () => {
    const r = await lint(`§a.py\n≔${a('    return 1', 2)}\n    return 10\n`);
    expect(r.findings).toEqual([]);
  });

  it('flags a missing header with the upstream message', async () => {
    const r = await lint('≔2kt\nx\n');
    expect(r.findings).toEqual([expect.objectContaining({ code: 'hashline/input-error', severity: 'error', message: expect.stringContaining('input must begin with "§PATH"') })]);
  });

  it('shows a stale anchor with the current text and where the line went, and offers to refresh it', async () => {
    const patch = `§a.py\n≔${a('def beta():', 4)}\ndef beta(x):\n`;
    const r = await lint(patch, { 'a.py': '# top\n' + FILE });
    const [stale] = r.byCode('hashline/stale-anchor');
    expect(stale.message).toBe(`stale anchor ${a('def beta():', 4)}: line 4 of a.py is now "" (4yy); the line it named likely moved to 5 (${a('def beta():', 5)}). The patch is refused until the anchor is refreshed ("Refresh stale anchors").`);
    expect(stale.range).toEqual({ start: { line: 1, character: 1 }, end: { line: 1, character: 4 } });
    const fix = r.fixes.find((f) => f.title === 'Refresh stale anchors')!;
    expect(applyTextEdits(patch, fix.edits)).toBe(`§a.py\n≔${a('def beta():', 5)}\ndef beta(x):\n`);
  });

  it('downgrades a stale anchor the patch can be replayed over to a warning', async () => {
    const old = FILE.split('\n');
    const gen = seenGeneration(old.map((t, i) => [i + 1, t] as const), old.length);
    const r = await lint(`§a.py\n≔${a('def beta():', 4)}\ndef beta(x):\n`, { 'a.py': '# top\n' + FILE }, { 'a.py': [gen] });
    expect(r.codes).toEqual(['hashline/stale-anchor-recoverable']);
    expect(r.findings[0].severity).toBe('warning');
  });

  it('notes an anchor hash that no read can produce', async () => {
    const r = await lint('§a.py\n≔2zq\nx\n');
    expect(r.byCode('hashline/stale-anchor')[0].message).toContain('zq is not in the hash alphabet');
  });

  it('gives bare line numbers and bare hashes their full anchor, with a fix', async () => {
    const patch = `§a.py\n≔2..4\nx\n«${lineHash('def beta():')}|keep\ny\n`;
    const r = await lint(patch);
    expect(r.byCode('hashline/missing-hash')[0].message).toContain(`use ≔${a('    return 1', 2)}..${a('def beta():', 4)}`);
    expect(r.byCode('hashline/missing-line-number')[0].message).toContain(`did you mean «${a('def beta():', 4)}?`);
    const fixed = applyTextEdits(patch, r.fixes.flatMap((f) => f.edits));
    expect(fixed).toBe(`§a.py\n≔${a('    return 1', 2)}..${a('def beta():', 4)}\nx\n«${a('def beta():', 4)}|keep\ny\n`);
  });

  it('warns about blank lines that silently become payload, and about a blank line that blanks a range', async () => {
    const r = await lint(`§a.py\n≔${a('    return 1', 2)}\n    return 10\n\n\n«${a('def beta():', 4)}\n# b\n≔${a('    return 2', 5)}\n\n»${a('def alpha():', 1)}\n\n`);
    const blanks = r.byCode('hashline/blank-payload');
    expect(blanks.map((f) => [f.severity, f.range.start.line])).toEqual([
      ['warning', 3],
      ['information', 7],
    ]);
    expect(r.fixes.find((f) => f.code === 'hashline/blank-payload')!.title).toBe('Remove 2 blank payload lines');
  });

  it('warns about overlapping ops, lines after the end marker, »BOF, empty sections and a no-op section', async () => {
    const r = await lint(
      `§b.txt\n§a.py\n≔${a('    return 1', 2)}..${a('', 3)}\nX\n≔${a('', 3)}..${a('def beta():', 4)}\nY\n»${a('', 3)}\nZ\n»BOF\n# top\n*** End Patch\nlost\n`,
    );
    expect(r.byCode('hashline/overlap')).toHaveLength(2);
    expect(r.byCode('hashline/ignored-lines')[0].message).toContain('the 1 non-blank line after it is never read');
    expect(r.byCode('hashline/direction')).toHaveLength(1);
    expect(r.byCode('hashline/empty-section')[0]).toMatchObject({ severity: 'hint', tags: ['unnecessary'] });
    const same = await lint(`§a.py\n≔${a('    return 1', 2)}\n    return 1\n`);
    expect(same.byCode('hashline/no-change')[0].severity).toBe('warning');
  });

  it('tells a missing file from one the patch creates, and hints when a § line follows payload', async () => {
    const r = await lint(`§a.py\n≔${a('    return 1', 2)}\n    x = 1\n§ 2 of the spec\n»1ab\ny\n§new.txt\n»EOF\nhello\n`);
    expect(r.byCode('hashline/file-not-found')[0].message).toContain('a payload line cannot begin with §');
    expect(r.byCode('hashline/creates-file')[0].message).toBe('new.txt does not exist; applying this patch creates it');
  });

  it('reports absorption as information on the op', async () => {
    const r = await lint(`§d.py\n≔${a('z = 3', 3)}\nx = 1\ny = 2\nz = 30\n`, { 'd.py': 'x = 1\ny = 2\nz = 3\nw = 4\n' });
    expect(r.byCode('hashline/absorbed')[0]).toMatchObject({ severity: 'information', range: { start: { line: 1 } } });
  });
});
