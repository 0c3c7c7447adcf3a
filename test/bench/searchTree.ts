import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The benchmark list as a real tree of tiny files under the system temp folder, plus an
 * ignored `node_modules/` (2,000 files) and a `.gitignore` that ignores one more folder,
 * so walks meet ignore rules as they do in a project. Made once per list (a marker file
 * says it is complete) and reused by later runs.
 */
export function materialise(paths: readonly string[], log: (line: string) => void): string {
  const digest = createHash('sha1').update(paths.join('\n')).digest('hex').slice(0, 12);
  const root = path.join(os.tmpdir(), `agentls-bench-tree-${digest}`);
  const marker = path.join(root, '.agentls-bench-complete');
  if (fs.existsSync(marker)) return root;
  log(`materialising ${paths.length} files under ${root} (once; later runs reuse it)`);
  fs.rmSync(root, { recursive: true, force: true });
  const made = new Set<string>();
  for (const rel of paths) {
    const abs = path.join(root, ...rel.split('/'));
    const dir = path.dirname(abs);
    if (!made.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    fs.writeFileSync(abs, '');
  }
  for (let i = 0; i < 2000; i++) {
    const dir = path.join(root, 'node_modules', `pkg${i % 100}`, 'lib');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `index${i}.js`), '');
  }
  fs.mkdirSync(path.join(root, 'build', 'classes'), { recursive: true });
  for (let i = 0; i < 500; i++) fs.writeFileSync(path.join(root, 'build', 'classes', `Gen${i}.class`), '');
  fs.writeFileSync(path.join(root, '.gitignore'), 'build/\n*.class\n');
  fs.writeFileSync(marker, new Date().toISOString());
  return root;
}

/**
 * Makes the materialised tree a git work tree with every file committed (once; a marker
 * in `.git` says it is done), so the first index can be measured through `git ls-files`
 * beside the walk of the same files. False when git is not there.
 */
export function commitTree(root: string, log: (line: string) => void): boolean {
  const marker = path.join(root, '.git', 'agentls-bench-committed');
  if (fs.existsSync(marker)) return true;
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'core.fsmonitor=false', ...args], { cwd: root, stdio: 'ignore' });
  try {
    log(`committing the tree to git under ${root} (once; later runs reuse it)`);
    fs.rmSync(path.join(root, '.git'), { recursive: true, force: true });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'bench tree');
    fs.writeFileSync(marker, new Date().toISOString());
    return true;
  } catch (err) {
    log(`git is not usable here (${(err as Error).message.split('\n')[0]}): the git figures are skipped`);
    return false;
  }
}
