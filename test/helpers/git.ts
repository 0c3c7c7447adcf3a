import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './repo';

/**
 * Runs git in `cwd` for a test's repository: a committer and a default branch given, so
 * the machine's own git configuration neither fails nor changes a test.
 * `protocol.file.allow`: git 2.38.1 and later refuse a submodule cloned from a local path without it.
 */
export function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', '-c', 'protocol.file.allow=always', ...args], { cwd, stdio: 'ignore' });
}

/** The two kinds of tree a listing differs on, for `describe.each`: a plain folder, and one made a git work tree with everything committed. */
export const PLAIN_AND_GIT_TREES: [string, (ws: string) => string][] = [
  ['a plain tree', (ws) => ws],
  ['a git work tree', (ws) => commitAll(ws)],
];

/** Makes `ws` a git work tree with every file in it committed; returns it. */
export function commitAll(ws: string): string {
  git(ws, 'init', '-q');
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'first');
  return ws;
}

/**
 * The environment that gives git a global excludes file (`core.excludesFile`) holding these
 * lines, through a global configuration of the test's own (`GIT_CONFIG_GLOBAL`, git-config(1),
 * "ENVIRONMENT"): the user's ~/.gitconfig is neither read nor touched.
 */
export function globalExcludes(lines: readonly string[]): Record<string, string> {
  const dir = tempDir('agentls-gitconfig-');
  const excludes = path.join(dir, 'ignore');
  fs.writeFileSync(excludes, lines.map((l) => l + '\n').join(''));
  const config = path.join(dir, 'gitconfig');
  fs.writeFileSync(config, `[core]\n\texcludesFile = ${excludes}\n`);
  return { GIT_CONFIG_GLOBAL: config };
}
