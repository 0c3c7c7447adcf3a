import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { FolderIndex } from '../../server/search/folderIndex';
import { MemoryStore } from '../../server/search/store';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0)) c();
});

/** A store that counts the file lists written to it. */
class CountingStore extends MemoryStore {
  saves = 0;
  override saveSnapshot(root: string, chunks: readonly Uint8Array[]): void {
    this.saves++;
    super.saveSnapshot(root, chunks);
  }
}

/** A built index of a small folder, and its store (the build itself saves once). */
async function builtIndex(): Promise<{ index: FolderIndex; store: CountingStore; root: string }> {
  const root = writeTree(tempDir(), { 'a.txt': 'x', 'src/b.ts': 'x' });
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
  session.addFolder(root);
  const store = new CountingStore();
  const index = new FolderIndex({ root, fs: session.diskFs, ignore: () => session.ignoreFor(root), maxFiles: () => 1000, store, log: session.log, useGit: false });
  cleanups.push(() => (index.dispose(), session.dispose()));
  await index.build({ useSnapshot: false });
  expect(store.saves).toBe(1);
  return { index, store, root };
}

/** A file appears: the index changes and a save is due (10 s later, in a pause of searching). */
async function fileAppears(index: FolderIndex, root: string, name: string): Promise<void> {
  fs.writeFileSync(path.join(root, name), 'x');
  await index.applyChanges([{ rel: name, type: 'created' }]);
}

/** Searches ten times a second for `ms` (fake time). */
function searchEvery100ms(index: FolderIndex, ms: number): void {
  for (let t = 0; t < ms; t += 100) {
    index.busy++;
    index.busy--;
    vi.advanceTimersByTime(100);
  }
}

/**
 * Writing the file list holds the thread (tens of milliseconds on a large folder): a
 * cancel or a keystroke arriving then waits. So a save waits for a second without
 * searches, and happens anyway when searching never pauses.
 */
describe('saving the file list', () => {
  it('waits for a pause in searching', async () => {
    const { index, store, root } = await builtIndex();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    index.busy++; // a search in flight
    await fileAppears(index, root, 'c.txt');
    vi.advanceTimersByTime(15_000);
    expect(store.saves).toBe(1);
    index.busy--; // it ends: a second of quiet, then the save
    vi.advanceTimersByTime(500);
    expect(store.saves).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(store.saves).toBe(2);
  });

  it('is written when searching never pauses, a minute after it was due', async () => {
    const { index, store, root } = await builtIndex();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    await fileAppears(index, root, 'c.txt');
    searchEvery100ms(index, 69_000);
    expect(store.saves).toBe(1);
    searchEvery100ms(index, 2_000);
    expect(store.saves).toBe(2);
  });

  it('is written 10 s after a change when nothing searches', async () => {
    const { index, store, root } = await builtIndex();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    await fileAppears(index, root, 'c.txt');
    vi.advanceTimersByTime(9_900);
    expect(store.saves).toBe(1);
    vi.advanceTimersByTime(200);
    expect(store.saves).toBe(2);
  });
});
