import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { nestedWindsurfTree, SCOPE_NOT_DOCUMENTED } from '../../helpers/nestedWindsurfRules';
import { until } from '../../helpers/polling';

const start = useLspClients(afterEach);

describe("the hover of a package's own .windsurf/rules file", () => {
  it('says its scope as a likelihood, as agentls rules does, and never that it is sent in every request', async () => {
    const ws = nestedWindsurfTree();
    const c = await start({ folders: [ws] });
    // The package's folder comes from the file index: asked until the server says its first listing is complete.
    await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    const hover = async (rel: string, line: number) => {
      const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri: await c.open(path.join(ws, rel)) }, position: { line, character: 1 } });
      return (h?.contents as MarkupContent | undefined)?.value ?? '';
    };
    const always = await hover('packages/web/.windsurf/rules/web.md', 0);
    expect(always).toContain(
      `Windsurf applies this rule always, most likely to files under packages/web/ only (${SCOPE_NOT_DOCUMENTED}): the whole rule is in every request that has one in play (\`trigger: always_on\`).`,
    );
    expect(always).toMatch(/Size: ≈\d+ tokens? \(UTF-8 bytes \/ 4\)\.$/);
    // The key's hover says the same reach.
    expect(await hover('packages/web/.windsurf/rules/web.md', 1)).toContain(`In Windsurf this rule is applied always, most likely to files under packages/web/ only (${SCOPE_NOT_DOCUMENTED}).`);

    expect(await hover('packages/web/.windsurf/rules/tsx.md', 0)).toContain(
      `Windsurf attaches this rule while a file matching \`**/*.tsx\` is in play (\`trigger: glob\`, \`globs\`), most likely one under packages/web/ only (${SCOPE_NOT_DOCUMENTED}).`,
    );
  });
});
