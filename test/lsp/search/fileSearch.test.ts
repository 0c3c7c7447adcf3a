import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FileCandidatesPayload } from '../../../protocol/rawp';
import type { ClientPreset } from '../../helpers/capabilities';
import { LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { copyFixture, tempDir, writeTree } from '../../helpers/repo';
import { CAFE_NFD, NAIVE_NFC, RESUME_NFC, writeSpellings } from '../../helpers/spellings';
import { completeIndex, qid } from './searchSupport';

const start = useLspClients(afterEach);


function search(c: LspTestClient, query: string, extra: Record<string, unknown> = {}): Promise<FileCandidatesPayload> {
  return c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: qid(), query, ...extra });
}

async function paths(c: LspTestClient, query: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  return (await search(c, query, extra)).candidates.map((x) => x.path);
}

/** Retries a search until `check` holds: file events reach the index asynchronously. */
function eventually(c: LspTestClient, query: string, check: (found: string[]) => boolean, what: string): Promise<string[]> {
  return until(what, () => paths(c, query), check, 10_000);
}

/** A workspace big enough that its first walk takes a while (requests wait for it). */
let bigWorkspace: string;
beforeAll(() => {
  bigWorkspace = tempDir('agentls-big-');
  for (let d = 0; d < 150; d++) {
    const dir = path.join(bigWorkspace, `module${d}`, 'src', 'main');
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(dir, `Component${d}x${f}Handler.java`), '');
  }
});
afterAll(() => fs.rmSync(bigWorkspace, { recursive: true, force: true }));

describe.each<ClientPreset>(['vscode', 'neovim', 'helix'])('agentls/fileSearch with %s', (client) => {
  it('answers the RAWP session.file.candidates payload for the control.file.search payload', async () => {
    const ws = copyFixture('search-basic');
    const c = await start({ folders: [ws], client });
    // Asked at once, the first answer may come from part of the index (it then says so): the payload is checked on a whole one.
    await completeIndex(c, 'aut');
    const id = qid();
    const result = await c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: id, query: 'aut' });
    expect(result.indexing).toBeUndefined();
    expect(result.query_id).toBe(id);
    expect(result.truncated).toBe(false);
    expect(result.total_count).toBe(result.candidates.length);
    const auth = result.candidates[0];
    expect(auth).toMatchObject({ path: 'src/auth.ts', name: 'auth.ts', directory: 'src', extension: '.ts', match_ranges: [{ start: 4, end: 7 }] });
    expect(auth.match_score).toBeGreaterThan(0.5);
    expect(auth.match_score).toBeLessThanOrEqual(1);
    expect(auth.size_bytes).toBe(fs.statSync(path.join(ws, 'src/auth.ts')).size);
    expect(Number.isNaN(Date.parse(auth.modified_at!))).toBe(false);
  });

  it('answers bad params with InvalidParams naming the field, and keeps serving', async () => {
    const c = await start({ folders: [copyFixture('search-basic')], client });
    const bad: [unknown, RegExp][] = [
      [{ query: 'x' }, /query_id: is required/],
      [{ query_id: 'abc', query: 'x' }, /query_id: must be a UUID v4/],
      [{ query_id: qid() }, /query: is required/],
      [{ query_id: qid(), query: 'x', max_results: -1 }, /max_results: must be at least 1/],
      [{ query_id: qid(), query: 'x', max_results: 1.5 }, /max_results: expected an integer/],
      [{ query_id: qid(), query: 'x', scope: 'disk' }, /scope: expected one of/],
      [{ query_id: qid(), query: 'x', filters: { extensions: [3] } }, /filters\.extensions: expected an array of strings/],
      // 101 characters that brace-expand to a million patterns: refused before anything is compiled.
      [{ query_id: qid(), query: 'x', filters: { exclude_patterns: ['{a,b}'.repeat(20) + 'x'] } }, /filters\.exclude_patterns\[0\]: .*alternatives make more than 1,024 patterns/],
      [[1, 2], /params: expected an object/],
    ];
    for (const [params, message] of bad) {
      await expect(c.request('agentls/fileSearch', params)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    }
    // Still serving: the whole answer, once the first index is complete (before, it holds what is listed so far).
    expect((await completeIndex(c, 'readme')).candidates.map((x) => x.path)).toEqual(['README.md']);
  });
});

