import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import type { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
// Only the load benchmark sets it (`test/bench/load.ts`); unset, nothing here runs and nothing is recorded.
import { LOAD_TRACE_ENV } from './loadTraceEnv';

/** One `RequestCancelled` answered at arrival: the request, and times in epoch milliseconds. */
export interface TracedCancel {
  id: number | string;
  /** When the message that made it unwanted (its cancel, or the newer search) was read from stdin. */
  arrivedAt: number;
  /** When the answer had been handed to stdout. */
  writtenAt: number;
}

/** What one dump holds: everything since the previous dump. */
export interface LoadTraceDump {
  cancels: TracedCancel[];
  /** Garbage collections: start (epoch ms), duration (ms), V8's kind (1 minor, 2 major, 4 incremental, 8 weak callbacks). */
  gc: { at: number; ms: number; kind: number }[];
  /** Event-loop delay in ms (perf_hooks, 1 ms resolution); null unless `AGENTLS_LOAD_TRACE_LOOP` is set. */
  loopDelay: { p50: number; p90: number; p99: number; max: number; count: number } | null;
  memory: NodeJS.MemoryUsage;
  /** V8's heap spaces: committed and used bytes of each. */
  spaces: { name: string; committed: number; used: number }[];
  /** Times the server gave memory back (`idleCollect.ts`: a full collection, then the young generation), since it started. */
  collections: number;
  /** What the memory collector did since the previous dump (epoch ms, what). */
  memoryEvents: { at: number; what: string }[];
  /** One instant on both clocks: epoch ms, and the monotonic clock in µs (a CPU profile's time base). */
  clock: { epoch: number; monotonicUs: number };
}

function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Where a cancelled request's time goes inside the server, for the load benchmark: the
 * time from reading the message that made a request unwanted to handing its
 * `RequestCancelled` answer to stdout, garbage-collection pauses and event-loop delay.
 * The benchmark sets `AGENTLS_LOAD_TRACE=FILE` and sends SIGUSR2 at the end of each
 * phase; each signal writes `FILE.N` (N counts from 1) with what was recorded since the
 * previous one. Recording costs a few array pushes; nothing is written until a signal.
 */
export class LoadTrace {
  private cancels: TracedCancel[] = [];
  private gc: LoadTraceDump['gc'] = [];
  private readonly delay: IntervalHistogram | undefined;
  private dumps = 0;
  private collections = 0;
  private memoryEvents: LoadTraceDump['memoryEvents'] = [];
  /** With `AGENTLS_LOAD_TRACE_PROFILE` set, a CPU profile between dumps (FILE.N.cpuprofile): where the thread's time went. */
  private profiler: Session | undefined;
  /** When the message being decided on now was read. */
  private arrivedAt = 0;
  private wireAnswers = false;

  constructor(private readonly file: string) {
    // A 1 ms timer on the thread being measured: only with `AGENTLS_LOAD_TRACE_LOOP` set (the benchmark's detail runs).
    try {
      this.delay = process.env[LOAD_TRACE_ENV + '_LOOP'] ? monitorEventLoopDelay({ resolution: 1 }) : undefined;
      this.delay?.enable();
    } catch {
      this.delay = undefined;
    }
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) this.gc.push({ at: performance.timeOrigin + e.startTime, ms: e.duration, kind: (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0 });
    });
    observer.observe({ entryTypes: ['gc'] });
    process.on('SIGUSR2', () => this.dump());
    if (process.env[LOAD_TRACE_ENV + '_PROFILE']) {
      // Loaded here, not at the top: evaluating node:inspector cost every start about 5 ms with the trace off.
      const { Session: InspectorSession } = require('node:inspector') as typeof import('node:inspector');
      this.profiler = new InspectorSession();
      this.profiler.connect();
      this.profiler.post('Profiler.enable', () => this.profiler?.post('Profiler.setSamplingInterval', { interval: 200 }, () => this.profiler?.post('Profiler.start')));
    }
  }

  /** The server has given memory back (a full collection, then the young generation). */
  collected(): void {
    this.collections++;
  }

  /** A step of giving memory back (`idleCollect.ts`). */
  memoryEvent(what: string): void {
    this.memoryEvents.push({ at: epochNow(), what });
  }

  /** A message has just been read from stdin. */
  arrived(): void {
    this.arrivedAt = epochNow();
  }

  /** A `RequestCancelled` answer for `id` has just been handed to the writer (ours writes it to stdout at once). */
  cancelAnswered(id: number | string): void {
    if (!this.wireAnswers) this.cancels.push({ id, arrivedAt: this.arrivedAt, writtenAt: epochNow() });
  }

  /** The wire thread answers cancels first (`wire/`): this thread's answers are dropped and not recorded. */
  answersElsewhere(): void {
    this.wireAnswers = true;
  }

  /** Cancels the wire thread answered, with its times. */
  cancelsAnswered(cancels: readonly TracedCancel[]): void {
    for (const c of cancels) this.cancels.push(c);
  }

  private dump(): void {
    const d = this.delay;
    const ms = (ns: number) => ns / 1e6;
    const out: LoadTraceDump = {
      cancels: this.cancels,
      gc: this.gc,
      loopDelay: d && d.count > 0 ? { p50: ms(d.percentile(50)), p90: ms(d.percentile(90)), p99: ms(d.percentile(99)), max: ms(d.max), count: d.count } : null,
      collections: this.collections,
      memoryEvents: this.memoryEvents,
      memory: process.memoryUsage(),
      spaces: v8.getHeapSpaceStatistics().map((space) => ({ name: space.space_name, committed: space.physical_space_size, used: space.space_used_size })),
      clock: { epoch: epochNow(), monotonicUs: Number(process.hrtime.bigint() / 1000n) },
    };
    this.cancels = [];
    this.gc = [];
    this.memoryEvents = [];
    d?.reset();
    this.dumps++;
    const profiler = this.profiler;
    const profileFile = `${this.file}.${this.dumps}.cpuprofile`;
    profiler?.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(profileFile, JSON.stringify(result.profile));
      profiler.post('Profiler.start');
    });
    // Written whole, then renamed: the benchmark waits for the name and reads it at once.
    fs.writeFileSync(`${this.file}.tmp`, JSON.stringify(out));
    fs.renameSync(`${this.file}.tmp`, `${this.file}.${this.dumps}`);
  }
}

/** The trace when `AGENTLS_LOAD_TRACE` is set, else undefined. */
export const loadTrace: LoadTrace | undefined = process.env[LOAD_TRACE_ENV] ? new LoadTrace(process.env[LOAD_TRACE_ENV]) : undefined;
