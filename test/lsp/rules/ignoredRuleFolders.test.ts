import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { searchNames, status, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const BAD = '---\nglobs: src/**\nalwaysApply: maybe\n---\nUse the design tokens.\n';
const GOOD = '---\nglobs: src/**\nalwaysApply: false\n---\nUse the design tokens.\n';
const WRONG_TYPE = 'frontmatter/wrong-type';

/**
 * A project whose .gitignore leaves out every `.cursor/` folder (as many do), with a rule
 * already in the root's and in a package's: rule files created, changed and deleted there
 * on disk, while no editor has them open, must reach the findings, the rules and the index.
 */
function project(): string {
  return writeTree(tempDir(), {
    '.gitignore': '.cursor/\nnode_modules/\nbuild/\n',
    'node_modules/pkg/.cursor/rules/base.mdc': GOOD,
    'build/.cursor/rules/base.mdc': GOOD,
    '.cursor/rules/base.mdc': GOOD,
    'packages/web/.cursor/rules/base.mdc': GOOD,
    'packages/web/src/app.ts': 'export const x = 1;\n',
    'src/main.ts': 'export const y = 2;\n',
  });
}

type Way = 'client events' | "the server's own watcher" | "the server's fs.watch fallback";
type Tell = (rel: string, type: 1 | 2 | 3) => Promise<void>;

/** Starts the server watching as said; with the client's events, `tell` sends what changed. */
async function startWatching(ws: string, way: Way): Promise<{ c: LspTestClient; tell: Tell }> {
  if (way === 'client events') {
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), client: 'vscode' });
    await c.waitForLog(/rules: \d+ rule files/);
    await c.waitForLog(/file index: \d+ files/);
    return { c, tell: (rel, type) => c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, rel)), type }] }) };
  }
  const env: Record<string, string> = way === "the server's fs.watch fallback" ? { AGENTLS_NATIVE_WATCHER: 'off' } : {};
  const c = await start({ folders: [ws], home: tempDir('agentls-home-'), client: 'neovim', env });
  await until('every folder to be watched', () => status(c), (s) => s.watcher === 'server' && s.watching.state === 'watching');
  await c.waitForLog(/rules: \d+ rule files/);
  await c.waitForLog(/file index: \d+ files/);
  return { c, tell: async () => undefined };
}

const hasWrongType = (ds: { code?: unknown }[]) => ds.some((d) => d.code === WRONG_TYPE);

/**
 * Created broken, fixed, broken again, deleted: each step on disk, the file never open. The
 * xcsh agent skips ignored rule files (its buckets leave them out), Cursor reads them: its
 * findings are published, and the file index lists the file while it is there.
 */
async function rootRuleFollowsTheDisk(c: LspTestClient, ws: string, tell: Tell): Promise<void> {
  const rel = '.cursor/rules/x.mdc';
  const uri = c.uri(path.join(ws, rel));
  fs.writeFileSync(path.join(ws, rel), BAD);
  await tell(rel, 1);
  await c.waitForDiagnostics(uri, hasWrongType);
  expect(await until('x.mdc in the index', () => searchNames(c, 'x.mdc'), (names) => names.length === 1)).toEqual([rel]);
  fs.writeFileSync(path.join(ws, rel), GOOD);
  await tell(rel, 2);
  await c.waitForDiagnostics(uri, (ds) => !hasWrongType(ds));
  fs.writeFileSync(path.join(ws, rel), BAD);
  await tell(rel, 2);
  await c.waitForDiagnostics(uri, hasWrongType);
  fs.rmSync(path.join(ws, rel));
  await tell(rel, 3);
  await c.waitForDiagnostics(uri, (ds) => ds.length === 0);
  expect(await until('x.mdc out of the index', () => searchNames(c, 'x.mdc'), (names) => names.length === 0)).toEqual([]);
  expect(JSON.stringify(await c.request<RuleBucketsResult>('agentls/ruleBuckets', {}))).not.toContain('x.mdc');
}

/**
 * A nested rule file created then deleted on disk: the file index follows, and the rule
 * folders of ignored trees (node_modules, build output) stay out of it. (The server
 * publishes findings of closed rule files the xcsh agent's folders hold, and nested
 * `.cursor/rules` are none of them, ignored or not: an open one is judged from its buffer.)
 */
