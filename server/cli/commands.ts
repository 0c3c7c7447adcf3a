import type { CliCommand } from './command';
import { checkCommand } from './check';

/** Every subcommand of `agentls`. Each domain adds its own line. */
export function cliCommands(): CliCommand[] {
  return [checkCommand];
}
