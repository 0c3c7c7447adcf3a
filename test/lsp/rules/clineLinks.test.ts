import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../helpers/checkParity';
import { CLINE_LINKS, linkedClineRules } from '../../helpers/linkedClineRules';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir } from '../../helpers/repo';

const start = useLspClients(afterEach);

describe('linked rule files in .clinerules, over LSP', () => {
  for (const client of ['vscode', 'neovim'] as const) {
    it(`get what agentls check says of them (Cline never reads them), closed and open, in ${client}`, async () => {
      const ws = linkedClineRules(true);
      const home = tempDir('agentls-home-');
      const expected = checkReport(ws, home);
      const c = await start({ folders: [ws], home, client });
      const pushed = await expectPushedLikeCheck(c, ws, CLINE_LINKS, expected);
      for (const [rel, ds] of pushed) expect(ds.some((d) => String(d.message).startsWith('Cline never reads this file')), rel).toBe(true);
      await expectOpenedLikeCheck(c, ws, CLINE_LINKS, expected);
    });
  }
});