/**
 * A server whose first listing is held before its first files until `release()`: a search
 * then waits for them until the release, so a cancel or a newer search sent after it finds it
 * running whatever the machine's load (it cannot answer with results before the release).
 */
async function heldServer(env: Record<string, string> = {}): Promise<{ c: LspTestClient; release: () => void }> {
  const gate = path.join(tempDir('agentls-gate-'), 'go');
  const c = await start({ folders: [bigWorkspace], env: { ...env, AGENTLS_TEST_HOLD_INDEX_START: gate } });
  await c.waitForLog(/test: holding the listing of .* before its first files/);
  return { c, release: () => fs.writeFileSync(gate, '') };
}

describe('cancel and supersede', () => {
  it('answers RequestCancelled to a search cancelled with agentls/fileSearchCancel, never results', async () => {
    const { c, release } = await heldServer();
    // Nothing is listed yet: the search waits for the first files, and the cancel gets through.
    const id = qid();
    const pending = c.request('agentls/fileSearch', { query_id: id, query: 'handler' });
    await c.notify('agentls/fileSearchCancel', { query_id: id });
    await expect(pending).rejects.toMatchObject({ code: -32800 });
    release();
    expect((await completeIndex(c, 'component7x7handler')).candidates[0].path).toBe('module7/src/main/Component7x7Handler.java');
  });

  it('honours a cancel that overtakes its search', async () => {
    const c = await start({ folders: [copyFixture('search-basic')] });
    const id = qid();
    await c.notify('agentls/fileSearchCancel', { query_id: id });
    await expect(c.request('agentls/fileSearch', { query_id: id, query: 'auth' })).rejects.toMatchObject({ code: -32800 });
  });

  // Answered by the wire thread, and by the server's own thread where there is none.
  it.each([
    ['with the wire thread', {}],
    ['on the server thread (AGENTLS_WIRE_THREAD=0)', { AGENTLS_WIRE_THREAD: '0' }],
  ])('answers a search whose cancel overtook it at once, without waiting for the first files, %s', async (_, env) => {
    const { c, release } = await heldServer(env);
    // The listing is held before its first files: a search that waited for them would not answer until the release.
    const id = qid();
    await c.notify('agentls/fileSearchCancel', { query_id: id });
    await expect(c.request('agentls/fileSearch', { query_id: id, query: 'handler' })).rejects.toMatchObject({ code: -32800 });
    release();
    expect((await completeIndex(c, 'component7x7handler')).candidates[0].path).toBe('module7/src/main/Component7x7Handler.java');
  });

  it('honours $/cancelRequest', async () => {
    const { c, release } = await heldServer();
    const source = new CancellationTokenSource();
    const pending = c.connection.sendRequest('agentls/fileSearch', { query_id: qid(), query: 'handler' }, source.token);
    source.cancel();
    await expect(pending).rejects.toMatchObject({ code: -32800 });
    release();
    expect((await completeIndex(c, 'component7x7handler')).candidates[0].path).toBe('module7/src/main/Component7x7Handler.java');
  });

  it('lets a newer search supersede one still running', async () => {
    const { c, release } = await heldServer();
    const older = c.request('agentls/fileSearch', { query_id: qid(), query: 'comp' });
    const newer = search(c, 'component12x34');
    await expect(older).rejects.toMatchObject({ code: -32800 });
    // The newer one waits for the first files too: released, it answers (from what is listed by then).
    release();
    await newer;
    expect((await completeIndex(c, 'component12x34')).candidates[0].path).toBe('module12/src/main/Component12x34Handler.java');
  });

  it('ignores a malformed cancel and keeps serving', async () => {
    const c = await start({ folders: [copyFixture('search-basic')] });
    await c.notify('agentls/fileSearchCancel', { nope: true });
    await c.notify('agentls/fileSearchCancel', 'garbage');
    expect(await paths(c, 'readme')).toEqual(['README.md']);
    expect(c.alive).toBe(true);
  });
});

