import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The home directory the user-level rule folders hang off. Configurable (setting
 * `agentls.home`, CLI `--home`) so that tests and demos never read the real one.
 */
export function resolveHome(configured: string | undefined): string {
  return configured ? path.resolve(configured) : os.homedir();
}

/** Where the persisted index lives: explicit setting, else XDG, else `~/.cache/agentls`. */
export function resolveCacheDir(configured: string | undefined, home: string): string {
  if (configured) return path.resolve(configured);
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'agentls');
  return path.join(home, '.cache', 'agentls');
}
