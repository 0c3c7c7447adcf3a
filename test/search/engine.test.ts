import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { SearchEngine } from '../../server/search/engine';
import { readSearchRequest } from '../../server/search/request';
import { SqliteStore } from '../../server/search/sqliteStore';
import { MemoryStore, type IndexStore } from '../../server/search/store';
import { WorkspaceSession } from '../../server/workspace/session';
import { until } from '../helpers/polling';
import { copyFixture, tempDir, writeTree } from '../helpers/repo';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const QUERY_ID = '9b2f1c3e-8a4d-4f6b-9c1d-2e3f4a5b6c7d';

/** A copy of fixtures/search-basic plus files its ignore rules must keep out of the index. */
function workspace(): string {
  const root = copyFixture('search-basic');
  writeTree(root, {
    'dist/bundle.js': 'x',
    'debug.log': 'x',
    'secret/key.txt': 'x',
    'node_modules/pkg/index.js': 'x',
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/info/exclude': 'local-only.txt\n',
    'local-only.txt': 'x',
    'lib/.gitignore': 'generated/\n',
    'lib/generated/Stub.java': 'x',
  });
  return root;
}

function session(roots: string[], home = tempDir('agentls-home-'), settings: Record<string, unknown> = {}): WorkspaceSession {
  const s = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home, ...settings }));
  for (const r of roots) s.addFolder(r);
  cleanups.push(() => s.dispose());
  return s;
}

function engineFor(s: WorkspaceSession, store: IndexStore = new MemoryStore()): SearchEngine {
  const e = new SearchEngine(s, { store, log: s.log });
  cleanups.push(() => e.dispose());
  return e;
}

async function search(e: SearchEngine, payload: Record<string, unknown>) {
  return e.search(readSearchRequest({ query_id: QUERY_ID, ...payload }), NEVER_CANCELLED);
}

async function paths(e: SearchEngine, payload: Record<string, unknown>): Promise<string[]> {
  return (await search(e, payload)).candidates.map((c) => c.path);
}

async function allFiles(e: SearchEngine): Promise<string[]> {
  return (await paths(e, { query: '', max_results: 50 })).sort();
}

describe('building the index', () => {
  it.runIf(process.platform !== 'win32')('keeps a file whose name holds a backslash (legal outside Windows) once sizes and times are read', async () => {
    const root = writeTree(tempDir(), { 'old.md': 'x', 'new\\file.md': 'y' });
    const e = engineFor(session([root]));
    await e.sync();
    // The empty query lists files once their times are known; before, the stat pass dropped this one as if it were gone.
    expect(await allFiles(e)).toEqual(['new\\file.md', 'old.md']);
  });

  it('indexes what the walker keeps: ignore rules, .git and node_modules stay out', async () => {
    const root = workspace();
    const e = engineFor(session([root]));
    const [report] = await e.sync();
    // The fixture's 16 files and the nested .gitignore.
    expect(report.files).toBe(17);
    const files = await allFiles(e);
    expect(files).toContain('src/components/ButtonGroup.tsx');
    expect(files).toContain('unicode/🙂smile.txt');
    expect(files).toContain('lib/.gitignore');
    for (const ignored of ['dist/bundle.js', 'debug.log', 'secret/key.txt', 'node_modules/pkg/index.js', '.git/HEAD', 'local-only.txt', 'lib/generated/Stub.java']) {
      expect(files).not.toContain(ignored);
    }
  });

  it('honours settings search.exclude and search.maxFiles', async () => {
    const root = workspace();
    const e = engineFor(session([root], undefined, { search: { exclude: ['docs', '*.java'], maxFiles: 100 } }));
    await e.sync();
    const files = await allFiles(e);
    expect(files).not.toContain('docs/guide.md');
    expect(files.some((f) => f.endsWith('.java'))).toBe(false);
    const capped = engineFor(session([root], undefined, { search: { maxFiles: 3 } }));
    const [report] = await capped.sync();
    expect(report.files).toBe(3);
    expect(report.truncated).toBe(true);
  });

  it('answers with sizes and ISO times once the files were read', async () => {
    const root = workspace();
    const e = engineFor(session([root]));
    await e.sync();
    const [auth] = (await search(e, { query: 'src/auth.ts' })).candidates;
    expect(auth).toMatchObject({ path: 'src/auth.ts', name: 'auth.ts', directory: 'src', extension: '.ts', size_bytes: fs.statSync(path.join(root, 'src/auth.ts')).size });
    expect(new Date(auth.modified_at!).getTime()).toBe(Math.floor(fs.statSync(path.join(root, "src/auth.ts")).mtimeMs));
  });

  it('refuses to index the home folder and says why', async () => {
    const home = tempDir('agentls-home-');
    writeTree(home, { 'notes.md': 'x' });
    const e = engineFor(session([home], home));
    await e.sync();
    expect(e.refusals()[0]).toMatch(/is the home directory; agentls does not index it/);
    expect((await search(e, { query: 'notes' })).candidates).toEqual([]);
  });
});

