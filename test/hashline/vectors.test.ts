import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIGRAMS, formatReadLine, lineHash } from '../../server/hashline/hash';
import { planPatch } from '../../server/hashline/plan';
import { seenGeneration } from '../../server/hashline/snapshots';
import { readLinesOf } from '../../server/hashline/text';
import { xxhash32String } from '../../server/hashline/xxhash32';
import { memoryHost, relativeTo } from './memoryHost';

interface AnchorsFile {
  alphabetSize: number;
  bigrams: string[];
  anchors: { line: number; text: string; hash: string; anchor: string; readLine: string }[];
  readOutputs: { name: string; text: string; startLine: number; output: string }[];
}

interface PatchCase {
  id: string;
  files: Record<string, string>;
  input: string;
  path?: string;
  autoDropPureInsertDuplicates?: boolean;
  snapshots?: Record<string, { lines: Record<string, string>; lineCount?: number }[]>;
  expect: { ok: true; files: Record<string, string>; changed: Record<string, boolean>; warnings: string[] } | { ok: false; error: { kind: string; message: string } };
}

const vectors = path.join(__dirname, '..', 'vectors');
const anchors = JSON.parse(fs.readFileSync(path.join(vectors, 'hashline-anchors.json'), 'utf8')) as AnchorsFile;
const patches = JSON.parse(fs.readFileSync(path.join(vectors, 'hashline-patches.json'), 'utf8')) as { cases: PatchCase[] };

describe('xxHash32', () => {
  it('matches the reference values of the spec', () => {
    expect(xxhash32String('')).toBe(0x02cc5d05);
    expect(xxhash32String('abc')).toBe(0x32d153ff);
  });
});

describe('hashline-anchors.json', () => {
  it('has the same 647-pair alphabet, in the same order', () => {
    expect(BIGRAMS.length).toBe(anchors.alphabetSize);
    expect(BIGRAMS).toEqual(anchors.bigrams);
  });

  it.each(anchors.anchors.map((a) => [a.line, a] as const))('anchor %i', (_, a) => {
    expect(lineHash(a.text)).toBe(a.hash);
    expect(`${a.line}${lineHash(a.text)}`).toBe(a.anchor);
    expect(formatReadLine(a.line, a.text)).toBe(a.readLine);
  });

  it.each(anchors.readOutputs.map((r) => [r.name, r] as const))('read output %s', (_, r) => {
    const rows = readLinesOf(r.text).map((t, i) => formatReadLine(r.startLine + i, t));
    expect(rows.join('\n')).toBe(r.output);
  });
});

describe('hashline-patches.json', () => {
  it.each(patches.cases.map((c) => [c.id, c] as const))('%s', async (_, c) => {
    const generations = Object.fromEntries(
      Object.entries(c.snapshots ?? {}).map(([p, gens]) => [p, gens.map((g) => seenGeneration(Object.entries(g.lines).map(([n, t]) => [Number(n), t] as const), g.lineCount))]),
    );
    const host = memoryHost(c.files, { generations, autoDrop: c.autoDropPureInsertDuplicates });
    const plan = await planPatch(c.input, host, { fallbackPath: c.path });
    if (!c.expect.ok) {
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect({ kind: plan.error.kind, message: plan.error.message }).toEqual(c.expect.error);
      return;
    }
    if (!plan.ok) throw new Error(`${plan.error.kind}: ${plan.error.message}`);
    const after = { ...c.files };
    const changed: Record<string, boolean> = {};
    for (const f of plan.files) {
      changed[relativeTo(f.path)] = f.changed;
      if (f.changed) after[relativeTo(f.path)] = f.after;
    }
    expect(after).toEqual(c.expect.files);
    expect(changed).toEqual(c.expect.changed);
    expect(plan.warnings).toEqual(c.expect.warnings);
  });
});
