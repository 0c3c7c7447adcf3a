import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A symbolic link in `.cline/rules/`, which Cline 4 and the Cline CLI never read (discovery.ts,
 * `clineLinks`, has the source), gets in the editor what `agentls check` says of it.
 */
describe('Symbolic links in .cline/rules, over LSP', () => {
  it('are said to be read by no Cline 4, closed and open', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'shared/s.md': 'Shared rule.\n', 'shared/dir/x.md': 'In a folder.\n', '.cline/rules/plain.md': 'Plain.\n' });
    fs.symlinkSync('../../shared/s.md', path.join(ws, '.cline/rules/linked.md'));
    fs.symlinkSync('../../shared/dir', path.join(ws, '.cline/rules/dir'));
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    expect([...expected.keys()].sort()).toEqual(['.cline/rules/dir', '.cline/rules/linked.md']);
    const c = await start({ folders: [ws], home });
    const pushed = await expectPushedLikeCheck(c, ws, ['.cline/rules/linked.md', '.cline/rules/dir'], expected);
    expect(pushed.get('.cline/rules/linked.md')!.map((d) => [d.severity, String(d.message)])).toEqual([[1, expect.stringMatching(/^Cline 4 and the Cline CLI never read this file: it is a symbolic link/)]]);
    // An editor opens the linked file (a folder it does not open as a document).
    await expectOpenedLikeCheck(c, ws, ['.cline/rules/linked.md'], expected);
  });
});
