import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { hugeFrontmatterRule, UNREAD_NOTE } from '../../helpers/hugeFrontmatterRule';

const start = useLspClients(afterEach);

describe('a rule whose frontmatter is past what agentls reads, over LSP', () => {
  it('pushes the one finding that says the frontmatter is not read', async () => {
    const ws = hugeFrontmatterRule();
    const c = await start({ folders: [ws] });
    const uri = c.uri(path.join(ws, '.cursor', 'rules', 'huge.mdc'));
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/too-large'));
    expect(ds.map((d) => [d.code, d.message])).toEqual([['frontmatter/too-large', `${UNREAD_NOTE}, so what it means to Cursor (its keys, and so when the rule applies) is not checked.`]]);
    // On the opening `---`, where the block starts.
    expect(ds[0].range.start).toEqual({ line: 0, character: 0 });
  });
});
