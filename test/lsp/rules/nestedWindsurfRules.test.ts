import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { nestedWindsurfTree, SCOPE_NOT_DOCUMENTED } from '../../helpers/nestedWindsurfRules';
import { until } from '../../helpers/polling';

const start = useLspClients(afterEach);

describe("the server lists a package's own .windsurf/rules, from its file index", () => {
  it('in agentls/ruleBuckets, agentls/rulesForFile and the first-line hover of a source file', async () => {
    const ws = nestedWindsurfTree();
    const c = await start({ folders: [ws] });
    // Nested folders come from the file index: asked until the server says its first listing is complete.
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(buckets.nestedFolders?.map((f) => ({ agent: f.agent, folder: f.folder, rules: f.rules.map((r) => r.path) }))).toEqual([
      { agent: 'windsurf', folder: 'packages/web', rules: ['packages/web/.windsurf/rules/tsx.md', 'packages/web/.windsurf/rules/web.md'] },
    ]);
    expect(buckets.alwaysSent?.find((a) => a.agent === 'windsurf')?.items.map((i) => i.path)).toEqual(['.windsurf/rules/root.md']);

    const file = path.join(ws, 'packages/web/src/x.tsx');
    const forFile = await until('rules for the file', () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file) }), (r) => r.indexing === undefined);
    const windsurf = forFile.agents.find((a) => a.agent === 'windsurf')?.rules ?? [];
    expect(windsurf.map((r) => [r.path, r.applies, r.onDemandIn])).toEqual([
      ['.windsurf/rules/root.md', true, undefined],
      ['packages/web/.windsurf/rules/tsx.md', true, 'packages/web'],
      ['packages/web/.windsurf/rules/web.md', true, 'packages/web'],
    ]);

    const uri = await c.open(file);
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    const text = (h?.contents as MarkupContent | undefined)?.value ?? '';
    expect(text).toContain('Windsurf: 3 rules apply');
    expect(text).toContain('packages/web/.windsurf/rules/web.md');
    expect(text).toContain(SCOPE_NOT_DOCUMENTED);
  });
});
