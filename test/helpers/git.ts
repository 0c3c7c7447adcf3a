import { execFileSync } from 'node:child_process';

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
  [
    'a git work tree',
    (ws) => {
      git(ws, 'init', '-q');
      git(ws, 'add', '-A');
      git(ws, 'commit', '-q', '-m', 'first');
      return ws;
    },
  ],
];
