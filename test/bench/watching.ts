import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { StatusResult } from '../../protocol/methods';
import { SILENT_LOGGER } from '../../server/core/log';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { FolderWatcher } from '../../server/workspace/watcher';
import { LspTestClient, type StartOptions } from '../helpers/lspClient';
import { tempDir } from '../helpers/repo';
import type { Benchmark } from './benchmark';
import { loadCorpus } from './searchData';
import { materialise } from './searchTree';
import { timingFigure, withGoal, type Figure } from './stats';

const RUNS = 3;

interface StartRun {
  /** Spawn to the first search answer (ms). */
  firstAnswer: number;
  /** CPU time the server had used (all its threads) at the first answer (ms; Linux only). */
  firstAnswerCpu?: number;
  /** CPU time the server had used once every folder was watched (ms; Linux only). */
  coveredCpu?: number;
  /** What watching said right after that answer. */
  stateAtAnswer: string;
  /** Spawn until every folder was watched (ms), for the server's own watcher. */
  covered?: number;
  watching: StatusResult['watching'];
}

/**
 * CPU time a process has used so far, all threads (ms), from `/proc`; undefined elsewhere.
 * Beside wall times on a shared machine: it does not grow when other programs take the cores.
 */
function cpuTimeMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Starts the real server on the tree, as an editor would, and times the first answer and, without client watching, full coverage. */
async function startRun(options: StartOptions, waitForCoverage: boolean): Promise<StartRun> {
  const t0 = performance.now();
  const c = await LspTestClient.start(options);
  try {
    await c.request('agentls/fileSearch', { query_id: randomUUID(), query: 'handler' });
    const firstAnswer = performance.now() - t0;
    const firstAnswerCpu = cpuTimeMs(c.process.pid);
    let status = await c.request<StatusResult>('agentls/status');
    const stateAtAnswer = status.watching.state;
    let covered: number | undefined;
    if (waitForCoverage) {
      while (status.watching.state === 'starting') {
        await new Promise((r) => setTimeout(r, 25));
        status = await c.request<StatusResult>('agentls/status');
      }
      covered = performance.now() - t0;
    }
    return { firstAnswer, firstAnswerCpu, coveredCpu: waitForCoverage ? cpuTimeMs(c.process.pid) : undefined, stateAtAnswer, covered, watching: status.watching };
  } finally {
    await c.stop();
  }
}

export const watchingBenchmark: Benchmark = {
  id: 'watching',
  name: 'watching: start-up to first answer with and without client watching, and time until every folder is watched',
  async run(log) {
    const figures: Figure[] = [];
    const corpus = loadCorpus();
    const root = materialise(corpus.paths, log);
    const home = tempDir('agentls-bench-home-');
    const cacheDir = tempDir('agentls-bench-cache-');
    const base = { folders: [root], home, cacheDir, initializationOptions: { agentls: { home, cacheDir } } };
    // The cache the runs start from (the figures are for an index restored from it).
    const warm = await LspTestClient.start({ ...base, client: 'vscode' });
    await warm.waitForLog(/^file index: /, 300_000);
    await warm.stop();
    log(`index cached in ${cacheDir}; ${RUNS} runs of each kind`);

    const withClient: StartRun[] = [];
    const own: StartRun[] = [];
    const ownFallback: StartRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      withClient.push(await startRun({ ...base, client: 'vscode' }, false));
      own.push(await startRun({ ...base, client: 'neovim' }, true));
      ownFallback.push(await startRun({ ...base, client: 'neovim', env: { AGENTLS_NATIVE_WATCHER: 'off' } }, true));
    }
    const w = own[0].watching;
    log(`${w.folders} folders kept by the ignore rules; the server's own watcher: ${w.backend}; fallback: ${ownFallback[0].watching.backend}, ${ownFallback[0].watching.watched} with fs.watch`);
    const first = timingFigure('first answer, client watches (VS Code-like)', withClient.map((r) => r.firstAnswer), { note: 'spawn to first agentls/fileSearch answer, index from the cache' });
    figures.push(withGoal(first, '≤ 400 ms', first.p50! <= 400));
    const firstOwn = timingFigure('first answer, server watches (Neovim-like)', own.map((r) => r.firstAnswer), { note: `watching was ${[...new Set(own.map((r) => r.stateAtAnswer))].join('/')} at the answer` });
    figures.push(withGoal(firstOwn, '≤ 400 ms', firstOwn.p50! <= 400));
    const covered = timingFigure('every folder watched, native (spawn to status watching)', own.map((r) => r.covered!), { note: `server's own count: ${own.map((r) => r.watching.coveredMs).join(', ')} ms` });
    figures.push(withGoal(covered, '≤ 5 s', covered.p50! <= 5000));
    const cpu = (name: string, runs: StartRun[], pick: (r: StartRun) => number | undefined) => {
      const samples = runs.map(pick).filter((v): v is number => v !== undefined);
      if (samples.length) figures.push(timingFigure(name, samples, { note: 'CPU time the server used (all threads): other programs on the cores do not inflate it as they do wall time' }));
    };
    cpu('server CPU to first answer, client watches', withClient, (r) => r.firstAnswerCpu);
    cpu('server CPU to first answer, server watches', own, (r) => r.firstAnswerCpu);
    cpu('server CPU until every folder is watched, native', own, (r) => r.coveredCpu);
    figures.push(timingFigure('first answer, server watches, no native watcher', ownFallback.map((r) => r.firstAnswer)));
    figures.push(timingFigure('every folder covered, fs.watch + folder times', ownFallback.map((r) => r.covered!)));

    // The watcher before: one fs.watch per folder, installed before anything was answered.
    const session = new WorkspaceSession({ ...DEFAULT_SETTINGS, home });
    session.addFolder(root);
    const t0 = performance.now();
    const before = new FolderWatcher({ onChange: () => undefined, log: SILENT_LOGGER });
    await before.addRoot(root, session.ignoreFor(root));
    figures.push({ name: 'before: fs.watch per folder, installed up front', unit: 'ms', value: performance.now() - t0, note: `${before.watchedFolderCount} folders (cap 20,000), nothing answered meanwhile` });
    before.dispose();
    session.dispose();
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
    return figures;
  },
};
