import * as fs from 'node:fs';
import type { RawLspClient, RawMessage } from '../helpers/rawClient';

const TICK_MS = 10;
const PROBE_EVERY_MS = 50;
const SETTLE_MS = 10_000;
const CANCELLED = -32800;

/** What happened to one search: when it was sent, when its cancel or successor went out, how it was answered. */
export interface Sent {
  at: number;
  /** When something told the server this search was no longer wanted (its cancel, or the next search). */
  unwantedAt?: number;
  explicitCancel: boolean;
  answeredAt?: number;
  outcome?: 'results' | 'cancelled' | 'error';
}

/** One phase of load on one server: what was sent and answered, and what the machine did meanwhile. */
export interface PhaseResult {
  sent: Map<number, Sent>;
  probeTimes: number[];
  wallMs: number;
  /** Time the server's and this client's main threads waited for a CPU while ready to run (Linux schedstat). */
  serverWaitMs: number;
  clientWaitMs: number;
  /** CPU time used in the phase, all threads. */
  serverCpuMs: number;
  clientCpuMs: number;
}

/**
 * Drives one server as the load benchmark does: every 10 ms a batch of searches (every
 * other one cancelled at once, alternately by `$/cancelRequest` and
 * `agentls/fileSearchCancel`; each search makes the one before it unwanted) and every
 * 50 ms an `agentls/status` probe, all in one write. The same driver runs agentls and
 * the peer (`cancelPeer.ts`), so their figures differ only by the server.
 */
export class LoadDriver {
  private sent = new Map<number, Sent>();
  private readonly probes = new Map<number, number>();
  private probeTimes: number[] = [];

  constructor(
    private readonly c: RawLspClient,
    private readonly queries: string[],
    private nextId: number,
  ) {
    c.onMessage((m: RawMessage) => {
      if (typeof m.id !== 'number' || m.method !== undefined) return;
      const now = performance.now();
      const probeAt = this.probes.get(m.id);
      if (probeAt !== undefined) {
        this.probes.delete(m.id);
        this.probeTimes.push(now - probeAt);
        return;
      }
      const s = this.sent.get(m.id);
      if (!s || s.answeredAt !== undefined) return;
      s.answeredAt = now;
      s.outcome = m.error ? (m.error.code === CANCELLED ? 'cancelled' : 'error') : 'results';
    });
  }

  /** A search request for `query` with a fresh id and query id. */
  search(query: string): { id: number; queryId: string; message: object } {
    const id = this.nextId++;
    const queryId = `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
    return { id, queryId, message: { jsonrpc: '2.0', id, method: 'agentls/fileSearch', params: { query_id: queryId, query } } };
  }

  /** `rate` searches a second (0: probes only) for `phaseMs`, then up to 10 s for the last answers; `onTick` runs after each batch. */
  async phase(rate: number, phaseMs: number, onTick: () => void = () => undefined): Promise<PhaseResult> {
    const c = this.c;
    const pid = c.process.pid!;
    this.sent = new Map();
    this.probeTimes = [];
    const sent = this.sent;
    const perTick = (rate * TICK_MS) / 1000;
    const started = performance.now();
    let lastProbe = 0;
    let previous: Sent | undefined;
    let i = 0;
    const serverWaitBefore = runQueueWaitMs(pid);
    const clientWaitBefore = runQueueWaitMs(process.pid);
    const serverCpuBefore = processCpuMs(pid);
    const clientCpuBefore = processCpuMs(process.pid);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if (now - started >= phaseMs) {
          clearInterval(timer);
          resolve();
          return;
        }
        const batch: object[] = [];
        for (let k = 0; k < perTick; k++, i++) {
          const s = this.search(this.queries[i % this.queries.length]);
          const record: Sent = { at: now, explicitCancel: i % 2 === 0 };
          if (previous && previous.unwantedAt === undefined) previous.unwantedAt = now;
          sent.set(s.id, record);
          batch.push(s.message);
          if (record.explicitCancel) {
            record.unwantedAt = now;
            batch.push(i % 4 === 0 ? { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: s.id } } : { jsonrpc: '2.0', method: 'agentls/fileSearchCancel', params: { query_id: s.queryId } });
          }
          previous = record;
        }
        if (now - lastProbe >= PROBE_EVERY_MS) {
          lastProbe = now;
          const id = this.nextId++;
          this.probes.set(id, now);
          batch.push({ jsonrpc: '2.0', id, method: 'agentls/status', params: {} });
        }
        c.send(...batch);
        onTick();
      }, TICK_MS);
    });
    await c.waitFor('every search answered', () => [...sent.values()].every((s) => s.answeredAt !== undefined), SETTLE_MS).catch(() => undefined);
    return {
      sent,
      probeTimes: this.probeTimes,
      wallMs: performance.now() - started,
      serverWaitMs: runQueueWaitMs(pid) - serverWaitBefore,
      clientWaitMs: runQueueWaitMs(process.pid) - clientWaitBefore,
      serverCpuMs: processCpuMs(pid) - serverCpuBefore,
      clientCpuMs: processCpuMs(process.pid) - clientCpuBefore,
    };
  }
}

/** Cancelled or superseded searches: from the cancel or successor being sent to `RequestCancelled` being read (ms). */
export function cancelLatencies(result: PhaseResult): number[] {
  return [...result.sent.values()].filter((s) => s.outcome === 'cancelled').map((s) => Math.max(0, s.answeredAt! - (s.unwantedAt ?? s.answeredAt!)));
}

/** How long a process's main thread has waited on a run queue in total (ms; Linux /proc schedstat), NaN elsewhere. */
function runQueueWaitMs(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return NaN;
  }
}

/** CPU time a process has used, all its threads (`/proc/PID/stat` utime + stime, in clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
