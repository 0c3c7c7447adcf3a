import { lineHash } from '../../server/hashline/hash';
import { planPatch } from '../../server/hashline/plan';
import { readAnchored } from '../../server/hashline/read';
import { memoryHost } from '../hashline/memoryHost';
import type { Benchmark } from './benchmark';
import { timeRuns, timingFigure, type Figure } from './stats';

/** Lines that look like code: indentation, identifiers, numbers, some non-ASCII. */
function codeLines(count: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const indent = '  '.repeat(i % 4);
    lines.push(i % 10 === 9 ? '' : `${indent}const value${i} = compute(${i}, "état ${i % 97}"); // step ${i}`);
  }
  return lines;
}

/** `count` ops spread evenly over `lines`: replacements, inserts after, inserts before. */
function patchFor(lines: readonly string[], count: number): string {
  const out = ['§big.ts'];
  const step = Math.floor(lines.length / count);
  for (let k = 0; k < count; k++) {
    const n = 1 + k * step;
    const anchor = `${n}${lineHash(lines[n - 1])}`;
    if (k % 3 === 0) out.push(`≔${anchor}`, `  const replaced${k} = ${k};`);
    else if (k % 3 === 1) out.push(`»${anchor}`, `  // note ${k}`, `  log(${k});`);
    else out.push(`«${anchor}`, `  // before ${k}`);
  }
  return out.join('\n') + '\n';
}

export const hashlineBenchmark: Benchmark = {
  id: 'hashline',
  name: 'hashline: anchors and patches',
  async run(log) {
    const figures: Figure[] = [];

    const million = codeLines(1_000_000).join('\n') + '\n';
    log(`hashing a 1,000,000-line file (${(million.length / 1024 / 1024).toFixed(1)} MiB) into LINEhh|text rows`);
    const readSamples = await timeRuns(() => readAnchored(million), 5);
    figures.push(timingFigure('read 1M lines with anchors', readSamples));

    const text = codeLines(100_000).join('\n') + '\n';
    const input = patchFor(text.split('\n'), 100);
    const host = memoryHost({ 'big.ts': text });
    log(`applying 100 ops to a 100,000-line file (${(text.length / 1024 / 1024).toFixed(1)} MiB): parse, read, validate, apply, render`);
    const check = await planPatch(input, host);
    if (!check.ok || !check.files[0].changed) throw new Error(`the benchmark patch did not apply: ${check.ok ? 'no change' : check.error.message}`);
    const applySamples = await timeRuns(() => planPatch(input, host), 20, 3);
    const apply = timingFigure('apply 100 ops to 100k lines', applySamples, { goal: '< 50 ms' });
    apply.meets = apply.value < 50;
    figures.push(apply);

    const tenMiB = codeLines(170_000).join('\n') + '\n';
    const bigInput = patchFor(tenMiB.split('\n'), 10_000);
    const bigHost = memoryHost({ 'big.ts': tenMiB });
    log(`applying a 10,000-op patch (${(bigInput.length / 1024).toFixed(0)} KiB) to a ${(tenMiB.length / 1024 / 1024).toFixed(1)} MiB file`);
    const bigSamples = await timeRuns(() => planPatch(bigInput, bigHost), 5, 1);
    figures.push(timingFigure('apply 10,000 ops to a 10 MiB file', bigSamples));
    return figures;
  },
};
