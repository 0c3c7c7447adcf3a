import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusResult } from '../../../protocol/methods';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { git } from '../../helpers/git';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const MINE = '.xcsh/rules/mine.md';

/** A git work tree with two xcsh rules; the client given: VS Code's watches for the server, Neovim's leaves it to the server's own watcher. */
async function project(client: 'vscode' | 'neovim') {
  const ws = writeTree(tempDir(), {
    [MINE]: '---\ndescription: My own habits\n---\nMine.\n',
    '.xcsh/rules/style.md': '---\ndescription: Use the design tokens\n---\nUse the design tokens.\n',
  });
  git(ws, 'init', '-q');
  const c = await start({ folders: [ws], home: tempDir('agentls-home-'), client });
  const rulebook = (wanted: string) =>
    until(`the rulebook ${wanted}`, () => c.request<RuleBucketsResult>('agentls/ruleBuckets', {}), (b) => [...b.buckets.rulebook].sort().join() === wanted, 10_000);
  await rulebook('mine,style');
  return { ws, c, rulebook, exclude: path.join(ws, '.git/info/exclude') };
}

describe("the server and git's exclude file (.git/info/exclude)", () => {
  it("lists the rule folders again when an editor's watcher reports it changed: the xcsh agent no longer reads the rule it now leaves out", async () => {
    const { ws, c, rulebook, exclude } = await project('vscode');
    // Written as a user or a tool writes it, and reported as an editor's watcher reports it.
    fs.writeFileSync(exclude, 'mine.md\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(exclude), type: 2 }] });
    const ds = await c.waitForDiagnostics(c.uri(path.join(ws, MINE)), (d) => d.some((x) => x.code === 'rule/not-read'));
    expect(ds.find((d) => d.code === 'rule/not-read')?.message).toContain('it is ignored by the ignore files');
    await rulebook('style');
  });

  it("does so by its own watcher too, when the editor watches nothing (Neovim 0.7-0.10): .git is no watched folder, but that one file is", async () => {
    const { ws, c, rulebook, exclude } = await project('neovim');
    await until('every folder to be watched', () => c.request<StatusResult>('agentls/status'), (s) => s.watching.state === 'watching');
    fs.writeFileSync(exclude, 'mine.md\n');
    await c.waitForDiagnostics(c.uri(path.join(ws, MINE)), (d) => d.some((x) => x.code === 'rule/not-read'));
    await rulebook('style');
  });
});
