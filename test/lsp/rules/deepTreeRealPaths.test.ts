import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { deepFolders } from '../../helpers/deepTree';
import { tempDir } from '../../helpers/repo';
import { workCounts } from '../../helpers/workCounts';

const start = useLspClients(afterEach);

const DEPTH = 200;

/**
 * An AGENTS.md 200 folders deep open in the editor: its diagnosis looks for a CLAUDE.md in
 * each folder above it (Claude Code's view), and every path looked at is judged by its real
 * path. Counted by the server (`real-path-steps`: names looked at on disk to resolve real
 * paths, and kept folders looked at again): each folder's real path was resolved again, name by name, for every path below
 * it, on opening and on each keystroke (about 170,000 names a keystroke).
 */
describe('an AGENTS.md 200 folders deep, open', () => {
  it('is diagnosed on opening and on a keystroke resolving real paths in steps that grow with the depth, not its square', async () => {
    const ws = tempDir('agentls-deep-');
    const file = path.join(deepFolders(ws, DEPTH), 'AGENTS.md');
    fs.writeFileSync(file, '# Deep\n\nText.\n');
    const work = workCounts();
    const steps = () => work.counts()['real-path-steps'] ?? 0;
    // Helix's client: diagnostics are pushed with the buffer's version, so a publish for the current version is the answer.
    const c = await start({ folders: [ws], client: 'helix', env: work.env });
    const uri = await c.open(file);
    await c.waitForDiagnostics(uri, () => true, 20_000);
    const opened = steps();
    // About 4,000 names and 2,000 looks at kept folders (that each still has the real path kept) now; the square was 170,000 a keystroke.
    expect(opened).toBeLessThanOrEqual(40 * DEPTH);
    await c.type(uri, { line: 2, character: 0 }, 'x');
    await c.waitForDiagnostics(uri, () => true, 20_000);
    expect(steps() - opened).toBeLessThanOrEqual(5 * DEPTH);
  }, 60_000);
});
