import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEditorEdits } from '../../server/core/text';
import { textEditsFor } from '../../server/hashline/edits';
import { lineHash } from '../../server/hashline/hash';
import { workspaceHost } from '../../server/hashline/host';
import { mergeSections, splitPatch } from '../../server/hashline/input';
import { parseSection } from '../../server/hashline/parse';
import { writePlannedFiles } from '../../server/hashline/persist';
import { MAX_PATCH_BYTES, MAX_PATCH_FILES, planPatch } from '../../server/hashline/plan';
import { seenGeneration, SnapshotStore } from '../../server/hashline/snapshots';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';
import { memoryHost } from './memoryHost';

const a = (text: string, line: number) => `${line}${lineHash(text)}`;

function sessionOn(root: string): WorkspaceSession {
  const s = new WorkspaceSession();
  s.addFolder(root);
  return s;
}

function parse(input: string) {
  const split = splitPatch(input);
  return parseSection(mergeSections(split.sections)[0].lines);
}

describe('parser details', () => {
  it('accepts pasted read text on both ends of a range, and the seed envelope spelling', async () => {
    const host = memoryHost({ 'f.txt': 'aaa\nbbb\nccc\nddd\n' });
    const input = `* Begin Patch\n§f.txt\n≔${a('bbb', 2)}|bbb..${a('ccc', 3)}|ccc\nBC\n* End Patch\n≔1zz\nignored\n`;
    const plan = await planPatch(input, host);
    expect(plan.ok && plan.files[0].after).toBe('aaa\nBC\nddd\n');
  });

  it('keeps dots inside pasted text of a single anchor', () => {
    const parsed = parse(`§f\n≔${a('x..y', 1)}|x..y\nz\n`);
    expect(parsed.issues).toEqual([]);
    expect(parsed.ops[0].range).toEqual({ start: { line: 1, hash: lineHash('x..y') }, end: { line: 1, hash: lineHash('x..y') } });
  });

  it('reports the abort warning when the parser itself meets the marker', () => {
    const parsed = parseSection([
      { text: '≔1ab', docLine: 0 },
      { text: 'x', docLine: 1 },
      { text: '*** Abort', docLine: 2 },
      { text: '≔2ab', docLine: 3 },
    ]);
    expect(parsed.ops).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/^Tool stream truncated mid-call/);
  });

  it('answers bare numbers on an insert with a copy-ready anchor, and a line past the end with the line count', async () => {
    const host = memoryHost({ 'f.txt': 'one\ntwo\n' });
    const insert = await planPatch('§f.txt\n»2\nnew\n', host);
    expect(insert.ok ? '' : insert.error.message).toBe(`line 1: anchor "2" is missing its hash.\nUse »${a('two', 2)}\nThe edit was NOT applied. Current anchors for f.txt:\n${a('two', 2)}|two`);
    const past = await planPatch('§f.txt\n≔9\nx\n', host);
    expect(past.ok ? '' : past.error.message).toBe('line 1: anchor "9" is missing its hash.\nThe edit was NOT applied. Line 9 does not exist (f.txt has 3 lines).');
  });

  it('does not suggest a line for a hash written without its number inside a range, or when several lines match', async () => {
    const host = memoryHost({ 'f.txt': 'x\nx\ny\n' });
    const inRange = await planPatch(`§f.txt\n≔${lineHash('x')}..${a('y', 3)}\nz\n`, host);
    expect(inRange.ok ? '' : inRange.error).toMatchObject({ kind: 'missing_line_number', message: expect.not.stringContaining('Did you mean') });
    const twice = await planPatch(`§f.txt\n≔${lineHash('x')}\nz\n`, host);
    expect(twice.ok ? '' : twice.error.message).toContain('2 lines of f.txt have that hash');
  });

  it('expands an inline BOF body into payload', async () => {
    const plan = await planPatch('§f.txt\n»BOF|#!/bin/sh\n', memoryHost({ 'f.txt': 'echo\n' }));
    expect(plan.ok && plan.files[0].after).toBe('#!/bin/sh\necho\n');
  });
});

