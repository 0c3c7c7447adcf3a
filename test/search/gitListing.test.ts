import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { SearchEngine } from '../../server/search/engine';
import { FolderIndex } from '../../server/search/folderIndex';
import { readSearchRequest } from '../../server/search/request';
import { MemoryStore } from '../../server/search/store';
import { gitIndexEntryCount, gitListFiles } from '../../server/workspace/gitFiles';
import { listFolderFiles } from '../../server/workspace/listFiles';
import { WorkspaceSession } from '../../server/workspace/session';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});


/** A new git repository with these files committed. */
function committed(files: Record<string, string>): string {
  const root = writeTree(tempDir('agentls-git-'), files);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

/** A real git repository: tracked, untracked and ignored files, and the decisions git leaves to us. */
function repository(): string {
  const root = committed({
    '.gitignore': 'build/\n*.log\n.cursor/\n',
    'src/app.ts': 'x',
    'src/tracked-then-deleted.ts': 'x',
    'docs/guide.md': 'x',
  });
  writeTree(root, {
    'src/untracked.ts': 'x',
    'build/out.js': 'x',
    'debug.log': 'x',
    'node_modules/pkg/index.js': 'x',
    '.ignore': 'scratch/\n',
    'scratch/notes.md': 'x',
    '.cursor/rules/style.mdc': 'x',
    '.cursor/mcp.json': 'x',
  });
  fs.rmSync(path.join(root, 'src/tracked-then-deleted.ts'));
  return root;
}

async function listed(root: string, useGit: boolean, extraExcludes: string[] = []) {
  const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-'), search: { ...DEFAULT_SETTINGS.search, exclude: extraExcludes } }));
  s.addFolder(root);
  cleanups.push(() => s.dispose());
  const files: string[] = [];
  const result = await listFolderFiles({ fs: s.diskFs, root, ignore: s.ignoreFor(root), maxFiles: 1000, useGit, onBatch: (batch) => files.push(...batch.map((e) => e.rel)) });
  return { result, files: files.sort() };
}

/** Whether this kernel shows where a process waiting to open a FIFO sleeps (`/proc/PID/wchan`), as the listing relies on: a `cat` of a FIFO no one writes is asked. */
function kernelNamesPipeWaits(): boolean {
  if (process.platform !== 'linux') return false;
  const dir = tempDir('agentls-fifo-');
  execFileSync('mkfifo', [path.join(dir, 'pipe')]);
  const waiting = execFileSync('sh', ['-c', 'cat pipe & pid=$!; for i in $(seq 50); do w=$(cat /proc/$pid/wchan); [ "$w" = wait_for_partner ] && break; sleep 0.05; done; kill $pid; echo "$w"'], { cwd: dir, encoding: 'utf8' });
  return waiting.trim() === 'wait_for_partner';
}

describe('git ls-files lists a work tree', () => {
  it('lists tracked and untracked files without the ignored ones', async () => {
    const root = repository();
    const out = await gitListFiles({ root, maxFiles: 1000 });
    expect(out.ok).toBe(true);
    const files = out.ok ? [...out.files].sort() : [];
    expect(files).toContain('src/untracked.ts');
    expect(files).toContain('src/app.ts');
    // git lists what its index holds; the stat pass of the index drops it.
    expect(files).toContain('src/tracked-then-deleted.ts');
    for (const ignored of ['build/out.js', 'debug.log', '.cursor/rules/style.mdc']) expect(files).not.toContain(ignored);
    expect(files.some((f) => f.startsWith('.git/'))).toBe(false);
  });

  it('then applies what git does not (.ignore, node_modules, search.exclude) and adds the agent rule folders, as the walk does', async () => {
    const root = repository();
    const byGit = await listed(root, true);
    expect(byGit.result.source).toBe('git');
    const expected = ['.gitignore', '.ignore', '.cursor/rules/style.mdc', 'docs/guide.md', 'src/app.ts', 'src/untracked.ts'];
    expect(byGit.files).toEqual([...expected, 'src/tracked-then-deleted.ts'].sort());
    const byWalk = await listed(root, false);
    expect(byWalk.result.source).toBe('walk');
    expect(byWalk.files).toEqual([...expected].sort());
    const excluded = await listed(root, true, ['docs']);
    expect(excluded.files).not.toContain('docs/guide.md');
    expect(excluded.files).toContain('src/app.ts');
  });

  it('adds the nested agent rule folders the ignore files leave out, as the walk does, and enters no other ignored folder', async () => {
    const root = committed({ '.gitignore': '.cursor/\n.claude/\nbuild/\n', 'packages/web/src/app.ts': 'x', 'packages/api/.gitignore': 'rules/\n' });
    writeTree(root, {
      'packages/web/.cursor/rules/web.mdc': 'x',
      'packages/web/.cursor/mcp.json': 'x',
      'packages/web/.claude/rules/web.md': 'x',
      'packages/api/.cursor/rules/api.mdc': 'x',
      'packages/web/build/.cursor/rules/built.mdc': 'x',
      'node_modules/pkg/.cursor/rules/vendored.mdc': 'x',
    });
    const expected = ['.gitignore', 'packages/api/.cursor/rules/api.mdc', 'packages/api/.gitignore', 'packages/web/.claude/rules/web.md', 'packages/web/.cursor/rules/web.mdc', 'packages/web/src/app.ts'];
    const byGit = await listed(root, true);
    expect(byGit.result.source).toBe('git');
    expect(byGit.files).toEqual(expected);
    const byWalk = await listed(root, false);
    expect(byWalk.result.source).toBe('walk');
    expect(byWalk.files).toEqual(expected);
  });

  it('takes tracked files as git writes them, each judged by every .ignore that governs it, tracked or not, as the walk does', async () => {
    // git lists its index sorted by bytes: `.github/…`, `lib/-draft.md` and `lib/.eslintrc`
    // come before the `.ignore` files that drop them, `lib/z.log` after.
    const root = committed({
      '.ignore': '.github/\nscratch.md\n',
      '.github/workflows/ci.yml': 'x',
      'lib/.ignore': '-draft.md\n.eslintrc\n*.log\n',
      'lib/-draft.md': 'x',
      'lib/.eslintrc': 'x',
      'lib/#notes.md': 'x',
      'lib/z.log': 'x',
      'lib/main.ts': 'x',
      'scratch.md': 'x',
      'src/app.ts': 'x',
    });
    // Untracked, beside a tracked `.ignore`: that file governs it too.
    writeTree(root, { 'lib/untracked.log': 'x', 'lib/kept.ts': 'x' });
    const byGit = await listed(root, true);
    expect(byGit.result.source).toBe('git');
    const byWalk = await listed(root, false);
    expect(byGit.files).toEqual(byWalk.files);
    expect(byGit.files).toEqual(['.ignore', 'lib/#notes.md', 'lib/.ignore', 'lib/kept.ts', 'lib/main.ts', 'src/app.ts']);
  });

  it('judges each folder as the walk does when git goes into a folder, out of it and back, or to one whose name starts the same', async () => {
    // Sorted by bytes, git lists a/b.txt, a/b/…, a/bc/…, then a/z.txt: back in a/ after two of its folders.
    const root = committed({
      'a/.ignore': 'b/\n',
      'a/b.txt': 'x',
      'a/b/c.txt': 'x',
      'a/b/e/f.txt': 'x',
      'a/bc/d.txt': 'x',
      'a/z.txt': 'x',
      'x/y/.ignore': '*.log\n',
      'x/y/k.log': 'x',
      'x/y/k.ts': 'x',
      'x/y/z/w.log': 'x',
      'x/q.log': 'x',
    });
    writeTree(root, { 'a/bc/new.ts': 'x', 'a/b/new.ts': 'x', 'x/y/z/u.log': 'x', 'x/y/z/u.ts': 'x', 'x/y2/v.log': 'x' });
    const byGit = await listed(root, true);
    expect(byGit.result.source).toBe('git');
    const byWalk = await listed(root, false);
    expect(byGit.files).toEqual(byWalk.files);
    expect(byGit.files).toEqual(['a/.ignore', 'a/b.txt', 'a/bc/d.txt', 'a/bc/new.ts', 'a/z.txt', 'x/q.log', 'x/y/.ignore', 'x/y/k.ts', 'x/y/z/u.ts', 'x/y2/v.log']);
  });

  it('hands on only the paths asked for (keep), the same ones as the whole listing, and says truncated where the whole one would', async () => {
    // Tracked and untracked nested rules, one left out by a .ignore (kept all the same, as the walk keeps it), one gitignored by name, one in an untracked nested repository.
    const root = committed({ '.gitignore': '*.local.mdc\n', 'a/.cursor/rules/a.mdc': 'x', 'a/src/x.ts': 'x', 'b/.ignore': '.cursor/\n', 'b/.cursor/rules/b.mdc': 'x', 'c/y.ts': 'x' });
    writeTree(root, { 'c/.cursor/rules/c.mdc': 'x', 'a/.cursor/rules/me.local.mdc': 'x', 'nested/.cursor/rules/n.mdc': 'x', 'nested/z.ts': 'x' });
    git(path.join(root, 'nested'), 'init', '-q');
    const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
    s.addFolder(root);
    cleanups.push(() => s.dispose());
    const list = async (maxFiles: number, keep?: (rel: string) => boolean) => {
      const files: string[] = [];
      const result = await listFolderFiles({ fs: s.diskFs, root, ignore: s.ignoreFor(root), maxFiles, keep, onBatch: (batch) => files.push(...batch.map((e) => e.rel)) });
      return { result, files: files.sort() };
    };
    const inRules = (rel: string) => rel.includes('/.cursor/rules/');
    const whole = await list(1000);
    expect(whole.result).toMatchObject({ source: 'git', truncated: false });
    const kept = await list(1000, inRules);
    // (The whole listing hands a/.cursor/rules/a.mdc on twice: once from git, once more as the folder of the gitignored me.local.mdc is walked.)
    expect([...new Set(kept.files)]).toEqual(['a/.cursor/rules/a.mdc', 'a/.cursor/rules/me.local.mdc', 'b/.cursor/rules/b.mdc', 'c/.cursor/rules/c.mdc', 'nested/.cursor/rules/n.mdc']);
    expect(kept.files).toEqual(whole.files.filter(inRules));
    expect(kept.result).toMatchObject({ source: 'git', truncated: false });
    // Where the whole listing stops short, so does the one that keeps a few paths: the paths it drops count as listed.
    for (let max = 1; max <= whole.files.length; max++) if ((await list(max)).result.truncated) expect((await list(max, inRules)).result.truncated, `maxFiles ${max}`).toBe(true);
  });

  it('falls back to the walk where git fails, and says why', async () => {
    // A `.git` that is no repository: git refuses, the walker lists.
    const root = writeTree(tempDir('agentls-notgit-'), { '.git': 'gitdir: /nonexistent/repo\n', 'a.ts': 'x', 'lib/b.ts': 'x' });
    const out = await listed(root, true);
    expect(out.result.source).toBe('walk');
    expect(out.result.gitProblem).toMatch(/git ls-files failed/);
    expect(out.files).toEqual(['a.ts', 'lib/b.ts']);
    const noGit = await gitListFiles({ root, maxFiles: 10, git: path.join(root, 'no-such-git') });
    expect(noGit).toMatchObject({ ok: false, reason: expect.stringMatching(/git cannot run/) });
  });

  it.runIf(kernelNamesPipeWaits())('a FIFO named .gitignore, which git would wait on for ever, sends the listing to the walker at once', async () => {
    const root = committed({ 'src/app.ts': 'x' });
    writeTree(root, { 'src/untracked.ts': 'x', 'sub/notes.md': 'x' });
    execFileSync('mkfifo', [path.join(root, 'sub/.gitignore')]);
    // Before, git held the listing until its 30 s timeout. (The walker never opens a FIFO: fs.readBytes stats first.)
    const out = await listed(root, true);
    expect(out.result.source).toBe('walk');
    expect(out.result.gitProblem).toBe('git ls-files is waiting to open a named pipe (a FIFO among the ignore files?)');
    expect(out.files).toEqual(['src/app.ts', 'src/untracked.ts', 'sub/notes.md']);
  }, 20_000);

  it('stops at maxFiles and says truncated', async () => {
    const out = await gitListFiles({ root: repository(), maxFiles: 2 });
    expect(out).toMatchObject({ ok: true, truncated: true });
    expect(out.ok && out.files.length).toBe(2);
  });

  it('hands the tracked paths on as git writes them, in its order, and keeps none of them itself', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) files[`pkg${i % 13}/sub${i % 5}/file-${i}.ts`] = 'x';
    const root = committed(files);
    const streamed: string[][] = [];
    const out = await gitListFiles({ root, maxFiles: 10_000, which: 'tracked', onPaths: (paths) => streamed.push([...paths]) });
    expect(out).toMatchObject({ ok: true, files: [], count: 3000, truncated: false });
    const whole = await gitListFiles({ root, maxFiles: 10_000, which: 'tracked' });
    expect(whole.ok && whole.files.length).toBe(3000);
    expect(streamed.flat()).toEqual(whole.ok ? whole.files : []);
    // At maxFiles it stops, having handed on exactly that many.
    const capped: string[] = [];
    const cut = await gitListFiles({ root, maxFiles: 1000, which: 'tracked', onPaths: (paths) => capped.push(...paths) });
    expect(cut).toMatchObject({ ok: true, count: 1000, truncated: true });
    expect(capped).toEqual(whole.ok ? whole.files.slice(0, 1000) : []);
  });

  it('feeds the file index: a deleted tracked file is gone once sizes are read', async () => {
    const root = repository();
    const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
    s.addFolder(root);
    const e = new SearchEngine(s, { store: new MemoryStore(), log: s.log });
    cleanups.push(() => e.dispose(), () => s.dispose());
    await e.sync();
    const all = await e.search(readSearchRequest({ query_id: '9b2f1c3e-8a4d-4f6b-9c1d-2e3f4a5b6c7d', query: '', max_results: 50 }), NEVER_CANCELLED);
    expect(all.candidates.map((c) => c.path).sort()).toEqual(['.cursor/rules/style.mdc', '.gitignore', '.ignore', 'docs/guide.md', 'src/app.ts', 'src/untracked.ts']);
    expect(all.indexing).toBeUndefined();
  });
});

