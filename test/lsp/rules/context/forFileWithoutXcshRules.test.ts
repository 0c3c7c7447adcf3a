import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { claudeCopilotTree } from '../../../helpers/claudeCopilotTree';
import { useLspClients } from '../../../helpers/lspClient';

const start = useLspClients(afterEach);

describe('rules for a file in a Claude Code and Copilot project, where the xcsh agent reads nothing', () => {
  it('the hover on the first line names the tools the project uses, not the xcsh agent', async () => {
    const ws = claudeCopilotTree();
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'CLAUDE.md'));
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
    const text = (hover.contents as MarkupContent).value;
    // The header counts no rules: a count of one agent's would read as the total of all of them.
    expect(text.split('\n')[0]).toBe('**Rules that apply to this file, by agent** (`agentls.rules.showForFile` for the report)');
    expect(text).toContain('**Claude Code: 2 rules apply**');
    expect(text).toContain('**GitHub Copilot: 1 rule applies**');
    expect(text).not.toContain('xcsh');
    const result = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src', 'x.ts')) });
    expect(result.agents.map((a) => a.agent)).toEqual(['claude', 'copilot', 'agents-md']);
  });
});
