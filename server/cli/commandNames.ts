/**
 * The names of `agentls`'s subcommands, without their code: `agentls --stdio` must know a
 * command line names none before it loads anything of the CLI (test/cli/commands.test.ts
 * keeps this list equal to `cliCommands()`).
 */
export const COMMAND_NAMES: readonly string[] = ['check', 'hashline', 'ast-edit', 'rules', 'search'];

/** Whether a command line starts the language server: it names no command and has `--stdio` (`check -- --stdio` checks a path). */
export function startsServer(argv: readonly string[]): boolean {
  return !COMMAND_NAMES.includes(argv[0]) && argv.includes('--stdio');
}