describe("git's index count", () => {
  it('is read from the index header before the list, and the listing makes room for it at once', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`src/m${i % 7}/f${i}.ts`] = 'x';
    const root = committed(files);
    expect(await gitIndexEntryCount(root)).toBe(300);
    const told: number[] = [];
    const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
    s.addFolder(root);
    cleanups.push(() => s.dispose());
    let batches = 0;
    await listFolderFiles({ fs: s.diskFs, root, ignore: s.ignoreFor(root), maxFiles: 100, onExpected: (n) => told.push(n), onBatch: () => void (told.length === 1 && batches++) });
    // Told once, before any batch, capped at maxFiles.
    expect(told).toEqual([100]);
    expect(batches).toBeGreaterThan(0);
  });

  it('is unknown where there is no readable index: none yet, another format, a worktree', async () => {
    const fresh = writeTree(tempDir('agentls-git-'), { 'a.ts': 'x' });
    git(fresh, 'init', '-q');
    expect(await gitIndexEntryCount(fresh)).toBeUndefined();
    fs.writeFileSync(path.join(fresh, '.git', 'index'), 'DIRC but not an index');
    expect(await gitIndexEntryCount(fresh)).toBeUndefined();
    const main = committed({ 'a.ts': 'x' });
    const linked = path.join(tempDir('agentls-git-'), 'wt');
    git(main, 'worktree', 'add', '-q', linked);
    expect(fs.statSync(path.join(linked, '.git')).isFile()).toBe(true);
    expect(await gitIndexEntryCount(linked)).toBeUndefined();
  });

  it('is not read through a symlink: a .git or an index linked out of the folder', async () => {
    const outside = committed({ 'a.ts': 'x', 'b.ts': 'y' });
    expect(await gitIndexEntryCount(outside)).toBe(2);
    const linkedRepo = writeTree(tempDir('agentls-git-'), { 'a.ts': 'x' });
    fs.symlinkSync(path.join(outside, '.git'), path.join(linkedRepo, '.git'));
    expect(await gitIndexEntryCount(linkedRepo)).toBeUndefined();
    const linkedIndex = committed({ 'a.ts': 'x' });
    fs.rmSync(path.join(linkedIndex, '.git', 'index'));
    fs.symlinkSync(path.join(outside, '.git', 'index'), path.join(linkedIndex, '.git', 'index'));
    expect(await gitIndexEntryCount(linkedIndex)).toBeUndefined();
  });
});

