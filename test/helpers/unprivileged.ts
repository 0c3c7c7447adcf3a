import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { serverEntry, tempDir, writeTree } from './repo';

/** Who a process under test runs as: an unprivileged user, or why there is none. */
export type RunAs = { user?: { uid: number; gid: number }; uid: number; name: string } | { skip: string };

/**
 * Who the server runs as. Root may replace a 0444 file anyway, so the refusal must not
 * rest on the permission check alone: as root (CI) the server is started as `nobody`;
 * a test process that is not root is already unprivileged and starts it as itself.
 */
export function unprivileged(): RunAs {
  const self = process.getuid?.();
  if (self === undefined) return { skip: 'no POSIX users on this platform' };
  if (self !== 0) return { uid: self, name: `uid ${self} (the test's own, not root)` };
  const entry = /^nobody:[^:]*:(\d+):(\d+):/m.exec(fs.readFileSync('/etc/passwd', 'utf8'));
  if (!entry) return { skip: 'running as root and this system has no `nobody` user to run the server as' };
  const user = { uid: Number(entry[1]), gid: Number(entry[2]) };
  // The built server must be readable by that user (a checkout under a private home is not).
  const probe = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(serverEntry())}, require('fs').constants.R_OK)`], { ...user, stdio: 'ignore' });
  if (probe.status !== 0) return { skip: `running as root, and \`nobody\` cannot read the built server at ${serverEntry()}` };
  return { user, uid: user.uid, name: 'nobody' };
}

/** A fresh folder the server's user owns (workspace, home, cache). */
export function ownedDir(runAs: { user?: { uid: number; gid: number } }, files: Record<string, string> = {}): string {
  const dir = writeTree(tempDir(), files);
  if (runAs.user) chownTree(dir, runAs.user);
  return dir;
}

function chownTree(p: string, user: { uid: number; gid: number }): void {
  fs.chownSync(p, user.uid, user.gid);
  if (fs.statSync(p).isDirectory()) for (const name of fs.readdirSync(p)) chownTree(path.join(p, name), user);
}

/**
 * A workspace the server's user owns whose rule folder `at` (a package's
 * `packages/web/.cursor/rules` unless told, or the root's `.cursor/rules`) is a link to
 * `shared/rules`, a folder it cannot list (mode 0): `unlock` gives the folder its mode back,
 * for the temporary folder to be removed.
 */
export function linkedLockedRuleFolder(runAs: { user?: { uid: number; gid: number } }, at = 'packages/web/.cursor/rules'): { ws: string; link: string; unlock: () => void } {
  const ws = ownedDir(runAs, { 'shared/rules/style.mdc': '---\nalwaysApply: true\n---\nUse tokens.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' });
  const link = path.join(ws, at);
  const locked = path.join(ws, 'shared/rules');
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(path.relative(path.dirname(link), locked), link);
  if (runAs.user) {
    fs.chownSync(path.dirname(link), runAs.user.uid, runAs.user.gid);
    fs.lchownSync(link, runAs.user.uid, runAs.user.gid);
  }
  fs.chmodSync(locked, 0);
  return { ws, link, unlock: () => fs.chmodSync(locked, 0o755) };
}
