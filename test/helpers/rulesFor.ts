import type { RuleForFileInfo, RulesForFileResult } from '../../protocol/rulesContext';
import { builtCli, type CliRun } from './cliWithHome';
import type { LspTestClient } from './lspClient';
import { until } from './polling';

/** One agent's rules for a file of `ws`, as the built `agentls rules --for FILE --json` gives them (it must exit 0); `agents`: `--agents`; `run`: its environment and a time to kill it at. */
export function cliRulesFor(ws: string, file: string, agent: string, agents?: string, run: Pick<CliRun, 'env' | 'timeout'> = {}): RuleForFileInfo[] {
  const answer = JSON.parse(builtCli(['rules', '--for', file, '--json', ...(agents ? ['--agents', agents] : [])], { ...run, cwd: ws, mustSucceed: true }).stdout) as RulesForFileResult;
  return answer.agents.find((a) => a.agent === agent)?.rules ?? [];
}

/** The server's `agentls/rulesForFile` for `uri`, asked until `done`: by default until the file index is complete (nested folders come from it). */
export function serverRulesFor(c: LspTestClient, uri: string, done = (r: RulesForFileResult) => r.indexing === undefined): Promise<RulesForFileResult> {
  return until('rules for the file', () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri }), done);
}
