import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { hugeFrontmatterPerAgent, notReadReason } from '../../helpers/hugeFrontmatterRule';

/**
 * Rule files whose frontmatter agentls does not read (past `LIMITS.ruleFrontmatterChars`),
 * through the real server: `agentls/rulesForFile`, `agentls/ruleBuckets` and the first-line
 * hover give them no mode or bucket made up from the `{}` agentls holds in their place; they
 * are told as not read, with why.
 */
const start = useLspClients(afterEach);

const CURSOR = '.cursor/rules/big.mdc';
const WINDSURF = '.windsurf/rules/wide.md';
const COPILOT = '.github/instructions/big.instructions.md';

describe('rules whose frontmatter agentls does not read, over LSP', () => {
  it('rulesForFile gives them no mode; ruleBuckets and the hover say they were not read', async () => {
    const ws = hugeFrontmatterPerAgent();
    const c = await start({ folders: [ws] });
    const a = c.uri(path.join(ws, 'src/a.ts'));
    // Every agent of the workspace is in the answer once its views are made (Copilot's are read apart).
    const forFile = await until(
      'the four agents in the rules for src/a.ts',
      () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: a }),
      (r) => r.agents.length === 4,
    );
    expect(forFile.agents.map((x) => [x.agent, x.rules])).toEqual([
      ['seed', []],
      ['cursor', []],
      ['windsurf', []],
      ['copilot', []],
    ]);

    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(buckets.buckets).toEqual({ ttsr: [], alwaysApply: [], rulebook: [], none: [] });
    const uncounted = Object.fromEntries((buckets.alwaysSent ?? []).map((x) => [x.agent, x.uncounted.map((u) => u.path)]));
    expect(uncounted).toEqual({ seed: [CURSOR, WINDSURF], cursor: [CURSOR], windsurf: [WINDSURF], copilot: [COPILOT] });

    const uri = await c.open(path.join(ws, CURSOR));
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    const text = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    expect(text).toContain(`agentls did not read this file for Cursor (${notReadReason(CURSOR)}), so how Cursor applies it is not known here.`);
    expect(text).not.toMatch(/manual|no bucket/i);
  });
});
