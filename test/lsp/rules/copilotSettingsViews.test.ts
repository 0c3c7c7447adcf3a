import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * The server's instruction views (Claude Code's, Copilot's: `agentls/rulesForFile`, the buckets,
 * dead globs) follow a root's `.vscode/settings.json` as it changes, and a file that comes or
 * goes in a folder it names (`chat.instructionsFilesLocations`, workspace/copilotLocations.ts).
 * Each step asks until the server's answer shows the new state.
 */
const start = useLspClients(afterEach);

const WITH_FOLDER = '{\n  "chat.instructionsFilesLocations": { "docs/instr": true },\n}\n';
const WITHOUT = '{}\n';
const STYLE = 'docs/instr/deep/style.instructions.md';
const deadOf = (d: Diagnostic[]) => d.filter((x) => x.code === 'context/dead-glob');

/** The paths of Copilot's rules that apply to `uri`. */
async function copilotApplying(c: LspTestClient, uri: string): Promise<string[]> {
  const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri });
  return (r.agents.find((a) => a.agent === 'copilot')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);
}

/** Asks until the Copilot rules applying to `uri` pass `check`. */
function copilotUntil(c: LspTestClient, uri: string, what: string, check: (paths: string[]) => boolean): Promise<string[]> {
  return until(what, () => copilotApplying(c, uri), check);
}

/** The server, with Copilot alone selected, over a workspace holding STYLE, `src/a.ts` and `extra`; `a`: the URI of `src/a.ts`. */
async function serve(extra: Record<string, string>): Promise<{ c: LspTestClient; ws: string; a: string }> {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', [STYLE]: '---\napplyTo: "**/*.ts"\n---\nUse tabs.\n', 'src/a.ts': 'export {};\n', ...extra });
  const c = await start({ folders: [ws], settings: { rules: { agents: ['copilot'] } } });
  return { c, ws, a: c.uri(path.join(ws, 'src/a.ts')) };
}

describe('Copilot instruction folders from .vscode/settings.json in the server views', () => {
  it('lists a configured folder\'s instruction once the settings name it, and not once they no longer do', async () => {
    const { c, ws, a } = await serve({ '.github/copilot-instructions.md': 'Be brief.\n' });
    const settings = path.join(ws, '.vscode', 'settings.json');
    // Made once before the settings exist: the views the change must make again.
    await copilotUntil(c, a, 'the repository-wide instructions alone', (p) => p.includes('.github/copilot-instructions.md') && !p.includes(STYLE));

    // Written on disk while the file is closed, and reported by the client.
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, WITH_FOLDER);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 1 }] });
    await copilotUntil(c, a, 'the configured folder\'s instruction listed', (p) => p.includes(STYLE));

    // Saved from an open buffer with the folder gone.
    const buffer = await c.open(settings, undefined, 'jsonc');
    await c.setText(buffer, WITHOUT);
    await c.save(buffer);
    await copilotUntil(c, a, 'the instruction no longer listed', (p) => p.includes('.github/copilot-instructions.md') && !p.includes(STYLE));
  });

  it('lists an instruction created in a configured folder once it is reported, and not once it is removed', async () => {
    const { c, ws, a } = await serve({ '.vscode/settings.json': WITH_FOLDER });
    await copilotUntil(c, a, 'the configured folder\'s instruction', (p) => p.includes(STYLE));

    // In the folder's own top (whose listing the views keep) and in a new subfolder.
    const created = ['docs/instr/naming.instructions.md', 'docs/instr/more/tests.instructions.md'];
    for (const rel of created) writeTree(ws, { [rel]: '---\napplyTo: "src/**"\n---\nName well.\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: created.map((rel) => ({ uri: c.uri(path.join(ws, rel)), type: 1 })) });
    await copilotUntil(c, a, 'the created instructions listed', (p) => created.every((rel) => p.includes(rel)));

    fs.rmSync(path.join(ws, created[0]));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, created[0])), type: 3 }] });
    await copilotUntil(c, a, 'the removed instruction gone', (p) => !p.includes(created[0]) && p.includes(created[1]));
  });

  it('says the dead globs of a configured folder\'s instruction, open and closed as it changes on disk', async () => {
    const { c, ws, a } = await serve({ '.vscode/settings.json': WITH_FOLDER, 'docs/instr/open.instructions.md': '---\napplyTo: "nowhere/**"\n---\nNothing.\n' });
    const open = await c.open(path.join(ws, 'docs/instr/open.instructions.md'));
    await c.waitForDiagnostics(open, (d) => deadOf(d).some((x) => String(x.message).includes('"nowhere/**"')));

    // A closed one, its glob changed on disk to one that matches nothing, and reported.
    const style = path.join(ws, STYLE);
    const closed = c.uri(style);
    await copilotUntil(c, a, 'the configured folder\'s instruction', (p) => p.includes(STYLE));
    fs.writeFileSync(style, '---\napplyTo: "elsewhere/**"\n---\nUse tabs.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: closed, type: 2 }] });
    await c.waitForDiagnostics(closed, (d) => deadOf(d).some((x) => String(x.message).includes('"elsewhere/**"')));

    // The folder taken out of the settings: neither file is Copilot's any more, so neither keeps its dead glob, the open one too.
    const settings = path.join(ws, '.vscode', 'settings.json');
    fs.writeFileSync(settings, WITHOUT);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(settings), type: 2 }] });
    await c.waitForDiagnostics(closed, (d) => deadOf(d).length === 0);
    await c.waitForDiagnostics(open, (d) => deadOf(d).length === 0);
  });
});
