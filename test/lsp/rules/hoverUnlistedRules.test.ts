import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * Rule files the engine does not list (the xcsh agent's discovery leaves them out) but whose
 * own tool reads them where they are: Claude Code's `.claude/rules`, Copilot's
 * `.github/instructions`, Devin's `.devin/rules`, a Cursor rule in a folder inside
 * `.cursor/rules` and one in a package's own `.cursor/rules`. Their hover speaks for that
 * tool, as in the rule files the engine lists (hoverTargets.test.ts).
 */
const TREE = {
  '.claude/rules/api.md': '---\npaths: src/**/*.ts\n---\nUse the API client.\n',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "src/**/*.ts"\nexcludeAgent: code-review\n---\nPrefer const.\n',
  '.devin/rules/style.md': '---\ntrigger: always_on\n---\nBe brief.\n',
  '.cursor/rules/sub/deep.mdc': '---\ndescription: Deep rules\nalwaysApply: false\n---\nGo deep.\n',
  'packages/web/.cursor/rules/web.mdc': '---\nglobs: src/**\n---\nWeb rule.\n',
  'packages/web/.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\nWeb always.\n',
  'packages/web/src/a.ts': 'export const w = 1;\n',
  'src/a.ts': 'export const a = 1;\n',
};

async function server() {
  const ws = writeTree(tempDir(), TREE);
  const home = tempDir('agentls-home-');
  const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
  // The sweep of the unlisted rule files runs once the file index lists the tree: the nested `.cursor/rules` are known then.
  await c.waitForLog(/rules: \d+ rule files/);
  const hover = async (rel: string, line: number, character: number) => {
    const uri = await c.open(path.join(ws, rel));
    return hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } }));
  };
  return hover;
}

/** Per kind of file: what its hover says at each (line, character), its keys and then its first line. */
const CASES: { name: string; rel: string; at: [number, number, string][] }[] = [
  { name: "Claude Code's .claude/rules: paths, and how Claude Code applies the rule", rel: '.claude/rules/api.md', at: [[1, 2, '**paths**\n\nClaude Code reads `paths` (globs): `"src/**/*.ts"`. In Claude Code this rule is attached to files matching "src/**/*.ts".'], [0, 1, '**rule `api`**\n\nClaude Code attaches this rule while a file matching `src/**/*.ts` is in play (`paths`).\n\nSize: ≈5 tokens (UTF-8 bytes / 4).']] },
  { name: "Copilot's .github/instructions: applyTo, excludeAgent, and how Copilot applies the file", rel: '.github/instructions/ts.instructions.md', at: [[1, 2, '**applyTo**\n\nGitHub Copilot reads `applyTo` (globs): `"src/**/*.ts"`. In GitHub Copilot this rule is attached to files matching "src/**/*.ts".'], [2, 2, '**excludeAgent**\n\nGitHub Copilot reads `excludeAgent` (one or a list of code-review, cloud-agent, coding-agent): `"code-review"`. In GitHub Copilot this rule is attached to files matching "src/**/*.ts".'], [0, 1, '**rule `ts`**\n\nGitHub Copilot attaches this rule while a file matching `src/**/*.ts` is in play (`applyTo`).\n\nSize: ≈4 tokens (UTF-8 bytes / 4).']] },
  { name: "Devin's .devin/rules: trigger, and how Windsurf applies the rule", rel: '.devin/rules/style.md', at: [[1, 2, '**trigger**\n\nWindsurf reads `trigger` (one of always_on, manual, model_decision, glob): `"always_on"`. In Windsurf this rule is applied always.'], [0, 1, '**rule `style`**\n\nWindsurf applies this rule always: the whole rule is in every request (`trigger: always_on`).\n\nSize: ≈3 tokens (UTF-8 bytes / 4), sent in every request.']] },
  { name: 'a Cursor rule in a folder inside .cursor/rules: alwaysApply, and how Cursor applies it', rel: '.cursor/rules/sub/deep.mdc', at: [[2, 2, '**alwaysApply**\n\nCursor reads `alwaysApply` (true or false): `false`. In Cursor this rule is applied when the model judges its description relevant.'], [0, 1, "**rule `deep`**\n\nCursor offers this rule's description to the model, which reads the rule when it judges it relevant (`alwaysApply: false`, `description`).\n\nSize: ≈2 tokens (UTF-8 bytes / 4)."]] },
  { name: "a package's own .cursor/rules: globs, and how Cursor applies the rule to the package's files", rel: 'packages/web/.cursor/rules/web.mdc', at: [[1, 2, '**globs**\n\nCursor reads `globs` (globs): `"src/**"`. In Cursor this rule is attached to files under packages/web/ matching "src/**".'], [0, 1, '**rule `web`**\n\nCursor attaches this rule while a file under packages/web/ matching `src/**` is in play (`globs`).\n\nSize: ≈3 tokens (UTF-8 bytes / 4).']] },
  // The key hover names the package as the first line does: the rule reaches the package's files only.
  { name: "a package's own .cursor/rules: alwaysApply names the package the rule reaches", rel: 'packages/web/.cursor/rules/always.mdc', at: [[1, 2, '**alwaysApply**\n\nCursor reads `alwaysApply` (true or false): `true`. In Cursor this rule is applied always to files under packages/web/.']] },
];

describe('hover in a rule file the engine does not list speaks for its own tool', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const hover = await server();
      for (const [line, character, expected] of c.at) expect(await hover(c.rel, line, character)).toBe(expected);
    });
  }
});
