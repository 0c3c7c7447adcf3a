import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileCandidatesPayload } from '../../../protocol/rawp';
import { useLspClients } from '../../helpers/lspClient';
import { status, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

describe('a workspace folder nested in another, removed at run time', () => {
  it('leaves its files found from the outer folder, or the answer says the outer folder is still being listed', async () => {
    // Enough files below the nested folder that listing them again takes a moment.
    const tree: Record<string, string> = { 'src/alpha.ts': 'x', 'packages/b/src/gamma.ts': 'x' };
    for (let i = 0; i < 3000; i++) tree[`packages/b/lib/m${i % 30}/file${i}.ts`] = 'x';
    const a = writeTree(tempDir('agentls-a-'), tree);
    const b = path.join(a, 'packages/b');
    const c = await start({ folders: [a, b] });
    const fromA = c.uri(path.join(a, 'src/alpha.ts'));
    const gamma = (): Promise<FileCandidatesPayload> => c.request('agentls/fileSearch', { query_id: randomUUID(), query: 'gamma', from_uri: fromA });
    // Indexed once, in B's own index, and found from A by its path in A.
    expect((await until('the first index', gamma, (r) => !r.indexing, 20_000)).candidates.map((x) => x.path)).toEqual(['packages/b/src/gamma.ts']);
    await c.notify('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [{ uri: c.uri(b), name: 'b' }] } });
    await until('B to be removed', () => status(c), (s) => !s.roots.includes(b), 10_000);
    // B's index is gone and A lists packages/b again: an answer meanwhile was empty and said nothing of it.
    const first = await gamma();
    if (!first.indexing) expect(first.candidates.map((x) => x.path)).toEqual(['packages/b/src/gamma.ts']);
    const settled = await until('A to be listed again', gamma, (r) => !r.indexing, 20_000);
    expect(settled.candidates.map((x) => x.path)).toEqual(['packages/b/src/gamma.ts']);
  });
});
