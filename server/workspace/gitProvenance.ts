import { execFile } from 'node:child_process';
import { gitEnvironment } from './gitFiles';

/** Where a work tree's files come from: its `origin` remote, the commit checked out and its branch. */
export interface GitProvenance {
  /** The `origin` remote as an absolute URI, with no user name or password in it. */
  repositoryUri: string;
  revisionId?: string;
  branch?: string;
}

/** Each question to git gives up after this long: a report waits on none of them for more. */
const TIMEOUT_MS = 5_000;

/**
 * The provenance of the work tree at `top` (its top folder), or undefined where it has no
 * `origin` remote git answers for. Read-only questions (`git config --get`, `git rev-parse`,
 * `git symbolic-ref`), none of which runs a hook; `core.fsmonitor` off, as every git run of
 * agentls, so that a repository's configuration names no program to start. Never throws.
 */
export async function gitProvenance(top: string): Promise<GitProvenance | undefined> {
  const [remote, revision, branch] = await Promise.all([
    git(top, ['config', '--get', 'remote.origin.url']),
    git(top, ['rev-parse', '--verify', '-q', 'HEAD']),
    git(top, ['symbolic-ref', '-q', '--short', 'HEAD']),
  ]);
  const repositoryUri = remote === undefined ? undefined : remoteUri(remote);
  if (repositoryUri === undefined) return undefined;
  return { repositoryUri, ...(revision && /^[0-9a-f]{40,64}$/.test(revision) ? { revisionId: revision } : {}), ...(branch ? { branch } : {}) };
}

/**
 * A remote's URL as an absolute URI without credentials: `https://user:token@host/o/r.git`
 * keeps no `user:token@` (a report is uploaded and shared), and git's scp-like form
 * `git@host:o/r.git`, which git reads as ssh (git-clone(1), "GIT URLS"), is written as the
 * `ssh://host/o/r.git` it means. A local path or anything else is no URI to give.
 */
export function remoteUri(remote: string): string | undefined {
  const scp = /^(?:[^@/:\s]+@)?([^@/:\s]{2,}):(?!\/\/)([^\s]+)$/.exec(remote);
  const url = scp ? `ssh://${scp[1]}/${scp[2].replace(/^\/+/, '')}` : remote;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!['https:', 'http:', 'ssh:', 'git:'].includes(parsed.protocol) || parsed.hostname === '') return undefined;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, env: gitEnvironment(), timeout: TIMEOUT_MS, maxBuffer: 64 * 1024, windowsHide: true }, (err, stdout) => {
      const out = err ? '' : stdout.trim();
      resolve(out === '' ? undefined : out);
    });
  });
}
