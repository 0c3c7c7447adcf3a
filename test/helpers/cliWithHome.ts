import { execFile, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CheckJson } from '../../server/cli/output';
import { serverEntry, tempDir } from './repo';

/**
 * The one way tests run the built CLI (`out/bundle/agentls.js`) as a user would. Each test
 * file used to spawn it with its own copy of this; what differed between the copies is an
 * option here.
 */
export interface CliRun {
  /** The folder the command runs in; default this process's. */
  cwd?: string;
  /** Given as `--root`; by default none, so the command finds the root from `cwd` as a user's would. */
  root?: string;
  /**
   * Given as `--home`. By default a fresh empty folder, so the rules in the home of whoever
   * runs the tests never reach a result; `null` gives none (the command's own default).
   */
  home?: string | null;
  /** Added to this process's environment (`XDG_CACHE_HOME`, git's global configuration). */
  env?: Record<string, string>;
  /** Run as this user (`unprivileged()`), for tests of folders the command cannot read. */
  user?: { uid: number; gid: number };
  /** Milliseconds before the command is killed (a test of a fifo that must not hang). */
  timeout?: number;
  /** Written to its standard input (a patch for `hashline apply`); by default none. */
  stdin?: string;
  /** Throw, with its standard error, when it exits other than 0: for tests that only read the output. */
  mustSucceed?: boolean;
}

/** What the command did: the shape of `spawnSync`'s answer, for the async runner too. */
export interface CliResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

// Whole-repository reports run to megabytes: more than Node's default buffer of 1 MiB.
const MAX_BUFFER = 64 * 1024 * 1024;

function argv(args: readonly string[], run: CliRun): string[] {
  const home = run.home === undefined ? tempDir('agentls-home-') : run.home;
  return [serverEntry(), ...args, ...(run.root === undefined ? [] : ['--root', run.root]), ...(home === null ? [] : ['--home', home])];
}

function options(run: CliRun) {
  return { cwd: run.cwd, env: run.env && { ...process.env, ...run.env }, timeout: run.timeout, maxBuffer: MAX_BUFFER, ...(run.user ?? {}) };
}

function checked<T extends CliResult>(args: readonly string[], run: CliRun, result: T): T {
  if (run.mustSucceed && result.status !== 0) throw new Error(`agentls ${args.join(' ')} exited with ${result.status ?? result.signal}: ${result.stderr}`);
  return result;
}

/** The built CLI run with `args`, waiting for it. */
export function builtCli(args: readonly string[], run: CliRun = {}): SpawnSyncReturns<string> {
  return checked(args, run, spawnSync(process.execPath, argv(args, run), { ...options(run), input: run.stdin, encoding: 'utf8' }));
}

/** The built CLI run with `args`, without blocking: for tests that also talk to a running server. */
export function builtCliAsync(args: readonly string[], run: CliRun = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, argv(args, run), { ...options(run), encoding: 'utf8' }, (err, stdout, stderr) => {
      // A non-zero exit is an answer like any other; only a failure to start is an error.
      const exit = err as (Error & { code?: number | string; signal?: NodeJS.Signals | null }) | null;
      if (exit && typeof exit.code !== 'number' && !exit.signal) return reject(exit);
      const result = { status: exit ? (typeof exit.code === 'number' ? exit.code : null) : 0, signal: exit?.signal ?? null, stdout, stderr };
      try {
        resolve(checked(args, run, result));
      } catch (e) {
        reject(e);
      }
    });
  });
}

/**
 * The built CLI run with `args` whose standard output is closed before it writes a byte, as
 * `agentls check | head -1` closes it once the first line is read: every write it makes fails
 * (EPIPE). Its standard error and exit are kept; `stdout` is always empty.
 */
export function builtCliClosedStdout(args: readonly string[], run: CliRun = {}): Promise<CliResult> {
  return builtCliWithStdout(args, run, 'closed');
}

/**
 * The built CLI run with `args` writing its standard output to `stdout`: a pipe closed before
 * it writes a byte (`builtCliClosedStdout`), or an open file descriptor (of /dev/full, say).
 */
export function builtCliWithStdout(args: readonly string[], run: CliRun, stdout: 'closed' | number): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv(args, run), { ...options(run), stdio: ['ignore', stdout === 'closed' ? 'pipe' : stdout, 'pipe'] });
    child.stdout?.destroy();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout: '', stderr }));
  });
}

/** The built CLI run in workspace `ws` with `home` as the user's home (`--root`, `--home`). */
export function agentlsWithHome(ws: string, home: string, ...args: string[]): SpawnSyncReturns<string> {
  return builtCli(args, { cwd: ws, root: ws, home });
}

/** `agentls check --format json` of `named` in workspace `ws` with `home` (`agentlsWithHome`): its exit, each finding's path and code, the files it checked and its standard error. */
export function checkJsonWithHome(ws: string, home: string, named: string): { status: number | null; paths: string[][]; checked: number; stderr: string } {
  const run = agentlsWithHome(ws, home, 'check', '--format', 'json', named);
  const parsed = run.stdout ? (JSON.parse(run.stdout) as CheckJson) : undefined;
  return { status: run.status, paths: parsed?.diagnostics.map((d) => [d.path, d.code]) ?? [], checked: parsed?.summary.filesChecked ?? -1, stderr: run.stderr };
}

/**
 * Writes an `agentls` script into `bin` (default a fresh folder) that runs the built CLI,
 * standing in for the installed package on PATH for an editor or a CI script; returns `bin`.
 */
export function cliOnPath(bin = tempDir('agentls-bin-')): string {
  fs.writeFileSync(path.join(bin, 'agentls'), `#!/bin/sh\nexec "${process.execPath}" "${serverEntry()}" "$@"\n`, { mode: 0o755 });
  return bin;
}

/** The output of the built CLI run in `ws` with `args`, as a user runs it there; it must exit 0. */
export function builtCliOut(ws: string, ...args: string[]): string {
  return builtCli(args, { cwd: ws, mustSucceed: true }).stdout;
}
