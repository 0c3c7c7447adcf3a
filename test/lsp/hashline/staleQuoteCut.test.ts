import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/* A stale anchor's diagnostic quotes the line's current text, cut at 80 characters: never inside an emoji. */
describe('a stale anchor on a long line', () => {
  it('quotes the line cut before an emoji, not half of it', async () => {
    const line = `${'a'.repeat(79)}😀 tail`;
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'e.txt': `${line}\n`, 'p.hashline': '§e.txt\n≔1zz\nX\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/stale-anchor'));
    const stale = diags.find((d) => d.code === 'hashline/stale-anchor')!;
    expect(stale.message).toContain(`line 1 of e.txt is now "${'a'.repeat(79)}…"`);
  });
});
