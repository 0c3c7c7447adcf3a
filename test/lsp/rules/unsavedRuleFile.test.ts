import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * A rule file a user starts in the editor (`:e .cursor/rules/api.mdc` in Neovim, `C-x C-f`
 * in Emacs) is a buffer with no file on disk until it is saved. In a Cursor and Windsurf
 * project (no `.xcsh`), its hover and completion speak for its tool alone, as they do once
 * it is saved: seen in Neovim 0.10 and Emacs/Eglot, the first line said "Cursor loads no
 * rule from this file." and completion offered the xcsh agent's keys, "read by the xcsh
 * agent, Cursor, Windsurf".
 */
describe('a new rule file, not saved yet', () => {
  it('hovers how its tool applies it, and completes only its tool’s keys', async () => {
    const ws = writeTree(tempDir(), {
      '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nUse tabs.\n',
      '.windsurf/rules/tests.md': '---\ntrigger: always_on\n---\nWrite tests.\n',
      'packages/api/src/server.ts': 'export const api = 1;\n',
    });
    fs.mkdirSync(path.join(ws, '.git'));
    const c = await start({ folders: [ws], home: tempDir(), client: 'neovim' });
    const file = path.join(ws, '.cursor/rules/api.mdc');
    const uri = await c.open(file, '---\n\n---\nUse zod.\n');
    expect(fs.existsSync(file)).toBe(false);

    const keys = await c.completion(uri, { line: 1, character: 0 });
    expect(keys.items.map((i) => i.label).sort()).toEqual(['alwaysApply', 'description', 'globs']);
    expect(new Set(keys.items.map((i) => i.detail))).toEqual(new Set(['read by Cursor']));

    await c.setText(uri, '---\nglobs: packages/api/**/*.ts\nalwaysApply: false\n---\nUse zod.\n');
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    expect(hoverText(hover)).toContain('Cursor attaches this rule while a file matching `packages/api/**/*.ts` is in play');
    expect(hoverText(hover)).not.toContain('loads no rule');

    const windsurf = await c.open(path.join(ws, '.windsurf/rules/api.md'), '---\ntrigger: model_decision\ndescription: The API package\n---\nUse zod.\n');
    const line = await c.request<Hover>('textDocument/hover', { textDocument: { uri: windsurf }, position: { line: 0, character: 0 } });
    expect(hoverText(line)).toContain("Windsurf offers this rule's description to the model");
  });
});
