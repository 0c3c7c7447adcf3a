import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** A Cursor rule with one glob that matches and `glob`. */
const rule = (glob: string) => `---\ndescription: x\nglobs: ["src/**/*.ts", "${glob}"]\n---\nBody.\n`;

/** The debug line the server writes when it lists a folder on disk for a dead glob (`ReachByRoot.judgeGlobs`). */
const WALK = /rules in context: listing (.*) of .* on disk for ignored files a dead glob may match/;

/**
 * A dead glob is looked for among the files the index leaves out (`ignoredGlobs.ts`). Once the
 * whole tree was looked through for one, a glob typed next with its own literal folder
 * (`big/**\/*.nope`) is looked for in that listing, in memory: a keystroke never lists a
 * folder again. Seen from the server's debug log, which names every folder it lists.
 */
describe('a dead glob typed into a folder already looked through', () => {
  it('is judged without listing the folder again', async () => {
    const tree: Record<string, string> = { 'src/a.ts': 'x\n', '.cursor/rules/r.mdc': rule('**/*.nope') };
    for (let i = 0; i < 5; i++) tree[`big/d${i}/f.txt`] = 'x\n';
    const ws = writeTree(tempDir('agentls-typed-folders-'), tree);
    const c = await start({ folders: [ws], client: 'neovim', initializationOptions: { agentls: { log: { level: 'debug' } } } });
    const walks = () => c.logMessages.map((m) => WALK.exec(m.message)?.[1]).filter((w): w is string => w !== undefined);
    const uri = await c.open(path.join(ws, '.cursor/rules/r.mdc'));
    const dead = (glob: string) => (d: Diagnostic[]) => d.some((x) => x.code === 'context/dead-glob' && String(x.message).includes(`"${glob}"`));
    await c.waitForDiagnostics(uri, dead('**/*.nope'), 20_000);
    // The whole tree was looked through for `**/*.nope`, `big` with it (the log line comes before the finding it led to).
    expect(walks()).toEqual(['the whole folder']);

    await c.setText(uri, rule('big/**/*.nope'));
    await c.waitForDiagnostics(uri, dead('big/**/*.nope'), 20_000);
    await c.setText(uri, rule('big/d3/**/*.nope'));
    await c.waitForDiagnostics(uri, dead('big/d3/**/*.nope'), 20_000);
    expect(walks()).toEqual(['the whole folder']);
  });
});
