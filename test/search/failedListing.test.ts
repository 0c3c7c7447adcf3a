import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import type { Logger } from '../../server/core/log';
import { SearchEngine } from '../../server/search/engine';
import { MemoryStore } from '../../server/search/store';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0)) c();
});

/**
 * What `ask` answers with the clock held (`setTimeout` faked, never advanced), once the work
 * already queued has run: a wait that the failure ends has answered by then, and one that only
 * its own timer ends (the once-a-second look of `whenNamesKnown`, the minute given to
 * `ruleFolderLinksOf`) is still `pending`, however slow the machine.
 */
async function answerBeforeAnyTimer<T>(ask: () => Promise<T>): Promise<{ answer: T } | 'pending'> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let settled: { answer: T } | 'pending' = 'pending';
  void ask().then((answer) => (settled = { answer }));
  // Promise callbacks all run before the next turn of the loop (`setImmediate` is not faked).
  await new Promise((resolve) => setImmediate(resolve));
  vi.useRealTimers();
  return settled;
}

/**
 * An engine over one folder whose listing throws: the session's ignore rules cannot be had
 * (no file system failure does it, as the file system gives failures as values). The server
 * has no way to make a listing throw from outside, so this is tested on the engine.
 */
function failingEngine(): { root: string; e: SearchEngine; warnings: string[] } {
  const root = writeTree(tempDir('agentls-failed-'), { '.cursor/rules/sub/a.mdc': 'A rule.\n', 'src/a.ts': '' });
  const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
  s.addFolder(root);
  const ignoreFor = s.ignoreFor.bind(s);
  s.ignoreFor = (folder) => {
    if (folder === root) throw new Error('ignore rules unavailable');
    return ignoreFor(folder);
  };
  const warnings: string[] = [];
  const log: Logger = { error: (m) => warnings.push(m), warn: (m) => warnings.push(m), info: () => {}, debug: () => {} };
  const e = new SearchEngine(s, { store: new MemoryStore(), log });
  cleanups.push(() => e.dispose(), () => s.dispose());
  return { root, e, warnings };
}

describe('a folder whose listing throws', () => {
  it('ends the wait for its names (false), says so once, and its answers no longer wait for more names', async () => {
    const { root, e, warnings } = failingEngine();
    await e.sync();
    // Ended by the failure, not by the wait's once-a-second look.
    expect(await answerBeforeAnyTimer(() => e.whenNamesKnown(root))).toEqual({ answer: false });
    expect(await e.filesWithExtensionsNow(root, ['.mdc'])).toEqual({ paths: [], complete: true, truncated: false });
    // A second listing that throws too is not said again.
    await e.refresh();
    expect(await e.whenNamesKnown(root)).toBe(false);
    expect(warnings).toEqual([`file index: listing ${root} failed; its files are not searched until it is listed again: ignore rules unavailable`]);
  });
});

describe('the linked rule folders of a folder whose listing throws', () => {
  it('are known (none) once it failed: the rules answers do not say the index is still listing for good', async () => {
    const { root, e } = failingEngine();
    await e.sync();
    expect(await e.whenNamesKnown(root)).toBe(false);
    // `listed: false` makes agentls/ruleBuckets and agentls/rulesForFile say `indexing: true` (lsp/rules/unfollowedLinks.ts).
    expect(await e.ruleFolderLinksNow(root)).toEqual({ listed: true, links: { followed: [], unfollowed: [], unlistedLinks: [] } });
    // The unlisted rule files' sweep asks with a wait: it ends with the failure, not after it.
    expect(await answerBeforeAnyTimer(() => e.ruleFolderLinksOf(root, 60_000))).toEqual({ answer: { followed: [], unfollowed: [], unlistedLinks: [] } });
  });
});
