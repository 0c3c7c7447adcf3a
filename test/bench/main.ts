import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../helpers/repo';
import { benchmarks } from './benchmarks';
import { formatFigure, type Figure } from './stats';

/**
 * `npm run bench`: runs every benchmark (or those whose ids are named on the command line),
 * prints each figure with its spread, and writes all figures as JSON to `.bench/results.json`.
 * `--list` prints the ids and names of those it would run, and runs none.
 * Figures, not pass/fail tests: these 2-core machines are too noisy for timed tests.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const listOnly = args.includes('--list');
  const only = args.filter((a) => a !== '--list');
  const known = benchmarks();
  // Ids matched whole: a part of a name would run more than was asked (`search` ran the load benchmark too, its name says "searches").
  const unknown = only.filter((o) => !known.some((b) => b.id === o));
  if (unknown.length > 0) {
    console.error(`no benchmark ${unknown.map((u) => JSON.stringify(u)).join(', ')}; the benchmarks are: ${known.map((b) => b.id).join(', ')}`);
    process.exitCode = 1;
    return;
  }
  const all = known.filter((b) => only.length === 0 || only.includes(b.id));
  if (listOnly) {
    for (const b of all) console.log(`${b.id}\t${b.name}`);
    return;
  }
  const results: { benchmark: string; figures: Figure[]; error?: string }[] = [];
  console.log(`agentls benchmarks on ${os.cpus().length} cores, Node ${process.version}`);
  for (const b of all) {
    console.log(`\n${b.name} (${b.id})`);
    try {
      const figures = await b.run((line) => console.log(`  · ${line}`));
      for (const f of figures) console.log(formatFigure(f));
      results.push({ benchmark: b.name, figures });
    } catch (err) {
      console.log(`  failed: ${(err as Error).stack ?? err}`);
      results.push({ benchmark: b.name, figures: [], error: String(err) });
      process.exitCode = 1;
    }
  }
  const out = path.join(repoRoot(), '.bench', 'results.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, cores: os.cpus().length, results }, null, 2));
  console.log(`\nfigures written to ${path.relative(process.cwd(), out)}`);
}

void main();
