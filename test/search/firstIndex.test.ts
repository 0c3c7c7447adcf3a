import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CancellationSource, CancelledError, NEVER_CANCELLED } from '../../server/core/cancel';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { SearchEngine, type SearchEngineOptions } from '../../server/search/engine';
import { readSearchRequest } from '../../server/search/request';
import { MemoryStore } from '../../server/search/store';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function tree(folders: number, files: number): string {
  const root = tempDir('agentls-first-');
  for (let d = 0; d < folders; d++) {
    fs.mkdirSync(path.join(root, `module${d}`));
    for (let f = 0; f < files; f++) fs.writeFileSync(path.join(root, `module${d}`, `Part${d}x${f}.ts`), '');
  }
  return root;
}

/** An engine over one folder, disposed after the test. */
function plainEngine(root: string): SearchEngine {
  const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
  s.addFolder(root);
  const e = new SearchEngine(s, { store: new MemoryStore(), log: s.log });
  cleanups.push(() => e.dispose(), () => s.dispose());
  return e;
}

/** An engine whose first listing stops once it has listed `holdAt` files (its first ones by default) until `release` is called. */
function heldEngine(root: string, holdAt = 1, more: Partial<SearchEngineOptions> = {}) {
  const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
  s.addFolder(root);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const e = new SearchEngine(s, {
    store: new MemoryStore(),
    log: s.log,
    waitForNamesMs: 0,
    between: (_root, files) => {
      if (files < holdAt) return undefined;
      markHeld();
      return released;
    },
    ...more,
  });
  cleanups.push(() => e.dispose(), () => s.dispose());
  return { s, e, held, release };
}

const ask = (e: SearchEngine, query: string) => e.search(readSearchRequest({ query_id: '9b2f1c3e-8a4d-4f6b-9c1d-2e3f4a5b6c7d', query, max_results: 50 }), NEVER_CANCELLED);

describe('the first index', () => {
  it('completes when files arrive while the folder is listed, even those no event announced', async () => {
    const root = tree(12, 20);
    const { s, e, held, release } = heldEngine(root);
    const building = e.sync();
    await held;
    // Half-way: an answer says so.
    const partial = await ask(e, 'part');
    expect(partial.indexing).toBe(true);
    expect(partial.indexed_count).toBeLessThan(240);
    // A checkout writes more files meanwhile; the watcher saw one of them, not the folder read before its watch.
    fs.mkdirSync(path.join(root, 'arrived'));
    fs.writeFileSync(path.join(root, 'arrived', 'Unannounced.ts'), '');
    fs.writeFileSync(path.join(root, 'module0', 'Announced.ts'), '');
    s.changes.push({ path: path.join(root, 'module0', 'Announced.ts'), type: 'created' });
    s.changes.flush();
    release();
    const [report] = await building;
    expect(report.files).toBe(242);
    const done = await ask(e, 'unannounced');
    expect(done.indexing).toBeUndefined();
    expect(done.candidates.map((c) => c.path)).toEqual(['arrived/Unannounced.ts']);
  });

  it('answers a search that waits for the first files as soon as they are in, however long it may wait', async () => {
    const { e, held, release } = heldEngine(tree(12, 20), 1, { useGit: false, waitForNamesMs: 10 * 60_000 });
    const building = e.sync();
    // Asked before anything is listed: it waits for files, and the listing stops after its first ones.
    const asked = ask(e, 'part');
    await held;
    const partial = await asked;
    expect(partial.indexing).toBe(true);
    expect(partial.candidates.length).toBeGreaterThan(0);
    expect(partial.indexed_count).toBeLessThan(240);
    release();
    expect((await building)[0].files).toBe(240);
  });

  it('stops waiting for the first files when its search is cancelled, however long it may wait', async () => {
    const { e, held, release } = heldEngine(tree(4, 5), 0, { useGit: false, waitForNamesMs: 10 * 60_000 });
    const building = e.sync();
    await held;
    // The listing is held before its first files: nothing to rank, and the wait for them is ten minutes.
    const cancel = new CancellationSource();
    const asked = e.search(readSearchRequest({ query_id: '9b2f1c3e-8a4d-4f6b-9c1d-2e3f4a5b6c7d', query: 'part', max_results: 50 }), cancel);
    cancel.cancel();
    await expect(asked).rejects.toBeInstanceOf(CancelledError);
    release();
    expect((await building)[0].files).toBe(20);
  });

  it('leaves the listing its turn: searches sent back to back each rank a table a batch has grown since the last', async () => {
    const e = plainEngine(tree(40, 50));
    const building = e.sync();
    // An editor asking again the moment each answer comes: its answers come from a table each batch has grown.
    const counts: number[] = [];
    for (let r = await ask(e, 'part'); r.indexing; r = await ask(e, 'part')) counts.push(r.indexed_count!);
    expect((await building)[0].files).toBe(2000);
    expect(counts.length).toBeGreaterThan(0);
    // Each waits for a batch at most 250 ms: a machine stalled that long may repeat one now and then.
    // Without the wait, 31-34 of 37-40 answers came from the table the answer before had.
    expect(counts.filter((n, i) => i > 0 && n <= counts[i - 1]).length).toBeLessThanOrEqual(2);
  });

  it('completes a quiet tree in one listing', async () => {
    const root = tree(30, 50);
    const e = plainEngine(root);
    // Searches keep arriving while it builds; none may stop it.
    const building = e.sync();
    let answers = 0;
    for (let settled = false; !settled; answers++) {
      const r = await ask(e, 'part');
      settled = !r.indexing;
    }
    const [report] = await building;
    expect(report.files).toBe(1500);
    expect((await ask(e, 'part')).total_count).toBe(1500);
    expect(answers).toBeGreaterThan(0);
  });
});

