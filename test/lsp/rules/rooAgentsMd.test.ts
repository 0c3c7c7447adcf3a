import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { serverRulesFor } from '../../helpers/rulesFor';

/**
 * Roo Code's root AGENTS.md, else AGENT.md (rules/agents/roo.ts has the source), through the
 * real server's `agentls/rulesForFile`: listed as read by default with the setting that turns it
 * off, and followed on disk as AGENTS.md goes and AGENT.md is left.
 */
const start = useLspClients(afterEach);
const rooRules = (r: RulesForFileResult) => r.agents.find((a) => a.agent === 'roo')?.rules ?? [];

describe('Roo Code\'s root AGENTS.md in the server', () => {
  it('lists AGENTS.md, then AGENT.md once AGENTS.md is deleted', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/01-general.md': '# General\n', 'AGENTS.md': '# Agents\n', 'AGENT.md': '# Agent\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, 'src/a.ts'));
    const first = rooRules(await serverRulesFor(c, uri));
    expect(first.map((r) => [r.path, r.offSetting])).toEqual([['AGENTS.md', 'roo-cline.useAgentRules'], ['.roo/rules/01-general.md', undefined]]);
    expect(first[0].reason).toContain("read by default; Roo Code's setting roo-cline.useAgentRules turns it off (agentls does not read VS Code's settings)");
    fs.rmSync(path.join(ws, 'AGENTS.md'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'AGENTS.md')), type: 3 }] });
    const after = await serverRulesFor(c, uri, (r) => r.indexing === undefined && rooRules(r)[0]?.path !== 'AGENTS.md');
    expect(rooRules(after).map((r) => r.path)).toEqual(['AGENT.md', '.roo/rules/01-general.md']);
  });
});
