import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * A legacy `.cursorrules` is sent whole, its frontmatter too (`frontmatter/sent-as-text`):
 * the size its first line's hover gives is that of the whole file, the figure
 * `agentls/rulesForFile` gives Cursor's rule, for the buffer as typed, not only its body.
 */
describe('the size in the hover of a file its tool sends whole', () => {
  it('counts the whole file, frontmatter included, as the rules-for-file report does, and follows the unsaved buffer', async () => {
    const text = '---\nalwaysApply: false\ndescription: A fairly long description line here\n---\nUse tabs.\n';
    const ws = writeTree(tempDir(), { '.cursorrules': text, 'src/a.ts': 'export const a = 1;\n' });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const uri = await c.open(path.join(ws, '.cursorrules'));
    const hover = async () => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
    const reported = async () => {
      const result = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src/a.ts')) });
      return result.agents.find((a) => a.agent === 'cursor')!.rules.find((r) => r.path === '.cursorrules')!.tokens;
    };
    // 86 UTF-8 bytes: ≈22 tokens, where the body alone ("Use tabs.\n") is ≈3.
    expect(await reported()).toBe(22);
    expect(await hover()).toContain('Size: ≈22 tokens (UTF-8 bytes / 4), sent in every request.');
    const typed = `${text}More text typed and not saved yet.\n`; // 121 bytes: ≈31
    await c.setText(uri, typed);
    expect(await hover()).toContain('Size: ≈31 tokens (UTF-8 bytes / 4), sent in every request.');
    expect(await reported()).toBe(31);
  });
});
