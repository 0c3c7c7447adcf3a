import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/**
 * A Claude Code rule whose frontmatter is a single value (`---\npa\n---`): the server's
 * diagnostic says Claude Code reads no key from it, and the first line's hover says the same,
 * not a sure "applies this rule always" as if the file had been written so.
 */
describe('a .claude/rules file whose frontmatter is not `key: value` pairs, in the server', () => {
  it('has the diagnostic, and the first-line hover says what it says', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.claude/rules/api.md': '---\npa\n---\nUse the API client.\n', 'src/a.ts': '' });
    const home = tempDir('agentls-home-');
    const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home } } });
    const uri = await c.open(path.join(ws, '.claude', 'rules', 'api.md'));
    const diagnostics = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/not-a-mapping'));
    const said = diagnostics.find((x) => x.code === 'frontmatter/not-a-mapping')!;
    expect(said.message).toContain('Claude Code reads no key from it');
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    const text = (hover?.contents as MarkupContent).value;
    expect(text).toContain(said.message);
    expect(text).not.toContain('the whole rule is in every request');
  });
});
