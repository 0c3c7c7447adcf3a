import { describe, expect, it, vi } from 'vitest';
import { yieldToEventLoop } from '../../server/core/cancel';
import { answeringRequest, yieldToRequests } from '../../server/core/foreground';
import { TimeSlicer } from '../../server/core/slices';
import { scanFolders } from '../../server/workspace/folderScan';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

describe('background work steps aside while a request is answered', () => {
  it('a yield goes on at once when no request is being answered', async () => {
    await yieldToRequests();
  });

  it('a yield waits until the request being answered is done', async () => {
    const answered = answeringRequest();
    let resumed = false;
    const yielded = yieldToRequests().then(() => (resumed = true));
    for (let i = 0; i < 5; i++) await yieldToEventLoop();
    expect(resumed).toBe(false);
    answered();
    answered(); // twice is once
    await yielded;
    expect(resumed).toBe(true);
  });

  it('a request answered for a long time (a rebuild, an edit never confirmed) no longer holds background work back', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const answered = answeringRequest();
    try {
      vi.advanceTimersByTime(2500);
      let resumed = false;
      const yielded = yieldToRequests().then(() => (resumed = true));
      for (let i = 0; i < 5; i++) await yieldToEventLoop();
      expect(resumed).toBe(true);
      await yielded;
    } finally {
      answered();
      vi.useRealTimers();
    }
  });

  it('the folder listing for watching waits while a request is answered, then finishes', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) tree[`d${i % 60}/e${i}/f.md`] = '';
    const root = writeTree(tempDir(), tree);
    const session = new WorkspaceSession(DEFAULT_SETTINGS);
    session.addFolder(root);
    const answered = answeringRequest();
    let done = false;
    const scan = scanFolders(root, session.ignoreFor(root)).then((s) => ((done = true), s));
    // Turns of the event loop in which the listing would otherwise finish (a slice each).
    for (let i = 0; i < 300; i++) await yieldToEventLoop();
    expect(done).toBe(false);
    answered();
    expect((await scan).folders.size).toBe(1 + 60 + 3000);
    session.dispose();
  });

  it('a slicer for background work (the glob reach, paths spelt for it) waits too; a plain one only lets messages through', async () => {
    const answered = answeringRequest();
    try {
      let plainDone = false;
      let backgroundDone = false;
      const plain = new TimeSlicer(0).breathe().then(() => (plainDone = true));
      const background = new TimeSlicer(0, yieldToRequests).breathe().then(() => (backgroundDone = true));
      for (let i = 0; i < 5; i++) await yieldToEventLoop();
      expect([plainDone, backgroundDone]).toEqual([true, false]);
      answered();
      await Promise.all([plain, background]);
      expect(backgroundDone).toBe(true);
    } finally {
      answered();
    }
  });
});
