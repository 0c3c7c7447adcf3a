import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * One save of `.vscode/settings.json` in VS Code reaches the server twice: its didSave, then its
 * watcher's didChangeWatchedFiles for the file, 100-200 ms later. Each drops Copilot's folders and
 * diagnoses the open documents again. VS Code's copilot scenario (test/vscode/scenarios/copilot.json)
 * saw two `workspace/diagnostic/refresh` for it once: the second notification landed after the
 * first refresh went out and before VS Code's pull answered it, and a refresh was asked again for
 * the prompt file whose finding went, though that pull gave VS Code the new set.
 */
const start = useLspClients(afterEach);

const ON = '{\n  "chat.promptFilesLocations": {\n    "docs/prompts": true\n  }\n}\n';
const refreshes = (c: LspTestClient) => c.serverRequests.filter((m) => m === 'workspace/diagnostic/refresh').length;
const pull = async (c: LspTestClient, uri: string) => (await c.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items.map((d) => d.code);
const heard = (c: LspTestClient) => c.logMessages.filter((m) => m.message.startsWith("copilot: a root's .vscode/settings.json changed")).length;

describe('a save of Copilot settings heard twice, by a client that pulls', () => {
  it('asks one refresh for the one change, and one again for a second change', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': ON,
      'docs/prompts/review.prompt.md': '---\ndescription: Review\ncolour: red\n---\nReview it.\n',
    });
    const c = await start({ folders: [ws], home: tempDir(), settings: { log: { level: 'debug' } } });
    expect(c.pullsDiagnostics).toBe(true);
    const prompt = await c.open(path.join(ws, 'docs/prompts/review.prompt.md'));
    expect(await pull(c, prompt)).toContain('frontmatter/unknown-key');
    const file = path.join(ws, '.vscode/settings.json');
    const settings = await c.open(file, undefined, 'jsonc');
    await pull(c, settings);
    const before = refreshes(c);

    // Removed in the editor and saved: the prompt file is no longer Copilot's, so the client is told.
    await c.edit(settings, [{ range: { start: { line: 1, character: 0 }, end: { line: 4, character: 0 } }, text: '' }]);
    await pull(c, settings);
    await c.save(settings);
    await c.waitFor('the refresh for the save', () => refreshes(c) === before + 1);
    // The watcher's word for the same save, heard before the client pulls for the refresh.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: settings, type: 2 }] });
    await c.waitFor('the second notification handled', () => heard(c) === 2);
    expect(await pull(c, prompt)).not.toContain('frontmatter/unknown-key');
    await pull(c, settings);

    // A second change is told again: docs/prompts back.
    fs.writeFileSync(file, ON);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: settings, type: 2 }] });
    await c.waitFor('a refresh for the second change', () => refreshes(c) > before + 1);
    expect(await pull(c, prompt)).toContain('frontmatter/unknown-key');
    expect(refreshes(c) - before).toBe(2);
  });
});
