import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { status, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A root rule folder written as one file (`rule/unreadable` on it, 817e713), fixed while the
 * server runs: the file deleted, the folder made, a rule file written in it; and the reverse.
 * And a rule file replaced by a folder of its name, which the server had kept `rule/unreadable` on.
 * The editor reports it as watched-file events: one per step (as Neovim's and Helix's
 * watchers pass them on), or as VS Code sends them, whose watcher coalesces a deletion then a
 * creation of one path into one change (microsoft/vscode, src/vs/platform/files/common/watcher.ts,
 * EventCoalescer: "delete + add = change"); or, for a client that watches nothing, the
 * server's own watcher sees the disk.
 */

const CREATED = 1;
const CHANGED = 2;
const DELETED = 3;

const CURSOR_RULE = '---\nalwaysApply: yes\n---\nUse the design tokens.\n';
const WINDSURF_RULE = '---\ntrigger: glob\n---\nUse the design tokens.\n';

type Way = 'one event per step' | "VS Code's coalesced events" | "the server's own watcher";
/** Says that `rel` (a file or folder) was replaced by the other kind, and that `made` (root-relative files) were created. */
type Tell = (rel: string, made: readonly string[]) => Promise<void>;

async function startWatching(ws: string, home: string, way: Way): Promise<{ c: LspTestClient; tell: Tell }> {
  if (way === "the server's own watcher") {
    // Neovim 0.7 registers no watched files: the server watches the folder itself.
    const c = await start({ folders: [ws], home, client: 'neovim' });
    await until('every folder to be watched', () => status(c), (s) => s.watcher === 'server' && s.watching.state === 'watching');
    return { c, tell: async () => undefined };
  }
  const c = await start({ folders: [ws], home, client: 'vscode' });
  const uri = (rel: string) => c.uri(path.join(ws, rel));
  const tell: Tell = async (rel, made) => {
    const created = made.map((m) => ({ uri: uri(m), type: CREATED }));
    if (way === "VS Code's coalesced events") await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(rel), type: CHANGED }, ...created] });
    else for (const change of [{ uri: uri(rel), type: DELETED }, { uri: uri(rel), type: CREATED }, ...created]) await c.notify('workspace/didChangeWatchedFiles', { changes: [change] });
  };
  return { c, tell };
}

