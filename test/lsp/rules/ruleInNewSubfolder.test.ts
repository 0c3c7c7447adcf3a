import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { searchNames, status, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A rule file created in a new subfolder of a rule folder, where the client reports the file
 * alone and never the folder that came with it (LSP's `workspace/didChangeWatchedFiles` asks
 * nothing of folder events; which editors' watchers do so was reported, not checked against their
 * sources: the test sends what such a client sends). The rule must
 * reach the agent's listing and the file index, and go from both when the subfolder goes,
 * told only by its files' Deleted events. And the same through the server's own watcher, for
 * a client that registers none.
 */
const start = useLspClients(afterEach);

const CREATED = 1;
const DELETED = 3;

/** Rule folders whose agents read subfolders, each with a rule applying to every file. */
const FOLDERS = [
  { agent: 'claude', folder: '.claude/rules', name: (n: string) => `${n}.md`, text: 'Always.\n' },
  { agent: 'continue', folder: '.continue/rules', name: (n: string) => `${n}.md`, text: '---\nname: N\nalwaysApply: true\n---\nAlways.\n' },
  { agent: 'copilot', folder: '.github/instructions', name: (n: string) => `${n}.instructions.md`, text: '---\napplyTo: "**"\n---\nAlways.\n' },
] as const;

type Place = (typeof FOLDERS)[number];

async function rulesOf(c: LspTestClient, ws: string, agent: string): Promise<string[]> {
  const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src/a.ts')) });
  return (r.agents.find((a) => a.agent === agent)?.rules ?? []).map((x) => x.path).sort();
}

function report(c: LspTestClient, ws: string, rels: string[], type: number): Promise<void> {
  return c.notify('workspace/didChangeWatchedFiles', { changes: rels.map((rel) => ({ uri: c.uri(path.join(ws, rel)), type })) });
}

async function started(place: Place, client: 'vscode' | 'neovim'): Promise<{ c: LspTestClient; ws: string }> {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n', [`${place.folder}/${place.name('first')}`]: place.text });
  const c = await start({ folders: [ws], client });
  await until('the first rule', () => rulesOf(c, ws, place.agent), (p) => p.includes(`${place.folder}/${place.name('first')}`));
  return { c, ws };
}

describe('a rule file in a new subfolder of a rule folder, the file alone reported', () => {
  for (const place of FOLDERS) {
    it(`is listed for ${place.agent} and found by file search, and goes with its folder (${place.folder})`, async () => {
      const { c, ws } = await started(place, 'vscode');
      expect((await status(c)).watcher).toBe('client');
      const near = `${place.folder}/sub/${place.name('near')}`;
      const deep = `${place.folder}/sub/two/three/${place.name('deep')}`;
      writeTree(ws, { [near]: place.text });
      await report(c, ws, [near], CREATED);
      await until('the rule one folder down', () => rulesOf(c, ws, place.agent), (p) => p.includes(near));
      writeTree(ws, { [deep]: place.text });
      await report(c, ws, [deep], CREATED);
      await until('the rule three folders down', () => rulesOf(c, ws, place.agent), (p) => p.includes(deep));
      expect(await until('file search', () => searchNames(c, 'deep'), (found) => found.length > 0)).toEqual([deep]);
      // The subfolder goes; the client tells of its files alone.
      fs.rmSync(path.join(ws, place.folder, 'sub'), { recursive: true });
      await report(c, ws, [deep, near], DELETED);
      await until('the subfolder rules to go', () => rulesOf(c, ws, place.agent), (p) => p.length === 1);
      await until('file search to drop them', () => searchNames(c, 'deep'), (found) => found.length === 0);
    });
  }

  it("is listed through the server's own watcher, for a client that registers none", async () => {
    const place = FOLDERS[0];
    const { c, ws } = await started(place, 'neovim');
    expect((await until('watching', () => status(c), (s) => s.watching.state === 'watching')).watcher).toBe('server');
    const deep = `${place.folder}/sub/two/${place.name('deep')}`;
    writeTree(ws, { [deep]: place.text });
    await until('the rule two folders down', () => rulesOf(c, ws, place.agent), (p) => p.includes(deep));
    expect(await until('file search', () => searchNames(c, 'deep'), (found) => found.length > 0)).toEqual([deep]);
  });
});