describe('filters, scopes, the empty query', () => {
  it('filters by extension and exclude globs, and clamps max_results at 50', async () => {
    const c = await start({ folders: [copyFixture('search-basic')] });
    // Asked at once, the first answer may come from the first files listed (it then says so): the filters are checked on a whole index.
    await completeIndex(c, 'auth');
    expect(await paths(c, 'auth', { filters: { extensions: ['TS'], exclude_patterns: ['test/**'] } })).toEqual(['src/auth.ts', 'src/authMiddleware.ts']);
    expect(await paths(c, 'button', { filters: { extensions: ['java'] } })).toEqual([]);
    // Asked during the first index the answer says `indexing`; the count is checked on the complete index.
    const many = await completeIndex(await start({ folders: [bigWorkspace] }), 'handler', { max_results: 500 });
    expect(many.candidates).toHaveLength(50);
    expect(many.truncated).toBe(true);
    expect(many.total_count).toBe(15_000);
  });

  it('searches the requesting folder, every folder (project) or with the user rule folders (global)', async () => {
    const a = copyFixture('search-basic');
    const b = writeTree(tempDir('agentls-b-'), { 'notes/auth-plan.md': 'x' });
    const home = writeTree(tempDir('agentls-home-'), { '.cursor/rules/auth-style.mdc': 'x' });
    const c = await start({ folders: [a, b], home, client: 'helix' });
    const fromB = c.uri(path.join(b, 'notes/auth-plan.md'));
    await completeIndex(c, 'auth', { scope: 'global', from_uri: fromB });
    expect(await paths(c, 'auth', { from_uri: fromB })).toEqual(['notes/auth-plan.md']);
    const project = await paths(c, 'auth', { scope: 'project', from_uri: fromB });
    const toA = path.relative(b, a).split(path.sep).join('/');
    expect(project).toEqual(expect.arrayContaining(['notes/auth-plan.md', `${toA}/src/auth.ts`]));
    expect(project.some((p) => p.endsWith('auth-style.mdc'))).toBe(false);
    const global = await paths(c, 'auth-style', { scope: 'global', from_uri: fromB });
    expect(global).toEqual([path.relative(b, path.join(home, '.cursor/rules/auth-style.mdc')).split(path.sep).join('/')]);
  });

  it('answers the empty query with the most recently modified files first', async () => {
    const ws = copyFixture('search-basic');
    const old = new Date('2020-01-01T00:00:00Z');
    for (const f of ['src/auth.ts', 'README.md', 'docs/guide.md']) fs.utimesSync(path.join(ws, f), old, old);
    fs.utimesSync(path.join(ws, 'docs/guide.md'), new Date(), new Date(Date.now() + 60_000));
    const c = await start({ folders: [ws] });
    // Until every file's time is known the answer says `indexing` (a loaded machine's first index can take longer than the wait).
    const result = await completeIndex(c, '', { max_results: 50 });
    expect(result.candidates[0].path).toBe('docs/guide.md');
    const times = result.candidates.map((x) => Date.parse(x.modified_at!));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(result.candidates.every((x) => x.match_score === undefined && x.match_ranges === undefined)).toBe(true);
  });
});

