import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { PLAIN_AND_GIT_TREES } from '../../helpers/git';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { NESTED_AGENTS_MD, nestedAgentsMdTree } from '../../helpers/nestedAgentsMd';
import { until } from '../../helpers/polling';
import { serverRulesFor } from '../../helpers/rulesFor';
import { hoverText } from '../../helpers/hover';

const start = useLspClients(afterEach);

/** The server over the shared tree in a git work tree, and that tree. */
async function serve(): Promise<{ c: LspTestClient; ws: string }> {
  const ws = PLAIN_AND_GIT_TREES[1][1](nestedAgentsMdTree());
  return { c: await start({ folders: [ws] }), ws };
}

/** Rules for a file once the file index is complete (nested folders come from it). */
const rulesFor = serverRulesFor;

/** The AGENTS.md readers' files that apply to the file, in the order given. */
const applying = (r: RulesForFileResult) => (r.agents.find((a) => a.agent === 'agents-md')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);

describe('the server lists the AGENTS.md files of subfolders, from its file index', () => {
  it('in agentls/ruleBuckets, agentls/rulesForFile and the first-line hover of a source file', async () => {
    const { c, ws } = await serve();
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(buckets.nestedFolders?.filter((f) => f.agent === 'agents-md').map((f) => ({ folder: f.folder, rules: f.rules.map((r) => r.path) }))).toEqual(
      NESTED_AGENTS_MD.map((n) => ({ folder: n.folder, rules: [n.path] })),
    );
    expect(buckets.alwaysSent?.find((a) => a.agent === 'agents-md')?.items.map((i) => i.path)).toEqual(['AGENTS.md']);

    const file = path.join(ws, 'packages/api/src/x.ts');
    const forFile = await rulesFor(c, c.uri(file));
    expect(applying(forFile)).toEqual(['AGENTS.md', 'packages/AGENTS.md', 'packages/api/AGENTS.md']);
    const nearest = forFile.agents.find((a) => a.agent === 'agents-md')?.rules[2];
    expect(nearest?.reason).toContain('the nearest AGENTS.md to this file: it takes precedence where they conflict');

    const text = await hoverText(c, await c.open(file), 0, 1);
    expect(text).toContain('AGENTS.md readers: 3 rules apply');
    expect(text).toContain('packages/api/AGENTS.md');
  });

  it('lists an AGENTS.md created in a package once the server hears of it', async () => {
    const { c, ws } = await serve();
    const uri = c.uri(path.join(ws, 'tools/z.ts'));
    expect(applying(await rulesFor(c, uri))).toEqual(['AGENTS.md']);
    const created = path.join(ws, 'tools/AGENTS.md');
    fs.writeFileSync(created, 'Tools are scripts.\n');
    // As an editor's file watcher tells it.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(created), type: 1 }] });
    const after = await rulesFor(c, uri, (r) => applying(r).length === 2);
    expect(applying(after)).toEqual(['AGENTS.md', 'tools/AGENTS.md']);
  });
});
