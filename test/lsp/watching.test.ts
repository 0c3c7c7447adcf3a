import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResult } from '../../protocol/methods';
import { type LspTestClient, useLspClients } from '../helpers/lspClient';
import { searchNames, status, until } from '../helpers/polling';
import { tempDir } from '../helpers/repo';

const start = useLspClients(afterEach);

/** 20 × 30 × 36 leaf folders under two levels: 22,220 folders, past the old watcher's cap of 20,000. */
const SHAPE = { top: 20, mid: 30, leaf: 36 };
const FOLDERS = 1 + SHAPE.top + SHAPE.top * SHAPE.mid + SHAPE.top * SHAPE.mid * SHAPE.leaf;
const PROBES = 40;

let tree: string;
const leaves: string[] = [];

beforeAll(() => {
  tree = tempDir('agentls-watch-big-');
  for (let t = 0; t < SHAPE.top; t++) {
    for (let m = 0; m < SHAPE.mid; m++) {
      for (let l = 0; l < SHAPE.leaf; l++) {
        const rel = `t${t}/m${m}/leaf${l}`;
        fs.mkdirSync(path.join(tree, rel), { recursive: true });
        leaves.push(rel);
      }
      fs.writeFileSync(path.join(tree, `t${t}/m${m}/index.md`), '');
    }
  }
  // Files each test deletes, spread over the whole tree (so some sit in folders the old watcher never reached).
  for (const label of ['Native', 'Fallback']) for (const rel of probeFolders()) fs.writeFileSync(path.join(tree, rel, `gone${label}${rel.replace(/\W/g, '')}.md`), '');
}, 120_000);

/** Folders spread evenly over the tree (deep ones: three levels down). */
function probeFolders(): string[] {
  return Array.from({ length: PROBES }, (_, i) => leaves[Math.floor((i * leaves.length) / PROBES + leaves.length / PROBES / 2)]);
}

const search = (c: LspTestClient, query: string) => searchNames(c, query);

/**
 * A client without a watcher (Neovim 0.7-0.10): the server watches by itself. The first
 * answer comes while watching still reports itself starting; once every folder is
 * covered, files created and deleted deep in the tree reach search.
 */
async function createdAndDeletedAreSeen(label: 'Native' | 'Fallback', env: Record<string, string>): Promise<{ c: LspTestClient; watching: StatusResult['watching'] }> {
  const c = await start({ folders: [tree], client: 'neovim', env });
  const first = await status(c);
  expect(first.watcher).toBe('server');
  expect(first.watching.state).toBe('starting');
  const watching = (await until('every folder to be watched', () => status(c), (s) => s.watching.state === 'watching')).watching;
  // At least: the other test may have added its two folders already.
  expect(watching.folders).toBeGreaterThanOrEqual(FOLDERS);
  const gone = `gone${label}`;
  expect(await until('the index', () => search(c, gone), (found) => found.length === PROBES)).toHaveLength(PROBES);
  const made = `made${label}`;
  for (const rel of probeFolders()) {
    fs.writeFileSync(path.join(tree, rel, `${made}${rel.replace(/\W/g, '')}.md`), '');
    fs.rmSync(path.join(tree, rel, `${gone}${rel.replace(/\W/g, '')}.md`));
  }
  fs.mkdirSync(path.join(tree, 't7/m7/leaf7/new/deeper'), { recursive: true });
  fs.writeFileSync(path.join(tree, `t7/m7/leaf7/new/deeper/${made}InNewFolder.md`), '');
  const found = await until('the created files', () => search(c, made), (f) => f.length === PROBES + 1);
  expect(found).toContain(`t7/m7/leaf7/new/deeper/${made}InNewFolder.md`);
  await until('the deleted files to go', () => search(c, gone), (f) => f.length === 0);
  return { c, watching };
}

describe("the server's own watcher on a tree of more than 20,000 folders", () => {
  it('answers before watching is in place, then watches every folder natively and sees changes deep down', async () => {
    const { c, watching } = await createdAndDeletedAreSeen('Native', {});
    expect(watching.backend).toBe('native');
    expect(watching.watched).toBe(watching.folders);
    expect(c.logMessages.filter((m) => m.message.includes('watching with fs.watch'))).toEqual([]);
  }, 180_000);

  it('without the native watcher: fs.watch up to its cap, folder times for the rest, said once in the log', async () => {
    const { c, watching } = await createdAndDeletedAreSeen('Fallback', { AGENTLS_NATIVE_WATCHER: 'off' });
    expect(watching).toMatchObject({ backend: 'fs.watch', watched: 20_000 });
    const told = c.logMessages.filter((m) => m.message.includes('watching with fs.watch'));
    expect(told.map((m) => m.message)).toEqual([
      'file watcher: the native watcher did not load (AGENTLS_NATIVE_WATCHER=off); watching with fs.watch (up to 20000 folders) and checking folder times for the rest every few seconds',
    ]);
  }, 180_000);
});

