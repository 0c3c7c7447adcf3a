import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const STARTUP = /^memory: collected after start-up in \d+ ms: heap (\d+) -> (\d+) MiB, RSS \d+ -> \d+ MiB$/;
const COLLECTED = /^memory: collected after a burst of (\d+) requests in \d+ ms: heap (\d+) -> (\d+) MiB, RSS \d+ -> \d+ MiB$/;

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
