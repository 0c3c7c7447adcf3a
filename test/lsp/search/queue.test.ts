import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RawLspClient, useRawClients } from '../../helpers/rawClient';
import { until } from '../../helpers/polling';
import { tempDir } from '../../helpers/repo';

const start = useRawClients(afterEach);
const CANCELLED = -32800;

let workspace: string;
beforeAll(() => {
  workspace = tempDir('agentls-queue-');
  for (let d = 0; d < 60; d++) {
    const dir = path.join(workspace, `pkg${d}`, 'src');
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(dir, `Widget${d}x${f}Service.ts`), '');
  }
});
afterAll(() => fs.rmSync(workspace, { recursive: true, force: true }));

const queryId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const search = (id: number, query = 'widget service') => ({ jsonrpc: '2.0', id, method: 'agentls/fileSearch', params: { query_id: queryId(id), query } });
const status = (id: number) => ({ jsonrpc: '2.0', id, method: 'agentls/status', params: {} });
const cancel = (id: number) => ({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });

/** A server whose index is built: a search has found files, and its answer no longer says `indexing` (the first listing is over). */
async function ready(): Promise<RawLspClient> {
  const c = await start([workspace]);
  // Ids of their own: the tests' requests are numbered from 10 up to 6,000 and more.
  let id = 900_000;
  const ask = async () => {
    const n = id++;
    c.send(search(n, 'Widget59x99'));
    return (await c.response(n, 20_000)).result as { candidates: unknown[]; indexing?: boolean };
  };
  const first = await until('the first index to complete', ask, (r) => !r.indexing, 20_000);
  expect(first.candidates.length).toBeGreaterThan(0);
  return c;
}

describe('cancelled and superseded searches never wait in the queue', () => {
  it('a search cancelled with $/cancelRequest is answered RequestCancelled before requests queued ahead of it', async () => {
    const c = await ready();
    c.send(status(10), search(11), cancel(11));
    await c.response(10);
    expect((await c.response(11)).error?.code).toBe(CANCELLED);
    expect(c.indexOfResponse(11)).toBeLessThan(c.indexOfResponse(10));
  });

  it('agentls/fileSearchCancel does the same for its query', async () => {
    const c = await ready();
    c.send(status(20), search(21), { jsonrpc: '2.0', method: 'agentls/fileSearchCancel', params: { query_id: queryId(21) } });
    await c.response(20);
    expect((await c.response(21)).error?.code).toBe(CANCELLED);
    expect(c.indexOfResponse(21)).toBeLessThan(c.indexOfResponse(20));
  });

  it('agentls/fileSearchCancel sent as a request (with an id) cancels its query and is answered null, not MethodNotFound', async () => {
    const c = await ready();
    c.send(status(30), search(31), { jsonrpc: '2.0', id: 32, method: 'agentls/fileSearchCancel', params: { query_id: queryId(31) } });
    expect((await c.response(31)).error?.code).toBe(CANCELLED);
    const answer = await c.response(32);
    expect(answer.error).toBeUndefined();
    expect(answer.result).toBeNull();
    await c.response(30);
  });

  it('each newer search settles the older ones at once; the newest answers with results', async () => {
    const c = await ready();
    const ids = Array.from({ length: 60 }, (_, i) => 100 + i);
    c.send(status(99), ...ids.map((id) => search(id)));
    const newest = await c.response(ids[ids.length - 1]);
    expect((newest.result as { candidates: unknown[] }).candidates.length).toBeGreaterThan(0);
    await c.response(99);
    for (const id of ids.slice(0, -1)) {
      expect(c.responses(id)).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: CANCELLED }) })]);
      expect(c.indexOfResponse(id)).toBeLessThan(c.indexOfResponse(99));
    }
  });

  it('loses nothing in a burst of 1,000 searches, half of them cancelled, with a status probe at the end', async () => {
    const c = await ready();
    const messages: object[] = [];
    for (let i = 0; i < 1000; i++) {
      messages.push(search(1000 + i));
      if (i % 2 === 0 && i < 999) messages.push(cancel(1000 + i));
    }
    messages.push(status(5000));
    c.send(...messages);
    await c.response(5000, 20_000);
    await c.waitFor('an answer to every search', () => Array.from({ length: 1000 }, (_, i) => c.responses(1000 + i).length).every((n) => n === 1), 20_000);
    const last = c.responses(1999)[0];
    expect((last.result as { candidates: unknown[] }).candidates.length).toBeGreaterThan(0);
  });

  it('while files come and go, searches cancelled part-way through the new folder tree leave it right for the next', async () => {
    const c = await ready();
    let id = 6000;
    const names = async (query: string): Promise<string[]> => {
      const n = id++;
      c.send(search(n, query));
      const r = await c.response(n, 20_000);
      return (r.result as { candidates: { path: string }[] }).candidates.map((x) => path.basename(x.path));
    };
    let previous: string | undefined;
    for (let round = 1; round <= 5; round++) {
      const name = `Fresh${round}Gadget.ts`;
      fs.writeFileSync(path.join(workspace, `pkg${round}`, 'src', name), '');
      if (previous) fs.rmSync(path.join(workspace, `pkg${round - 1}`, 'src', previous));
      // Each file that comes or goes calls for a new tree; a search cancelled once it has started (the status probe
      // behind it has been answered) may leave its build part-way for the next.
      for (let k = 0; k < 3; k++) {
        const n = id++;
        const probe = id++;
        c.send(search(n, 'gadget'));
        c.send(status(probe));
        await c.response(probe);
        c.send(cancel(n));
        await c.response(n);
      }
      await until(`${name} found, and no other Fresh file`, () => names('fresh gadget'), (found) => found.includes(name) && found.filter((f) => f.startsWith('Fresh')).length === 1);
      previous = name;
    }
    fs.rmSync(path.join(workspace, 'pkg5', 'src', previous!));
  });
});
