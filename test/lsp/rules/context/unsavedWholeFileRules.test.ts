import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../../protocol/rules';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * What an open, unsaved buffer of an always-applied rule file holds is what the editor counts:
 * its tool's total in agentls/ruleBuckets, its rules for a file (agentls/rulesForFile) and the
 * over-budget finding follow the typing, before the file is saved. The same for a
 * `.cursor/rules/*.mdc` with `alwaysApply: true` and for the legacy files its tool sends whole
 * (`.cursorrules`, `.windsurfrules`).
 */

const BUDGET = 20;
const SHORT = 'Write tests first.\n';
// Well over the budget once typed: ≈ 10 × 19 bytes / 4 tokens.
const LONG = SHORT.repeat(10);
const tokens = (text: string) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4);

const CASES = [
  { file: '.cursor/rules/tests.mdc', agent: 'cursor', name: 'tests', head: '---\nalwaysApply: true\n---\n' },
  { file: '.cursorrules', agent: 'cursor', name: '.cursorrules', head: '' },
  { file: '.windsurfrules', agent: 'windsurf', name: '.windsurfrules', head: '' },
];

describe('an unsaved buffer of a rule file sent in every request', () => {
  for (const { file, agent, name, head } of CASES) {
    it(`${file}: counted from the buffer in ruleBuckets, rulesForFile and the over-budget finding`, async () => {
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', [file]: head + SHORT, 'a.ts': 'x\n' });
      const c = await start({ folders: [ws], home: tempDir('agentls-home-'), settings: { rules: { budgetTokens: BUDGET } } });
      const uri = await c.open(path.join(ws, file), head + SHORT, file.endsWith('.mdc') ? 'markdown' : 'plaintext');
      const total = async () => (await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) })).alwaysSent?.find((s) => s.agent === agent)?.totalTokens;
      expect(await total()).toBe(tokens(SHORT));

      await c.setText(uri, head + LONG);
      // The state the server reports once it has read the buffer: the tool is over the budget.
      const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'context/over-budget'));
      expect(ds.find((d) => d.code === 'context/over-budget')?.message).toContain(`sends ≈${tokens(LONG)} tokens of rules in every request, over agentls.rules.budgetTokens (${BUDGET})`);
      expect(await total()).toBe(tokens(LONG));
      const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'a.ts')) });
      const view = forFile.agents.find((a) => a.agent === agent);
      expect(view?.rules.map((r) => [r.name, r.tokens, r.applies])).toEqual([[name, tokens(LONG), true]]);
      expect(view?.alwaysSentTokens).toBe(tokens(LONG));
    });
  }
});
