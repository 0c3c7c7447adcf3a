import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lineHash } from '../../../server/hashline/hash';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

describe('hashline refusals in the editor are worded for a person', () => {
  it('the command twin says which anchor is stale and what its line says now; the request keeps the agent wording', async () => {
    const ws = writeTree(tempDir(), { 'a.py': 'def alpha():\n    return 1\n' });
    const c = await start({ folders: [ws], client: 'helix' });
    const input = `§a.py\n≔2${lineHash('    return 0')}\n    return 6\n`;
    await c.executeCommand('agentls.hashline.apply', [{ input }]);
    await c.waitFor('the refusal', () => c.shownMessages.some((m) => m.message.startsWith('Hashline patch refused')));
    const shown = c.shownMessages.find((m) => m.message.startsWith('Hashline patch refused'))!.message;
    expect(shown).toBe(
      `Hashline patch refused: a.py: 1 anchor is stale (the file changed since it was read), so nothing was written:\n` +
        `  2${lineHash('    return 0')}: line 2 now reads "    return 1" (anchor 2${lineHash('    return 1')})\n` +
        'Read a.py again (agentls hashline read) and write the patch with the current anchors.',
    );
    const refused = await c.request('agentls/hashlineApply', { input }).then(
      () => undefined,
      (err: { message: string }) => err.message,
    );
    expect(refused).toMatch(/^Edit rejected: 2 anchors do not match the current file/);
    expect(fs.readFileSync(path.join(ws, 'a.py'), 'utf8')).toBe('def alpha():\n    return 1\n');
  });

  it('quotes the line as the open buffer has it, when the client spells the file URI its own way (Neovim: c++.py)', async () => {
    const ws = writeTree(tempDir(), { 'c++.py': 'def alpha():\n    return 1\n' });
    const c = await start({ folders: [ws], client: 'neovim', uriSpelling: 'neovim' });
    const uri = await c.open(path.join(ws, 'c++.py'), 'def alpha():\n    return 2\n', 'python');
    expect(uri.endsWith('/c++.py')).toBe(true);
    const input = `§c++.py\n≔2${lineHash('    return 0')}\n    return 6\n`;
    await c.executeCommand('agentls.hashline.apply', [{ input }]);
    await c.waitFor('the refusal', () => c.shownMessages.some((m) => m.message.startsWith('Hashline patch refused')));
    const shown = c.shownMessages.find((m) => m.message.startsWith('Hashline patch refused'))!.message;
    expect(shown).toContain(`line 2 now reads "    return 2" (anchor 2${lineHash('    return 2')})`);
  });
});
