import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { workCounts } from '../../helpers/workCounts';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/** 6,000 keys after the tool's own: over the 64 KiB the YAML parser is given, so each reading falls back to its lines. */
const MANY = Array.from({ length: 6000 }, (_, i) => `note_${i}: value ${i}`).join('\n');

const CASES = [
  { rel: '.cursor/rules/huge.mdc', first: 'globs: src/**', key: /^\*\*globs\*\*\n\nCursor reads `globs` \(globs\): `"src\/\*\*"`\. In Cursor this rule is attached to files matching "src\/\*\*"\.$/, name: /Cursor attaches this rule while a file matching `src\/\*\*` is in play \(`globs`\)/ },
  { rel: '.windsurf/rules/huge.md', first: 'trigger: glob', key: /^\*\*trigger\*\*\n\nWindsurf reads `trigger` \(one of always_on, manual, model_decision, glob\): `"glob"`\./, name: /Windsurf attaches this rule by its globs, and it has none: never/ },
  // Valid YAML over agentls's 64 KiB parse limit is not "invalid" for Cline, which drops an invalid block whole.
  { rel: '.clinerules/huge.md', first: 'paths: src/**', key: /^\*\*paths\*\*\n\nCline reads `paths` only as a YAML list of globs, not one string: it ignores `paths`/, name: /^\*\*rule `huge`\*\*\n\nCline applies this rule always: the whole rule is in every request\./ },
  { rel: '.xcsh/rules/huge.md', first: 'globs: src/**', key: /^\*\*globs\*\* \(read by the xcsh agent, Cursor, Windsurf\)[^]*The xcsh agent reads: `\["src\/\*\*"\]`$/, name: /The xcsh agent uses `\.xcsh\/rules\/huge\.md`/ },
  { rel: '.claude/rules/huge.md', first: 'paths: src/**', key: /^\*\*paths\*\*\n\nClaude Code reads `paths` \(globs\): `"src\/\*\*"`\./, name: /Claude Code attaches this rule while a file matching `src\/\*\*` is in play \(`paths`\)/ },
];

/**
 * The first hover in a rule file of 6,000 keys reuses what its diagnostics made of the same
 * version: the tool's lint (`tool-lint`) and the frontmatter as read line by line
 * (`intended-frontmatter`), counted by the server (`AGENTLS_TEST_COUNTS`). Each was made
 * again by the hover (the reading several times over: it was kept only under 64 KiB), 600 ms
 * on the first hover.
 */
describe('the first hover in a rule file of 6,000 keys does again nothing its diagnostics did', () => {
  for (const t of CASES) {
    it(t.rel, async () => {
      const ws = writeTree(tempDir(), { [t.rel]: `---\n${t.first}\n${MANY}\n---\nBody.\n`, 'src/a.ts': 'export const a = 1;\n' });
      const home = tempDir('agentls-home-');
      const { env, counts } = workCounts();
      const c = await start({ folders: [ws], home, env });
      const uri = await c.open(path.join(ws, t.rel));
      await c.waitForDiagnostics(uri);
      const before = counts();
      // The frontmatter read line by line once, by whichever lint asked first.
      expect(before['intended-frontmatter'] ?? 0).toBeLessThanOrEqual(1);
      const hover = async (line: number) => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character: 2 } }));
      expect(await hover(1)).toMatch(t.key);
      expect(await hover(0)).toMatch(t.name);
      const after = counts();
      expect(after['tool-lint']).toBe(before['tool-lint']);
      expect(after['intended-frontmatter']).toBe(before['intended-frontmatter']);
    });
  }
});
