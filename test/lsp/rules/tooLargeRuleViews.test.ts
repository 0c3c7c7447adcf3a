import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tooLargeReason, tooLargeRules } from '../../helpers/tooLargeRule';

/**
 * Rule files too large for agentls to read, through the real server: such a file is in no
 * bucket of `agentls/ruleBuckets` and is told as not read by each agent (it was the xcsh
 * agent's "No bucket" and in no Cursor view), as the first-line hover says.
 */
const start = useLspClients(afterEach);

const CURSOR = '.cursor/rules/big.mdc';
const COPILOT = '.github/instructions/big.instructions.md';

describe('rule files too large to read, over LSP', () => {
  it('ruleBuckets gives a file too large to read no bucket; each agent and the hover say it was not read', async () => {
    const ws = tooLargeRules();
    const c = await start({ folders: [ws] });
    // Copilot's view is read apart: waited for, as every agent's.
    const buckets = await until(
      'the three agents in the buckets',
      () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }),
      (r) => (r.alwaysSent ?? []).length === 3,
    );
    expect(buckets.rules).toEqual([]);
    expect(buckets.buckets).toEqual({ ttsr: [], alwaysApply: [], rulebook: [], none: [] });
    const uncounted = Object.fromEntries((buckets.alwaysSent ?? []).map((x) => [x.agent, x.uncounted]));
    const notRead = (rel: string) => [{ path: rel, reason: tooLargeReason(ws, rel) }];
    expect(uncounted).toEqual({ seed: notRead(CURSOR), cursor: notRead(CURSOR), copilot: notRead(COPILOT) });

    const uri = await c.open(path.join(ws, CURSOR));
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    const text = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    expect(text).toContain(`agentls did not read this file for Cursor (${tooLargeReason(ws, CURSOR)}), so how Cursor applies it is not known here.`);
    expect(text).not.toMatch(/manual|no bucket/i);
  });
});