describe('a search during the first index', () => {
  it('ranks the files listed so far while the listing waits, which then goes on', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) files[`src/mod${i % 10}/file${i}.ts`] = 'x';
    const root = committed(files);
    const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
    s.addFolder(root);
    const handedOn: number[] = [];
    let endSearch: (() => void) | undefined;
    const index: FolderIndex = new FolderIndex({
      root,
      fs: s.diskFs,
      ignore: () => s.ignoreFor(root),
      maxFiles: () => 10_000,
      log: s.log,
      statFiles: false,
      between: (n) => {
        // The call before anything is listed (a test's hold, 3920c5f) hands on no files.
        if (n === 0) return undefined;
        handedOn.push(n);
        // A search starts ranking once the first files are in.
        if (handedOn.length === 1) endSearch = index.startSearch();
        return undefined;
      },
    });
    cleanups.push(() => (index.dispose(), s.dispose()));
    const building = index.build({ useSnapshot: false });
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    while (handedOn.length === 0) await turn();
    // git wrote every path at once: without the wait, the next batch is a turn away.
    for (let i = 0; i < 50; i++) await turn();
    expect(handedOn).toHaveLength(1);
    expect(index.table.liveCount).toBe(handedOn[0]);
    endSearch!();
    const report = await building;
    expect(report?.listedBy).toBe('git');
    expect(handedOn.length).toBeGreaterThan(1);
    expect(index.table.liveCount).toBe(1000);
  });
});

