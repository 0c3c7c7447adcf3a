import { spawn } from 'node:child_process';
import { gitEnvironment } from './gitFiles';

export interface CheckIgnoreOptions {
  /** A folder of a git work tree; the paths are relative to it, `/`-separated. */
  root: string;
  paths: readonly string[];
  /** Give up after this long (the answer is then `ok: false`). */
  timeoutMs: number;
}

export type CheckIgnoreResult = { ok: true; ignored: string[] } | { ok: false; reason: string };

/** Bytes of git's complaint kept for the reason. */
const MAX_STDERR = 2000;

/**
 * Which of `paths` git's ignore rules leave out: the repository's `.gitignore` files, its
 * `.git/info/exclude` and the user's global excludes (`core.excludesFile`), which agentls
 * never reads itself (it lies outside the workspace). One `git check-ignore` for them all
 * (git-check-ignore(1)): `--no-index` judges each path by the rules alone, tracked or not, as
 * a walker that honours ignore files does; `--stdin -z` takes and writes NUL-separated paths.
 * It exits 0 when it ignores some, 1 when none, and otherwise fails: a path beyond a symbolic
 * link or outside the work tree fails the whole question (seen with git 2.39), so the caller
 * leaves those out. Never throws: no git, a failure or the timeout answer `ok: false`.
 */
export function gitCheckIgnore(options: CheckIgnoreOptions): Promise<CheckIgnoreResult> {
  return new Promise((resolve) => {
    let settled = false;
    let stdout = '';
    let stderr = '';
    const child = spawn('git', ['-c', 'core.fsmonitor=false', 'check-ignore', '--no-index', '--stdin', '-z'], { cwd: options.root, env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const finish = (result: CheckIgnoreResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `git check-ignore took longer than ${options.timeoutMs} ms` }), options.timeoutMs);
    timer.unref?.();
    child.on('error', (err) => finish({ ok: false, reason: `git cannot run (${(err as NodeJS.ErrnoException).code ?? err.message})` }));
    // Its output is at most the paths given back: no cap beyond the caller's on them.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('close', (code) => {
      if (code === 0 || code === 1) finish({ ok: true, ignored: stdout.split('\0').filter((p) => p !== '') });
      else finish({ ok: false, reason: `git check-ignore failed (${code ?? 'killed'}): ${stderr.trim().split('\n')[0] ?? ''}` });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.paths.map((p) => p + '\0').join(''));
  });
}
