import { rulesForPath, testsContent } from '../rules/context/agents';
import { readFileContent } from '../rules/context/fileContent';
import { relativeInside } from '../workspace/paths';
import type { AgentView } from '../rules/context/agentView';
import type { AgentSelection } from '../rules/context/selection';
import type { RulesView } from '../rules/view';
import type { FileSystem } from '../workspace/fs';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { CliError } from './command';

/** `agentls rules --for PATH`: a path outside the folder, or one that does not exist, is an error without the usage text (never a silent answer). */
export async function rulesForArgument(view: RulesView, absPath: string, session: { diskFs: FileSystem }, extra: readonly AgentView[] = [], agents: AgentSelection = 'auto'): Promise<RulesForFileResult> {
  if (relativeInside(view.cwd, absPath) === undefined) throw new CliError(`--for ${absPath}: not inside the workspace folder ${view.cwd}`);
  if (!(await session.diskFs.stat(absPath))) throw new CliError(`--for ${absPath}: no such file or folder`);
  // The file's text, for the rules its content decides (Continue's `regex`), read within the workspace only.
  const content = testsContent(view, extra) ? await readFileContent(session.diskFs, absPath) : undefined;
  return rulesForPath(view, absPath, extra, agents, content)!;
}
