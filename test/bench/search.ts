import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { SearchEngine } from '../../server/search/engine';
import { allowedFiles } from '../../server/search/filters';
import { KeystrokeMemory } from '../../server/search/narrow';
import { compactTable } from '../../server/search/packing';
import { PathTable } from '../../server/search/pathTable';
import { parseQuery } from '../../server/search/query';
import { rankTable } from '../../server/search/rank';
import { SqliteStore } from '../../server/search/sqliteStore';
import { MemoryStore } from '../../server/search/store';
import { gitListFiles } from '../../server/workspace/gitFiles';
import { walkFiles } from '../../server/workspace/walk';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir } from '../helpers/repo';
import type { Benchmark } from './benchmark';
import { loadCorpus, millionPaths, type BenchQuery } from './searchData';
import { findFzf } from './fzf';
import { ceilingBeside, ceilingFigure, topFiveCeiling } from './searchCeiling';
import { HELD_OUT_SEEDS, heldOutQueries } from './searchHeldOut';
import { recipeOdds } from './searchRecipeOdds';
import { commitTree, materialise } from './searchTree';
import { lspWarmStart, primeCodeCache } from './searchWarmStartLsp';
import { percentile, timeRuns, timingFigure, type Figure } from './stats';

const LIMIT = 50;
const MiB = 1024 * 1024;

/** `gc()` for memory figures: exposed at run time, so `npm run bench` needs no node flag. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

function heapUsed(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function buildTable(paths: readonly string[]): PathTable {
  const t = new PathTable();
  for (const p of paths) t.add(p);
  if (t.needsCompaction) compactTable(t);
  return t;
}

async function ours(table: PathTable, q: string): Promise<string[]> {
  const result = await rankTable(table, parseQuery(q), { limit: LIMIT, cancel: NEVER_CANCELLED, now: Date.now() });
  return result.ranked.map((r) => table.path(r.id));
}

/** Top-5 hit rate (is `source` among the first five?) and the number of queries answered with nothing. */
async function quality(queries: readonly BenchQuery[], run: (q: string) => Promise<string[]> | string[], prefix = ''): Promise<{ hit5: number; zero: number }> {
  let hits = 0;
  let withSource = 0;
  let zero = 0;
  for (const q of queries) {
    const found = await run(q.q);
    if (found.length === 0) zero++;
    if (q.source) {
      withSource++;
      if (found.slice(0, 5).includes(prefix + q.source)) hits++;
    }
  }
  return { hit5: hits / withSource, zero };
}

/** Starts a measure of one call; the function returned reads it in ms. */
type Meter = () => () => number;

const wallTime: Meter = () => {
  const t0 = performance.now();
  return () => performance.now() - t0;
};

/** CPU time (`process.cpuUsage`): what a query costs this process, which other work on a shared machine inflates far less than wall time. */
const cpuTime: Meter = () => {
  const before = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
};

/** Each query once per round, `rounds` rounds after one untimed round; samples in ms. */
async function perQuery(queries: readonly BenchQuery[], rounds: number, run: (q: string) => unknown, meter: Meter = wallTime): Promise<number[]> {
  return (await sideBySide(queries, rounds, [run], meter))[0];
}

/**
 * `perQuery` for several rankers at once: each query is run by each in turn (the order turned
 * round every round), so that all meet the same load of a shared machine and the same state
 * of the process. Measured one after the other, minutes apart and for different numbers of
 * rounds, ours and fuzzysort were compared under different conditions.
 */
async function sideBySide(queries: readonly BenchQuery[], rounds: number, runs: readonly ((q: string) => unknown)[], meter: Meter): Promise<number[][]> {
  for (const run of runs) for (const q of queries) await run(q.q);
  const samples = runs.map((): number[] => []);
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      for (let k = 0; k < runs.length; k++) {
        const which = r % 2 === 0 ? k : runs.length - 1 - k;
        const stop = meter();
        await runs[which](q.q);
        samples[which].push(stop());
      }
    }
  }
  return samples;
}

/**
 * Ours over fuzzysort at each percentile, both measured in this run: on a machine shared
 * with other work the ratio holds where the milliseconds do not.
 */