describe('files created or deleted while the server runs', () => {
  /** VS Code watching search-basic, on its complete index; src/brandNewThing.ts is then made, not yet reported. */
  async function watchedWithNewFile(): Promise<{ ws: string; c: LspTestClient; created: string }> {
    const ws = copyFixture('search-basic');
    const c = await start({ folders: [ws], client: 'vscode' });
    await c.waitFor('the watcher registration', () => c.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'));
    // On the complete index: src/session.ts is in it (its deletion is seen go), and nothing is found for a file not made yet.
    expect((await completeIndex(c, 'brandnew')).candidates).toEqual([]);
    writeTree(ws, { 'src/brandNewThing.ts': 'x' });
    return { ws, c, created: c.uri(path.join(ws, 'src/brandNewThing.ts')) };
  }

  it('follows workspace/didChangeWatchedFiles from a client that watches (VS Code)', async () => {
    const { ws, c, created } = await watchedWithNewFile();
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: created, type: 1 }] });
    await eventually(c, 'brandnew', (found) => found[0] === 'src/brandNewThing.ts', 'the created file');
    fs.rmSync(path.join(ws, 'src/session.ts'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'src/session.ts')), type: 3 }] });
    await eventually(c, 'session', (found) => !found.includes('src/session.ts'), 'the deleted file to go');
  });

  it('applies the well-formed changes of a batch that holds malformed ones, and logs those', async () => {
    // Found by fuzzing: the first change that was no object stopped the batch, and the changes after it were lost.
    const { c, created } = await watchedWithNewFile();
    await c.notify('workspace/didChangeWatchedFiles', { changes: [null, { uri: 42, type: 1 }, { uri: created, type: 1 }] });
    await eventually(c, 'brandnew', (found) => found[0] === 'src/brandNewThing.ts', 'the created file');
    await c.waitForLog(/workspace\/didChangeWatchedFiles: skipped 2 of 3 changes: changes\[0\]: expected an object/);
  });

  it('drops a file that a watcher calls created, then deleted, in one batch (a save renamed over it, then a delete)', async () => {
    const ws = copyFixture('search-basic');
    const c = await start({ folders: [ws], client: 'vscode' });
    await c.waitFor('the watcher registration', () => c.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'));
    await eventually(c, 'session', (found) => found.includes('src/session.ts'), 'the indexed file');
    fs.rmSync(path.join(ws, 'src/session.ts'));
    writeTree(ws, { 'src/brandNewThing.ts': 'x' });
    // One notification: the indexed file "created" (a rename over it is reported so) and deleted, and a new file, whose arrival shows the batch applied.
    const uri = c.uri(path.join(ws, 'src/session.ts'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 1 }, { uri, type: 3 }, { uri: c.uri(path.join(ws, 'src/brandNewThing.ts')), type: 1 }] });
    await eventually(c, 'brandnew', (found) => found[0] === 'src/brandNewThing.ts', 'the created file');
    expect(await paths(c, 'session')).not.toContain('src/session.ts');
  });

  it("follows the server's own watcher for a client that does not watch (Neovim)", async () => {
    const ws = copyFixture('search-basic');
    const c = await start({ folders: [ws], client: 'neovim' });
    expect((await c.request<{ watcher: string }>('agentls/status')).watcher).toBe('server');
    expect((await completeIndex(c, 'brandnew')).candidates).toEqual([]);
    writeTree(ws, { 'src/brandNewThing.ts': 'x', 'fresh/folder/deepFile.md': 'x' });
    await eventually(c, 'brandnew', (found) => found[0] === 'src/brandNewThing.ts', 'the created file');
    await eventually(c, 'deepfile', (found) => found[0] === 'fresh/folder/deepFile.md', 'the file in a new folder');
    fs.rmSync(path.join(ws, 'src/session.ts'));
    await eventually(c, 'session', (found) => !found.includes('src/session.ts'), 'the deleted file to go');
  });
});

describe('the index across restarts', () => {
  it('survives a restart through SQLite and is checked against the disk again', async () => {
    const ws = copyFixture('search-basic');
    const cacheDir = tempDir('agentls-cache-');
    const home = tempDir('agentls-home-');
    const first = await start({ folders: [ws], cacheDir, home });
    expect((await completeIndex(first, 'guide')).candidates.map((x) => x.path)).toEqual(['docs/guide.md']);
    await first.stop();
    expect(fs.existsSync(path.join(cacheDir, 'file-index.sqlite'))).toBe(true);
    fs.rmSync(path.join(ws, 'docs/guide.md'));
    writeTree(ws, { 'src/addedWhileDown.ts': 'x' });
    const second = await start({ folders: [ws], cacheDir, home });
    await second.waitForLog(/file index: 16 files in 1 folder, restored from the cache and checked against the disk/);
    expect(await paths(second, 'guide')).toEqual([]);
    expect(await paths(second, 'addedwhiledown')).toEqual(['src/addedWhileDown.ts']);
  });
});

describe('settings', () => {
  it('re-indexes when agentls.search.exclude changes', async () => {
    const c = await start({ folders: [copyFixture('search-basic')], client: 'vscode' });
    expect((await completeIndex(c, 'guide')).candidates.map((x) => x.path)).toEqual(['docs/guide.md']);
    await c.changeSettings({ search: { exclude: ['docs'] } });
    await eventually(c, 'guide', (found) => found.length === 0, 'docs/ to leave the index');
    await c.changeSettings({ search: { exclude: [] } });
    await eventually(c, 'guide', (found) => found[0] === 'docs/guide.md', 'docs/ to come back');
  });
});

describe('folders that are not indexed', () => {
  it('tells the user it does not index the home folder, and answers with nothing', async () => {
    const home = writeTree(tempDir('agentls-home-'), { 'notes.md': 'x' });
    const c = await start({ folders: [home], home, client: 'neovim' });
    await c.waitFor('the refusal message', () => c.shownMessages.some((m) => /is the home directory; agentls does not index it/.test(m.message)));
    expect((await search(c, 'notes')).candidates).toEqual([]);
  });
});

