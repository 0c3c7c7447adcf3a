import { astEditCommand } from './astedit';
import type { CliCommand } from './command';
import { checkCommand } from './check';
import { hashlineCommand } from './hashline';
import { rulesCommand } from './rules';
import { searchCommand } from './search';

/** Every subcommand of `agentls`. Each domain adds its own line. */
export function cliCommands(): CliCommand[] {
  return [checkCommand, hashlineCommand, astEditCommand, rulesCommand, searchCommand];
}
