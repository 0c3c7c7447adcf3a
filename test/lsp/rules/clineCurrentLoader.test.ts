import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectHomeFilesLikeCheck, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A rule in a subfolder of `.clinerules`, or of another extension, reaches Cline 3.x alone; a
 * subfolder of `.cline/rules` no Cline reads (rules/agents/cline.ts has the sources). The editor
 * says of them what `agentls check` says, closed and open.
 */
const SAID = ['.clinerules/sub/b.md', '.clinerules/r.mdc', '.cline/rules/sub/e.md'];

describe("Cline's rule folders over LSP", () => {
  it('give the files the current Cline does not read what agentls check says of them, closed and open', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.clinerules/a.md': 'Use tabs.\n',
      '.clinerules/r.mdc': 'Cursor style.\n',
      '.clinerules/sub/b.md': 'Nested.\n',
      '.cline/rules/c.md': 'Dot cline.\n',
      '.cline/rules/sub/e.md': 'Nested there.\n',
    });
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    expect([...expected.keys()].sort()).toEqual([...SAID].sort());
    const c = await start({ folders: [ws], home });
    const pushed = await expectPushedLikeCheck(c, ws, SAID, expected);
    expect(pushed.get('.clinerules/sub/b.md')!.map((d) => d.severity)).toEqual([3]);
    expect(String(pushed.get('.clinerules/sub/b.md')![0].message)).toContain('Cline 3.x read it');
    await expectOpenedLikeCheck(c, ws, SAID, expected);
  });

  it("give a file below Cline's global rule folder that only Cline 3.x read what agentls check says of it, naming Cline", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n' });
    const home = writeTree(tempDir('agentls-home-'), { 'Documents/Cline/Rules/g.md': 'Global.\n', 'Documents/Cline/Rules/team/n.md': 'Nested.\n', 'Documents/Cline/Rules/x.mdc': 'Cursor style.\n' });
    const c = await start({ folders: [ws], home });
    await expectHomeFilesLikeCheck(c, ws, home, [
      ['Documents/Cline/Rules/team/n.md', 'rule/not-read', 'Cline'],
      ['Documents/Cline/Rules/x.mdc', 'rule/not-read', 'Cline'],
    ]);
  });
});
