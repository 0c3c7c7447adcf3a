import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cliOnPath } from './cliWithHome';
import { repoRoot, tempDir } from './repo';

export interface NvimRun {
  /** The scenario ran to its end without a Lua error. */
  ok: boolean;
  error: string | null;
  /** What the scenario recorded in `T.result`. */
  result: Record<string, unknown>;
  log: string[];
  nvim: string;
  stderr: string;
}

export interface NvimOptions {
  /** Workspace folder (a root marker such as `.xcsh` or `.git` must be in it). */
  workspace: string;
  /** File to open first, relative to the workspace. */
  file: string;
  /** Scenario file in `test/nvim/scenarios/` (name without `.lua`). */
  scenario: string;
  /** A Lua file to run instead of the plugin's setup (a user's own `vim.lsp.config`); `agentls` on PATH is this build. */
  init?: string;
  /** The home directory Neovim runs with (default: a fresh folder of its own). */
  home?: string;
  /** `agentls` settings; `home` and `cacheDir` default to fresh folders. */
  settings?: Record<string, unknown>;
  timeoutMs?: number;
  /** Added to the environment Neovim, and so the server it starts, runs with (an `AGENTLS_TEST_HOLD_*` gate). */
  env?: Record<string, string>;
}

/**
 * The Neovim to run: `nvim` on the PATH (Debian 12's 0.7.2, which CI installs), or the
 * binary `AGENTLS_NVIM` names (`.ci/run` runs the same tests again with 0.10).
 */
export const NVIM = process.env.AGENTLS_NVIM || 'nvim';

/** Whether that Neovim is installed. */
export function nvimAvailable(): boolean {
  return spawnSync(NVIM, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** The Neovim under test, as [major, minor] (from `nvim --version`). */
export function nvimVersion(): [number, number] {
  const m = /NVIM v(\d+)\.(\d+)/.exec(spawnSync(NVIM, ['--version'], { encoding: 'utf8' }).stdout ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

/**
 * Runs a scenario in real, headless Neovim with the configuration we ship
 * (`editors/nvim/lua/agentls.lua`), no user config or plugins, and returns what the
 * scenario recorded. The whole process group is killed on timeout.
 */
export async function runNvim(options: NvimOptions): Promise<NvimRun> {
  const repo = repoRoot();
  const scratch = tempDir('agentls-nvim-');
  const out = path.join(scratch, 'result.json');
  const settings = { home: tempDir('agentls-home-'), cacheDir: path.join(scratch, 'cache'), ...(options.settings ?? {}) };
  // A set-up of the user's own starts `agentls` from PATH: this build, under that name.
  const bin = path.join(scratch, 'bin');
  if (options.init) {
    fs.mkdirSync(bin);
    cliOnPath(bin);
  }
  const env = {
    ...process.env,
    AGENTLS_REPO: repo,
    AGENTLS_NODE: process.execPath,
    AGENTLS_FILE: path.join(options.workspace, options.file),
    AGENTLS_SCENARIO: path.join(repo, 'test', 'nvim', 'scenarios', `${options.scenario}.lua`),
    AGENTLS_SETTINGS: JSON.stringify(settings),
    AGENTLS_NVIM_OUT: out,
    ...(options.init ? { AGENTLS_INIT: options.init, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } : {}),
    XDG_CONFIG_HOME: path.join(scratch, 'config'),
    XDG_DATA_HOME: path.join(scratch, 'data'),
    XDG_STATE_HOME: path.join(scratch, 'state'),
    XDG_CACHE_HOME: path.join(scratch, 'xdg-cache'),
    HOME: options.home ?? scratch,
    ...(options.env ?? {}),
  };
  const child = spawn(NVIM, ['--headless', '-n', '-i', 'NONE', '-u', path.join(repo, 'test', 'nvim', 'run.lua')], {
    cwd: options.workspace,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d.toString()));
  child.stdout.on('data', () => undefined);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const exited = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is already gone
  }
  if (!exited) throw new Error(`Neovim did not finish within ${timeoutMs} ms; stderr: ${stderr}`);
  if (!fs.existsSync(out)) throw new Error(`Neovim wrote no result; stderr: ${stderr}`);
  const run = JSON.parse(fs.readFileSync(out, 'utf8')) as NvimRun;
  run.stderr = stderr;
  removeScratch(scratch);
  return run;
}

/**
 * Removes a run's scratch folder. The server Neovim started can outlive the kill of Neovim's
 * process group a while (Neovim may start it in a session of its own) and go on writing its
 * index into the folder as it shuts down: ENOTEMPTY even after ten retries failed a Neovim
 * testing run in CI. What cannot be removed now is removed later; the run's result stands.
 */
function removeScratch(dir: string, triesLeft = 20): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    if (triesLeft > 0) setTimeout(() => removeScratch(dir, triesLeft - 1), 500).unref();
  }
}
