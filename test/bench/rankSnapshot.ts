import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { allowedFiles } from '../../server/search/filters';
import { KeystrokeMemory } from '../../server/search/narrow';
import { compactTable } from '../../server/search/packing';
import { PathTable } from '../../server/search/pathTable';
import { parseQuery } from '../../server/search/query';
import { rankTable } from '../../server/search/rank';
import { loadCorpus } from './searchData';

/*
 * `node out/test/bench/rankSnapshot.js write|check FILE`: the top results (ids, paths,
 * scores, qualities) of every bench query, in the ways the bench and the server run them
 * (fresh, narrowed keystroke by keystroke, with filters, with recency), written once and
 * compared after each speed change: speed work must not change a single ranking.
 */

const LIMIT = 50;
/** A fixed clock, so recency lifts are the same run after run. */
const NOW = Date.UTC(2026, 0, 15);

function buildTable(paths: readonly string[], withTimes: boolean): PathTable {
  const t = new PathTable();
  paths.forEach((p, i) => {
    // Deterministic times spread over two months, a quarter of the files untimed.
    const mtime = withTimes && i % 4 !== 0 ? NOW - ((i * 2654435761) % 5_000_000_000) : 0;
    t.add(p, -1, mtime);
  });
  if (t.needsCompaction) compactTable(t);
  return t;
}

type Line = string;

async function snapshot(): Promise<Record<string, Line[]>> {
  const { paths, queries } = loadCorpus();
  const out: Record<string, Line[]> = {};
  const describe = (table: PathTable, r: Awaited<ReturnType<typeof rankTable>>): Line[] => [
    `total ${r.total} query ${r.query.text}`,
    ...r.ranked.map((x) => `${x.id} ${x.score} ${x.quality} ${x.typo ? 'typo ' : ''}${table.path(x.id)}`),
  ];
  for (const withTimes of [false, true]) {
    const table = buildTable(paths, withTimes);
    const mode = withTimes ? 'timed' : 'plain';
    for (const q of queries) {
      const r = await rankTable(table, parseQuery(q.q), { limit: LIMIT, cancel: NEVER_CANCELLED, now: NOW });
      out[`${mode} fresh ${q.q}`] = describe(table, r);
    }
    const memory = new KeystrokeMemory();
    for (const q of queries.filter((x) => x.kind === 'typing-prefix')) {
      const query = parseQuery(q.q);
      const narrow = memory.narrowFor(table, '', query.text);
      const r = await rankTable(table, query, { limit: LIMIT, cancel: NEVER_CANCELLED, now: NOW, narrow, remember: true });
      memory.remember(table, '', query.text, r.narrowing);
      out[`${mode} narrowed ${q.q}`] = describe(table, r);
    }
    const allowed = allowedFiles(table, { extensions: ['.java', '.xml'], excludes: ['**/test/**', '*.form'] });
    for (const q of queries) {
      const r = await rankTable(table, parseQuery(q.q), { limit: LIMIT, allowed, cancel: NEVER_CANCELLED, now: NOW });
      out[`${mode} filtered ${q.q}`] = describe(table, r);
    }
    for (const limit of [1, 5, 200]) {
      for (const q of queries.slice(0, 60)) {
        const r = await rankTable(table, parseQuery(q.q), { limit, cancel: NEVER_CANCELLED, now: NOW });
        out[`${mode} limit ${limit} ${q.q}`] = describe(table, r);
      }
    }
  }
  return out;
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'write' && command !== 'check') || !file) {
    console.error('usage: rankSnapshot write|check FILE');
    process.exit(2);
  }
  const t0 = performance.now();
  const now = await snapshot();
  const digest = crypto.createHash('sha256').update(JSON.stringify(now)).digest('hex').slice(0, 16);
  if (command === 'write') {
    fs.writeFileSync(file, JSON.stringify(now));
    console.log(`${Object.keys(now).length} rankings written to ${file} (${digest}) in ${(performance.now() - t0).toFixed(0)} ms`);
    return;
  }
  const before = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Line[]>;
  let differ = 0;
  let tiesOnly = 0;
  // A line is `id score quality [typo] path`: the same scores in the same places with other ids is a different pick among equals.
  const scores = (lines: Line[]) => lines.map((l, i) => (i === 0 ? l : l.split(' ').slice(1, 3).join(' '))).join('\n');
  for (const key of Object.keys(before)) {
    const a = before[key];
    const b = now[key] ?? [];
    if (a.join('\n') === b.join('\n')) continue;
    if (scores(a) === scores(b)) tiesOnly++;
    if (++differ <= 5) {
      console.log(`differs: ${key}`);
      for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) console.log(`  #${i}\n    was ${a[i]}\n    now ${b[i]}`);
    }
  }
  console.log(`${Object.keys(before).length} rankings compared, ${differ} differ (${tiesOnly} of them only in which of equal scores) (${digest}) in ${(performance.now() - t0).toFixed(0)} ms`);
  if (differ > 0) process.exitCode = 1;
}

void main();