describe('commands and progress', () => {
  it('reports the first index with $/progress', async () => {
    const c = await start({ folders: [copyFixture('search-basic')], client: 'vscode' });
    await c.waitFor('the end of the indexing progress', () => c.progress.some((p) => (p as { value?: { kind?: string } }).value?.kind === 'end'));
    const begin = c.progress.find((p) => (p as { value?: { kind?: string } }).value?.kind === 'begin') as { value: { title: string } };
    expect(begin.value.title).toBe('Indexing files');
  });

  it('rebuilds the index on agentls.index.rebuild and tells the user', async () => {
    const ws = copyFixture('search-basic');
    const c = await start({ folders: [ws], client: 'neovim' });
    await paths(c, 'x');
    // A file added since the first walk: the rebuild counts it.
    writeTree(ws, { 'late/addition.ts': 'x' });
    await c.executeCommand('agentls.index.rebuild');
    await c.waitFor('the rebuild message', () => c.shownMessages.some((m) => /File index rebuilt: 17 files in 1 folder/.test(m.message)));
    expect(await paths(c, 'late/addition')).toEqual(['late/addition.ts']);
  });

  it('offers the search as a command that writes a report, for Helix', async () => {
    const c = await start({ folders: [copyFixture('search-basic')], client: 'helix' });
    await completeIndex(c, 'hip');
    await c.executeCommand('agentls.fileSearch.report', [{ query_id: qid(), query: 'hip' }]);
    await c.waitFor('the report message', () => c.shownMessages.some((m) => /File search: see /.test(m.message)));
    const file = c.shownMessages.find((m) => /File search: see /.test(m.message))!.message.replace(/^File search: see /, '');
    const report = fs.readFileSync(file, 'utf8');
    expect(report).toContain('# File search: `hip`');
    expect(report).toMatch(/- lib\/\*\*H\*\*udson\*\*I\*\*nstance\*\*P\*\*roperties\.java/);
  });

  it('says in the report when the list is from part of the tree, during the first index', async () => {
    const ws = writeTree(tempDir('agentls-report-'), { 'sesion.md': 'x', 'src/session.ts': 'export {};\n' });
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const c = await start({ folders: [ws], client: 'helix', env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    // The listing is held with the top folder's files in.
    const partial = await until('the top folder listed', () => search(c, 'sesion'), (a) => a.candidates.length > 0, 20_000);
    expect(partial.indexing).toBe(true);
    await c.executeCommand('agentls.fileSearch.report', [{ query_id: qid(), query: 'sesion' }]);
    await c.waitFor('the report message', () => c.shownMessages.some((m) => /File search: see /.test(m.message)));
    const file = c.shownMessages.find((m) => /File search: see /.test(m.message))!.message.replace(/^File search: see /, '');
    const report = fs.readFileSync(file, 'utf8');
    expect(report).toContain(`Indexing: ${partial.indexed_count} file${partial.indexed_count === 1 ? '' : 's'} listed so far.`);
    expect(report).not.toContain('session.ts');
    fs.writeFileSync(gate, '');
  });
});

describe('Unicode normalization', () => {
  it('finds a name written composed or decomposed from a query typed the other way, and answers the disk spelling', async () => {
    const ws = tempDir('agentls-spellings-');
    const disk = writeSpellings(ws);
    const c = await start({ folders: [ws] });
    const resume = (await completeIndex(c, RESUME_NFC)).candidates[0];
    expect(resume.path).toBe(disk.resume);
    expect(resume.match_ranges).toEqual([{ start: 'notes/'.length, end: disk.resume.length - '.md'.length }]);
    expect(await paths(c, CAFE_NFD)).toEqual([disk.cafe]);
    expect(await paths(c, `${NAIVE_NFC}/plan`)).toEqual([disk.plan]);
  });
});

describe('the count of a search answer', () => {
  // /work/shared/spec/file-refs.md: total_count is the candidates after filtering, truncated whether max_results cut the list.
  // Found by fuzzing: a near miss too scattered to be listed was still counted, so an empty answer said
  // total_count 1 and truncated true.
  it('leaves out a near miss the answer does not list', async () => {
    const ws = writeTree(tempDir(), { 'console-to-lager.edit.yaml': '' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const result = await completeIndex(c, 'secret');
    expect(result).toMatchObject({ candidates: [], total_count: 0, truncated: false });
  });
});
