import { spawn } from 'node:child_process';
import { constants as fsConstants, readFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Cancellation } from '../core/cancel';

export interface GitListOptions {
  /** The top of a git work tree (it holds `.git`). */
  root: string;
  /** Stop after this many paths; the result says `truncated`. */
  maxFiles: number;
  cancel?: Cancellation;
  /** Give up (and let the caller walk) after this long; default 30 s. */
  timeoutMs?: number;
  /** The git executable; default `git` from the `PATH`. */
  git?: string;
  /**
   * `tracked`: the files of git's index (read from one file: about 0.1 s for 92k files);
   * `untracked`: the others, without the ignored ones (git reads every folder for them);
   * default both in one run. `ignored`: the untracked entries the ignore files leave out,
   * an ignored folder as one entry with a slash at its end, never entered
   * (`--others --ignored --directory`); with `pathspecs`, those that may match them.
   */
  which?: 'tracked' | 'untracked' | 'both' | 'ignored';
  /** Limits the listing to these pathspecs (gitglossary(7), "pathspec"). */
  pathspecs?: readonly string[];
  /**
   * Receives the paths as git writes them, a pipe read at a time, so a caller can start
   * on them before git ends. The result then holds none of them (`files` is empty, `count`
   * says how many): kept until git ends, the 92k-file tree's 94k strings outlived the
   * young generation and were copied into the old one, 30-60 ms of collection.
   */
  onPaths?: (paths: readonly string[]) => void;
}

export type GitListResult =
  | { ok: true; files: string[]; count: number; truncated: boolean; ms: number }
  | { ok: false; reason: string };

/** Environment variables that would point git at another repository than the folder's own. */
const REDIRECTING_ENV = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR', 'GIT_CEILING_DIRECTORIES', 'GIT_NAMESPACE'];

/** The environment git runs in here: no locks taken, no prompt, and no variable that points it at another repository. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  for (const name of REDIRECTING_ENV) delete env[name];
  return env;
}

/**
 * The files of a git work tree as git sees them: tracked and untracked, without what
 * `.gitignore`, `.git/info/exclude` and the user's global excludes ignore
 * (`git ls-files -co --exclude-standard -z`, about 60 ms for 92k files where a walk takes
 * a second). Paths are relative to the root, `/`-separated: the tracked ones in the order
 * of git's index (sorted by their bytes), the untracked ones as git finds them; a tracked file
 * deleted from the disk is still listed (the caller's stat drops it), and a submodule or
 * a nested repository is listed as its folder, with a slash at its end (the caller walks it).
 *
 * Never throws: no git, a folder that is not a work tree, a repository git refuses
 * (another owner), a timeout or a cancel answer `ok: false` and the caller walks.
 * The repository's own configuration cannot run a program here: the file-system
 * monitor hook is turned off, and ls-files runs no other hook.
 */