describe('the folder\'s files as other features ask for them', () => {
  it('lists the files with given extensions (any case in the name), and nothing for a folder not indexed', async () => {
    const root = writeTree(tempDir(), { 'a.astedit.json': '{}', 'tools/B.astedit.YAML': 'x', 'tools/c.yml': 'x', 'src/app.ts': 'x', 'README.md': 'x' });
    const e = engineFor(session([root]));
    void e.sync();
    expect((await e.filesWithExtensions(root, ['.json', '.yaml', '.yml'], 10_000))?.sort()).toEqual(['a.astedit.json', 'tools/B.astedit.YAML', 'tools/c.yml']);
    expect(await e.filesWithExtensions(root, ['.toml'], 10_000)).toEqual([]);
    expect(await e.filesWithExtensions(path.join(root, 'elsewhere'), ['.json'], 10)).toBeUndefined();
  });

  it('lists the files with no extension by their exact names beside them', async () => {
    const root = writeTree(tempDir(), { '.cursorrules': 'x', 'pkg/.cursorrules': 'x', 'pkg/.CURSORRULES': 'x', 'a.cursorrules': 'x', Makefile: 'x', 'notes.md': 'x', 'src/app.ts': 'x' });
    const e = engineFor(session([root]));
    void e.sync();
    expect((await e.filesWithExtensions(root, ['.md'], 10_000, ['.cursorrules', 'Makefile']))?.sort()).toEqual(['.cursorrules', 'Makefile', 'notes.md', 'pkg/.cursorrules']);
    expect((await e.filesWithExtensions(root, ['.toml'], 10_000, ['.cursorrules']))?.sort()).toEqual(['.cursorrules', 'pkg/.cursorrules']);
  });
});

describe('keeping the index current from the change stream', () => {
  it('adds created files and folders, drops deleted ones, without walking again', async () => {
    const root = workspace();
    const s = session([root]);
    const e = engineFor(s);
    await e.sync();
    writeTree(root, { 'src/newFeature.ts': 'x', 'pkg/deep/a.ts': 'x', 'pkg/deep/b.ts': 'x', 'dist/ignored.js': 'x' });
    await s.reportChange(path.join(root, 'src/newFeature.ts'), 'created');
    await s.reportChange(path.join(root, 'pkg'), 'created', true);
    await s.reportChange(path.join(root, 'dist/ignored.js'), 'created');
    fs.rmSync(path.join(root, 'src/session.ts'));
    await s.reportChange(path.join(root, 'src/session.ts'), 'deleted');
    fs.rmSync(path.join(root, 'src/components'), { recursive: true });
    await s.reportChange(path.join(root, 'src/components'), 'deleted', true);
    s.changes.flush();
    // The batch reaches the index asynchronously (a new folder is listed): wait until the last
    // change of it is in (the deleted folder gone), then check all of it.
    const files = await until('the batch in the index', () => allFiles(e), (now) => now.includes('src/newFeature.ts') && !now.some((f) => f.startsWith('src/components/')), 10_000);
    expect(files).toContain('src/newFeature.ts');
    expect(files).toContain('pkg/deep/a.ts');
    expect(files).toContain('pkg/deep/b.ts');
    expect(files).not.toContain('dist/ignored.js');
    expect(files).not.toContain('src/session.ts');
    expect(files.some((f) => f.startsWith('src/components/'))).toBe(false);
  });
});