describe('bad input and scale', () => {
  it('refuses paths outside the workspace, through .. or absolute, and never reads them', async () => {
    const outside = writeTree(tempDir(), { 'secret.txt': 'secret\n' });
    const root = writeTree(tempDir(), { 'in.txt': 'in\n' });
    const session = sessionOn(root);
    const reads: string[] = [];
    const fsSpy = { ...session.diskFs, readText: (p: string) => (reads.push(p), session.diskFs.readText(p)) };
    const host = workspaceHost({ session, fs: fsSpy as typeof session.diskFs, base: root });
    for (const header of [`../${path.basename(outside)}/secret.txt`, path.join(outside, 'secret.txt')]) {
      const plan = await planPatch(`§${header}\n≔${a('secret', 1)}\nleaked\n`, host);
      expect(plan.ok ? '' : plan.error.kind).toBe('outside_workspace');
    }
    expect(reads).toEqual([]);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  });

  it('refuses a symlink that leads out of the workspace', async () => {
    const outside = writeTree(tempDir(), { 'target.txt': 't\n' });
    const root = tempDir();
    fs.symlinkSync(path.join(outside, 'target.txt'), path.join(root, 'link.txt'));
    const session = sessionOn(root);
    const plan = await planPatch(`§link.txt\n≔${a('t', 1)}\nT\n`, workspaceHost({ session, fs: session.diskFs, base: root }));
    expect(plan.ok ? '' : plan.error.kind).toBe('outside_workspace');
  });

  it('refuses binary, invalid UTF-8 and too large targets with a clear error', async () => {
    const root = writeTree(tempDir(), { 'bin.dat': new Uint8Array([1, 0, 2]), 'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'big.txt': 'x'.repeat(2000) });
    const session = sessionOn(root);
    const host = workspaceHost({ session, fs: session.diskFs, base: root, maxBytes: 1000 });
    const bin = await planPatch('§bin.dat\n»EOF\nx\n', host);
    expect(bin.ok ? '' : bin.error).toMatchObject({ kind: 'unreadable', message: expect.stringContaining('binary') });
    const latin = await planPatch('§latin1.txt\n»EOF\nx\n', host);
    expect(latin.ok ? '' : latin.error).toMatchObject({ kind: 'unreadable', message: expect.stringContaining('UTF-8') });
    const big = await planPatch('§big.txt\n»EOF\nx\n', host);
    expect(big.ok ? '' : big.error).toMatchObject({ kind: 'too_large', message: expect.stringContaining('1000') });
  });

  it('applies ops at the start, middle and end of a 10 MB file', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i} ${'·'.repeat(i % 40)}`);
    const text = lines.join('\n') + '\n';
    expect(text.length).toBeGreaterThan(10_000_000 / 2);
    const input = `§big.txt\n≔${a(lines[0], 1)}\nFIRST\n»${a(lines[99_999], 100_000)}\nMIDDLE\n≔${a(lines[199_999], 200_000)}\nLAST\n`;
    const plan = await planPatch(input, memoryHost({ 'big.txt': text }));
    if (!plan.ok) throw new Error(plan.error.message);
    const expected = [...lines];
    expected[0] = 'FIRST';
    expected[199_999] = 'LAST';
    expected.splice(100_000, 0, 'MIDDLE');
    expect(plan.files[0].after).toBe(expected.join('\n') + '\n');
    expect(plan.files[0].splices).toHaveLength(3);
  });

  it('applies a 10,000-op patch against the original numbering', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `row ${i}`);
    const ops: string[] = ['§rows.txt'];
    for (let k = 0; k < 10_000; k++) {
      const n = 1 + k * 5;
      ops.push(k % 2 ? `»${a(lines[n - 1], n)}` : `≔${a(lines[n - 1], n)}`, `op ${k}`);
    }
    const plan = await planPatch(ops.join('\n') + '\n', memoryHost({ 'rows.txt': lines.join('\n') }));
    if (!plan.ok) throw new Error(plan.error.message);
    const out = plan.files[0].after.split('\n');
    expect(out).toHaveLength(55_000);
    expect(out.slice(0, 7)).toEqual(['op 0', 'row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'op 1']);
  });

  it('refuses patches over the size and file caps before doing any work', async () => {
    const host = memoryHost({});
    const huge = await planPatch('§a\n»EOF\n' + 'x'.repeat(MAX_PATCH_BYTES), host);
    expect(huge.ok ? '' : huge.error.kind).toBe('input_error');
    const many = Array.from({ length: MAX_PATCH_FILES + 1 }, (_, i) => `§f${i}.txt\n»EOF\nx`).join('\n');
    const plan = await planPatch(many, host);
    expect(plan.ok ? '' : plan.error.message).toMatch(/at most 1000/);
  });

  it('writes nothing when a file changed on disk between preview and apply', async () => {
    const root = writeTree(tempDir(), { 'a.txt': 'a1\na2\n', 'b.txt': 'b1\n' });
    const session = sessionOn(root);
    const host = workspaceHost({ session, fs: session.diskFs, base: root });
    const plan = await planPatch(`§a.txt\n≔${a('a1', 1)}\nA1\n§b.txt\n≔${a('b1', 1)}\nB1\n§c.txt\n»EOF\nnew\n`, host);
    if (!plan.ok) throw new Error(plan.error.message);
    fs.writeFileSync(path.join(root, 'b.txt'), 'b1 edited elsewhere\n');
    const written = await writePlannedFiles(plan.files, session.confinement);
    expect(written).toMatchObject({ ok: false, message: expect.stringContaining('changed on disk') });
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('a1\na2\n');
    expect(fs.readFileSync(path.join(root, 'b.txt'), 'utf8')).toBe('b1 edited elsewhere\n');
    expect(fs.existsSync(path.join(root, 'c.txt'))).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(['a.txt', 'b.txt']);
  });
});

describe('editor edits', () => {
  /** Deterministic pseudo-random numbers. */
  function rng(seed: number) {
    return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  }

  it.each([
    ['LF', '\n', ''],
    ['CRLF', '\r\n', ''],
    ['BOM and CRLF', '\r\n', '\ufeff'],
    ['no final newline', '\n', ''],
  ])('touch only changed lines and reproduce the applied text exactly (%s)', async (name, eol, bom) => {
    const random = rng(name.length * 7919);
    for (let round = 0; round < 40; round++) {
      const lines = Array.from({ length: 3 + Math.floor(random() * 12) }, (_, i) => `l${i}${random() < 0.2 ? '' : ' x'}`);
      const body = lines.join(eol) + (name === 'no final newline' ? '' : eol);
      const all = (body.endsWith(eol) ? lines.concat('') : lines).map((t, i) => ({ t, n: i + 1 }));
      const ops: string[] = ['§f.txt'];
      for (const { t, n } of all) {
        const r = random();
        if (r < 0.15) ops.push(`≔${a(t, n)}`, `R${n}`);
        else if (r < 0.25) ops.push(`≔${a(t, n)}`);
        else if (r < 0.35) ops.push(`»${a(t, n)}`, `A${n}`);
        else if (r < 0.4) ops.push(`«${a(t, n)}`, `B${n}`);
      }
      if (random() < 0.3) ops.push('»EOF', 'END');
      if (random() < 0.3) ops.push('«BOF', 'TOP');
      if (ops.length === 1) continue;
      const plan = await planPatch(ops.join('\n') + '\n', memoryHost({ 'f.txt': bom + body }));
      if (!plan.ok) throw new Error(plan.error.message);
      const f = plan.files[0];
      // The edits address the text as an editor holds it (no BOM); applied to the disk text they keep its BOM.
      expect(applyEditorEdits(bom + body, textEditsFor(f))).toBe(f.after);
      if (f.changed) expect(f.after.startsWith(bom)).toBe(true);
    }
  });
});

describe('recovery and snapshots', () => {
  const current = 'NEW\nhead\nA\nB\nC\nD\nE\n';
  const old = ['head', 'A', 'B', 'C', 'D', 'E', ''];
  const full = (lines: string[]) => seenGeneration(lines.map((t, i) => [i + 1, t] as const), lines.length);

  it('tries generations newest first and uses the first that vouches for the anchors', async () => {
    const unrelated = full(['x', 'y', 'z']);
    const host = memoryHost({ 'r.txt': current }, { generations: { 'r.txt': [unrelated, full(old)] } });
    const plan = await planPatch(`§r.txt\n≔${a('C', 4)}\nC2\n`, host);
    expect(plan.ok && plan.files[0]).toMatchObject({ recovered: true, after: 'NEW\nhead\nA\nB\nC2\nD\nE\n' });
  });

  it('refuses when the hunk could land in two places', async () => {
    const block = ['A', 'A', 'A', 'q', 'A', 'A', 'A'];
    const now = ['NEW', ...block, 'x', ...block, ''].join('\n');
    const host = memoryHost({ 'r.txt': now }, { generations: { 'r.txt': [full([...block, ''])] } });
    const refused = await planPatch(`§r.txt\n≔${a('q', 4)}\nQ\n`, host);
    expect(refused.ok ? '' : refused.error.kind).toBe('hash_mismatch');
    const unique = memoryHost({ 'r.txt': ['NEW', ...block, ''].join('\n') }, { generations: { 'r.txt': [full([...block, ''])] } });
    const recovered = await planPatch(`§r.txt\n≔${a('q', 4)}\nQ\n`, unique);
    expect(recovered.ok && recovered.files[0].after).toBe('NEW\nA\nA\nA\nQ\nA\nA\nA\n');
  });

  it('refuses when a removed line was never seen', async () => {
    const partial = seenGeneration([[4, 'C']]);
    const host = memoryHost({ 'r.txt': current }, { generations: { 'r.txt': [partial] } });
    const plan = await planPatch(`§r.txt\n≔${a('C', 4)}..${a('E', 6)}\nX\n`, host);
    expect(plan.ok ? '' : plan.error.kind).toBe('hash_mismatch');
  });

  it('keeps four generations per path, starts a new one when a read disagrees, and forgets the oldest path after 30', () => {
    const store = new SnapshotStore();
    store.recordContiguous('/p', 1, ['a', 'b']);
    store.recordContiguous('/p', 3, ['c']);
    expect(store.generations('/p')).toHaveLength(1);
    expect(store.generations('/p')[0].get(3)).toBe('c');
    for (let i = 0; i < 5; i++) store.recordFull('/p', [`v${i}`]);
    expect(store.generations('/p')).toHaveLength(4);
    expect(store.generations('/p')[0].get(1)).toBe('v4');
    for (let i = 0; i < 30; i++) store.recordFull(`/q${i}`, ['x']);
    expect(store.generations('/p')).toEqual([]);
    expect(store.generations('/q29')).toHaveLength(1);
  });
});

describe('settings', () => {
  it('reads agentls.hashline.autoDropPureInsertDuplicates, off by default, and drops a value of the wrong type with a warning', () => {
    expect(DEFAULT_SETTINGS.hashline.autoDropPureInsertDuplicates).toBe(false);
    expect(overlaySettings(DEFAULT_SETTINGS, { agentls: { hashline: { autoDropPureInsertDuplicates: true } } }).hashline.autoDropPureInsertDuplicates).toBe(true);
    const warnings: string[] = [];
    expect(overlaySettings(DEFAULT_SETTINGS, { hashline: { autoDropPureInsertDuplicates: 'yes' } }, warnings).hashline.autoDropPureInsertDuplicates).toBe(false);
    expect(warnings).toEqual(['agentls.hashline.autoDropPureInsertDuplicates: expected true or false, ignored']);
  });
});
