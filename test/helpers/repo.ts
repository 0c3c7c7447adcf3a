import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The repository root, found from this file whether it runs from sources or from `out/`. */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'agentls' && fs.existsSync(path.join(dir, 'server'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('agentls repository root not found');
    dir = parent;
  }
}

/** The built CLI/server entry point. Tests run after `npm run build` (the test script builds first). */
export function serverEntry(): string {
  const entry = path.join(repoRoot(), 'out', 'bundle', 'agentls.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
  return entry;
}

export function fixturePath(...parts: string[]): string {
  return path.join(repoRoot(), 'fixtures', ...parts);
}

const created: string[] = [];
let cleanupInstalled = false;

/**
 * Removes each folder given after the script and everything in it. Tests lock folders
 * (chmod 0) to prove the server copes: each is unlocked first; a folder still locked
 * inside is left for the OS.
 */
const REMOVE_SCRIPT = `const fs = require('node:fs');
for (const d of process.argv.slice(1)) {
  try {
    fs.chmodSync(d, 0o755);
    fs.rmSync(d, { recursive: true, force: true });
  } catch {}
}`;

/**
 * Removes the folders from a process of its own, which outlives this one. Vitest ends
 * each test file's process with SIGTERM and kills it 500 ms later (vitest 4.1.12,
 * `SIGKILL_TIMEOUT` in its fork pool): too soon to remove a tree of thousands of folders
 * on a loaded machine, and what was not removed by then stayed in the temporary folder.
 */
function removeDetached(dirs: string[]): void {
  if (dirs.length === 0) return;
  try {
    spawn(process.execPath, ['-e', REMOVE_SCRIPT, ...dirs], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // No process to spare: left for the OS to clean, like a folder locked inside.
  }
}

/**
 * A fresh temporary folder (real path, so symlinked /tmp setups compare equal), removed
 * when the process exits unless `AGENTLS_KEEP_TEMP` is set (to look at a failed test's files).
 */
export function tempDir(prefix = 'agentls-test-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  created.push(dir);
  if (!cleanupInstalled && !process.env.AGENTLS_KEEP_TEMP) {
    cleanupInstalled = true;
    process.on('exit', () => removeDetached(created.splice(0)));
    process.once('SIGTERM', () => {
      removeDetached(created.splice(0));
      process.exit(0);
    });
  }
  return dir;
}

/** Writes a tree `{ "a/b.md": "text" }` under `root`; returns `root`. */
export function writeTree(root: string, tree: Record<string, string | Uint8Array>): string {
  for (const [rel, content] of Object.entries(tree)) {
    const abs = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
  return root;
}

/** Copies a fixture workspace to a temporary folder, for tests that change files. */
export function copyFixture(name: string): string {
  const dest = tempDir(`agentls-${name}-`);
  fs.cpSync(fixturePath(name), dest, { recursive: true, verbatimSymlinks: true });
  return dest;
}

// Every command a test starts writes its code cache under XDG_CACHE_HOME (`server/cli/launch.ts`):
// a command started with the inherited environment must not write into the user's own cache.
process.env.XDG_CACHE_HOME = tempDir('agentls-xdg-cache-');

/** A workspace marked as a git work tree, with one always-apply Cursor rule and one source file: the project beside a user-level home in the CLI tests. */
export function projectWithCursorRule(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.cursor/rules/project.mdc': '---\nalwaysApply: true\n---\nUse the design tokens.\n',
    'src/a.ts': 'export const a = 1;\n',
  });
}
