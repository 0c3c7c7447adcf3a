import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/** A description the length of a page, on one line. */
const LONG = `Use ${'the fetch wrapper '.repeat(1_111)}or else.`;

describe('a hover quotes a long rule description short', () => {
  it('cuts a 20,000-character description at 200 characters with … and its length, on the rule file and on rule://', async () => {
    expect(LONG.length).toBeGreaterThan(20_000);
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/rules/api.md': `---\ndescription: ${LONG}\n---\nGo through the fetch wrapper.\n`,
      '.xcsh/rules/short.md': '---\ndescription: Calling the web API\n---\nBe brief.\n',
      'docs/notes.md': 'Follow rule://api and rule://short.\n',
    });
    const home = tempDir('agentls-home-');
    const c = await start({ folders: [ws], home });
    const shown = `> ${LONG.slice(0, 200)}… (${LONG.length.toLocaleString('en-US')} characters)`;
    const hover = async (uri: string, line: number, character: number) => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } }));

    const rule = await c.open(path.join(ws, '.xcsh/rules/api.md'));
    await c.waitForDiagnostics(rule);
    const onRuleFile = await hover(rule, 0, 1);
    expect(onRuleFile).toContain('The xcsh agent uses `.xcsh/rules/api.md`');
    expect(onRuleFile.split('\n')).toContain(shown);

    const notes = await c.open(path.join(ws, 'docs/notes.md'));
    const onLink = await hover(notes, 0, 12);
    expect(onLink).toContain('**rule `api`**');
    expect(onLink.split('\n')).toContain(shown);
    expect(Math.max(...onLink.split('\n').map((line) => line.length))).toBeLessThan(400);
    // A short one is quoted whole.
    expect((await hover(notes, 0, 28)).split('\n')).toContain('> Calling the web API');
  });
});
