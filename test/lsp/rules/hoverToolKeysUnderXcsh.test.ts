import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/*
 * Under rules.profile xcsh the engine reads `always-apply` as `alwaysApply` (its parser
 * camelizes kebab-case keys: rules.md §3); Cursor reads keys as written and ignores
 * `always-apply` (agents/cursor.ts has the source). The hover speaks for Cursor as Cursor
 * reads the file, as the CLI does (test/cli/toolKeysUnderXcshProfile.test.ts).
 */
describe('hover in a Cursor rule saying always-apply: true, under rules.profile xcsh', () => {
  it('says Cursor offers the rule by its description, on its first line and its keys', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': '---\ndescription: Style\nalways-apply: true\n---\nUse tokens.\n', 'src/a.ts': 'export const a = 1;\n' });
    const home = tempDir('agentls-home-');
    const c = await start({ folders: [ws], home, settings: { rules: { profile: 'xcsh' } } });
    const file = path.join(ws, '.cursor/rules/style.mdc');
    const uri = await c.open(file);
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/unknown-key'));
    const hover = async (line: number, character: number) => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } }));
    expect(await hover(0, 1)).toBe("**rule `style`**\n\nCursor offers this rule's description to the model, which reads the rule when it judges it relevant (`description`).\n\nSize: ≈3 tokens (UTF-8 bytes / 4).");
    expect(await hover(1, 2)).toBe('**description**\n\nCursor reads `description` (text): `"Style"`. In Cursor this rule is applied when the model judges its description relevant.');
    expect(await hover(2, 2)).toBe('**always-apply**\n\nCursor ignores `always-apply`: it reads only `description`, `globs`, `alwaysApply`.');
  });
});
