import { execFileSync } from 'node:child_process';

/**
 * Runs git in `cwd` for a test's repository: a committer and a default branch given, so
 * the machine's own git configuration neither fails nor changes a test.
 * `protocol.file.allow`: git 2.38.1 and later refuse a submodule cloned from a local path without it.
 */
export function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', '-c', 'protocol.file.allow=always', ...args], { cwd, stdio: 'ignore' });
}
