import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../../protocol/rules';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { useLspClients } from '../../../helpers/lspClient';
import { until } from '../../../helpers/polling';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** Tokens as agentls estimates them: UTF-8 bytes / 4, rounded up. */
const tokens = (text: string) => Math.ceil(Buffer.byteLength(text) / 4);

const CURSOR_BODY = 'Indent with tabs.\n';
const CLINE_RULE = 'Answer in short sentences, please.\n';

/** A root `.cursor/rules` that `.gitignore` leaves out whole, and a Cline rule it leaves out by name. */
function project(): string {
  return writeTree(tempDir(), {
    '.gitignore': '.cursor/\n*.local.md\n',
    '.cursor/rules/tabs.mdc': `---\nalwaysApply: true\n---\n${CURSOR_BODY}`,
    '.clinerules/me.local.md': CLINE_RULE,
    'src/a.ts': 'export const a = 1;\n',
  });
}

describe('rule files .gitignore leaves out, in the tools\' views over LSP', () => {
  it('agentls/ruleBuckets and agentls/rulesForFile count them for Cursor and Cline, not for the xcsh agent, and follow an edit', async () => {
    const ws = project();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const file = { uri: c.uri(path.join(ws, 'src', 'a.ts')) };

    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    const sent = buckets.alwaysSent!.map((a) => ({ agent: a.agent, total: a.totalTokens, files: a.items.map((i) => i.path) }));
    expect(sent).toEqual([
      { agent: 'cursor', total: tokens(CURSOR_BODY), files: ['.cursor/rules/tabs.mdc'] },
      { agent: 'cline', total: tokens(CLINE_RULE), files: ['.clinerules/me.local.md'] },
    ]);

    const forFile = await c.request<RulesForFileResult>('agentls/rulesForFile', file);
    expect(forFile.agents.map((a) => ({ agent: a.agent, applying: a.rules.filter((r) => r.applies).map((r) => r.path), sent: a.alwaysSentTokens }))).toEqual([
      { agent: 'cursor', applying: ['.cursor/rules/tabs.mdc'], sent: tokens(CURSOR_BODY) },
      { agent: 'cline', applying: ['.clinerules/me.local.md'], sent: tokens(CLINE_RULE) },
    ]);

    // The ignored rule, open and typed into: Cursor's figure follows the buffer.
    const uri = await c.open(path.join(ws, '.cursor', 'rules', 'tabs.mdc'));
    const longer = `${CURSOR_BODY}Never mix tabs and spaces in one file, whatever the editor suggests.\n`;
    await c.setText(uri, `---\nalwaysApply: true\n---\n${longer}`);
    const cursorSent = (r: RulesForFileResult) => r.agents.find((a) => a.agent === 'cursor')?.alwaysSentTokens;
    const after = await until('Cursor to send the edited rule', () => c.request<RulesForFileResult>('agentls/rulesForFile', file), (r) => cursorSent(r) === tokens(longer), 10_000);
    expect(cursorSent(after)).toBe(tokens(longer));
    // The xcsh agent reads none of them and has no `.xcsh` here: not listed, before or after.
    expect(after.agents.some((a) => a.agent === 'seed')).toBe(false);
  });
});
