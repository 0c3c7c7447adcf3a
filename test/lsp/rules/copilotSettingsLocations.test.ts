import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver/node';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Copilot's folders from a root's `.vscode/settings.json` (`chat.promptFilesLocations`,
 * `chat.instructionsFilesLocations`: workspace/copilotLocations.ts) through the real server: a
 * configured folder's prompt and instruction files get Copilot's diagnostics and hover, and a
 * change of the settings file, on disk or saved from its buffer, is seen without a restart.
 * A client that takes pushed diagnostics: each step waits for the publish.
 */
const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);

/** Runs `act`, then waits for the server's next publish on `uri` and gives its diagnostics. */
async function nextPublish(c: LspTestClient, uri: string, act: () => Promise<unknown>): Promise<Diagnostic[]> {
  const from = c.diagnosticsLog.length;
  await act();
  const next = () => c.diagnosticsLog.slice(from).find((p) => p.uri === uri);
  await c.waitFor(`a publish on ${uri}`, () => next() !== undefined);
  return next()!.diagnostics;
}

const SETTINGS_ON = '{\n  "chat.promptFilesLocations": { "docs/prompts": true },\n  "chat.instructionsFilesLocations": { "docs/instr": true },\n}\n';
const SETTINGS_OFF = '{}\n';

describe('Copilot folders from .vscode/settings.json over LSP', () => {
  it('gives a configured folder\'s files Copilot\'s diagnostics and hover, and follows the settings file as it changes', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'docs/prompts/review.prompt.md': '---\ndescription: Review\ncolour: red\n---\nReview it.\n',
      'docs/instr/deep/style.instructions.md': '---\napplyTo: "**/*.ts"\nexcludeAgent: robot\n---\nUse tabs.\n',
      'src/a.ts': 'export {};\n',
    });
    const settings = path.join(ws, '.vscode', 'settings.json');
    const c = await start({ folders: [ws], home: tempDir(), client: "neovim" });
    const prompt = await c.open(path.join(ws, 'docs/prompts/review.prompt.md'));
    const instr = await c.open(path.join(ws, 'docs/instr/deep/style.instructions.md'));
    // No settings: neither is Copilot's.
    expect(codes(await c.waitForDiagnostics(prompt))).not.toContain('frontmatter/unknown-key');
    expect(codes(await c.waitForDiagnostics(instr))).not.toContain('frontmatter/invalid-value');

    // Written on disk while the server runs, the file not open: the server's own watcher sees it (this client watches nothing).
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, SETTINGS_ON);
    const promptFound = await c.waitForDiagnostics(prompt, (ds) => codes(ds).includes('frontmatter/unknown-key'));
    expect(promptFound.find((d) => d.code === 'frontmatter/unknown-key')?.message).toContain("GitHub Copilot's prompt-file docs do not list `colour`");
    const instrFound = await c.waitForDiagnostics(instr, (ds) => codes(ds).includes('frontmatter/invalid-value'));
    expect(instrFound.find((d) => d.code === 'frontmatter/invalid-value')?.message).toContain('GitHub Copilot knows no excludeAgent value "robot"');
    const promptHover = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: prompt }, position: { line: 0, character: 1 } }));
    expect(promptHover).toContain('**GitHub Copilot prompt file**');
    const keyHover = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: instr }, position: { line: 1, character: 2 } }));
    expect(keyHover).toContain('Copilot');

    // Saved from an open buffer (didSave): the folders are off again, and what Copilot's linters said goes.
    const buffer = await c.open(settings, undefined, 'jsonc');
    await c.setText(buffer, SETTINGS_OFF);
    await c.save(buffer);
    await c.waitForDiagnostics(prompt, (ds) => !codes(ds).includes('frontmatter/unknown-key'));
    await c.waitForDiagnostics(instr, (ds) => !codes(ds).includes('frontmatter/invalid-value'));
  });

  it('shows what check says of the settings file on it, closed: one that is a named pipe (never opened), then an entry refused, then nothing', async () => {
    // A Copilot user's project (its repository-wide instructions): a settings file agentls cannot read concerns them.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.vscode/keep': '', 'src/a.ts': 'export {};\n', '.github/copilot-instructions.md': 'Be brief.\n' });
    const settings = path.join(ws, '.vscode', 'settings.json');
    expect(spawnSync('mkfifo', [settings]).status).toBe(0);
    const c = await start({ folders: [ws], home: tempDir(), client: 'neovim' });
    const pipe = await c.waitForDiagnostics(c.uri(settings), (ds) => ds.length > 0);
    expect(pipe.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([['rule/unreadable', 2, 0]]);
    expect(pipe[0].message).toContain("named pipe, socket or device, which agentls never opens), so it checks GitHub Copilot's prompt and instruction files in the default folders alone");

    // Replaced on disk by a settings file with an entry agentls does not read: said on its line, as check says it.
    fs.rmSync(settings);
    fs.writeFileSync(settings, '{\n  "chat.promptFilesLocations": { "~/prompts": true }\n}\n');
    const refused = await c.waitForDiagnostics(c.uri(settings), (ds) => codes(ds).includes('rule/not-read'));
    expect(refused.map((d) => [d.code, d.range.start.line])).toEqual([['rule/not-read', 1]]);

    // Opened and typed in (each version diagnosed), saved with a second refused entry, then closed: the findings stay on it.
    // Each step waits for the server's next publish on the file: this client's publishes carry no version, so the
    // last one before the open (the closed file's) would pass for the buffer's, and hide a diagnosis that cleared it.
    const open = c.uri(settings);
    expect(codes(await nextPublish(c, open, () => c.open(settings, undefined, 'jsonc')))).toEqual(['rule/not-read']);
    expect(codes(await nextPublish(c, open, () => c.type(open, { line: 0, character: 1 }, ' ')))).toEqual(['rule/not-read']);
    await c.setText(open, '{\n  "chat.promptFilesLocations": { "~/prompts": true, "/etc": true }\n}\n');
    await c.save(open);
    await c.waitForDiagnostics(open, (ds) => codes(ds).filter((x) => x === 'rule/not-read').length === 2);
    expect(codes(await nextPublish(c, open, () => c.type(open, { line: 0, character: 1 }, ' ')))).toEqual(['rule/not-read', 'rule/not-read']);
    await c.close(open);
    await c.waitForDiagnostics(c.uri(settings), (ds) => codes(ds).filter((x) => x === 'rule/not-read').length === 2);
    fs.writeFileSync(settings, SETTINGS_OFF);
    await c.waitForDiagnostics(c.uri(settings), (ds) => ds.length === 0);
  });
});
