import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/**
 * Claude Code's `paths` as one string, in the server: a note on the value whose quick fix
 * writes the one-item list the docs show, after which the hover says "attaches" without a hedge.
 */
describe("Claude Code's `paths` written as one string, in the server", () => {
  it('has the note and its quick fix; the list it writes is then read with no hedge', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.claude/rules/t.md': '---\npaths: "**/*.test.ts"\n---\nTest rule.\n', 'src/a.test.ts': '' });
    const home = tempDir('agentls-home-');
    const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home } } });
    const uri = await c.open(path.join(ws, '.claude', 'rules', 't.md'));
    const [note] = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    expect(note).toMatchObject({ code: 'frontmatter/wrong-type', severity: 3 });
    const hover = async () => ((await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }))?.contents as MarkupContent).value;
    expect(await hover()).toContain('Claude Code most likely attaches this rule');

    const [action] = await c.codeActions(uri, note.range, ['quickfix']);
    expect(action.title).toBe('Write the globs as a list: ["**/*.test.ts"]');
    await c.applyCodeAction(action);
    expect(c.text(uri)).toBe('---\npaths: ["**/*.test.ts"]\n---\nTest rule.\n');
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
    expect(await hover()).toContain('Claude Code attaches this rule while a file matching `**/*.test.ts` is in play (`paths`).\n');
  });
});
