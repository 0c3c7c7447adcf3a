import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { NEOVIM_07_LIKE } from '../../helpers/capabilities';
import { CURSOR_DEAD_GLOB } from '../../helpers/deadGlobRules';
import { useLspClients, type LspTestClient } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** The debug line the rules state writes when an update listed the rule folders again (`RulesState.apply`). */
const RELISTED_FOR_BUFFER = /rules: rule folders listed again for a buffer change/;

const BASE = { '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n', 'src/a.ts': 'export const a = 1;\n' };

/**
 * Neovim 0.7 (the server watches the files itself), with versioned diagnostics: only a
 * publication made for the typed text counts, so the typing is known to be diagnosed.
 */
const CLIENT = { ...NEOVIM_07_LIKE, textDocument: { ...NEOVIM_07_LIKE.textDocument, publishDiagnostics: { versionSupport: true } } };

/** What a buffer whose file is gone shows (`RulesState.notListed`): the file is missing, not the place. */
const NOT_ON_DISK = (ds: Diagnostic[]) => ds.length === 1 && ds[0].code === 'rule/not-read' && /not on disk/.test(JSON.stringify(ds[0].message));

async function server(ws: string): Promise<LspTestClient> {
  const home = tempDir('agentls-home-');
  const client = await start({ folders: [ws], home, client: CLIENT, initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
  await client.waitForLog(/rules: \d+ rule files/);
  return client;
}

/**
 * After the buffer work: a file created on disk in `folder` is listed again (the rules state's
 * updates run one at a time, in order), so any listing the buffer caused is logged by then.
 */
async function bufferListings(client: LspTestClient, folder: string): Promise<string[]> {
  const marker = path.join(folder, 'marker.md');
  fs.writeFileSync(marker, 'Marker.\n');
  await client.waitForLog(new RegExp(`listed again for a disk change of ${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return client.logMessages.filter((m) => RELISTED_FOR_BUFFER.test(m.message)).map((m) => m.message);
}

describe('typing in an open rule file the engine does not list, over LSP', () => {
  for (const rel of ['.xcsh/rules/gone.md', '.cursor/rules/gone.mdc']) {
    it(`keeps what the deletion showed, listing no rule folder per keystroke: ${rel} deleted on disk`, async () => {
      // A rule with a finding (its glob matches no file), so that its diagnostics are published when opened.
      const ws = writeTree(tempDir(), { ...BASE, [rel]: CURSOR_DEAD_GLOB });
      const client = await server(ws);
      const file = path.join(ws, rel);
      const uri = await client.open(file);
      await client.waitForDiagnostics(uri, (ds) => ds.length > 0 && !NOT_ON_DISK(ds));
      fs.rmSync(file);
      // What the server shows right after the deletion, before any typing.
      await client.waitForDiagnostics(uri, NOT_ON_DISK);
      for (const word of ['Use', ' spaces', '.']) await client.type(uri, { line: 3, character: 0 }, word);
      const typed = await client.waitForDiagnostics(uri);
      expect(NOT_ON_DISK(typed), JSON.stringify(typed)).toBe(true);
      expect(await bufferListings(client, path.dirname(file))).toEqual([]);
    });
  }

  it('lists no rule folder for a hover in a Cursor rule past the 200 entries of its folder read', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 230; i++) files[`.cursor/rules/sub/r${i}.mdc`] = 'Rule.\n';
    const ws = writeTree(tempDir(), { ...BASE, ...files });
    const sub = path.join(ws, '.cursor/rules/sub');
    // Discovery reads the folder's first 200 entries, in the order the system lists them.
    const past = path.join(sub, fs.readdirSync(sub)[210]);
    const client = await server(ws);
    const uri = await client.open(past);
    await client.waitForDiagnostics(uri);
    await client.type(uri, { line: 0, character: 0 }, 'A ');
    await client.waitForDiagnostics(uri);
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    expect(await bufferListings(client, sub)).toEqual([]);
  });
});