describe('workspace folders nested in another', () => {
  it('are indexed once, and still found from the outer folder', async () => {
    const outer = writeTree(tempDir('agentls-outer-'), { 'top.ts': 'x', 'inner/deep/widget.ts': 'x', 'inner/readme.md': 'x' });
    const inner = path.join(outer, 'inner');
    const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir('agentls-home-') }));
    s.addFolder(outer);
    s.addFolder(inner);
    const e = new SearchEngine(s, { store: new MemoryStore(), log: s.log });
    cleanups.push(() => e.dispose(), () => s.dispose());
    await e.sync();
    const ask = (query: string, from?: string) =>
      e.search(readSearchRequest({ query_id: '9b2f1c3e-8a4d-4f6b-9c1d-2e3f4a5b6c7d', query, max_results: 50, from_uri: from }), NEVER_CANCELLED);
    const fromOuter = await ask('');
    expect(fromOuter.candidates.map((c) => c.path).sort()).toEqual(['inner/deep/widget.ts', 'inner/readme.md', 'top.ts']);
    // Once: the files of the inner folder are counted once, not once per index.
    expect(fromOuter.total_count).toBe(3);
    const fromInner = await ask('widget', `file://${path.join(inner, 'readme.md')}`);
    expect(fromInner.candidates.map((c) => c.path)).toEqual(['deep/widget.ts']);
  });
});
