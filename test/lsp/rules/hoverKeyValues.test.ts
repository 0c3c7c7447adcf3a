import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent, Position } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * A frontmatter value answers a hover with its key's hover (what the tool reads from that
 * value), in every kind of rule file that has a key hover; on a list, each element does and
 * the hover's range is that element.
 */
const CASES: { name: string; rel: string; text: string; key: Position; values: { at: Position; range: [number, number] }[]; says: RegExp }[] = [
  { name: 'Cursor globs', rel: '.cursor/rules/typescript.mdc', text: '---\nglobs: src/**/*.ts\n---\nUse tabs.\n', key: { line: 1, character: 2 }, values: [{ at: { line: 1, character: 8 }, range: [7, 18] }], says: /Cursor reads `globs`/ },
  { name: 'Windsurf trigger', rel: '.windsurf/rules/w.md', text: '---\ntrigger: always_on\n---\nUse tabs.\n', key: { line: 1, character: 1 }, values: [{ at: { line: 1, character: 12 }, range: [9, 18] }], says: /Windsurf reads `trigger`/ },
  { name: 'Cline paths, a flow list: each element', rel: '.clinerules/c.md', text: '---\npaths: ["src/**", "lib/**"]\n---\nUse tabs.\n', key: { line: 1, character: 0 }, values: [{ at: { line: 1, character: 10 }, range: [8, 16] }, { at: { line: 1, character: 20 }, range: [18, 26] }], says: /Cline reads `paths`/, },
  { name: "Copilot's applyTo", rel: '.github/instructions/r.instructions.md', text: '---\napplyTo: "**/*.ts"\n---\nReview.\n', key: { line: 1, character: 3 }, values: [{ at: { line: 1, character: 12 }, range: [9, 18] }], says: /reads `applyTo`/ },
  { name: "Claude Code's paths, a block list (a file the engine does not list)", rel: '.claude/rules/k.md', text: '---\npaths:\n  - src/**\n  - lib/**\n---\nUse tabs.\n', key: { line: 1, character: 1 }, values: [{ at: { line: 2, character: 5 }, range: [4, 10] }, { at: { line: 3, character: 9 }, range: [4, 10] }], says: /Claude Code reads `paths`/, },
  { name: "the xcsh agent's alwaysApply", rel: '.xcsh/rules/base.md', text: '---\nalwaysApply: true\n---\nBase.\n', key: { line: 1, character: 4 }, values: [{ at: { line: 1, character: 14 }, range: [13, 17] }], says: /\*\*alwaysApply\*\* \(read by/ },
];

describe("a frontmatter value's hover is its key's", () => {
  for (const t of CASES) {
    it(t.name, async () => {
      const ws = writeTree(tempDir(), { [t.rel]: t.text, 'src/a.ts': 'export const a = 1;\n' });
      const c = await start({ folders: [ws], home: tempDir() });
      const uri = await c.open(path.join(ws, t.rel));
      const key = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: t.key });
      expect(hoverText(key)).toMatch(t.says);
      for (const v of t.values) {
        const value = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: v.at });
        expect(hoverText(value)).toBe(hoverText(key));
        expect(value.range).toEqual({ start: { line: v.at.line, character: v.range[0] }, end: { line: v.at.line, character: v.range[1] } });
      }
    });
  }

  it('in a plain-text client, as plain text', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/typescript.mdc': '---\nglobs: src/**/*.ts\n---\nUse tabs.\n' });
    const c = await start({ folders: [ws], home: tempDir(), client: { textDocument: { hover: { contentFormat: ['plaintext'] } } } });
    const uri = await c.open(path.join(ws, '.cursor/rules/typescript.mdc'));
    const value = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 8 } });
    expect((value.contents as MarkupContent).kind).toBe('plaintext');
    expect(hoverText(value)).toMatch(/^globs\n\nCursor reads `globs`/);
  });
});