/**
 * A search for `part` over a tree of 240 files, sent while the first listing (a walk) is held
 * once it has listed `holdAt` files, and whose reads of the sizes of the files it answers with
 * wait for that listing to end. The first such read (the ranking is done) lets the listing go
 * on: the search answers after the listing ended, from a table ranked while it was held.
 */
async function askedWhileListed(holdAt: number) {
  let markListed!: () => void;
  const listed = new Promise<void>((resolve) => (markListed = resolve));
  const { s, e, held, release } = heldEngine(tree(12, 20), holdAt, { useGit: false, onListed: () => markListed() });
  const stat = s.diskFs.stat.bind(s.diskFs);
  (s.diskFs as { stat: typeof stat }).stat = async (p) => {
    if (p.endsWith('.ts')) {
      release();
      await listed;
    }
    return stat(p);
  };
  const building = e.sync();
  await held;
  const answer = await ask(e, 'part');
  return { e, answer, listedFiles: (await building)[0].files };
}

describe('a search ranked while the first index is listed, answering after it ended', () => {
  it('says it is complete when no file came while it ranked: the table was the whole index', async () => {
    const { answer, listedFiles } = await askedWhileListed(240);
    expect(listedFiles).toBe(240);
    expect(answer.indexing).toBeUndefined();
    expect(answer.indexed_count).toBeUndefined();
    expect(answer.total_count).toBe(240);
  });

  it('says it is partial when files came after it ranked, though the listing has ended', async () => {
    const { e, answer, listedFiles } = await askedWhileListed(1);
    expect(listedFiles).toBe(240);
    expect(answer.indexing).toBe(true);
    expect(answer.total_count).toBeLessThan(240);
    expect(answer.indexed_count).toBe(answer.total_count);
    expect((await ask(e, 'part')).indexing).toBeUndefined();
  });
});

describe('a search that overlaps a listing batch', () => {
  it('is not the basis of the next keystroke: files added during its scan are found by the next search', async () => {
    const root = tree(40, 100);
    const e = plainEngine(root);
    await e.sync();
    const table = (e as unknown as { folders: Map<string, { table: { add(rel: string): number } }> }).folders.get(root)!.table;
    // The scan polls its cancellation every 1,024 files: the third poll lands inside the scan, where a batch arrives.
    let polls = 0;
    const cancel = {
      get isCancellationRequested() {
        if (++polls === 3) table.add('late/PartLate.ts');
        return false;
      },
    };
    const during = await e.search(readSearchRequest({ query_id: '9b2f1c3e-8a4d-4f6b-9c1d-2e3f4a5b6c7d', query: 'part', max_results: 50 }), cancel);
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(during.total_count).toBe(4000);
    expect((await ask(e, 'part')).total_count).toBe(4001);
  });
});
