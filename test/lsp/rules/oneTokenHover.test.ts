import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

describe("a rule file's first-line hover", () => {
  it('says "≈1 token" of a one-token rule', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/one.mdc': '---\nalwaysApply: true\n---\nHi\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.cursor/rules/one.mdc'));
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    // "Hi\n" is 3 UTF-8 bytes: one token at bytes / 4, rounded up.
    expect((hover.contents as MarkupContent).value).toContain('Size: ≈1 token (UTF-8 bytes / 4), sent in every request.');
  });
});
