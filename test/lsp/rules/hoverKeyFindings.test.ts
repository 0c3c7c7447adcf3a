import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * A key whose value its tool's lint reports (it ignores the value, or knows no such value):
 * the key's hover says what that diagnostic says, and never that the tool "reads" the value.
 */
const CASES: { name: string; rel: string; text: string; line: number; code: string; meaning: RegExp }[] = [
  { name: 'Cline `paths` written as one string: ignored, the rule goes to every request', rel: '.clinerules/c.md', text: '---\npaths: src/**\n---\nUse tabs.\n', line: 1, code: 'frontmatter/wrong-type', meaning: /it ignores `paths` and sends this rule with every request/ },
  { name: 'Cursor `globs: 5`: not text, ignored', rel: '.cursor/rules/n.mdc', text: '---\nglobs: 5\n---\nUse tabs.\n', line: 1, code: 'frontmatter/wrong-type', meaning: /it ignores this value/ },
  { name: 'Windsurf `trigger: sometimes`: a value Windsurf does not know', rel: '.windsurf/rules/w.md', text: '---\ntrigger: sometimes\n---\nUse tabs.\n', line: 1, code: 'frontmatter/invalid-value', meaning: /Windsurf knows no trigger "sometimes"/ },
  { name: "Claude Code's `.claude/rules` (a file the engine does not list) with `paths: 5`: ignored", rel: '.claude/rules/k.md', text: '---\npaths: 5\n---\nUse tabs.\n', line: 1, code: 'frontmatter/wrong-type', meaning: /it ignores this value/ },
];

describe("a key's hover says what its tool's diagnostic says of the value", () => {
  for (const t of CASES) {
    it(t.name, async () => {
      const ws = writeTree(tempDir(), { [t.rel]: t.text, 'src/a.ts': 'export const a = 1;\n' });
      const c = await start({ folders: [ws], home: tempDir() });
      const uri = await c.open(path.join(ws, t.rel));
      const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === t.code && x.range.start.line === t.line));
      const diagnostic = ds.find((x: Diagnostic) => x.code === t.code && x.range.start.line === t.line)!;
      expect(diagnostic.message).toMatch(t.meaning);
      const hover = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: t.line, character: 2 } }));
      // The diagnostic's words, not a reading the diagnostic denies.
      expect(hover).toContain(diagnostic.message);
      expect(hover).not.toMatch(/ reads `(paths|globs|trigger)` \(/);
    });
  }
});