describe.each<Way>(['one event per step', "VS Code's coalesced events", "the server's own watcher"])('a root rule folder replaced while the server runs (%s)', (way) => {
  it('written as a file (at the root and in a package), then made a folder of rules: the error goes and the new rule files are checked, as agentls check reports them', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules': 'Use the design tokens.\n',
      '.windsurf/rules': 'Use the design tokens.\n',
      'packages/web/.cursor/rules': 'Use the design tokens.\n',
      'packages/web/src/b.ts': 'export const b = 1;\n',
      'src/a.ts': 'export const a = 1;\n',
    });
    const home = tempDir('agentls-home-');
    const { c, tell } = await startWatching(ws, home, way);
    const locations = ['.cursor/rules', '.windsurf/rules', 'packages/web/.cursor/rules'];
    await expectPushedLikeCheck(c, ws, locations, checkReport(ws, home));
    const rules = { '.cursor/rules': ['.cursor/rules/a.mdc', CURSOR_RULE], '.windsurf/rules': ['.windsurf/rules/b.md', WINDSURF_RULE], 'packages/web/.cursor/rules': ['packages/web/.cursor/rules/c.mdc', CURSOR_RULE] };
    for (const at of locations) {
      const [rule, text] = rules[at as keyof typeof rules];
      fs.rmSync(path.join(ws, at));
      fs.mkdirSync(path.join(ws, at));
      fs.writeFileSync(path.join(ws, rule), text);
      await tell(at, [rule]);
    }
    const expected = checkReport(ws, home);
    const made = ['.cursor/rules/a.mdc', '.windsurf/rules/b.md', 'packages/web/.cursor/rules/c.mdc'];
    expect([...expected.keys()].sort()).toEqual(made);
    await expectPushedLikeCheck(c, ws, made, expected);
    for (const at of locations) expect(await c.waitForDiagnostics(c.uri(path.join(ws, at)), (ds) => ds.length === 0), at).toEqual([]);
  });

  it('a folder of rules replaced by a file: the file gets the error, and the rule files gone lose theirs', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': CURSOR_RULE, 'src/a.ts': 'export const a = 1;\n' });
    const home = tempDir('agentls-home-');
    const { c, tell } = await startWatching(ws, home, way);
    await expectPushedLikeCheck(c, ws, ['.cursor/rules/a.mdc'], checkReport(ws, home));
    fs.rmSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.cursor/rules'), CURSOR_RULE);
    // A folder's deletion comes as one event for the folder (VS Code's watcher and the others alike).
    await tell('.cursor/rules', []);
    const expected = checkReport(ws, home);
    expect([...expected.keys()]).toEqual(['.cursor/rules']);
    await expectPushedLikeCheck(c, ws, ['.cursor/rules'], expected);
    expect(await c.waitForDiagnostics(c.uri(path.join(ws, '.cursor/rules/a.mdc')), (ds) => ds.length === 0)).toEqual([]);
  });

  it('a folder of rules the xcsh agent does not list replaced by a file: its rule files lose their findings, as agentls check has no file to report', async () => {
    const broken = '---\nglobs: *.ts\nalwaysApply: "true"\n---\nBroken.\n';
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.continue/rules/a.md': broken,
      '.roo/rules/b.md': broken,
      'src/a.ts': 'export const a = 1;\n',
    });
    const home = tempDir('agentls-home-');
    const { c, tell } = await startWatching(ws, home, way);
    const gone = ['.continue/rules/a.md', '.roo/rules/b.md'];
    await expectPushedLikeCheck(c, ws, gone, checkReport(ws, home));
    for (const folder of ['.continue/rules', '.roo/rules']) {
      fs.rmSync(path.join(ws, folder), { recursive: true });
      fs.writeFileSync(path.join(ws, folder), 'Use the design tokens.\n');
      await tell(folder, []);
    }
    // Then a rule file the server reports on: the folders' changes are handled before it, in their order.
    fs.mkdirSync(path.join(ws, '.kiro/steering'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.kiro/steering/later.md'), '---\ninclusion: sometimes\n---\nLater.\n');
    await tell('.kiro/steering/later.md', []);
    const expected = checkReport(ws, home);
    for (const rel of gone) expect(expected.has(rel), rel).toBe(false);
    await expectPushedLikeCheck(c, ws, [...expected.keys()], expected);
    // A watcher may report a change after a later one (the server's finds some by folder times): waited for, not read once.
    for (const rel of gone) await c.waitFor(`${rel} to show nothing`, () => (c.diagnostics.get(c.uri(path.join(ws, rel)))?.diagnostics.length ?? 0) === 0);
  });

  it('a rule file replaced by a folder of its name (a checkout): the folder says nothing, as agentls check says nothing of it', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.kiro/steering/style.md': '---\ninclusion: always\n---\nUse tabs.\n',
      'packages/web/.cursor/rules/style.mdc': CURSOR_RULE,
      'src/a.ts': 'export const a = 1;\n',
    });
    const home = tempDir('agentls-home-');
    const { c, tell } = await startWatching(ws, home, way);
    const replaced = ['.kiro/steering/style.md', 'packages/web/.cursor/rules/style.mdc'];
    for (const rel of replaced) {
      fs.rmSync(path.join(ws, rel));
      fs.mkdirSync(path.join(ws, rel));
      fs.writeFileSync(path.join(ws, rel, 'inner.md'), 'Inner.\n');
      await tell(rel, [`${rel}/inner.md`]);
    }
    // Then a file the server reports on: the folders' changes are handled before it, in their order.
    const later = '.kiro/steering/later.md';
    fs.writeFileSync(path.join(ws, later), '---\ninclusion: sometimes\n---\nLater.\n');
    await tell(later, []);
    const expected = checkReport(ws, home);
    // Kiro reads its folder flat: check says so of the file in the new folder, and nothing of the folder.
    expect([...expected.keys()].sort()).toEqual(['.kiro/steering/later.md', '.kiro/steering/style.md/inner.md']);
    await expectPushedLikeCheck(c, ws, [...expected.keys()], expected);
    // A watcher may report a change after a later one (the server's finds some by folder times): waited for, not read once.
    for (const rel of replaced) await c.waitFor(`${rel} to show nothing`, () => (c.diagnostics.get(c.uri(path.join(ws, rel)))?.diagnostics.length ?? 0) === 0);
  });
});
