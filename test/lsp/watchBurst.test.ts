import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useLspClients, type LspTestClient } from '../helpers/lspClient';
import { searchNames, status, until } from '../helpers/polling';
import { tempDir } from '../helpers/repo';

const start = useLspClients(afterEach);

/** 25 × 10 × 20 folders: a tree big enough that the native watcher is busy, small enough to make quickly. */
const SHAPE = { top: 25, mid: 10, leaf: 20 };
const BURST = 20;

let tree: string;

beforeAll(() => {
  tree = tempDir('agentls-watch-burst-');
  for (let t = 0; t < SHAPE.top; t++) {
    for (let m = 0; m < SHAPE.mid; m++) {
      for (let l = 0; l < SHAPE.leaf; l++) fs.mkdirSync(path.join(tree, `t${t}/m${m}/l${l}`), { recursive: true });
      fs.writeFileSync(path.join(tree, `t${t}/m${m}/index.md`), '');
    }
  }
}, 120_000);

/** A client without a watcher (Neovim 0.7-0.10), once the server's own watcher covers every folder. */
async function watched(backend: 'native' | 'fs.watch' = 'native'): Promise<LspTestClient> {
  const c = await start({ folders: [tree], client: 'neovim', env: backend === 'native' ? {} : { AGENTLS_NATIVE_WATCHER: 'off' } });
  const s = await until('every folder to be watched', () => status(c), (x) => x.watching.state === 'watching');
  expect(s.watching.backend).toBe(backend);
  return c;
}

/** Where the burst's folders go: at the top, and deep down (under folders with a watch of their own). */
function burstParent(i: number): string {
  return i % 2 === 0 ? '' : `t${i % SHAPE.top}/m${i % SHAPE.mid}`;
}

/** Waits until search finds exactly these files (relative paths) among those named `prefix…`. */
async function seen(c: LspTestClient, prefix: string, want: string[]): Promise<void> {
  const found = await until(`search to find ${want.length} ${prefix}… files`, () => searchNames(c, prefix), (f) => f.length === want.length && want.every((w) => f.includes(w)));
  expect([...found].sort()).toEqual([...want].sort());
}

describe("the server's own (native) watcher when folders appear, vanish and move", () => {
  it.each(['native', 'fs.watch'] as const)('sees every file of 20 folders made at once, each holding a folder and files, and files written into them later (%s)', async (backend) => {
    const c = await watched(backend);
    const tag = backend === 'native' ? 'N' : 'F';
    const inner: string[] = [];
    const top: string[] = [];
    // All at once, as a checkout or an unpacked archive writes them: no watch can be live in time.
    for (let i = 0; i < BURST; i++) {
      const dir = path.join(burstParent(i), `burst${tag}${i}`);
      fs.mkdirSync(path.join(tree, dir, 'inner'), { recursive: true });
      fs.writeFileSync(path.join(tree, dir, 'inner', `burst${tag}Inner${i}.md`), 'x');
      fs.writeFileSync(path.join(tree, dir, `burst${tag}Top${i}.md`), 'x');
      inner.push(path.join(dir, 'inner', `burst${tag}Inner${i}.md`));
      top.push(path.join(dir, `burst${tag}Top${i}.md`));
    }
    await seen(c, `burst${tag}Inner`, inner);
    await seen(c, `burst${tag}Top`, top);
    // The inner folders existed before their parents were watched: they are watched too.
    const later = Array.from({ length: BURST }, (_, i) => path.join(burstParent(i), `burst${tag}${i}`, 'inner', `burst${tag}Later${i}.md`));
    for (const rel of later) fs.writeFileSync(path.join(tree, rel), 'x');
    await seen(c, `burst${tag}Later`, later);
  }, 180_000);

  it.each(['native', 'fs.watch'] as const)("drops a deleted folder's files from search, and moves a renamed folder's files (%s)", async (backend) => {
    const c = await watched(backend);
    const tag = backend === 'native' ? 'N' : 'F';
    const made = (dir: string, name: string) => {
      fs.mkdirSync(path.join(tree, dir, 'sub'), { recursive: true });
      fs.writeFileSync(path.join(tree, dir, `${name}.md`), 'x');
      fs.writeFileSync(path.join(tree, dir, 'sub', `${name}Deep.md`), 'x');
      return [path.join(dir, `${name}.md`), path.join(dir, 'sub', `${name}Deep.md`)];
    };
    const doomed = made(`t3/m3/doomed${tag}`, `doomedFile${tag}`);
    const moving = made(`t4/m4/before${tag}`, `movingFile${tag}`);
    await seen(c, `doomedFile${tag}`, doomed);
    await seen(c, `movingFile${tag}`, moving);

    fs.rmSync(path.join(tree, `t3/m3/doomed${tag}`), { recursive: true });
    await seen(c, `doomedFile${tag}`, []);

    fs.renameSync(path.join(tree, `t4/m4/before${tag}`), path.join(tree, `t5/m5/after${tag}`));
    await seen(c, `movingFile${tag}`, [`t5/m5/after${tag}/movingFile${tag}.md`, `t5/m5/after${tag}/sub/movingFile${tag}Deep.md`]);
    // Changes inside the moved folder are seen under its new name.
    fs.writeFileSync(path.join(tree, `t5/m5/after${tag}/sub/movingFile${tag}Later.md`), 'x');
    fs.rmSync(path.join(tree, `t5/m5/after${tag}/movingFile${tag}.md`));
    await seen(c, `movingFile${tag}`, [`t5/m5/after${tag}/sub/movingFile${tag}Deep.md`, `t5/m5/after${tag}/sub/movingFile${tag}Later.md`]);
  }, 180_000);
});