describe("the server's own watcher when the workspace folder itself goes", () => {
  it.each([
    ['native', {}],
    ['fs.watch', { AGENTLS_NATIVE_WATCHER: 'off' }],
  ] as const)('sees a folder deleted and made again (a re-clone, a checkout script), watching with %s: the new tree is indexed and linted', async (_backend, env) => {
    const ws = tempDir('agentls-watch-root-');
    const bad = (name: string) => `---\ndescription: ${name}\nalwaysApply: "true"\n---\n${name}\n`;
    const write = (files: Record<string, string>) => {
      for (const [rel, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
        fs.writeFileSync(path.join(ws, rel), text);
      }
    };
    write({ '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/old.mdc': bad('old') });
    const c = await start({ folders: [ws], client: 'neovim', env });
    await until('the watcher in place', () => status(c), (s) => s.watching.roots.every((r) => r.state === 'watching'), 20_000);
    const oldUri = c.uri(path.join(ws, '.cursor/rules/old.mdc'));
    await c.waitForDiagnostics(oldUri, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'));
    fs.rmSync(ws, { recursive: true });
    await c.waitForLog(/file watcher: .* is gone: watching for it to come back/, 20_000);
    write({ '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/new.mdc': bad('new') });
    await c.waitForLog(/file watcher: .* is there again: watching it anew/, 20_000);
    await c.waitForDiagnostics(c.uri(path.join(ws, '.cursor/rules/new.mdc')), (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'), 20_000);
    await c.waitForDiagnostics(oldUri, (ds) => ds.length === 0);
    expect(await until('the new file in the index', () => searchNames(c, 'new'), (names) => names.length > 0, 10_000)).toEqual(['.cursor/rules/new.mdc']);
    expect(await searchNames(c, 'old')).toEqual([]);
  });
});

describe("the server's own watcher when a folder is moved away and back", () => {
  it.each(['docs', '.cursor'])('indexes and lints %s again once it is back, though its deletion was already taken in', async (folder) => {
    const ws = tempDir('agentls-watch-back-');
    const files: Record<string, string> = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/bad.mdc': '---\ndescription: bad\nalwaysApply: "true"\n---\nBad\n',
      'docs/guide.md': 'A guide\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      fs.writeFileSync(path.join(ws, rel), text);
    }
    const c = await start({ folders: [ws], client: 'neovim' });
    await until('the watcher in place', () => status(c), (s) => s.watching.roots.every((r) => r.state === 'watching'), 20_000);
    const ruleUri = c.uri(path.join(ws, '.cursor/rules/bad.mdc'));
    await c.waitForDiagnostics(ruleUri, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'));
    const inside = folder === 'docs' ? 'guide' : 'bad';
    expect(await until('the index', () => searchNames(c, inside), (names) => names.length === 1)).toHaveLength(1);
    // Away: once the server has taken the deletion in (the file left the index), back again under the same name.
    fs.renameSync(path.join(ws, folder), path.join(ws, `${folder}-away`));
    await until('the folder to leave the index', () => searchNames(c, inside), (names) => names.every((n) => n.includes('-away/')), 20_000);
    if (folder === '.cursor') await c.waitForDiagnostics(ruleUri, (ds) => ds.length === 0, 20_000);
    fs.renameSync(path.join(ws, `${folder}-away`), path.join(ws, folder));
    const back = await until('the folder back in the index', () => searchNames(c, inside), (names) => names.length === 1 && !names[0].includes('-away/'), 20_000);
    expect(back).toEqual([folder === 'docs' ? 'docs/guide.md' : '.cursor/rules/bad.mdc']);
    await c.waitForDiagnostics(ruleUri, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'), 20_000);
  });
});

describe("the server's own watcher on a workspace folder not made yet", () => {
  it('looks for it, and indexes and lints it once it is made', async () => {
    const later = path.join(tempDir('agentls-watch-later-'), 'clone');
    const c = await start({ folders: [later], client: 'neovim' });
    await c.waitForLog(/file watcher: .*clone does not exist yet: watching for it to be made/, 20_000);
    fs.mkdirSync(path.join(later, '.cursor/rules'), { recursive: true });
    fs.writeFileSync(path.join(later, 'notes.md'), 'Notes\n');
    fs.writeFileSync(path.join(later, '.cursor/rules/bad.mdc'), '---\ndescription: bad\nalwaysApply: "true"\n---\nBad\n');
    await c.waitForDiagnostics(c.uri(path.join(later, '.cursor/rules/bad.mdc')), (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'), 20_000);
    expect(await until('the new folder in the index', () => searchNames(c, 'notes'), (names) => names.length > 0, 20_000)).toEqual(['notes.md']);
  });
});

describe("the server's own watcher and .git/info/exclude", () => {
  it('follows an edit of the repository excludes, which lie in .git, outside every watch of the tree', async () => {
    const ws = tempDir('agentls-watch-exclude-');
    for (const [rel, text] of Object.entries({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/info/exclude': 'docs/\n', 'docs/hidden.md': 'x\n', 'src/keep.ts': 'x\n' })) {
      fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      fs.writeFileSync(path.join(ws, rel), text);
    }
    const c = await start({ folders: [ws], client: 'neovim' });
    await until('the watcher in place', () => status(c), (s) => s.watching.roots.every((r) => r.state === 'watching'), 20_000);
    expect(await until('the index', () => searchNames(c, 'keep'), (names) => names.length === 1)).toEqual(['src/keep.ts']);
    expect(await searchNames(c, 'hidden')).toEqual([]);
    fs.writeFileSync(path.join(ws, '.git/info/exclude'), 'src/\n');
    expect(await until('docs/ no longer excluded', () => searchNames(c, 'hidden'), (names) => names.length === 1, 20_000)).toEqual(['docs/hidden.md']);
    expect(await until('src/ excluded', () => searchNames(c, 'keep'), (names) => names.length === 0, 20_000)).toEqual([]);
  });
});
