import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/** Many keys after the tool's own: a frontmatter whose parse and lint are worth keeping between hovers. */
const MANY = Array.from({ length: 2000 }, (_, i) => `note_${i}: value ${i}`).join('\n');

/**
 * Hovers in one version of a rule file reuse its parse (`HoverSubjects`), which the server
 * says at debug level: a rule file the engine lists (Cursor's) and one only its tool reads
 * (Claude Code's `.claude/rules`, which the hover parsed again each time). An edit makes a
 * new version, which is parsed again and hovered with its new value.
 */
const CASES = [
  { rel: '.cursor/rules/huge.mdc', text: `---\nglobs: src/**\n${MANY}\n---\nBody.\n`, first: /Cursor reads `globs` \(globs\): `"src\/\*\*"`/, edited: /Cursor reads `globs` \(globs\): `"lib\/\*\*"`/ },
  { rel: '.claude/rules/huge.md', text: `---\npaths: src/**\n${MANY}\n---\nBody.\n`, first: /Claude Code reads `paths` \(globs\): `"src\/\*\*"`/, edited: /Claude Code reads `paths` \(globs\): `"lib\/\*\*"`/ },
];

describe('hovers in one version of a rule file reuse its parse', () => {
  for (const t of CASES) {
    it(t.rel, async () => {
      const ws = writeTree(tempDir(), { [t.rel]: t.text, 'src/a.ts': 'export const a = 1;\n' });
      const home = tempDir('agentls-home-');
      const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
      const file = path.join(ws, t.rel);
      const uri = await c.open(file);
      const hover = async () => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } }));
      const cached = (version: number) => (m: string) => m === `rules: hover in ${file} answered from the parse of version ${version}`;
      expect(await hover()).toMatch(t.first);
      expect(await hover()).toMatch(t.first);
      await c.waitForLog(new RegExp(`answered from the parse of version 1$`));
      expect(c.logMessages.filter((m) => cached(1)(m.message))).toHaveLength(1);
      // A new version: parsed again (no cached answer for it yet), with its new value.
      await c.edit(uri, [{ range: { start: { line: 1, character: 7 }, end: { line: 1, character: 10 } }, text: 'lib' }]);
      expect(await hover()).toMatch(t.edited);
      expect(c.logMessages.filter((m) => cached(2)(m.message))).toHaveLength(0);
      expect(await hover()).toMatch(t.edited);
      await c.waitForLog(new RegExp(`answered from the parse of version 2$`));
    });
  }
});
