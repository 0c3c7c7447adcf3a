import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../server/cli/main';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `agentls ARGS` in-process, in `cwd`, with `stdin`; the home is always a test folder. */
export async function cli(args: string[], cwd: string, stdin = ''): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await runCli(args, { stdout, stderr, stdin: Readable.from([Buffer.from(stdin)]), cwd });
  return { code, stdout: out, stderr: err };
}
