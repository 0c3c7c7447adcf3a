import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { workCounts } from '../../helpers/workCounts';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Copilot's default instruction folder turned off by the root's `.vscode/settings.json`
 * (`".github/instructions": false` in `chat.instructionsFilesLocations`: workspace/copilotLocations.ts),
 * through the real server: its files are no instruction files to rules in context, neither
 * when open nor when they change on disk (the server's own count of the changes it acts on:
 * `server/workspace/testCounts.ts`).
 */
const start = useLspClients(afterEach);
const deadOf = (d: Diagnostic[]) => d.filter((x) => x.code === 'context/dead-glob');
const DEFAULT_RULE = '.github/instructions/ts.instructions.md';
const NAMED_RULE = 'docs/instr/ts.instructions.md';
const NOWHERE = '---\napplyTo: "nowhere/**"\n---\nNothing.\n';
const OFF = '{\n  "chat.instructionsFilesLocations": { ".github/instructions": false, "docs/instr": true }\n}\n';

/** The server, with Copilot alone selected, over a workspace whose two instruction files' globs match nothing. */
async function serve(settings: string) {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', [DEFAULT_RULE]: NOWHERE, [NAMED_RULE]: NOWHERE, 'src/a.ts': 'export {};\n', '.vscode/settings.json': settings });
  const work = workCounts();
  const c = await start({ folders: [ws], home: tempDir(), env: work.env, settings: { rules: { agents: ['copilot'] } } });
  return { ws, c, counts: work.counts };
}

describe("Copilot's default instruction folder turned off in .vscode/settings.json", () => {
  it('gives an open file there no dead glob, as it does by default', async () => {
    const on = await serve('{}\n');
    const dead = await on.c.waitForDiagnostics(await on.c.open(path.join(on.ws, DEFAULT_RULE)), (d) => deadOf(d).length > 0);
    expect(deadOf(dead)[0].message).toContain('"nowhere/**"');

    const off = await serve(OFF);
    // The folder the settings name is judged, and the one they turn off is not.
    await off.c.waitForDiagnostics(await off.c.open(path.join(off.ws, NAMED_RULE)), (d) => deadOf(d).length > 0);
    expect(deadOf(await off.c.waitForDiagnostics(await off.c.open(path.join(off.ws, DEFAULT_RULE))))).toEqual([]);
  });

  it('acts on a change on disk there no more, while it acts on one in the folder the settings name', async () => {
    const { ws, c, counts } = await serve(OFF);
    const named = c.uri(path.join(ws, NAMED_RULE));
    await c.waitForDiagnostics(named, (d) => deadOf(d).some((x) => String(x.message).includes('"nowhere/**"')));
    // Both changed in one report: the named folder's new glob is said once the change was acted on.
    for (const rel of [DEFAULT_RULE, NAMED_RULE]) fs.writeFileSync(path.join(ws, rel), NOWHERE.replace('nowhere', 'elsewhere'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [DEFAULT_RULE, NAMED_RULE].map((rel) => ({ uri: c.uri(path.join(ws, rel)), type: 2 })) });
    await c.waitForDiagnostics(named, (d) => deadOf(d).some((x) => String(x.message).includes('"elsewhere/**"')));
    const acted = Object.keys(counts()).filter((k) => k.startsWith('context-instruction-change '));
    expect(acted).toEqual([`context-instruction-change ${path.join(ws, NAMED_RULE)}`]);
  });
});
