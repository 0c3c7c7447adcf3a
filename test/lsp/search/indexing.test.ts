import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileCandidatesPayload } from '../../../protocol/rawp';
import { LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { completeIndex, qid } from './searchSupport';

const start = useLspClients(afterEach);

function search(c: LspTestClient, query: string, extra: Record<string, unknown> = {}): Promise<FileCandidatesPayload> {
  return c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: qid(), query, ...extra });
}

/** 40 folders of 50 files, a prompt document and a Claude Code memory file; no file at the top, so a held listing holds with some folders read. */
function workspace(): string {
  const ws = tempDir('agentls-indexing-');
  for (let d = 0; d < 40; d++) {
    const dir = path.join(ws, `module${d}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 50; f++) fs.writeFileSync(path.join(dir, `Widget${d}x${f}Handler.java`), '');
  }
  writeTree(ws, { 'docs/ask.prompt.md': 'Look at @widget\n', 'docs/CLAUDE.md': 'Read @widget\n' });
  return ws;
}

describe('answers during the first index', () => {
  it('say indexing: true with the count so far until the index is complete, in searches and in completion items', async () => {
    const ws = workspace();
    // The server holds its first listing half-way until this file exists.
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const c = await start({ folders: [ws], client: 'neovim', env: { AGENTLS_TEST_HOLD_INDEX: gate } });

    // Until the held listing has its first folders in, answers say so with a count of 0.
    const partial = await until('the first folders in the index', () => search(c, 'handler', { max_results: 50 }), (a) => !a.indexing || a.indexed_count !== 0, 20_000);
    expect(partial.indexing).toBe(true);
    expect(partial.indexed_count).toBeLessThan(2001);
    expect(partial.total_count).toBeLessThanOrEqual(partial.indexed_count!);
    expect(partial.candidates.length).toBeGreaterThan(0);

    const uri = await c.open(path.join(ws, 'docs/ask.prompt.md'));
    const list = await c.completion(uri, { line: 0, character: 'Look at @widget'.length }, '@');
    expect(list.isIncomplete).toBe(true);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((item) => /\(indexing: \d+ files so far\)$/.test(item.detail ?? ''))).toBe(true);
    // Claude Code's @ imports in a memory file are offered from the same index, and say so the same way.
    const memory = await c.open(path.join(ws, 'docs/CLAUDE.md'));
    const imports = await c.completion(memory, { line: 0, character: 'Read @widget'.length }, '@');
    expect(imports.isIncomplete).toBe(true);
    expect(imports.items.length).toBeGreaterThan(0);
    expect(imports.items.every((item) => /^Claude Code imports .* \(indexing: \d+ files so far\)$/.test(item.detail ?? ''))).toBe(true);

    fs.writeFileSync(gate, '');
    const done = await completeIndex(c, 'handler', { max_results: 50 });
    expect(done.indexing).toBeUndefined();
    expect(done.indexed_count).toBeUndefined();
    expect(done.total_count).toBe(2000);
    const after = await c.completion(uri, { line: 0, character: 'Look at @widget'.length }, '@');
    expect(after.items.some((item) => /indexing/.test(item.detail ?? ''))).toBe(false);
    const importsAfter = await c.completion(memory, { line: 0, character: 'Read @widget'.length }, '@');
    expect(importsAfter.items.length).toBeGreaterThan(0);
    expect(importsAfter.items.some((item) => /indexing/.test(item.detail ?? ''))).toBe(false);
  });

  it('answer without the flag once the index is complete', async () => {
    const ws = writeTree(tempDir('agentls-indexing-'), { 'src/auth.ts': 'x', 'README.md': 'x' });
    const c = await start({ folders: [ws] });
    const done = await completeIndex(c, 'auth');
    expect(done.candidates.map((x) => x.path)).toEqual(['src/auth.ts']);
    expect('indexing' in done).toBe(false);
  });
});

describe('the first index of a git work tree', () => {
  it('lists tracked and untracked files through git, leaves out ignored ones, and always completes', async () => {
    const ws = tempDir('agentls-gitws-');
    for (let d = 0; d < 30; d++) {
      const dir = path.join(ws, `pkg${d}`);
      fs.mkdirSync(dir);
      for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(dir, `Unit${d}x${f}.ts`), '');
    }
    writeTree(ws, { '.gitignore': 'out/\n' });
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: ws, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'first');
    writeTree(ws, { 'fresh/UnitUntracked.ts': 'x', 'out/UnitIgnored.ts': 'x' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const done = await completeIndex(c, 'unit', { max_results: 50 });
    expect(done.total_count).toBe(3001);
    expect((await search(c, 'unituntracked')).candidates[0].path).toBe('fresh/UnitUntracked.ts');
    expect((await search(c, 'unitignored')).candidates.map((x) => x.path)).not.toContain('out/UnitIgnored.ts');
    await c.waitForLog(/file index: 3002 files in 1 folder, listed by git/);
  });
});

describe('agentls.cacheDir', () => {
  it('moves the index to a new cache folder without a restart', async () => {
    const ws = writeTree(tempDir('agentls-cachews-'), { 'src/auth.ts': 'x', 'docs/guide.md': 'x' });
    const c = await start({ folders: [ws], client: 'vscode' });
    await completeIndex(c, 'auth');
    const moved = tempDir('agentls-newcache-');
    await c.changeSettings({ cacheDir: moved });
    await c.waitForLog(/file index: kept in .* from now on/);
    expect(fs.existsSync(path.join(moved, 'file-index.sqlite'))).toBe(true);
    // The new store holds the list: a server started on it, its own listing held, answers from it complete.
    await c.stop();
    const again = await start({ folders: [ws], client: 'vscode', cacheDir: moved, env: { AGENTLS_TEST_HOLD_INDEX: path.join(moved, 'never') } });
    const restored = await search(again, 'guide');
    expect(restored.candidates.map((x) => x.path)).toEqual(['docs/guide.md']);
    expect(restored.indexing).toBeUndefined();
  });
});