export function gitListFiles(options: GitListOptions): Promise<GitListResult> {
  const started = performance.now();
  const env = gitEnvironment();
  const which = options.which ?? 'both';
  const args = ['-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', 'ls-files', '-z'];
  // --stage: each tracked entry with its mode, so a submodule is told from a file (below).
  if (which === 'tracked' || which === 'both') args.push('--cached', '--stage');
  if (which === 'ignored') args.push('--others', '--ignored', '--exclude-standard', '--directory');
  else if (which !== 'tracked') args.push('--others', '--exclude-standard');
  if (options.pathspecs) args.push('--', ...options.pathspecs);
  return new Promise((resolve) => {
    let settled = false;
    const files: string[] = [];
    let last = '';
    let rest = '';
    let truncated = false;
    let stderr = '';
    const decoder = new StringDecoder('utf8');
    const child = spawn(options.git ?? 'git', args, { cwd: options.root, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const finish = (result: GitListResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `git ls-files took longer than ${options.timeoutMs ?? 30_000} ms` }), options.timeoutMs ?? 30_000);
    let ticks = 0;
    let waitingTicks = 0;
    const poll = setInterval(() => {
      if (options.cancel?.isCancellationRequested) finish({ ok: false, reason: 'cancelled' });
      // Twice a second: git stuck opening a named pipe (a FIFO called .gitignore) would wait for a writer for ever.
      if (++ticks % 10 !== 0) return;
      waitingTicks = waitingOnPipe(child.pid) ? waitingTicks + 1 : 0;
      if (waitingTicks >= 2) finish({ ok: false, reason: 'git ls-files is waiting to open a named pipe (a FIFO among the ignore files?)' });
    }, 50);
    timer.unref?.();
    poll.unref?.();
    child.on('error', (err) => finish({ ok: false, reason: `git cannot run (${(err as NodeJS.ErrnoException).code ?? err.message})` }));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    let count = 0;
    const take = (raw: string) => {
      const entry = stagedPath(raw);
      // A file with unmerged stages is listed once per stage, the stages side by side.
      if (entry === '' || entry === last) return;
      last = entry;
      if (count >= options.maxFiles) {
        truncated = true;
        return;
      }
      count++;
      files.push(entry);
    };
    // Streaming: each read's paths go to the caller and are not kept.
    const handOn = () => {
      if (!options.onPaths || files.length === 0) return;
      const paths = files.splice(0);
      options.onPaths(paths);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      const parts = (rest + decoder.write(chunk)).split('\0');
      rest = parts.pop() ?? '';
      for (const entry of parts) take(entry);
      handOn();
      if (truncated) finish({ ok: true, files, count, truncated, ms: performance.now() - started });
    });
    child.on('close', (code) => {
      take(rest + decoder.end());
      if (code === 0) handOn();
      if (code === 0) finish({ ok: true, files, count, truncated, ms: performance.now() - started });
      else finish({ ok: false, reason: `git ls-files failed (${code ?? 'killed'}): ${stderr.trim().split('\n')[0] ?? ''}` });
    });
  });
}

/** The mode git's index gives a submodule's entry, a commit (gitformat-index(5), "Index entry": "160000 (gitlink)"). */
const GITLINK_MODE = '160000';

/**
 * The path of one entry of `ls-files --stage` (git-ls-files(1), "OUTPUT": `[<tag> ]<mode>
 * <object> <stage> TAB <file>`, no tag asked for here), a submodule's with a slash at its
 * end as git writes an untracked nested repository: without the mode it is one more path,
 * and a caller that does not stat it (a search with a query) took the folder for a file
 * and never listed what the submodule holds. An untracked path (`--others`, no mode before
 * it) is returned as it is.
 */
export function stagedPath(entry: string): string {
  const tab = entry.indexOf('\t');
  // The mode is six octal digits, then a space; the stage a digit between spaces and the tab.
  if (tab < 10 || entry.charCodeAt(6) !== 32 || entry.charCodeAt(tab - 2) !== 32) return entry;
  const rel = entry.slice(tab + 1);
  return entry.startsWith(GITLINK_MODE) ? `${rel}/` : rel;
}

/**
 * Whether a process is blocked opening a named pipe that has no writer: Linux shows the
 * kernel function it sleeps in, and a FIFO's open waits in `wait_for_partner` (fs/pipe.c).
 * git opens every `.gitignore` it meets, so one that is a FIFO holds `ls-files --others`
 * until someone writes to it. False elsewhere (no `/proc`) and when unsure.
 */
function waitingOnPipe(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    return readFileSync(`/proc/${pid}/wchan`, 'latin1') === 'wait_for_partner';
  } catch {
    return false;
  }
}

/**
 * How many entries git's index holds (its header: "DIRC", a version 2 to 4, the count;
 * gitformat-index(5)), read before asking git for the list so that the file table can
 * make room for them at once. Undefined where there is no plain `.git/index` (a worktree's
 * `.git` file, a repository without commits) or it is not one.
 */
export async function gitIndexEntryCount(root: string): Promise<number | undefined> {
  let handle: fsp.FileHandle | undefined;
  try {
    // Read only inside the folder: a `.git` or an index that is a symlink leads elsewhere, and the count is only a hint.
    const dotGit = path.join(root, '.git');
    if (!(await fsp.lstat(dotGit)).isDirectory()) return undefined;
    handle = await fsp.open(path.join(dotGit, 'index'), fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    if (bytesRead < 12 || head.toString('latin1', 0, 4) !== 'DIRC') return undefined;
    const version = head.readUInt32BE(4);
    return version >= 2 && version <= 4 ? head.readUInt32BE(8) : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
