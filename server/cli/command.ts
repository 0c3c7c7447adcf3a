import type { Writable } from 'node:stream';
import type { Settings } from '../core/settings';
import type { PathMatcher } from '../workspace/glob';
import type { ProjectConfig } from '../workspace/projectConfig';

/** Where a CLI command writes, so tests can capture it. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  stdin: NodeJS.ReadableStream;
  cwd: string;
}

/** Options every command shares (`lsp.md` §5). */
export interface CommonOptions {
  /** Absolute workspace root (`--root`, else the nearest marked folder at or above the current one). */
  root: string;
  /** Defaults, then the project's `agentls.json`, then the command line. */
  settings: Settings;
  /** The root's `agentls.json` (empty when it has none). */
  config: ProjectConfig;
  /** True for root-relative paths the project's `ignore` globs leave out. */
  ignored: PathMatcher;
  /**
   * The common options typed on this command line (`--agents`), as against what the
   * project's `agentls.json` set: a command refuses a flag that contradicts its own options,
   * never the project's standing choice for every command.
   */
  given: ReadonlySet<string>;
  /**
   * Present when the root is only the current folder (no `--root`, no marked folder at or
   * above it): the same options for another root, so that a command given paths can take
   * the project that holds them instead.
   */
  reroot?: (root: string) => Promise<CommonOptions>;
}

export interface CliCommand {
  name: string;
  /** One line for `agentls --help`. */
  summary: string;
  /** Usage lines shown by `agentls help NAME` and on a usage error. */
  usage: string;
  /** Runs the command; returns the process exit code. `args` excludes the common options. */
  run(args: string[], common: CommonOptions, io: CliIo): Promise<number>;
}

/** Thrown for bad command lines: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** Thrown for what the command cannot read or check (a missing path, a root that is a file): exit code 2, no usage. */
export class CliError extends Error {}

/** The exit codes every command shares (`agentls help`, README). */
export const EXIT = { clean: 0, problems: 1, error: 2, internal: 3 } as const;

/** The exit-code lines of a command's usage; `one` says what 1 means for it. */
export function exitCodesHelp(zero: string, one: string): string {
  return `exit codes: 0 ${zero}, 1 ${one},\n    2 usage error or a path that cannot be read or checked, 3 internal error or output that could not be written`;
}

export function write(stream: Writable, text: string): void {
  stream.write(text.endsWith('\n') ? text : text + '\n');
}

/**
 * What became of the command's output streams. A reader that is gone (`agentls check | head -1`
 * once `head` has its line) fails every later write with EPIPE, which Node raises as an
 * unhandled 'error' event: a crash, with its stack trace, and exit 1 whatever the run found.
 * That is no fault of the run, whose exit still says what it found, so it is let go. Any other
 * failure (ENOSPC: a report redirected to a full disk) lost the report: `failed` holds it, and
 * the run must not pass.
 */
export interface OutputGuard {
  /** The stream, with the guard's 'error' listener (added once). */
  guard(stream: Writable): Writable;
  /** The first write failure that was not a closed reader. */
  failed?: NodeJS.ErrnoException;
}

// A stream destroyed by its first failure refuses the writes after it with this code.
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** `onFailed`: told of the first failure that is not a closed reader, when it happens (the run may be over by then). */
export function outputGuard(onFailed: (err: NodeJS.ErrnoException) => void): OutputGuard {
  const guarded = new WeakSet<Writable>();
  const state: OutputGuard = {
    guard(stream) {
      if (guarded.has(stream)) return stream;
      guarded.add(stream);
      stream.on('error', (err: NodeJS.ErrnoException) => {
        if (READER_GONE.has(err.code ?? '') || state.failed) return;
        state.failed = err;
        onFailed(err);
      });
      return stream;
    },
  };
  return state;
}
