import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** A Cursor rule with one glob that matches and `glob`. */
const rule = (glob: string) => `---\ndescription: x\nglobs: ["src/**/*.ts", "${glob}"]\n---\nBody.\n`;

/** Three days ago: older than a day, so the next read of the folder sets its access time (relatime). */
const longAgo = () => new Date(Date.now() - 3 * 86_400_000);

/** The folders' access times, read without reading them. */
const accessTimes = (dirs: string[]) => dirs.map((d) => fs.statSync(d).atimeMs);

/**
 * A dead glob is looked for among the files the index leaves out (`ignoredGlobs.ts`). Once the
 * whole tree was looked through for one, a glob typed next with its own literal folder
 * (`big/**\/*.nope`) is looked for in that listing, in memory: a keystroke never lists a
 * folder again. Seen from the disk: the folders' access times stay as they were.
 */
describe('a dead glob typed into a folder already looked through', () => {
  it('is judged without listing the folder again', async (ctx) => {
    const tree: Record<string, string> = { 'src/a.ts': 'x\n', '.cursor/rules/r.mdc': rule('**/*.nope') };
    for (let i = 0; i < 5; i++) tree[`big/d${i}/f.txt`] = 'x\n';
    const ws = writeTree(tempDir('agentls-typed-folders-'), tree);
    const dirs = [path.join(ws, 'big'), ...[0, 1, 2, 3, 4].map((i) => path.join(ws, `big/d${i}`))];
    for (const d of dirs) fs.utimesSync(d, longAgo(), longAgo());
    // A file system that keeps no access times cannot tell: the check below would pass for nothing.
    const probe = path.join(tempDir('agentls-atime-'), 'probe');
    fs.mkdirSync(probe);
    fs.utimesSync(probe, longAgo(), longAgo());
    const before = fs.statSync(probe).atimeMs;
    fs.readdirSync(probe);
    if (fs.statSync(probe).atimeMs === before) ctx.skip();

    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, '.cursor/rules/r.mdc'));
    const dead = (glob: string) => (d: Diagnostic[]) => d.some((x) => x.code === 'context/dead-glob' && String(x.message).includes(`"${glob}"`));
    await c.waitForDiagnostics(uri, dead('**/*.nope'), 20_000);
    // The whole tree was looked through for `**/*.nope`, `big` with it.
    const aDayAgo = Date.now() - 86_400_000;
    expect(accessTimes(dirs).every((t) => t > aDayAgo)).toBe(true);
    for (const d of dirs) fs.utimesSync(d, longAgo(), longAgo());
    const reset = accessTimes(dirs);

    await c.setText(uri, rule('big/**/*.nope'));
    await c.waitForDiagnostics(uri, dead('big/**/*.nope'), 20_000);
    await c.setText(uri, rule('big/d3/**/*.nope'));
    await c.waitForDiagnostics(uri, dead('big/d3/**/*.nope'), 20_000);
    expect(accessTimes(dirs)).toEqual(reset);
  });
});
