import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../helpers/polling';
import { useRawClients } from '../helpers/rawClient';
import { tempDir, writeTree } from '../helpers/repo';

const start = useRawClients(afterEach);

describe("the load benchmark's trace", () => {
  it('writes a dump and, with AGENTLS_LOAD_TRACE_PROFILE set, a CPU profile of the thread at each SIGUSR2', async () => {
    const ws = writeTree(tempDir('agentls-trace-'), { 'src/auth.ts': '' });
    const file = path.join(tempDir('agentls-trace-out-'), 'trace');
    const c = await start([ws], { env: { AGENTLS_LOAD_TRACE: file, AGENTLS_LOAD_TRACE_PROFILE: '1' } });
    c.send({ jsonrpc: '2.0', id: 2, method: 'agentls/status', params: {} });
    await c.response(2);
    c.process.kill('SIGUSR2');
    // The dump is renamed into place whole; the profile is written when the profiler hands it over: read once it parses.
    const parsed = (name: string): unknown => {
      try {
        return JSON.parse(fs.readFileSync(name, 'utf8'));
      } catch {
        return undefined;
      }
    };
    const [dump, profile] = await until('the dump and the profile', () => [parsed(`${file}.1`), parsed(`${file}.1.cpuprofile`)], ([d, p]) => d !== undefined && p !== undefined);
    expect((dump as { memory: { heapUsed: number } }).memory.heapUsed).toBeGreaterThan(0);
    expect((profile as { nodes: unknown[] }).nodes.length).toBeGreaterThan(0);
    expect(c.stderr).not.toMatch(/Error/);
  });
});
