import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/** A rule over the 2 MiB agentls reads of an agent's rule file (`MAX_INSTRUCTION_FILE_BYTES`): its frontmatter alone is 2.2 MB. */
const HUGE = `---\n${Array.from({ length: 22_000 }, (_, i) => `key${i}: ${'v'.repeat(92)}`).join('\n')}\n---\nBody.\n`;

/**
 * The first-line hover of a rule file its agent's view could not read (too large, or a link out
 * of the workspace) says agentls did not read it and why, as `agentls rules` lists it ("not
 * counted"), and gives no size: it said "Claude Code loads no rule from this file" and a size
 * of ≈1 token for a 2 MB file Claude Code loads whole, counted from the body alone.
 */
describe('the first-line hover of a rule file agentls could not read for its agent', () => {
  for (const [rel, agent] of [
    ['.claude/rules/huge.md', 'Claude Code'],
    ['.github/instructions/huge.instructions.md', 'GitHub Copilot'],
  ] as const) {
    it(`${rel}: over the size agentls reads`, async () => {
      const ws = writeTree(tempDir(), { [rel]: HUGE, 'src/a.ts': 'export const a = 1;\n' });
      const c = await start({ folders: [ws], home: tempDir() });
      const uri = await c.open(path.join(ws, rel));
      await c.waitForDiagnostics(uri);
      const text = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
      expect(text).toContain(`agentls did not read this file for ${agent} (`);
      expect(text).toContain(`is ${Buffer.byteLength(HUGE)} bytes, over the 2097152-byte limit), so how ${agent} applies it is not known here.`);
      expect(text).not.toContain('loads no rule from this file');
      expect(text).not.toContain('Size:');
    });
  }

  it('a .claude/rules file that is a link out of the workspace', async () => {
    const outside = writeTree(tempDir(), { 'shared.md': '# Shared\n\nAlways use tabs.\n' });
    const ws = writeTree(tempDir(), { 'src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, '.claude/rules'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'shared.md'), path.join(ws, '.claude/rules/shared.md'));
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.claude/rules/shared.md'), '# Shared\n\nAlways use tabs.\n');
    await c.waitForDiagnostics(uri);
    const text = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
    expect(text).toContain('agentls did not read this file for Claude Code (outside the workspace and the user-level rule files: not read)');
    expect(text).not.toContain('loads no rule from this file');
  });

  it('.cursor/rules/huge.mdc: neither Cursor\'s line nor the xcsh agent\'s speaks of a bucket or a size', async () => {
    const rel = '.cursor/rules/huge.mdc';
    const ws = writeTree(tempDir(), { [rel]: HUGE, '.xcsh/rules/a.md': 'Short.\n', 'src/a.ts': 'export const a = 1;\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, rel));
    await c.waitForDiagnostics(uri);
    const text = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
    const why = `(${path.join(ws, rel)} is ${Buffer.byteLength(HUGE)} bytes, over the 2097152-byte limit)`;
    expect(text).toContain(`agentls did not read this file for Cursor ${why}, so how Cursor applies it is not known here.`);
    expect(text).toContain(`agentls did not read this file for the xcsh agent ${why}, so how the xcsh agent applies it is not known here.`);
    expect(text).not.toContain('no bucket');
    expect(text).not.toContain('Size:');
  });
});
