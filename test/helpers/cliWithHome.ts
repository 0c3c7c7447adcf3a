import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { serverEntry } from './repo';

/** The built CLI run in workspace `ws` with `home` as the user's home (`--root`, `--home`). */
export function agentlsWithHome(ws: string, home: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [serverEntry(), ...args, '--root', ws, '--home', home], { cwd: ws, encoding: 'utf8' });
}
