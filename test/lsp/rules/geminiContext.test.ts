import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { hoverText } from '../../helpers/hover';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { serverRulesFor } from '../../helpers/rulesFor';

/**
 * Gemini CLI's GEMINI.md files (its docs, geminicli.com/docs/cli/gemini-md), through the real
 * server: the root's and a package's, the package's from the file index.
 */
const start = useLspClients(afterEach);
const geminiApplying = (r: RulesForFileResult) => (r.agents.find((a) => a.agent === 'gemini')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);

describe('Gemini CLI in the server', () => {
  it('lists the root and the package GEMINI.md in agentls/rulesForFile and the first-line hover', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': 'Root context.\n', 'packages/api/GEMINI.md': 'API context.\n', 'packages/api/src/x.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const file = path.join(ws, 'packages/api/src/x.ts');
    const forFile = await serverRulesFor(c, c.uri(file));
    expect(geminiApplying(forFile)).toEqual(['GEMINI.md', 'packages/api/GEMINI.md']);
    const text = await hoverText(c, await c.open(file), 0, 1);
    expect(text).toContain('Gemini CLI: 2 rules apply');
    expect(text).toContain('packages/api/GEMINI.md');
  });

  it('lists the files context.fileName names once .gemini/settings.json changes on disk', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.gemini/settings.json': '{}\n', 'GEMINI.md': 'Root context.\n', 'AGENTS.md': 'Agents.\n', 'packages/api/AGENTS.md': 'API agents.\n', 'packages/api/src/x.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'packages/api/src/x.ts'));
    expect(geminiApplying(await serverRulesFor(c, uri))).toEqual(['GEMINI.md']);
    const settings = path.join(ws, '.gemini/settings.json');
    fs.writeFileSync(settings, '{\n  // AGENTS.md first\n  "context": { "fileName": ["AGENTS.md", "GEMINI.md"] }\n}\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    const after = await serverRulesFor(c, uri, (r) => r.indexing === undefined && geminiApplying(r).length === 3);
    expect(geminiApplying(after)).toEqual(['AGENTS.md', 'GEMINI.md', 'packages/api/AGENTS.md']);
  });

  it('puts an error on a .gemini/settings.json Gemini CLI refuses, closed, takes none of its names, and clears it once fixed', async () => {
    // A trailing comma: Gemini CLI's JSON.parse throws, and it stops at start-up (workspace/geminiSettings.ts has the source).
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.gemini/settings.json': '{\n  "context": { "fileName": "AGENTS.md" },\n}\n', 'GEMINI.md': 'Root context.\n', 'AGENTS.md': 'Agents.\n', 'src/x.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir(), client: 'neovim' });
    const settings = path.join(ws, '.gemini/settings.json');
    const refused = await c.waitForDiagnostics(c.uri(settings), (ds) => ds.length > 0);
    expect(refused.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([['gemini/settings-invalid', 1, 2]]);
    expect(refused[0].message).toContain('Gemini CLI refuses this settings file and stops at start-up');
    const uri = c.uri(path.join(ws, 'src/x.ts'));
    expect(geminiApplying(await serverRulesFor(c, uri))).toEqual(['GEMINI.md']);
    fs.writeFileSync(settings, '{\n  "context": { "fileName": "AGENTS.md" }\n}\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    await c.waitForDiagnostics(c.uri(settings), (ds) => ds.length === 0);
    expect(geminiApplying(await serverRulesFor(c, uri, (r) => geminiApplying(r).includes('AGENTS.md')))).toEqual(['AGENTS.md']);
  });

  // Gemini CLI's processor copies its processed set for each import (memoryImportProcessor.ts, tree mode): a file two chains import is inlined twice.
  it('lists a file two chains import once for each in agentls/rulesForFile', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./a.md\n@./b.md\n', 'a.md': '@./c.md\n', 'b.md': '@./c.md\n', 'c.md': 'C.\n', 'src/x.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const forFile = await serverRulesFor(c, c.uri(path.join(ws, 'src/x.ts')));
    expect(geminiApplying(forFile)).toEqual(['GEMINI.md', 'a.md', 'c.md', 'b.md', 'c.md']);
  });
});
