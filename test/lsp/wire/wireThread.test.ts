import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RawLspClient } from '../../helpers/rawClient';
import { tempDir, writeTree } from '../../helpers/repo';

const CANCELLED = -32800;
const clients: RawLspClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

const search = (id: number, query: string) => ({ jsonrpc: '2.0', id, method: 'agentls/fileSearch', params: { query_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, query } });
const status = (id: number) => ({ jsonrpc: '2.0', id, method: 'agentls/status', params: {} });

async function serverHeldBySearches(env: Record<string, string> = {}): Promise<{ c: RawLspClient; gate: string }> {
  const ws = writeTree(tempDir('agentls-wire-'), { 'src/auth.ts': '', 'src/session.ts': '' });
  const gate = path.join(tempDir('agentls-wire-gate-'), 'release');
  const c = await RawLspClient.start([ws], { env: { AGENTLS_TEST_HOLD_THREAD: gate, ...env } });
  clients.push(c);
  return { c, gate };
}

describe('the wire thread', () => {
  it("answers a cancelled search while the server's thread is busy, and the search gets one answer only", async () => {
    const { c, gate } = await serverHeldBySearches();
    c.send(search(2, 'auth'));
    // The server says so just before its thread stops reading: from here on only the wire thread can answer.
    await c.waitFor('the thread to be held', () => c.logLines().some((l) => l.startsWith('test: holding')));
    c.send(status(3), { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 2 } });
    const answer = await c.response(2, 10_000);
    expect(answer.error?.code).toBe(CANCELLED);
    expect(answer.error?.message).toBe('agentls/fileSearch was cancelled');
    expect(c.responses(3)).toEqual([]);
    fs.writeFileSync(gate, '');
    // The held thread answers the status sent meanwhile; its own answer to the search was dropped.
    expect((await c.response(3)).result).toBeDefined();
    c.send(status(4));
    await c.response(4);
    expect(c.responses(2)).toHaveLength(1);
  });

  it('answers a search superseded by a newer one while the thread is busy; the newest gets its results', async () => {
    const { c, gate } = await serverHeldBySearches();
    c.send(search(2, 'auth'));
    await c.waitFor('the thread to be held', () => c.logLines().some((l) => l.startsWith('test: holding')));
    c.send(search(3, 'session'));
    expect((await c.response(2, 10_000)).error?.message).toBe('agentls/fileSearch was superseded by a newer search');
    expect(c.responses(3)).toEqual([]);
    fs.writeFileSync(gate, '');
    const newest = await c.response(3, 20_000);
    expect((newest.result as { candidates: { path: string }[] }).candidates.map((x) => x.path)).toContain('src/session.ts');
    expect(c.responses(2)).toHaveLength(1);
  });

  it('is left out with AGENTLS_WIRE_THREAD=0: the server reads on its own thread and answers the cancel once that is free', async () => {
    const { c, gate } = await serverHeldBySearches({ AGENTLS_WIRE_THREAD: '0' });
    c.send(search(2, 'auth'));
    await c.waitFor('the thread to be held', () => c.logLines().some((l) => l.startsWith('test: holding')));
    c.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 2 } }, status(3));
    fs.writeFileSync(gate, '');
    await c.response(3);
    expect((await c.response(2)).error?.code).toBe(CANCELLED);
    expect(c.responses(2)).toHaveLength(1);
  });
});
