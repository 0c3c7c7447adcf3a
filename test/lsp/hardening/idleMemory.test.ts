import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const STARTUP = /^memory: collected after start-up in \d+ ms: heap (\d+) -> (\d+) MiB, RSS \d+ -> \d+ MiB$/;
const SAVE_ENDED = /^memory: saving the file index left garbage; collecting once requests are quiet$/;
const SAVED = /^memory: collected after saving the file index in \d+ ms: heap \d+ -> \d+ MiB, RSS \d+ -> \d+ MiB$/;
const COLLECTED = /^memory: collected after a burst of (\d+) requests and file changes in \d+ ms: heap (\d+) -> (\d+) MiB, RSS \d+ -> \d+ MiB$/;

describe('memory after a burst of requests', () => {
  it('is collected once the burst has been quiet for a while, not during it and not after a few requests', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x' });
    const c = await start({ folders: [ws], settings: { log: { level: 'debug' } } });
    const collections = () => c.logMessages.map((m) => COLLECTED.exec(m.message)).filter((m) => m !== null);

    // A few requests are no burst.
    await Promise.all(Array.from({ length: 50 }, () => c.request('agentls/status')));
    // A burst: 600 requests, then nothing.
    await Promise.all(Array.from({ length: 600 }, () => c.request('agentls/status')));
    await c.waitFor('a collection after the burst', () => collections().length > 0, 15_000);
    const [first] = collections();
    // Counted from the first request (the handshake's included), so every request of the burst is in it.
    expect(Number(first[1])).toBeGreaterThanOrEqual(650);
    // What the burst left behind was collected.
    expect(Number(first[3])).toBeLessThanOrEqual(Number(first[2]));
    // Quiet since: no second collection without a new burst.
    await c.request('agentls/status');
    expect(collections()).toHaveLength(1);
  });

  // glibc alone keeps freed memory this way and has malloc_trim; Node names its version only where it runs on it.
  const glibc = process.platform === 'linux' && typeof (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime === 'string';
  it.skipIf(!glibc)('gives what malloc holds freed back to the system after the collection (Linux with glibc only: skipped elsewhere)', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x' });
    const c = await start({ folders: [ws], settings: { log: { level: 'debug' } } });
    const TRIMMED = /^memory: freed malloc memory given back in \d+ ms: RSS (\d+) -> (\d+) MiB$/;
    const trims = () => c.logMessages.map((m) => TRIMMED.exec(m.message)).filter((m) => m !== null);
    await Promise.all(Array.from({ length: 600 }, () => c.request('agentls/status')));
    await c.waitFor('freed malloc memory given back after the burst', () => trims().length > 0, 20_000);
    // Again after a second burst: the first time also loads what it uses (SQLite, Node's report), which the RSS it logs includes.
    const before = trims().length;
    await Promise.all(Array.from({ length: 600 }, () => c.request('agentls/status')));
    await c.waitFor('freed malloc memory given back after the second burst', () => trims().length > before, 20_000);
    // Pages handed back, never taken: RSS does not grow across it.
    const last = trims()[trims().length - 1];
    expect(Number(last[2])).toBeLessThanOrEqual(Number(last[1]));
  });

  it.skipIf(!glibc)('says once that it could not give freed malloc memory back when malloc_trim did not run, and never that it did', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x' });
    // A symbol libc lacks: SQLite fails to load it (glibc says "undefined symbol"), unlike malloc_trim's non-zero return.
    const c = await start({ folders: [ws], settings: { log: { level: 'debug' } }, env: { AGENTLS_TEST_MALLOC_TRIM_ENTRY: 'agentls_no_such_symbol' } });
    const failed = () => c.logMessages.filter((m) => /^memory: could not give freed malloc memory back \(.*agentls_no_such_symbol.*\); not tried again$/.test(m.message));
    const young = () => c.logMessages.filter((m) => m.message.startsWith('memory: young generation'));
    await Promise.all(Array.from({ length: 600 }, () => c.request('agentls/status')));
    await c.waitFor('the trim after the burst to fail', () => failed().length > 0, 20_000);
    // A second burst: the young generation is given back again, but the trim is not tried again nor logged.
    const before = young().length;
    await Promise.all(Array.from({ length: 600 }, () => c.request('agentls/status')));
    await c.waitFor('the second burst collected', () => young().length > before, 20_000);
    // A round trip: whatever the server logged with it has arrived.
    await c.request('agentls/status');
    expect(failed()).toHaveLength(1);
    expect(c.logMessages.filter((m) => m.message.startsWith('memory: freed malloc memory given back'))).toEqual([]);
  });

  it('is collected once a burst of file changes (a checkout) has been quiet for a while, as after a burst of requests', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x' });
    const c = await start({ folders: [ws], settings: { log: { level: 'debug' } } });
    const collections = () => c.logMessages.map((m) => COLLECTED.exec(m.message)).filter((m) => m !== null);
    const files = Array.from({ length: 600 }, (_, i) => `src/f${i}.ts`);
    writeTree(ws, Object.fromEntries(files.map((f) => [f, 'x'])));
    // As a client's file watcher reports a checkout: a few batches of many changes, few requests.
    for (let i = 0; i < files.length; i += 200) {
      await c.notify('workspace/didChangeWatchedFiles', { changes: files.slice(i, i + 200).map((f) => ({ uri: c.uri(`${ws}/${f}`), type: 1 })) });
    }
    await c.waitFor('a collection after the changes', () => collections().length > 0, 15_000);
    expect(Number(collections()[0][1])).toBeGreaterThanOrEqual(600);
  });

  // The load benchmark: the file list saved ten seconds after the last change, after the burst's collection, left its 2.9 MiB
  // of chunks (array buffers) uncollected, and RSS ten seconds after the load 10-11 MiB above its start.
  it('is collected once quiet after the file index was saved following a file change, though no burst came', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x' });
    const c = await start({ folders: [ws], client: 'vscode', settings: { log: { level: 'debug' } } });
    const saved = () => c.logMessages.filter((m) => SAVED.test(m.message));
    await c.waitFor('a collection after start-up', () => c.logMessages.some((m) => STARTUP.test(m.message)), 15_000);
    // The start-up save is collected with start-up's: nothing is said of it on its own.
    expect(saved()).toEqual([]);
    writeTree(ws, { 'b.txt': 'x' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(`${ws}/b.txt`), type: 1 }] });
    // The index is saved ten seconds after its first change (folderIndex.ts), then collected once quiet.
    await c.waitFor('a collection after the save', () => saved().length > 0, 25_000);
    expect(c.logMessages.filter((m) => COLLECTED.test(m.message))).toEqual([]);
  }, 40_000);

  // A client that sends only notifications while the user types (didChange) must not get a full collection mid-typing.
  it('is collected after the file index was saved only once the typing stops, not while edits keep arriving', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x', 'AGENTS.md': '# Notes\n' });
    const c = await start({ folders: [ws], client: 'vscode', settings: { log: { level: 'debug' } } });
    const saved = () => c.logMessages.filter((m) => SAVED.test(m.message));
    await c.waitFor('a collection after start-up', () => c.logMessages.some((m) => STARTUP.test(m.message)), 15_000);
    const uri = await c.open(`${ws}/AGENTS.md`);
    writeTree(ws, { 'b.txt': 'x' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(`${ws}/b.txt`), type: 1 }] });
    // The user types (a keystroke every 200 ms) until the index has been saved (ten seconds after the change,
    // folderIndex.ts; the collector logs the save's end), then for three of the collector's quiet spells more
    // (QUIET_MS, 2 s, in core/gc.ts): no collection comes while keystrokes keep arriving.
    const keystroke = async () => {
      await c.type(uri, { line: 1, character: 0 }, 'x');
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const saveEnded = () => c.logMessages.some((m) => SAVE_ENDED.test(m.message));
    const givesUpAt = Date.now() + 30_000;
    while (!saveEnded() && Date.now() < givesUpAt) await keystroke();
    expect(saveEnded(), 'the file index saved while the user typed').toBe(true);
    for (let i = 0; i < (3 * 2_000) / 200; i++) await keystroke();
    expect(saved()).toEqual([]);
    // Once it stops, it comes.
    await c.waitFor('a collection after the save', () => saved().length > 0, 15_000);
  }, 60_000);

  it('is collected once after start-up (what the first index left behind), when requests have been quiet', async () => {
    const ws = writeTree(tempDir(), Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`src/f${i}.ts`, 'x'])));
    const c = await start({ folders: [ws], settings: { log: { level: 'debug' } } });
    const startup = () => c.logMessages.map((m) => STARTUP.exec(m.message)).filter((m) => m !== null);
    await c.waitFor('a collection after start-up', () => startup().length > 0, 15_000);
    const [first] = startup();
    expect(Number(first[2])).toBeLessThanOrEqual(Number(first[1]));
    // Once: a few requests later there is no second one.
    await Promise.all(Array.from({ length: 20 }, () => c.request('agentls/status')));
    expect(startup()).toHaveLength(1);
  });
});