async function nestedRuleFollowsTheDisk(c: LspTestClient, ws: string, tell: Tell): Promise<void> {
  const rel = 'packages/web/.cursor/rules/x.mdc';
  const vendored = ['node_modules/pkg/.cursor/rules/v.mdc', 'build/.cursor/rules/v.mdc'];
  for (const other of vendored) {
    fs.writeFileSync(path.join(ws, other), BAD);
    await tell(other, 1);
  }
  fs.writeFileSync(path.join(ws, rel), BAD);
  await tell(rel, 1);
  expect(await until('x.mdc in the index', () => searchNames(c, 'x.mdc'), (names) => names.length === 1)).toEqual([rel]);
  expect(await searchNames(c, 'v.mdc')).toEqual([]);
  fs.rmSync(path.join(ws, rel));
  await tell(rel, 3);
  expect(await until('x.mdc out of the index', () => searchNames(c, 'x.mdc'), (names) => names.length === 0)).toEqual([]);
}

describe.each<Way>(['client events', "the server's own watcher", "the server's fs.watch fallback"])('rule files in ignored agent folders, changed on disk while closed (%s)', (way) => {
  it("the root's .cursor/rules: findings published and cleared, the index kept", async () => {
    const ws = project();
    const { c, tell } = await startWatching(ws, way);
    await rootRuleFollowsTheDisk(c, ws, tell);
  });

  it("a package's .cursor/rules: the index kept", async () => {
    const ws = project();
    const { c, tell } = await startWatching(ws, way);
    await nestedRuleFollowsTheDisk(c, ws, tell);
  });
});

/**
 * A project whose .gitignore leaves out personal rule files by name (`*.local.mdc`,
 * `CLAUDE.local.md`), in agent folders that are not ignored, and node_modules, which holds
 * a broken rule of the same name that no agent reads. Nothing is ever opened.
 */
function personalRules(): string {
  return writeTree(tempDir(), {
    '.gitignore': '*.local.mdc\nCLAUDE.local.md\nnode_modules/\n',
    'CLAUDE.local.md': 'Use the staging database.\n',
    'packages/web/.cursor/rules/me.local.mdc': BAD,
    'packages/web/.cursor/rules/team.mdc': GOOD,
    'packages/web/src/app.ts': 'export const x = 1;\n',
    'node_modules/pkg/.cursor/rules/v.local.mdc': BAD,
  });
}

describe.each<Way>(['client events', "the server's own watcher"])('rule files the ignore files leave out by name, in folders that are not, never opened (%s)', (way) => {
  it('are in the file index, get their findings pushed, and follow the disk', async () => {
    const ws = personalRules();
    const { c, tell } = await startWatching(ws, way);
    const rel = 'packages/web/.cursor/rules/me.local.mdc';
    const uri = c.uri(path.join(ws, rel));
    await c.waitForDiagnostics(uri, hasWrongType);
    expect(await until('me.local.mdc in the index', () => searchNames(c, 'me.local'), (names) => names.length === 1)).toEqual([rel]);
    expect(await searchNames(c, 'CLAUDE.local')).toEqual(['CLAUDE.local.md']);
    expect(await searchNames(c, 'v.local')).toEqual([]);

    fs.writeFileSync(path.join(ws, rel), GOOD);
    await tell(rel, 2);
    await c.waitForDiagnostics(uri, (ds) => !hasWrongType(ds));

    // One created on disk while closed, then deleted.
    const added = 'packages/web/.cursor/rules/new.local.mdc';
    const addedUri = c.uri(path.join(ws, added));
    fs.writeFileSync(path.join(ws, added), BAD);
    await tell(added, 1);
    await c.waitForDiagnostics(addedUri, hasWrongType);
    expect(await until('new.local.mdc in the index', () => searchNames(c, 'new.local'), (names) => names.length === 1)).toEqual([added]);
    fs.rmSync(path.join(ws, added));
    await tell(added, 3);
    await c.waitForDiagnostics(addedUri, (ds) => ds.length === 0);
    expect(await until('new.local.mdc out of the index', () => searchNames(c, 'new.local'), (names) => names.length === 0)).toEqual([]);
  });
});
