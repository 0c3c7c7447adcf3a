#!/usr/bin/env node
import { VERSION } from '../version';
import { CliError, EXIT, outputGuard, UsageError, write, type CliCommand, type CliIo } from './command';
import { startsServer } from './commandNames';
import { commandFirst, commonOptionsHelp, parseCommon } from './options';

/**
 * `agentls`: the language server (`--stdio`) and the command-line tools over the same
 * engines. The common options (`options.ts`) may appear anywhere before `--`.
 */
/** What `runCli` returns when it started the language server, which runs until the editor stops it. */
export const SERVING = -1;

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // Only a command line that names no command starts the server: `check -- --stdio` checks a path.
  // Each side loads only its own modules: the server's and the commands' graphs are a few hundred
  // files each, and loading both cost every start about 45 ms (the server) or 110 ms (a command) of CPU.
  if (startsServer(argv)) {
    // Started before the server's modules initialise, so the thread starts beside them. (Started
    // earlier still, before the program loads in launch.ts, LSP warm starts measured slower: the
    // fastest of 12 took 365 ms against 340 ms here, the two competing for the CPU.)
    const wireThread = (await import('../lsp/wire/spawn.js')).spawnWireThread();
    (await import('../lsp/stdio.js')).runStdioServer(wireThread);
    return SERVING;
  }
  try {
    argv = commandFirst(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    write(io.stderr, `agentls: ${err.message}. Run agentls --help.`);
    return EXIT.error;
  }
  if (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version') {
    write(io.stdout, `agentls ${VERSION}`);
    return 0;
  }
  const commands = (await import('./commands.js')).cliCommands();
  const command = commands.find((c) => c.name === argv[0]);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    if (argv[0] === 'help' && argv[1] !== undefined) {
      const named = commands.find((c) => c.name === argv[1]);
      if (!named) {
        write(io.stderr, `agentls help: unknown command "${argv[1]}"; commands: ${commands.map((c) => c.name).join(', ')}`);
        return EXIT.error;
      }
      write(io.stdout, usageText(named));
      return 0;
    }
    write(argv.length === 0 ? io.stderr : io.stdout, helpText(commands));
    return argv.length === 0 ? EXIT.error : 0;
  }
  if (!command) {
    write(io.stderr, `agentls: unknown command "${argv[0]}". Run agentls --help.`);
    return EXIT.error;
  }
  const dashdash = argv.indexOf('--');
  const beforeDashDash = dashdash < 0 ? argv : argv.slice(0, dashdash);
  if (beforeDashDash.includes('--help') || beforeDashDash.includes('-h')) {
    write(io.stdout, usageText(command));
    return 0;
  }
  try {
    const { common, rest } = await parseCommon(argv.slice(1), io.cwd, (line) => write(io.stderr, `agentls: warning: ${line}`));
    return await command.run(rest, common, io);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      write(io.stderr, `agentls ${command.name}: ${usageProblem(err as Error & { code?: string })}\nusage: ${command.usage}`);
      return EXIT.error;
    }
    if (err instanceof CliError) {
      for (const line of err.message.split('\n')) write(io.stderr, `agentls ${command.name}: ${line}`);
      return EXIT.error;
    }
    write(io.stderr, `agentls ${command.name}: ${(err as Error).stack ?? err}`);
    return EXIT.internal;
  }
}

/**
 * A command-line mistake in our words. Node's parser explains an unknown option with advice
 * for positional arguments (and an unbalanced quote: `as in '-- "--bogus"`), which answers a
 * question nobody asked here.
 */
function usageProblem(err: Error & { code?: string }): string {
  const unknown = err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']*)'/.exec(err.message) : null;
  if (unknown) return `unknown option ${unknown[1]} (a path that starts with "-" goes after "--")`;
  // Node's words for an option left without its value (lib/internal/util/parse_args/parse_args.js,
  // checkOptionLikeValue and the "argument missing" throw): said as the common options say it.
  const missing = err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? /^Option '(-[^' ]+)(?: <value>)?' argument (missing|is ambiguous)/.exec(err.message) : null;
  if (missing?.[2] === 'missing') return `${missing[1]} needs a value`;
  if (missing) return `${missing[1]} needs a value, and the word after it starts with "-" (for a value that does, write ${missing[1]}=VALUE)`;
  return err.message;
}

function usageText(command: CliCommand): string {
  return [`usage: ${command.usage}`, '', 'common options:', ...commonOptionsHelp()].join('\n');
}

function helpText(commands: CliCommand[]): string {
  const rows: [string, string][] = [['--stdio', 'run the language server on stdin/stdout'], ...commands.map((c): [string, string] => [c.name, c.summary]), ['--version', 'print the version']];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `agentls ${VERSION}: a language server and linter for coding-agent files`,
    '',
    'usage:',
    ...rows.map(([label, summary]) => `  agentls ${label.padEnd(width)}  ${summary}`),
    '',
    'common options (every command):',
    ...commonOptionsHelp(),
    '',
    "The root's agentls.json (settings, ignore globs) applies to every command; the command line overrides it.",
    'exit codes: 0 clean or done, 1 problems found (check), nothing found (search) or the edit refused (ast-edit),',
    '  2 usage error or a path that cannot be read or checked, 3 internal error or output that could not be written;',
    '  hashline (read and apply) adds 10-21 (agentls help hashline).',
    'agentls help COMMAND shows the usage and exit codes of one command.',
  ].join('\n');
}

/**
 * Runs `agentls` with this process's arguments and streams, setting its exit code. The
 * installed command reaches it through `launch.ts`; `node out/server/cli/main.js` directly.
 */
export function runAsCommand(): Promise<number> {
  const output = outputGuard((err) => {
    // Said on standard error (lost too if that is what failed) and in the exit, which the run's own code may already have set.
    output.guard(process.stderr).write(`agentls: could not write the output: ${err.message}\n`);
    process.exitCode = EXIT.internal;
  });
  // Read when used: the language server never touches process.stdin and process.stdout (its wire thread owns them).
  const io: CliIo = {
    get stdout() {
      return output.guard(process.stdout);
    },
    get stderr() {
      return output.guard(process.stderr);
    },
    get stdin() {
      return process.stdin;
    },
    cwd: process.cwd(),
  };
  return runCli(process.argv.slice(2), io).then(
    (code) => {
      if (code !== SERVING) process.exitCode = output.failed ? EXIT.internal : code;
      return code;
    },
    (err) => {
      process.stderr.write(`agentls: ${(err as Error).stack ?? err}\n`);
      process.exitCode = EXIT.internal;
      return EXIT.internal;
    },
  );
}

if (require.main === module) void runAsCommand();
