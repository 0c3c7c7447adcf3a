import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../helpers/lspClient';
import { completeIndex } from '../lsp/search/searchSupport';
import { repoRoot, tempDir, writeTree } from '../helpers/repo';

const start = useLspClients(afterEach);

const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' });
const hasNpm = npmVersion.status === 0;
if (!hasNpm) console.warn('test/cli/package.test.ts: skipped, npm is not on PATH, so the package cannot be packed or installed');

/** What `npm pack` needs of the repository, copied so that its `prepack` build never rewrites the `out/` other tests run. */
const PACKED_SOURCES = ['package.json', 'package-lock.json', 'tsconfig.json', 'LICENSE', 'README.md', 'agentls.schema.json', 'server', 'protocol', 'test', 'editors/nvim', 'editors/helix', 'editors/vscode/src'];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function must(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr.slice(-3000)}`);
  return r.stdout;
}

describe('the published package', () => {
  it.skipIf(!hasNpm)('packs, installs into an empty prefix, and checks a workspace outside the repository', { timeout: 20 * 60_000 }, async () => {
    const source = tempDir('agentls-pack-');
    for (const rel of PACKED_SOURCES) {
      const from = path.join(repoRoot(), rel);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(source, rel), { recursive: true });
    }
    fs.symlinkSync(path.join(repoRoot(), 'node_modules'), path.join(source, 'node_modules'));
    const packs = tempDir('agentls-tarball-');
    const tarball = path.join(packs, must(run('npm', ['pack', '--silent', '--pack-destination', packs], source), 'npm pack').trim().split('\n').pop()!);

    const prefix = tempDir('agentls-prefix-');
    must(run('npm', ['install', '-g', '--prefix', prefix, '--no-fund', '--no-audit', tarball], packs), 'npm install -g --prefix');
    const bin = path.join(prefix, 'bin', 'agentls');
    const installed = path.join(prefix, 'lib', 'node_modules', 'agentls');
    expect(fs.statSync(bin).mode & 0o111).not.toBe(0);
    expect(must(run(bin, ['--version'], packs), 'agentls --version')).toMatch(/^agentls \d+\.\d+\.\d+\n$/);
    // Only what runs is shipped, and no dev tool is installed with it.
    expect(fs.existsSync(path.join(installed, 'LICENSE'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'out', 'test'))).toBe(false);
    expect(fs.existsSync(path.join(installed, 'server'))).toBe(false);
    for (const dev of ['typescript', 'vitest']) expect(fs.existsSync(path.join(installed, 'node_modules', dev))).toBe(false);
    // The protocol for clients: names to require, and their payload types with their comments.
    const protocol = require(installed) as typeof import('../../protocol');
    expect(protocol.Methods.fileSearch).toBe('agentls/fileSearch');
    const types = fs.readFileSync(path.join(installed, 'out', 'protocol', 'methods.d.ts'), 'utf8');
    expect(types).toContain('readonly fileSearch: "agentls/fileSearch";');
    expect(types).toContain('/**');
    expect(fs.existsSync(path.join(installed, 'out', 'protocol', 'index.d.ts'))).toBe(true);

    // A project of someone else's, run from a subfolder as a user would.
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir('agentls-foreign-'), {
      '.git/HEAD': '',
      '.xcsh/.keep': '',
    '.cursor/rules/comma.mdc': '---\ndescription: Two globs\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n',
      'docs/guide.md': 'See rule://nope.\n',
      'src/app.ts': 'export const x = 1;\n',
    });
    const env = { HOME: home, XDG_CACHE_HOME: tempDir('agentls-cache-') };
    const check = run(bin, ['check'], path.join(ws, 'src'), env);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('.cursor/rules/comma.mdc:3:8: warning [frontmatter/comma-globs]');
    expect(check.stdout).toContain('docs/guide.md:1:5: error [rule-url/unknown]');
    expect(check.stdout).toContain('information [context/dead-glob] For Cursor, the glob "*.tsx" matches none of the');
    expect(check.stdout).toMatch(/Checked 1 rule file and 1 Markdown file with rule:\/\/ links among 4 files: 3 problems/);

    // better-sqlite3 that cannot load (here: its addon is not a shared object, as with another Node ABI).
    const addon = path.join(installed, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    expect(fs.existsSync(addon)).toBe(true);
    fs.writeFileSync(addon, 'not a shared object');
    const search = run(bin, ['search', 'app'], ws, env);
    expect(search.status).toBe(0);
    expect(search.stdout).toBe('src/app.ts\n');
    expect(search.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^agentls search: file index: kept in memory only, better-sqlite3 cannot be loaded \(/)]);

    const c = await start({ folders: [ws], home, entry: path.join(installed, 'out', 'bundle', 'agentls.js') });
    // A search during the first index answers from what is listed so far; the complete answer is the one to compare.
    const found = await completeIndex(c, 'app');
    expect(found.candidates.map((x) => x.path)).toEqual(['src/app.ts']);
    expect(c.logMessages.filter((m) => /better-sqlite3 cannot be loaded/.test(m.message))).toHaveLength(1);
  });
});