function ratioFigures(ourFigure: Figure, theirs: Figure, what = 'per query'): Figure[] {
  const r = (k: 'p50' | 'p90' | 'p99' | 'max') => ourFigure[k]! / theirs[k]!;
  const spread = `p90 ${r('p90').toFixed(2)}×, max ${r('max').toFixed(2)}×`;
  return [
    goal({ name: `ours ÷ fuzzysort, same run: ${what} p50`, unit: 'ratio', value: r('p50'), note: spread }, '≤ 0.2', r('p50') <= 0.2),
    goal({ name: `ours ÷ fuzzysort, same run: ${what} p99`, unit: 'ratio', value: r('p99'), note: spread }, '≤ 0.2', r('p99') <= 0.2),
  ];
}

function goal(figure: Figure, text: string, meets: boolean): Figure {
  return { ...figure, goal: text, meets };
}

export const searchBenchmark: Benchmark = {
  id: 'search',
  name: 'file search: index and fuzzy ranking (fuzzysort measured beside it)',
  async run(log) {
    const figures: Figure[] = [];
    // fuzzysort ships as an ES module only.
    const fuzzysort = (await import('fuzzysort')).default;
    const gc = collector();
    const corpus = loadCorpus();
    const { paths, queries } = corpus;
    log(`${paths.length} paths and ${queries.length} queries from ${corpus.origin}; limit ${LIMIT} per query`);

    // --- ours on the list --------------------------------------------------------
    gc();
    let before = heapUsed();
    let t0 = performance.now();
    const table = buildTable(paths);
    const buildMs = performance.now() - t0;
    gc();
    const heap = (heapUsed() - before) / MiB;
    const perHundredK = (table.memoryBytes() / MiB) * (100_000 / paths.length);
    figures.push({ name: 'ours: build the index from the list', unit: 'ms', value: buildMs });
    figures.push(goal({ name: 'ours: index memory per 100k paths (typed arrays)', unit: 'MiB', value: perHundredK, note: `heap grew ${heap.toFixed(1)} MiB for ${paths.length} paths` }, '≤ 40 MiB', perHundredK <= 40));
    // The guard against ranking rules tuned to the 205: the same kinds of query from other seeds.
    const heldOut = HELD_OUT_SEEDS.flatMap((seed) => heldOutQueries(paths, seed));
    // What a hit rate could be at best on each set: the measured ones are read against it.
    t0 = performance.now();
    const recipe = recipeOdds(paths);
    const ceiling = topFiveCeiling(recipe, queries);
    const heldOutCeiling = topFiveCeiling(recipe, heldOut);
    log(`ceilings of the top-5 hit rate computed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const ourQuality = await quality(queries, (q) => ours(table, q));
    figures.push(goal({ name: 'ours: top-5 hit rate', unit: 'ratio', value: ourQuality.hit5, note: ceilingBeside(ceiling) }, '≥ 0.62 (fzf 0.55; issue 15)', ourQuality.hit5 >= 0.62));
    if (ceiling) figures.push(ceilingFigure('top-5 hit rate any ranker can expect on this query set', ceiling));
    figures.push(goal({ name: 'ours: queries answered with nothing', unit: 'count', value: ourQuality.zero }, '≤ fzf (6)', ourQuality.zero <= 6));
    const heldOutQuality = await quality(heldOut, (q) => ours(table, q));
    figures.push({ name: `ours: top-5 hit rate on ${heldOut.length} held-out queries`, unit: 'ratio', value: heldOutQuality.hit5, note: `seeds ${HELD_OUT_SEEDS.join(', ')} over the same list (searchHeldOut.ts); a ranking change must not trade it for the figure above; ${ceilingBeside(heldOutCeiling)}` });
    if (heldOutCeiling) figures.push(ceilingFigure(`top-5 hit rate any ranker can expect on the ${heldOut.length} held-out queries`, heldOutCeiling));
    const sessions = queries.filter((q) => q.kind === 'typing-prefix');
    figures.push(timingFigure('ours: typing sessions, each keystroke searched afresh', await perQuery(sessions, 3, (q) => ours(table, q))));
    // As the server runs them: each keystroke scans only the previous keystroke's matches.
    const memory = new KeystrokeMemory();
    const narrowed = async (q: string) => {
      const query = parseQuery(q);
      const narrow = memory.narrowFor(table, '', query.text);
      const result = await rankTable(table, query, { limit: LIMIT, cancel: NEVER_CANCELLED, now: Date.now(), narrow, remember: true });
      memory.remember(table, '', query.text, result.narrowing);
    };
    const typing = timingFigure('ours: typing sessions, narrowed keystroke by keystroke', await perQuery(sessions, 3, narrowed), { note: 'the server\'s path' });
    // Issue 15: every keystroke within one frame.
    figures.push(goal(typing, 'p99 ≤ 16 ms', typing.p99! <= 16));

    const emptySamples = await perQuery([{ q: '', kind: 'empty' }], 200, (q) => ours(table, q));
    const empty = timingFigure('ours: empty query (most recently modified)', emptySamples);
    figures.push(goal(empty, '≤ 1 ms', empty.p50! <= 1));

    // Filters: the first keystroke of a session pays for the folder/glob decisions, later ones reuse them.
    const filters = { extensions: ['.java', '.xml'], excludes: ['**/test/**', '*.form'] };
    const filtered = async (q: string) => {
      const allowed = allowedFiles(table, filters);
      return rankTable(table, parseQuery(q), { limit: LIMIT, allowed, cancel: NEVER_CANCELLED, now: Date.now() });
    };
    t0 = performance.now();
    allowedFiles(table, { extensions: ['.java'], excludes: ['**/test/**', '*.form', 'nbproject/**'] });
    figures.push({ name: 'ours: filters, first use (ext + 3 exclude globs)', unit: 'ms', value: performance.now() - t0 });
    figures.push(timingFigure('ours: per query with filters (ext + 2 globs), cached', await perQuery(queries, 1, filtered)));

    // --- fuzzysort on the same list, same run ----------------------------------------
    gc();
    before = heapUsed();
    t0 = performance.now();
    const prepared = paths.map((p) => fuzzysort.prepare(p));
    const fsBuild = performance.now() - t0;
    for (const q of queries.slice(0, 5)) fuzzysort.go(q.q, prepared, { limit: LIMIT });
    gc();
    const fsHeap = (heapUsed() - before) / MiB;
    figures.push({ name: 'fuzzysort: prepare the list', unit: 'ms', value: fsBuild });
    figures.push({ name: 'fuzzysort: prepared memory per 100k paths', unit: 'MiB', value: fsHeap * (100_000 / paths.length) });
    // Ours and fuzzysort query by query, in the same rounds: the ratios compare like with like.
    const rankers = [(q: string) => ours(table, q), (q: string) => fuzzysort.go(q, prepared, { limit: LIMIT })];
    const [ourSamples, fsSamples] = await sideBySide(queries, 3, rankers, wallTime);
    const ourFigure = timingFigure(`ours: per query on ${Math.round(paths.length / 1000)}k paths`, ourSamples, { note: 'side by side with fuzzysort, 3 rounds' });
    figures.push(goal(ourFigure, 'p50 ≤ 5 ms, p99 ≤ 20 ms', ourFigure.p50! <= 5 && ourFigure.p99! <= 20));
    const fsFigure = timingFigure(`fuzzysort: per query on ${Math.round(paths.length / 1000)}k paths (default threshold)`, fsSamples, { note: 'reference: 25 / 124 ms' });
    figures.push(fsFigure);
    figures.push(...ratioFigures(ourFigure, fsFigure));
    const [ourCpuSamples, fsCpuSamples] = await sideBySide(queries, 3, rankers, cpuTime);
    const ourCpu = timingFigure(`ours: CPU time per query on ${Math.round(paths.length / 1000)}k paths`, ourCpuSamples);
    const fsCpu = timingFigure(`fuzzysort: CPU time per query on ${Math.round(paths.length / 1000)}k paths`, fsCpuSamples);
    figures.push(ourCpu, fsCpu, ...ratioFigures(ourCpu, fsCpu, 'CPU time per query'));
    const fsDefault = await quality(queries, (q) => fuzzysort.go(q, prepared, { limit: LIMIT }).map((r) => r.target));
    const fsAny = await quality(queries, (q) => fuzzysort.go(q, prepared, { limit: LIMIT, threshold: 0 }).map((r) => r.target));
    figures.push({ name: 'fuzzysort: top-5 hit rate (threshold 0)', unit: 'ratio', value: fsAny.hit5, note: 'reference 0.44' });
    figures.push({ name: 'fuzzysort: queries answered with nothing (default threshold)', unit: 'count', value: fsDefault.zero });
    const fzf = findFzf(paths);
    if (fzf) {
      const t0 = performance.now();
      const fzfQuality = await quality(queries, (q) => fzf.search(q, LIMIT));
      const perQueryMs = (performance.now() - t0) / queries.length;
      figures.push({ name: `fzf ${fzf.version} --filter, same list: top-5 hit rate`, unit: 'ratio', value: fzfQuality.hit5, note: `${fzfQuality.zero} queries answered with nothing; ${perQueryMs.toFixed(0)} ms a query, whole process` });
      // A process a query: the held-out sets take fzf about two minutes, so only in a full run.
      if (process.env.AGENTLS_BENCH_FULL) {
        const fzfHeldOut = await quality(heldOut, (q) => fzf.search(q, LIMIT));
        figures.push({ name: `fzf ${fzf.version} --filter: top-5 hit rate on the ${heldOut.length} held-out queries`, unit: 'ratio', value: fzfHeldOut.hit5 });
      }
    } else {
      figures.push({ name: 'fzf 0.38: top-5 hit rate (reference from ../shared/bench, not run here: no fzf installed)', unit: 'ratio', value: 0.55, note: '6 queries answered with nothing; 111 ms a query, whole process' });
    }
    prepared.length = 0;

    // --- the 1M list ----------------------------------------------------------------
    const million = millionPaths(paths);
    gc();
    before = heapUsed();
    t0 = performance.now();
    const big = buildTable(million);
    const bigBuild = performance.now() - t0;
    gc();
    figures.push({ name: `ours: build the index of ${(million.length / 1e6).toFixed(2)}M paths`, unit: 'ms', value: bigBuild, note: `${(big.memoryBytes() / MiB).toFixed(0)} MiB of arrays, heap grew ${((heapUsed() - before) / MiB).toFixed(0)} MiB` });
    const bigSamples = await perQuery(queries, 1, (q) => ours(big, q));
    const bigFigure = timingFigure(`ours: per query on ${(million.length / 1e6).toFixed(2)}M paths`, bigSamples);
    figures.push(goal(bigFigure, 'p50 ≤ 60 ms, p99 ≤ 200 ms', bigFigure.p50! <= 60 && bigFigure.p99! <= 200));
    const bigQuality = await quality(queries, (q) => ours(big, q), 'c01/');
    figures.push({ name: 'ours: top-5 hit rate on the 1M list (the c01/ copy)', unit: 'ratio', value: bigQuality.hit5, note: 'every file exists 11 times: ties' });
    if (process.env.AGENTLS_BENCH_FULL === '1') {
      const bigPrepared = million.map((p) => fuzzysort.prepare(p));
      figures.push(timingFigure('fuzzysort: per query on the 1M list', await perQuery(queries, 1, (q) => fuzzysort.go(q, bigPrepared, { limit: LIMIT }))));
    } else {
      figures.push({ name: 'fuzzysort: per query on the 1M list (reference, not run)', unit: 'ms', value: 321, note: 'p99 1,492 ms, 1.7 GiB; AGENTLS_BENCH_FULL=1 runs it' });
    }
    million.length = 0;

    // --- a real tree: walks, the first index, the warm start -------------------------------
    const root = materialise(paths, log);
    const home = tempDir('agentls-bench-home-');
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home }));
    session.addFolder(root);
    for (const label of ['first walk in this process (ignore rules read)', 'second walk (warm)']) {
      t0 = performance.now();
      const walk = await walkFiles({ fs: session.diskFs, root, ignore: session.ignoreFor(root) });
      figures.push({ name: `walk the ${Math.round(walk.fileCount / 1000)}k-file tree: ${label}`, unit: 'ms', value: performance.now() - t0, note: 'node_modules/ and build/ skipped; the OS page cache is not dropped' });
    }
    const committed = commitTree(root, log);
    if (committed) {
      t0 = performance.now();
      for (const which of ['tracked', 'untracked'] as const) {
        t0 = performance.now();
        const listed = await gitListFiles({ root, maxFiles: 2_000_000, which });
        figures.push({ name: `git ls-files of the tree: ${which}`, unit: 'ms', value: performance.now() - t0, note: listed.ok ? `${listed.files.length} paths` : listed.reason });
      }
    }
    // Issue 15's goals: in a git work tree the first result within 0.3 s and every name within 1 s
    // (sizes and times are read afterwards); a plain tree (walked) complete within 3 s.
    const firstIndex = async (useGit: boolean, label: string, completeGoal: { text: string; ms: number }, firstGoal?: { text: string; ms: number }) => {
      // As an editor asks: again and again while the index is built, each answer saying whether it is partial.
      const engine = new SearchEngine(session, { store: new MemoryStore(), log: session.log, useGit, waitForNamesMs: 20 });
      const ask = () => engine.search({ queryId: 'x', query: 'handler', scope: 'workspace', maxResults: 20, filters: { extensions: [], excludes: [] }, fromUri: undefined }, NEVER_CANCELLED);
      t0 = performance.now();
      const building = engine.sync();
      let answer = await ask();
      while (answer.candidates.length === 0) answer = await ask();
      const firstMs = performance.now() - t0;
      const firstNote = answer.indexing ? `partial: ${answer.indexed_count} files indexed` : 'complete';
      while (answer.indexing) answer = await ask();
      const namesMs = performance.now() - t0;
      const [report] = await building;
      const doneMs = performance.now() - t0;
      engine.dispose();
      const first: Figure = { name: `first index, ${label}: first result`, unit: 'ms', value: firstMs, note: firstNote };
      figures.push(firstGoal ? goal(first, firstGoal.text, firstMs <= firstGoal.ms) : first);
      figures.push(goal({ name: `first index, ${label}: every name (complete answers)`, unit: 'ms', value: namesMs, note: `${answer.total_count} matches` }, completeGoal.text, namesMs <= completeGoal.ms));
      figures.push({ name: `first index, ${label}: names, sizes and times`, unit: 'ms', value: doneMs, note: `${report?.files} files, listed by ${report?.listedBy}` });
    };
    if (committed) await firstIndex(true, 'git work tree', { text: '≤ 1 s', ms: 1000 }, { text: '≤ 300 ms', ms: 300 });
    await firstIndex(false, 'plain tree (walk)', { text: '≤ 3 s', ms: 3000 });

    const cacheDir = tempDir('agentls-bench-cache-');
    const saving = new SearchEngine(session, { store: await SqliteStore.open(cacheDir, session.log), log: session.log });
    await saving.sync();
    saving.dispose();
    const lists = path.join(cacheDir, 'file-lists');
    const listBytes = fs.readdirSync(lists).reduce((sum, name) => sum + fs.statSync(path.join(lists, name)).size, 0);
    log(`the stored index: ${(listBytes / MiB).toFixed(1)} MiB in ${lists}`);
    const script = path.join(__dirname, 'searchWarmStart.js');
    const warm: number[] = [];
    const inside: number[] = [];
    for (let i = 0; i < 5; i++) {
      const out = JSON.parse(execFileSync(process.execPath, [script, root, cacheDir, home, 'handler'], { encoding: 'utf8' })) as { sinceProcessStart: number; startToResult: number };
      warm.push(out.sinceProcessStart);
      inside.push(out.startToResult);
    }
    const warmFigure = timingFigure('warm start: process start to first result', warm, { note: `of which ${percentile([...inside].sort((a, b) => a - b), 50).toFixed(0)} ms from opening the cache` });
    figures.push(goal(warmFigure, '≤ 250 ms (issue 15)', warmFigure.p50! <= 250));
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'agentls-bench-xdg-'));
    const codeCacheBytes = await primeCodeCache(root, cacheDir, cacheHome);
    const warmLsp: number[] = [];
    for (let i = 0; i < 5; i++) warmLsp.push(await lspWarmStart(root, cacheDir, 'handler', cacheHome));
    const warmLspFigure = timingFigure('warm start through the LSP server (stdio): spawn to first result', warmLsp, {
      note: `the same index cache and the code cache an earlier start wrote (${(codeCacheBytes / MiB).toFixed(1)} MiB); adds the server's own start (loading the program, every feature, initialize)`,
    });
    figures.push(goal(warmLspFigure, '≤ 250 ms (issue 15)', warmLspFigure.p50! <= 250));
    // The floor under both warm starts, in the same run: the goal is in milliseconds, and
    // machines differ several-fold in what a process start and first-touched memory cost
    // (this server's LSP warm start took 240-260 ms on one machine of this workplace
    // and 500 ms on the next, whose bare `node -e 0` took 130 ms).
    const bare = await timeRuns(() => execFileSync(process.execPath, ['-e', '0']), 5);
    const bareFigure = timingFigure('a Node process that does nothing (node -e 0): spawn to exit', bare, { note: 'the floor of any warm start on this machine, same run' });
    figures.push(bareFigure);
    figures.push({ name: 'warm start through the LSP server, above that floor (p50)', unit: 'ms', value: warmLspFigure.p50! - bareFigure.p50! });
    session.dispose();
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(cacheHome, { recursive: true, force: true });
    return figures;
  },
};
