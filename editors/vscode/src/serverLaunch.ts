import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The oldest Node the server runs on (`engines.node` of the agentls package). */
export const MIN_NODE_MAJOR = 20;

/** One way to start the server, tried in order until one answers `initialize`. */
export type LaunchPlan =
  | { kind: 'executable'; command: string; args: string[]; label: string }
  | { kind: 'node'; node: string; script: string; label: string }
  | { kind: 'host'; script: string; label: string };

export interface LaunchSettings {
  /** `agentls.path`: an agentls executable the user chose. */
  path: string | undefined;
  /** `agentls.server.node`: the Node that runs the carried server. */
  node: string;
}

/** What was found; `problems` says why a candidate was passed over (for the log and the error message). */
export interface LaunchChoice {
  plans: LaunchPlan[];
  problems: string[];
}

/**
 * The ways to start the server, best first:
 * - `agentls.path` when set: the user's own executable, and nothing else (their choice is
 *   respected; when it cannot start the user is told, never silently switched);
 * - the server carried in the VSIX on the configured Node (default `node` on PATH) when
 *   that Node is 20 or newer: the file index persists in SQLite when better-sqlite3 loads;
 * - the same server on VS Code's own runtime (the extension host): always there, so the
 *   server starts even without a Node on PATH; better-sqlite3 (built for another Node ABI)
 *   may not load there, and the server then keeps its index in memory.
 */
export async function chooseLaunch(settings: LaunchSettings, serverScript: string, env: NodeJS.ProcessEnv = process.env): Promise<LaunchChoice> {
  const problems: string[] = [];
  if (settings.path) {
    const resolved = resolveCommand(settings.path, env);
    if (!resolved) return { plans: [], problems: [`agentls.path: ${settings.path} was not found or is not executable`] };
    return { plans: [{ kind: 'executable', command: resolved, args: ['--stdio'], label: resolved }], problems };
  }
  const plans: LaunchPlan[] = [];
  if (!fs.existsSync(serverScript)) {
    problems.push(`the server this extension carries is missing (${serverScript}); reinstall the extension or set agentls.path`);
    return { plans, problems };
  }
  const node = resolveCommand(settings.node || 'node', env);
  if (!node) problems.push(`agentls.server.node: ${settings.node || 'node'} was not found on PATH`);
  else {
    const version = await nodeVersion(node);
    if (version === undefined) problems.push(`agentls.server.node: ${node} did not answer --version`);
    else if (version < MIN_NODE_MAJOR) problems.push(`agentls.server.node: ${node} is Node ${version}; the server needs ${MIN_NODE_MAJOR} or newer`);
    else plans.push({ kind: 'node', node, script: serverScript, label: `${node} (Node ${version})` });
  }
  plans.push({ kind: 'host', script: serverScript, label: `VS Code's runtime (Node ${process.versions.node})` });
  return { plans, problems };
}

/** An absolute path as is (when executable), a bare name looked up on PATH. */
export function resolveCommand(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (command.includes('/') || command.includes('\\')) return isExecutable(command) ? path.resolve(command) : undefined;
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, command + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, process.platform === 'win32' ? fs.constants.F_OK : fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The major version of a Node executable, or undefined when it does not answer in 5 s. */
function nodeVersion(node: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile(node, ['--version'], { timeout: 5000 }, (err, stdout) => {
      const m = /^v(\d+)\./.exec(String(stdout).trim());
      resolve(err || !m ? undefined : Number(m[1]));
    });
  });
}

/**
 * What the server is given beside VS Code's environment, as the repository's
 * protocol/launch.ts (SERVER_ENVIRONMENT) gives it for every editor: two malloc arenas keep
 * its memory near its resting size after a burst of requests, and huge pages for its large
 * arrays make its start touch fewer pages (glibc reads both; elsewhere they are unused). The
 * extension is built on its own, so the value is written here too; a test in the repository
 * compares the two.
 */
const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' };

/** The environment the server is started with: `base` (VS Code's) and `SERVER_ENVIRONMENT`. */
export function serverEnvironment(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, ...SERVER_ENVIRONMENT };
}