describe('persistence', () => {
  it('restarts from the stored list at once, then reconciles with the disk', async () => {
    const root = workspace();
    const cacheDir = tempDir('agentls-cache-');
    const home = tempDir('agentls-home-');
    const store1 = await SqliteStore.open(cacheDir, new WorkspaceSession().log);
    const e1 = new SearchEngine(session([root], home), { store: store1, log: new WorkspaceSession().log });
    await e1.sync();
    e1.recordPick(path.join(root, 'src/authMiddleware.ts'));
    e1.dispose();
    store1.close();
    expect(fs.existsSync(path.join(cacheDir, 'file-index.sqlite'))).toBe(true);

    // While no server runs, files come and go.
    fs.rmSync(path.join(root, 'docs/guide.md'));
    writeTree(root, { 'src/whileAway.ts': 'x' });

    const store2 = await SqliteStore.open(cacheDir, new WorkspaceSession().log);
    cleanups.push(() => store2.close());
    const e2 = engineFor(session([root], home), store2);
    const building = e2.sync();
    // Answers from the snapshot before the walk has finished: the deleted file is still known.
    const early = await paths(e2, { query: 'guide' });
    expect(early).toEqual(['docs/guide.md']);
    await building;
    expect(await paths(e2, { query: 'guide' })).toEqual([]);
    expect(await paths(e2, { query: 'whileaway' })).toEqual(['src/whileAway.ts']);
    // The pick survived the restart and lifts the picked file above the shorter name.
    expect((await paths(e2, { query: 'auth' }))[0]).toBe('src/authMiddleware.ts');
  });

  it('sets aside a cache database it cannot read and starts a new one', async () => {
    const cacheDir = tempDir('agentls-cache-');
    fs.writeFileSync(path.join(cacheDir, 'file-index.sqlite'), 'this is not a database, just text'.repeat(100));
    const store = await SqliteStore.open(cacheDir, new WorkspaceSession().log);
    cleanups.push(() => store.close());
    expect(store.persistent).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, 'file-index.sqlite.broken'))).toBe(true);
    store.saveSnapshot('/x', [new Uint8Array([1, 2, 3]), new Uint8Array([4])]);
    const stored = store.loadSnapshot('/x')!;
    const bytes = new Uint8Array(stored.total);
    expect(stored.read(bytes)).toBe(true);
    stored.close();
    expect([...bytes]).toEqual([1, 2, 3, 4]);
  });

  it('walks the folder when the stored list is damaged', async () => {
    const root = workspace();
    const store = new MemoryStore();
    store.saveSnapshot(root, [new Uint8Array(100).fill(7)]);
    const e = engineFor(session([root]), store);
    const [report] = await e.sync();
    expect(report.fromSnapshot).toBe(false);
    expect(report.files).toBe(17);
  });
});

describe('scopes and filters', () => {
  it('searches the requesting folder, all folders, or all folders and the user rule folders', async () => {
    const a = workspace();
    const b = writeTree(tempDir('agentls-b-'), { 'notes/plan.md': 'x', 'src/auth.go': 'x' });
    const home = writeTree(tempDir('agentls-home-'), { '.cursor/rules/style.mdc': 'x' });
    const e = engineFor(session([a, b], home));
    await e.sync();
    const fromB = 'file://' + path.join(b, 'notes/plan.md');
    expect(await paths(e, { query: 'auth', from_uri: fromB })).toEqual(['src/auth.go']);
    const project = await paths(e, { query: 'auth', scope: 'project', from_uri: fromB });
    expect(project[0]).toBe('src/auth.go');
    // Files of the other folder are written relative to the requesting one.
    const rel = path.relative(b, a).split(path.sep).join('/');
    expect(project).toContain(`${rel}/src/auth.ts`);
    expect(await paths(e, { query: 'style', scope: 'project' })).toEqual([]);
    const global = await paths(e, { query: 'style.mdc', scope: 'global' });
    expect(global).toEqual([path.relative(a, path.join(home, '.cursor/rules/style.mdc')).split(path.sep).join('/')]);
  });

  it('keeps only the requested extensions (any case, dot optional) and drops excluded globs', async () => {
    const e = engineFor(session([workspace()]));
    await e.sync();
    expect((await paths(e, { query: '', max_results: 50, filters: { extensions: ['TSX'] } })).sort()).toEqual(['src/components/Button.tsx', 'src/components/ButtonGroup.tsx']);
    expect((await paths(e, { query: 'auth', filters: { extensions: ['.ts'], exclude_patterns: ['test/**'] } }))).toEqual(['src/auth.ts', 'src/authMiddleware.ts']);
    expect(await paths(e, { query: 'auth', filters: { exclude_patterns: ['*Middleware*', 'src/auth.ts'] } })).toEqual(['test/auth_check.ts']);
  });

  it('cuts at max_results, says so, and counts what it cut', async () => {
    const e = engineFor(session([workspace()]));
    await e.sync();
    const result = await search(e, { query: 's', max_results: 2 });
    expect(result.candidates).toHaveLength(2);
    expect(result.truncated).toBe(true);
    expect(result.total_count).toBeGreaterThan(2);
    const all = await search(e, { query: 'stringutils' });
    expect(all.truncated).toBe(false);
    expect(all.total_count).toBe(1);
  });
});

describe('user-level rule files', () => {
  it("finds Windsurf's global rules file in scope global, without reading the rest of its folder", async () => {
    const home = writeTree(tempDir('agentls-home-'), {
      '.codeium/windsurf/memories/global_rules.md': 'x',
      '.codeium/windsurf/memories/private-notes.md': 'x',
    });
    const root = workspace();
    const e = engineFor(session([root], home));
    await e.sync();
    const found = await paths(e, { query: 'md', scope: 'global', max_results: 50 });
    expect(found.some((p) => p.endsWith('.codeium/windsurf/memories/global_rules.md'))).toBe(true);
    expect(found.some((p) => p.endsWith('private-notes.md'))).toBe(false);
  });
});
