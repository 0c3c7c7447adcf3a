#!/usr/bin/env node
import * as path from 'node:path';
import { DEFAULT_SETTINGS, overlaySettings } from '../core/settings';
import { runStdioServer } from '../lsp/stdio';
import { VERSION } from '../version';
import { UsageError, write, type CliIo, type CommonOptions } from './command';
import { cliCommands } from './commands';

/**
 * `agentls`: the language server (`--stdio`) and the command-line tools over the same
 * engines. Common options may appear anywhere: `--root DIR`, `--home DIR`,
 * `--profile seed|xcsh`, `--agents auto|LIST`.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--stdio')) {
    runStdioServer();
    return -1;
  }
  if (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version') {
    write(io.stdout, `agentls ${VERSION}`);
    return 0;
  }
  const commands = cliCommands();
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    const named = argv[0] === 'help' ? commands.find((c) => c.name === argv[1]) : undefined;
    write(io.stdout, named ? named.usage : helpText(commands));
    return argv.length === 0 ? 2 : 0;
  }
  const command = commands.find((c) => c.name === argv[0]);
  if (!command) {
    write(io.stderr, `agentls: unknown command "${argv[0]}". Run agentls --help.`);
    return 2;
  }
  try {
    const { common, rest } = parseCommon(argv.slice(1), io.cwd);
    return await command.run(rest, common, io);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      write(io.stderr, `agentls ${command.name}: ${(err as Error).message}\nusage: ${command.usage}`);
      return 2;
    }
    write(io.stderr, `agentls ${command.name}: ${(err as Error).stack ?? err}`);
    return 3;
  }
}

function parseCommon(args: string[], cwd: string): { common: CommonOptions; rest: string[] } {
  const rest: string[] = [];
  let root = cwd;
  let raw: Record<string, unknown> = {};
  const rules: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--root') root = path.resolve(cwd, value());
    else if (flag === '--home') raw = { ...raw, home: path.resolve(cwd, value()) };
    else if (flag === '--profile') {
      const p = value();
      if (p !== 'seed' && p !== 'xcsh') throw new UsageError(`--profile must be seed or xcsh, not ${p}`);
      rules.profile = p;
    } else if (flag === '--agents') rules.agents = value();
    else rest.push(a);
  }
  const warnings: string[] = [];
  const settings = overlaySettings(DEFAULT_SETTINGS, { ...raw, rules }, warnings);
  if (warnings.length) throw new UsageError(warnings.join('; '));
  return { common: { root, settings }, rest };
}

function helpText(commands: ReturnType<typeof cliCommands>): string {
  const width = Math.max(...commands.map((c) => c.name.length), 8);
  return [
    `agentls ${VERSION}: a language server and linter for coding-agent files`,
    '',
    'usage:',
    '  agentls --stdio                 run the language server on stdin/stdout',
    ...commands.map((c) => `  agentls ${c.name.padEnd(width)}  ${c.summary}`),
    '  agentls --version',
    '',
    'common options: --root DIR (workspace root, default .), --home DIR (instead of ~),',
    '                --profile seed|xcsh (which agent to predict, default seed),',
    '                --agents auto|LIST (agents whose behaviour is predicted: xcsh, cursor, windsurf, cline, claude, copilot, agents-md)',
    'agentls help COMMAND shows the usage of one command.',
  ].join('\n');
}

if (require.main === module) {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd() };
  runCli(process.argv.slice(2), io).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`agentls: ${(err as Error).stack ?? err}\n`);
      process.exitCode = 3;
    },
  );
}
