import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'vitest';
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

/** The paths of Copilot's rules that apply to `uri`. */
async function copilotApplying(c: LspTestClient, uri: string): Promise<string[]> {
  const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri });
  return (r.agents.find((a) => a.agent === 'copilot')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);
}

/** Asks until the Copilot rules applying to `uri` pass `check`. */
function copilotUntil(c: LspTestClient, uri: string, what: string, check: (paths: string[]) => boolean): Promise<string[]> {
  return until(what, () => copilotApplying(c, uri), check);
}

describe('Copilot instruction folders from .vscode/settings.json in the server views', () => {
  it('lists a configured folder\'s instruction once the settings name it, and not once they no longer do', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.github/copilot-instructions.md': 'Be brief.\n',
      [STYLE]: '---\napplyTo: "**/*.ts"\n---\nUse tabs.\n',
      'src/a.ts': 'export {};\n',
    });
    const settings = path.join(ws, '.vscode', 'settings.json');
    const c = await start({ folders: [ws], settings: { rules: { agents: ['copilot'] } } });
    const a = c.uri(path.join(ws, 'src/a.ts'));
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
});
