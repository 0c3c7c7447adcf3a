import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/repo';

/** `npm run bench` without its build: the built entry, with these arguments. */
function bench(...args: string[]) {
  return spawnSync(process.execPath, [path.join(repoRoot(), 'out/test/bench/main.js'), ...args], { encoding: 'utf8', cwd: repoRoot() });
}

/** The ids of the benchmarks `--list` prints (all of them, or those named). */
function listed(...names: string[]): string[] {
  const run = bench('--list', ...names);
  expect(run.status).toBe(0);
  return run.stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[0]);
}

describe('npm run bench -- ID', () => {
  it('runs the benchmark of that id only, not every one whose name holds the word', () => {
    expect(listed('search')).toEqual(['search']);
    expect(listed('rules', 'load')).toEqual(['rules', 'load']);
  });

  it('reaches every benchmark by an id the README lists', () => {
    const all = listed();
    expect(all.length).toBeGreaterThan(5);
    const readme = fs.readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
    const line = readme.slice(readme.indexOf('`npm run bench -- ID…`'));
    for (const id of all) expect(line.slice(0, 400)).toContain(`\`${id}\``);
  });

  it('refuses a name that is no id, naming the ids, and runs nothing', () => {
    const run = bench('serch');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no benchmark "serch"; the benchmarks are: hashline, refs,');
    expect(run.stdout).not.toContain('agentls benchmarks on');
  });
});
