import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CancellationSource } from '../../server/core/cancel';
import { Confinement } from '../../server/workspace/confine';
import { NodeFileSystem } from '../../server/workspace/fs';
import { IgnoreRules } from '../../server/workspace/ignore';
import { walkFiles } from '../../server/workspace/walk';
import { tempDir, writeTree } from '../helpers/repo';

function setup(tree: Record<string, string>) {
  const root = writeTree(tempDir(), tree);
  const fsys = new NodeFileSystem(new Confinement([root]));
  return { root, fs: fsys, ignore: new IgnoreRules(root, fsys) };
}

describe('walkFiles', () => {
  it('lists files with ignore rules, skipping .git and node_modules', async () => {
    const w = setup({ 'a.ts': '', 'src/b.ts': '', '.gitignore': 'dist/\n', 'dist/c.js': '', 'node_modules/m/i.js': '', '.git/HEAD': '', '.github/ci.yml': '' });
    const result = await walkFiles(w);
    expect(result.files.map((f) => f.rel).sort()).toEqual(['.github/ci.yml', '.gitignore', 'a.ts', 'src/b.ts']);
    expect(result.truncated).toBe(false);
  });

  it("lists each folder's files in name order, whatever order the file system lists them in", async () => {
    const w = setup({ 'src/report.ts': '', 'src/report.js': '', 'src/a.ts': '', 'z.md': '', 'b.md': '' });
    // Another machine's disk may list a folder in another order (ext4 orders by a seeded hash).
    const reversed = Object.create(w.fs) as typeof w.fs;
    reversed.readDir = async (p, o) => (await w.fs.readDir(p, o))?.sort((a, b) => (a.name < b.name ? 1 : -1));
    const batches: string[][] = [];
    await walkFiles({ ...w, fs: reversed, onBatch: (batch) => batches.push(batch.map((f) => f.rel)) });
    expect(batches.sort((a, b) => a.length - b.length)).toEqual([['b.md', 'z.md'], ['src/a.ts', 'src/report.js', 'src/report.ts']]);
  });

  it('decides exactly as a one-off check does, nested ignore files and negations included', async () => {
    const w = setup({
      '.gitignore': '*.gen.ts\nbuild/\nlogs/*.txt\n',
      'pkg/.gitignore': '!keep.gen.ts\n/out\n',
      'pkg/a.gen.ts': '', 'pkg/keep.gen.ts': '', 'pkg/out/x.js': '', 'pkg/deep/out/y.js': '',
      'build/important.js': '', 'build/.gitignore': '!important.js\n',
      'logs/a.txt': '', 'logs/a.md': '', 'src/z.gen.ts': '', 'src/ok.ts': '',
    });
    const walked = (await walkFiles(w)).files.map((f) => f.rel).sort();
    const all = ['.gitignore', 'pkg/.gitignore', 'pkg/a.gen.ts', 'pkg/keep.gen.ts', 'pkg/out/x.js', 'pkg/deep/out/y.js', 'build/important.js', 'build/.gitignore', 'logs/a.txt', 'logs/a.md', 'src/z.gen.ts', 'src/ok.ts'];
    const fresh = new IgnoreRules(w.root, w.fs);
    const kept: string[] = [];
    for (const rel of all) if (!(await fresh.check(rel, false))) kept.push(rel);
    expect(walked).toEqual(kept.sort());
    expect(walked).toEqual(['.gitignore', 'logs/a.md', 'pkg/.gitignore', 'pkg/deep/out/y.js', 'pkg/keep.gen.ts', 'src/ok.ts']);
  });

  it('leaves hidden entries out on request', async () => {
    const w = setup({ 'a.md': '', '.hidden.md': '', '.dir/x.md': '' });
    const result = await walkFiles({ ...w, includeHidden: false });
    expect(result.files.map((f) => f.rel)).toEqual(['a.md']);
  });

  it('never follows symlinks, so loops and links out of the root are harmless', async () => {
    const w = setup({ 'a/x.md': '' });
    const outside = writeTree(tempDir(), { 'secret.md': '' });
    fs.symlinkSync(path.join(w.root, 'a'), path.join(w.root, 'a', 'loop'));
    fs.symlinkSync(outside, path.join(w.root, 'out'));
    fs.symlinkSync(path.join(w.root, 'a', 'x.md'), path.join(w.root, 'alias.md'));
    const plain = await walkFiles(w);
    expect(plain.files.map((f) => f.rel)).toEqual(['a/x.md']);
    const withLinks = await walkFiles({ ...w, includeSymlinks: true });
    expect(withLinks.files.map((f) => `${f.rel}:${f.kind}`).sort()).toEqual(['a/loop:symlink', 'a/x.md:file', 'alias.md:symlink', 'out:symlink']);
  });

  it('reports an unreadable folder and goes on', async () => {
    const w = setup({ 'ok.md': '', 'locked/x.md': '' });
    const locked = path.join(w.root, 'locked');
    fs.chmodSync(locked, 0);
    try {
      // Root reads anything; only check the error path where permissions bite.
      const result = await walkFiles(w);
      expect(result.files.map((f) => f.rel)).toContain('ok.md');
      if (process.getuid?.() !== 0) expect(result.errors.map((e) => e.rel)).toEqual(['locked']);
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });

  it('stops at maxFiles and says so', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 50; i++) tree[`d${i % 5}/f${i}.txt`] = '';
    const w = setup(tree);
    const result = await walkFiles({ ...w, maxFiles: 10 });
    expect(result.fileCount).toBe(10);
    expect(result.truncated).toBe(true);
  });

  it('streams batches and can be cancelled', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 300; i++) tree[`d${i}/f.txt`] = '';
    const w = setup(tree);
    let seen = 0;
    const cancel = new CancellationSource();
    const result = await walkFiles({
      ...w,
      cancel,
      concurrency: 1,
      onBatch: (batch) => {
        seen += batch.length;
        if (seen >= 20) cancel.cancel();
      },
    });
    expect(result.cancelled).toBe(true);
    expect(result.files).toEqual([]);
    expect(seen).toBeLessThan(300);
  });

  it('starts in a sub-folder and respects maxDepth', async () => {
    const w = setup({ 'a/b/c/d.md': '', 'a/top.md': '', 'z.md': '' });
    expect((await walkFiles({ ...w, start: 'a', maxDepth: 0 })).files.map((f) => f.rel)).toEqual(['a/top.md']);
    expect((await walkFiles({ ...w, start: 'a' })).files.map((f) => f.rel).sort()).toEqual(['a/b/c/d.md', 'a/top.md']);
  });
});
