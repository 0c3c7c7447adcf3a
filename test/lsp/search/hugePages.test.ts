import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir } from '../../helpers/repo';
import { completeIndex } from './searchSupport';

const start = useLspClients(afterEach);

/** The kernel's transparent huge page mode (`always`, `madvise` or `never`); undefined off Linux or without THP. */
function hugePageMode(): string | undefined {
  try {
    return /\[(\w+)\]/.exec(fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Kilobytes of a process's anonymous memory in huge pages. */
function anonHugeKb(pid: number): number {
  const m = /^AnonHugePages:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  if (!m) throw new Error(`no AnonHugePages in /proc/${pid}/smaps_rollup`);
  return Number(m[1]);
}

// glibc's malloc asks for huge pages only under GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (protocol/launch.ts),
// and only a kernel that gives them on request tells that apart: under `always` every process gets them.
const glibc = process.platform === 'linux' && typeof (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime === 'string';
const mode = hugePageMode();

describe('the server started as the editor set-ups start it (protocol/launch.ts)', () => {
  it.skipIf(!glibc || mode !== 'madvise')('keeps the file index\'s large arrays in huge pages (Linux with glibc, huge pages on request only: skipped elsewhere)', async () => {
    // 6,000 names of 200 characters: a character pool of 1.2 million, arrays of several MiB.
    const ws = tempDir('agentls-huge-pages-');
    for (let i = 0; i < 6000; i++) fs.writeFileSync(path.join(ws, `${String(i).padStart(5, '0')}-${'n'.repeat(190)}.txt`), '');
    const c = await start({ folders: [ws] });
    const answer = await completeIndex(c, '00042');
    expect(answer.candidates.map((f) => path.basename(f.path))).toContain(`00042-${'n'.repeat(190)}.txt`);
    expect(anonHugeKb(c.process.pid!)).toBeGreaterThanOrEqual(2048);
  });
});
