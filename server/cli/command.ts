import type { Writable } from 'node:stream';
import type { Settings } from '../core/settings';

/** Where a CLI command writes, so tests can capture it. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  stdin: NodeJS.ReadableStream;
  cwd: string;
}

/** Options every command shares (`lsp.md` §5). */
export interface CommonOptions {
  /** Absolute workspace root (`--root`, default the current directory). */
  root: string;
  settings: Settings;
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

export function write(stream: Writable, text: string): void {
  stream.write(text.endsWith('\n') ? text : text + '\n');
}
