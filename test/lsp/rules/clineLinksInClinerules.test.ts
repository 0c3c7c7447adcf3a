import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * Symbolic links in `.clinerules/`, which no Cline reads (rules/agents/cline.ts,
 * `CLINE_SKIPS_BROKEN_LINKS`, has the sources): the editor says of each what `agentls check` says,
 * a link to nothing the warning it is in `.cline/rules/`, a link to a folder or to a `.txt` rule an error.
 */
describe('Symbolic links in .clinerules, over LSP', () => {
  it('get what check says of them, closed and open', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'shared/s.txt': 'Shared rule.\n', 'shared/dir/x.md': 'In a folder.\n', '.clinerules/ok.md': 'Use tabs.\n' });
    fs.symlinkSync('../shared/gone.md', path.join(ws, '.clinerules/gone.md'));
    fs.symlinkSync('../shared/dir', path.join(ws, '.clinerules/dir'));
    fs.symlinkSync('../shared/s.txt', path.join(ws, '.clinerules/s.txt'));
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    expect([...expected.keys()].sort()).toEqual(['.clinerules/dir', '.clinerules/gone.md', '.clinerules/s.txt']);
    const c = await start({ folders: [ws], home });
    const pushed = await expectPushedLikeCheck(c, ws, ['.clinerules/gone.md', '.clinerules/dir', '.clinerules/s.txt'], expected);
    expect(pushed.get('.clinerules/gone.md')!.map((d) => d.severity)).toEqual([2]);
    // An editor opens the linked file as its target's text.
    await expectOpenedLikeCheck(c, ws, ['.clinerules/s.txt'], expected);
  });
});
